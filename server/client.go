package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"cardtable/server/httpjson"
	"cardtable/server/ratelimit"
	"cardtable/server/secret"
	"cardtable/table"
)

// Close reasons: the bye message's code (docs/protocol.md).
const (
	ByeShutdown     = "shutdown"
	ByeTooSlow      = "too-slow"
	ByeTooBig       = "too-big"
	ByeTooMany      = "too-many"
	ByeTooManyConns = ratelimit.CodeTooManyConnections
	// ByeSeatMoved: the seat was handed to another screen with a new
	// token (room.reseat); the old token no longer opens it.
	ByeSeatMoved = "seat-moved"
)

// SeatMovedText is the bye's sentence for byeSeatMoved.
const SeatMovedText = "this seat is played from another screen now; go on there, or start it here again"

// byeMessage tells a client why the server closes its connection.
type byeMessage struct {
	Type string `json:"type"`
	Code string `json:"code"`
	Text string `json:"message"`
}

// Conn is one WebSocket connection at a table: a seat's or a
// spectator's. The room queues its messages; the write loop sends them;
// the read loop (the HTTP handler's goroutine) reads commands.
type Conn struct {
	srv  *Server
	conn *websocket.Conn
	addr string
	// user is the account a spectator is signed in as ("" for a guest,
	// and for a seat, whose seat is who it is): its chat is bounded per
	// account too (roomchat.go).
	user string
	// Seat is set by the room when the client joins, before the read loop
	// starts, and never changes.
	Seat int

	out  chan Out
	gone chan struct{} // closed by kick
	once sync.Once
	bye  byeMessage

	mu    sync.Mutex
	clock [8]Stamp // when the first message of each recent version was written
	next  int

	// rate paces the connection's commands and the fresh turns after its
	// refusals (nil for a relayed connection's stand-in on the owner).
	rate *rateGuard
}

// Out is one queued message; version >= 0 marks a table message whose
// write time the slap clock keeps.
type Out struct {
	Data    []byte
	Version int
}

type Stamp struct {
	version int
	at      time.Time
}

func newClient(s *Server, addr string) *Conn {
	c := &Conn{srv: s, addr: addr, out: make(chan Out, s.limits.SendQueue), gone: make(chan struct{}), rate: newRateGuard(s.limits)}
	for i := range c.clock {
		c.clock[i].version = -1
	}
	return c
}

// Encode is m ready to queue.
func Encode(m any) (Out, error) {
	data, err := json.Marshal(m)
	if err != nil {
		return Out{}, err
	}
	it := Out{Data: data, Version: -1}
	if tm, ok := m.(table.Message); ok && tm.Type != table.TypeError && tm.Type != table.TypeHint {
		it.Version = tm.Version
	}
	return it, nil
}

// Enqueue queues m; false (and the client kicked) when its queue is full.
func (c *Conn) Enqueue(m any) bool {
	it, err := Encode(m)
	if err != nil {
		c.srv.log.Error("message not encoded", "err", err)
		return true
	}
	return c.EnqueueOut(it)
}

// EnqueueOut queues an encoded message; false (and the client kicked)
// when its queue is full.
func (c *Conn) EnqueueOut(it Out) bool {
	select {
	case <-c.gone:
		return false
	default:
	}
	select {
	case c.out <- it:
		return true
	default:
		c.Kick(ByeTooSlow, "you fell too far behind the table's messages; reconnect to get a fresh snapshot")
		return false
	}
}

// Kick closes the connection, telling the client why (once).
func (c *Conn) Kick(code, text string) {
	c.once.Do(func() {
		c.bye = byeMessage{Type: "bye", Code: code, Text: text}
		close(c.gone)
	})
}

// stampVersion notes when a message of version v was first written.
func (c *Conn) stampVersion(v int, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.clock {
		if s.version == v {
			return
		}
	}
	c.clock[c.next] = Stamp{v, at}
	c.next = (c.next + 1) % len(c.clock)
}

// SentAt is when this connection was first written a message of version v.
func (c *Conn) SentAt(v int) (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.clock {
		if s.version == v {
			return s.at, true
		}
	}
	return time.Time{}, false
}

// closeStatus is the WebSocket close status of each bye code.
func closeStatus(code string) websocket.StatusCode {
	switch code {
	case ByeShutdown, ByeMoved:
		return websocket.StatusGoingAway
	case ByeTooSlow, ByeTooMany:
		return websocket.StatusPolicyViolation
	case ByeTooBig:
		return websocket.StatusMessageTooBig
	case ByeTooManyConns:
		return websocket.StatusTryAgainLater
	}
	return websocket.StatusNormalClosure
}

// writeLoop sends queued messages and pings until the client is kicked or
// the connection fails.
func (c *Conn) writeLoop() {
	lim := c.srv.limits
	ping := time.NewTicker(lim.PingEvery)
	defer ping.Stop()
	write := func(data []byte) error {
		ctx, cancel := context.WithTimeout(context.Background(), lim.WriteTimeout)
		defer cancel()
		return c.conn.Write(ctx, websocket.MessageText, data)
	}
	for {
		select {
		case it := <-c.out:
			if it.Version >= 0 {
				c.stampVersion(it.Version, time.Now())
			}
			if err := write(it.Data); err != nil {
				c.Kick("", "")
				c.conn.CloseNow()
				return
			}
		case <-ping.C:
			ctx, cancel := context.WithTimeout(context.Background(), lim.PingTimeout)
			err := c.conn.Ping(ctx)
			cancel()
			if err != nil {
				c.Kick("", "")
				c.conn.CloseNow()
				return
			}
		case <-c.gone:
			c.sayBye()
			return
		}
	}
}

// sayBye sends the bye message (unless the client is too slow to read
// it) and closes the connection with its reason.
func (c *Conn) sayBye() {
	if c.bye.Code == "" {
		c.conn.CloseNow()
		return
	}
	if c.bye.Code != ByeTooSlow {
		data, _ := json.Marshal(c.bye)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c.conn.Write(ctx, websocket.MessageText, data)
		cancel()
	}
	c.conn.Close(closeStatus(c.bye.Code), c.bye.Code)
}

// handleWS joins a seat (token) or a spectator to a table's room and
// serves the connection.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	if err := upgradeError(w, r); err != nil {
		s.apiError(w, r, err)
		return
	}
	addr := s.addrs.Addr(r)
	if err := s.conns.Acquire(addr); err != nil {
		s.apiError(w, r, err)
		return
	}
	defer s.conns.Release(addr)
	c := newClient(s, addr)
	token := ""
	if t := r.URL.Query().Get("token"); t != "" {
		token = secret.Hash(t)
	} else if u, err := s.currentUser(r); err == nil && u != nil {
		c.user = u.ID
	}
	rm, err := s.join(r.Context(), r.PathValue("id"), c, token)
	if errors.Is(err, errRemote) {
		s.relay(w, r, c, token)
		return
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	defer rm.send(leaveReq{c: c})
	conn, err := s.acceptWS(w, r)
	if err != nil {
		c.Kick("", "")
		return
	}
	conn.SetReadLimit(s.limits.MaxFrame)
	c.conn = conn
	s.metrics.Conns.Inc()
	defer s.metrics.Conns.Dec()
	written := make(chan struct{})
	go func() { c.writeLoop(); close(written) }()
	c.readLoop(rm)
	c.Kick("", "")
	<-written
}

// join seats c at table id's room. A room that retires (a finished game
// nobody watched) as c arrives is loaded again.
func (s *Server) join(ctx context.Context, id string, c *Conn, token string) (*room, error) {
	for {
		rm, err := s.room(ctx, id)
		if err != nil {
			return nil, err
		}
		reply := make(chan error, 1)
		if rm.send(joinReq{c: c, token: token, reply: reply}) {
			select {
			case err := <-reply:
				return rm, err
			case <-rm.done:
			}
		}
		if s.draining.Load() {
			return nil, httpjson.ErrShuttingDown
		}
	}
}

// readLoop reads commands and hands them to the room until the
// connection ends or the client is kicked.
func (c *Conn) readLoop(rm Sink) {
	// A cancelled read would drop the connection before the write loop's
	// close frame; the write loop's Close ends this read instead.
	ctx := context.Background()
	rate := c.rate
	rate.sink = rm
	defer rate.owed.stop()
	for {
		typ, data, err := c.conn.Read(ctx)
		if err != nil {
			if errors.Is(err, websocket.ErrMessageTooBig) {
				c.srv.metrics.Rejected.WithLabelValues(ByeTooBig).Inc()
			}
			return
		}
		if !c.Frame(rm, rate, typ == websocket.MessageText, data, time.Now()) {
			return
		}
	}
}

// Sink takes a connection's commands: its room, or the relay to the
// node that owns the table.
type Sink interface{ send(m any) bool }

// rateGuard is one connection's command rate: its bucket, how many
// commands in a row it has had dropped, and the fresh turn it is owed
// after a refusal while it may not send (refusal.go).
type rateGuard struct {
	// mu guards bucket: the room reads it to pace fresh turns.
	mu     sync.Mutex
	bucket *ratelimit.Bucket
	over   int
	most   int
	owed   owedTurn
	// sink is where the owed turn is asked for (set by the read loop).
	sink Sink
}

func newRateGuard(l Limits) *rateGuard {
	return &rateGuard{bucket: ratelimit.NewBucket(l.ConnRate, l.ConnBurst), most: 2 * l.ConnBurst}
}

// Wait is how long until c may send a command that is not dropped: until
// its connection's and its address's buckets both hold a token.
func (c *Conn) Wait(now time.Time) time.Duration {
	if c.rate == nil {
		return 0 // a relayed connection's stand-in: its node limits it
	}
	c.rate.mu.Lock()
	w := c.rate.bucket.Wait(now)
	c.rate.mu.Unlock()
	return max(w, c.srv.cmdRates.Wait(c.addr, now))
}

// Frame serves one Frame read at readAt: a command goes to the room;
// garbage and commands over the rate are answered here. It returns false
// when the connection must end.
func (c *Conn) Frame(rm Sink, rate *rateGuard, text bool, data []byte, readAt time.Time) bool {
	if wait := c.overRate(rate, readAt); wait > 0 {
		m := table.ErrorMessage(c.Seat, -1, frameID(data), table.Errorf(ratelimit.CodeRateLimited, "more than %g commands a second (or %g from your address); this one was dropped: send the next after %d ms", c.srv.limits.ConnRate, c.srv.limits.AddrRate, wait.Milliseconds()))
		m.RetryAfterMs = int(wait.Milliseconds())
		c.refuseMsg(m)
		c.OweTurn(wait)
		if rate.over++; rate.over > rate.most {
			c.Kick(ByeTooMany, "commands kept coming faster than the limit")
			return false
		}
		return true
	}
	rate.over = 0
	if !text {
		c.Refuse("", table.Errorf(table.CodeBadMessage, "a binary frame; send each command as one JSON text frame"))
		return rm.send(turnReq{c: c})
	}
	cmd, err := table.ParseCommand(data)
	if err == nil && len(cmd.ID) > maxID {
		err = table.Errorf(table.CodeBadMessage, "id: %d characters; at most %d", len(cmd.ID), maxID)
	}
	if err != nil {
		c.Refuse(frameID(data), err)
		return rm.send(turnReq{c: c})
	}
	return rm.send(cmdReq{c: c, cmd: cmd, readAt: readAt})
}

// frameID is the correlation id of a frame refused before it was read as
// a command (over the rate, or not a valid one), when it has one: so
// every command with an id gets its answer by that id.
func frameID(data []byte) string {
	var f struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(data, &f) != nil || len(f.ID) > maxID {
		return ""
	}
	return f.ID
}

// maxID is the longest correlation id taken.
const maxID = 64

// overRate spends a token of the connection's bucket and one of its
// address's; when either has none it returns how long until both would
// (at least a millisecond), else 0.
func (c *Conn) overRate(g *rateGuard, now time.Time) time.Duration {
	g.mu.Lock()
	ok := g.bucket.Take(now)
	wait := g.bucket.Wait(now)
	g.mu.Unlock()
	if !ok {
		return max(time.Millisecond, wait)
	}
	if ok, wait := c.srv.cmdRates.TakeAt(c.addr, now); !ok {
		return max(time.Millisecond, wait)
	}
	return 0
}

// Refuse answers a command the room never saw (garbage, over the rate);
// the room sends the fresh turn that follows (turnReq).
func (c *Conn) Refuse(id string, err error) {
	c.refuseMsg(table.ErrorMessage(c.Seat, -1, id, err))
}

func (c *Conn) refuseMsg(m table.Message) {
	m.Version = c.lastVersion()
	c.srv.metrics.Rejected.WithLabelValues(m.Code).Inc()
	c.Enqueue(m)
}

// lastVersion is the latest version written to the client.
func (c *Conn) lastVersion() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := 0
	for _, s := range c.clock {
		v = max(v, s.version)
	}
	return v
}
