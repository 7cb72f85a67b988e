// Package conn is one WebSocket connection of cardtable serve, a seat's or
// a spectator's (docs/protocol.md): its send queue, its writer (a
// goroutine only while there is something to send), pings and deadlines,
// its read loop with the frame checks and the command rate, the fresh
// turn it is owed after a refusal, and the bye that closes it. The room
// (or, for a table another node owns, the relay) is its Sink; a client too
// slow to read is dropped, never waited for.
package conn

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/coder/websocket"

	"cardtable/server/metrics"
	"cardtable/server/ratelimit"
	"cardtable/table"
)

// Config is what every connection of a server shares: its limits
// (docs/protocol.md, "Limits"), the address buckets of the command rate,
// the metrics and the log.
type Config struct {
	// MaxFrame is the largest frame read, in bytes.
	MaxFrame int64
	// ConnRate and ConnBurst bound one connection's commands a second;
	// AddrRate is the address's rate (AddrRates keeps its buckets), said in
	// refusals.
	ConnRate  float64
	ConnBurst int
	AddrRate  float64
	AddrRates *ratelimit.AddrBuckets
	// SendQueue is how many messages wait for a slow client before it is
	// dropped.
	SendQueue int
	// PingEvery, PingTimeout and WriteTimeout pace the writer and the pings.
	PingEvery, PingTimeout, WriteTimeout time.Duration
	Metrics                              *metrics.Metrics
	Log                                  *slog.Logger
}

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
// spectator's. The room queues its messages; the writer sends them;
// the read loop (the HTTP handler's goroutine) reads commands (Serve).
type Conn struct {
	cfg  *Config
	ws   *websocket.Conn
	addr string
	// User is the account a spectator is signed in as ("" for a guest,
	// and for a seat, whose seat is who it is): its chat is bounded per
	// account too (the room's chat). Set before the connection joins.
	User string
	// Seat is set by the room when the client joins, before the read loop
	// starts, and never changes.
	Seat int

	// The send queue: the messages waiting for the writer, at most limit
	// of them, in q (a slice grown as messages come, so that an idle
	// connection holds a few slots, not limit of them up front: a channel
	// of SendQueue messages was 8 KB of every connection). The writer is a
	// goroutine that runs only while there is something to send (write.go):
	// live once Serve has the socket, writing while a writer runs,
	// finished once the socket is closed (then done is closed).
	qmu      sync.Mutex
	q        []Out
	limit    int
	live     bool
	writing  bool
	finished bool
	done     chan struct{}
	pinger   *time.Timer

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

// Stamp is when the connection was first written a message of Version.
type Stamp struct {
	Version int
	At      time.Time
}

// New is a connection from addr, served once Serve is given its socket.
func New(cfg *Config, addr string) *Conn {
	c := &Conn{cfg: cfg, addr: addr, limit: cfg.SendQueue, gone: make(chan struct{}), done: make(chan struct{}), rate: newRateGuard(cfg)}
	for i := range c.clock {
		c.clock[i].Version = -1
	}
	return c
}

// NewStandIn is a connection without a socket at seat: a table's owner's
// stand-in for a connection another node relays. Its messages wait in its
// queue (Take); its rate is kept by the relaying node.
func NewStandIn(cfg *Config, seat int, addr, user string) *Conn {
	return &Conn{cfg: cfg, Seat: seat, addr: addr, User: user, limit: 8, gone: make(chan struct{})}
}

// Addr is the client's address (clientaddr), which its per-address limits
// count.
func (c *Conn) Addr() string { return c.addr }

// Take takes the next queued message, if any (a stand-in's, a test's).
func (c *Conn) Take() (Out, bool) {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	if len(c.q) == 0 {
		return Out{}, false
	}
	return c.takeLocked(), true
}

// takeLocked takes the first of a queue that is not empty (qmu held); an
// emptied queue of more than a few slots lets them go.
func (c *Conn) takeLocked() Out {
	it := c.q[0]
	n := copy(c.q, c.q[1:])
	c.q[n] = Out{} // the queue keeps no message it has handed on
	c.q = c.q[:n]
	if n == 0 && cap(c.q) > idleSlots {
		c.q = nil
	}
	return it
}

// idleSlots is the most queue slots an idle connection keeps.
const idleSlots = 4

// Written notes that o was written at at, as the writer does (for a
// test reading the queue with Take).
func (c *Conn) Written(o Out, at time.Time) {
	if o.Version >= 0 {
		c.stampVersion(o.Version, at)
	}
}

// Stamps are when the connection was first written each recent version.
func (c *Conn) Stamps() []Stamp {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []Stamp
	for _, st := range c.clock {
		if st.Version >= 0 {
			out = append(out, st)
		}
	}
	return out
}

// Gone is closed once the connection is kicked.
func (c *Conn) Gone() <-chan struct{} { return c.gone }

// ByeCode is the bye code the connection was closed with ("" while it is
// open, or when it ended without one).
func (c *Conn) ByeCode() string {
	select {
	case <-c.gone:
		return c.bye.Code
	default:
		return ""
	}
}

// CloseNow closes the socket at once, without a close frame.
func (c *Conn) CloseNow() { c.ws.CloseNow() }

// Serve runs the connection on its socket ws until it ends: the write
// loop on a goroutine of its own, the read loop here handing commands to
// sink. started, if given, runs once ws is the connection's, before the
// loops.
func (c *Conn) Serve(ws *websocket.Conn, sink Sink, started func()) {
	ws.SetReadLimit(c.cfg.MaxFrame)
	c.ws = ws
	c.cfg.Metrics.Conns.Inc()
	defer c.cfg.Metrics.Conns.Dec()
	if started != nil {
		started()
	}
	c.start()
	c.readLoop(sink)
	c.Kick("", "")
	<-c.done
}

// Go serves the connection on its socket ws as Serve does, on a
// goroutine of its own, and returns at once; ended runs once the
// connection is over. The caller's goroutine (an HTTP handler's, whose
// stack grew through the middleware, the join and the snapshot) may then
// end: a held connection keeps only the read loop's shallow stack.
func (c *Conn) Go(ws *websocket.Conn, sink Sink, ended func()) {
	go func() {
		c.Serve(ws, sink, nil)
		ended()
	}()
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
		c.cfg.Log.Error("message not encoded", "err", err)
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
	c.qmu.Lock()
	full := len(c.q) >= c.limit
	if !full {
		c.q = append(c.q, it)
	}
	c.qmu.Unlock()
	if full {
		c.Kick(ByeTooSlow, "you fell too far behind the table's messages; reconnect to get a fresh snapshot")
		return false
	}
	c.wake()
	return true
}

// Kick closes the connection, telling the client why (once).
func (c *Conn) Kick(code, text string) {
	c.once.Do(func() {
		c.bye = byeMessage{Type: "bye", Code: code, Text: text}
		close(c.gone)
		c.wake() // to say the bye
	})
}

// stampVersion notes when a message of version v was first written.
func (c *Conn) stampVersion(v int, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.clock {
		if s.Version == v {
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
		if s.Version == v {
			return s.At, true
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

// sayBye sends the bye message (unless the client is too slow to read
// it) and closes the connection with its reason.
func (c *Conn) sayBye() {
	if c.bye.Code == "" {
		c.ws.CloseNow()
		return
	}
	if c.bye.Code != ByeTooSlow {
		data, _ := json.Marshal(c.bye)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c.ws.Write(ctx, websocket.MessageText, data)
		cancel()
	}
	c.ws.Close(closeStatus(c.bye.Code), c.bye.Code)
}

// ByeMoved: the table moved to another node; the client reconnects.
const ByeMoved = "moved"
