package conn

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"github.com/coder/websocket"

	"cardtable/engine"
	"cardtable/server/ratelimit"
	"cardtable/table"
)

// readLoop reads commands and hands them to the room until the
// connection ends or the client is kicked.
func (c *Conn) readLoop(sink Sink) {
	// A cancelled read would drop the connection before the writer's
	// close frame; the writer's Close ends this read instead.
	ctx := context.Background()
	rate := c.rate
	rate.sink = sink
	defer rate.owed.stop()
	for {
		typ, data, err := c.ws.Read(ctx)
		if err != nil {
			if errors.Is(err, websocket.ErrMessageTooBig) {
				c.cfg.Metrics.Rejected.WithLabelValues(ByeTooBig).Inc()
			}
			return
		}
		if !c.Frame(sink, typ == websocket.MessageText, data, time.Now()) {
			return
		}
	}
}

// Sink takes a connection's commands: its room, or the relay to the
// node that owns the table.
type Sink interface {
	// Command hands over a command read at readAt (false: the table is
	// gone, and the connection ends).
	Command(c *Conn, cmd table.Command, readAt time.Time) bool
	// Turn asks for c's fresh turn after a refusal made outside the room.
	Turn(c *Conn) bool
}

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

func newRateGuard(cfg *Config) *rateGuard {
	return &rateGuard{bucket: ratelimit.NewBucket(cfg.ConnRate, cfg.ConnBurst), most: 2 * cfg.ConnBurst}
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
	return max(w, c.cfg.AddrRates.Wait(c.addr, now))
}

// Frame serves one Frame read at readAt: a command goes to the room;
// garbage and commands over the rate are answered here. It returns false
// when the connection must end.
func (c *Conn) Frame(sink Sink, text bool, data []byte, readAt time.Time) bool {
	rate := c.rate
	if wait := c.overRate(rate, readAt); wait > 0 {
		m := table.ErrorMessage(c.Seat, -1, frameID(data), table.Sayf(ratelimit.CodeRateLimited, engine.Say("room.commands-rate", engine.NumArg("ms", int(wait.Milliseconds()))),
			"more than %g commands a second (or %g from your address); this one was dropped: send the next after %d ms", c.cfg.ConnRate, c.cfg.AddrRate, wait.Milliseconds()))
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
	// A page sends JSON text frames with short ids: only programs read these two.
	if !text {
		c.Refuse("", table.Errorf(table.CodeBadMessage, "a binary frame; send each command as one JSON text frame"))
		return sink.Turn(c)
	}
	cmd, err := table.ParseCommand(data)
	if err == nil && len(cmd.ID) > maxID {
		err = table.Errorf(table.CodeBadMessage, "id: %d characters; at most %d", len(cmd.ID), maxID)
	}
	if err != nil {
		c.Refuse(frameID(data), err)
		return sink.Turn(c)
	}
	return sink.Command(c, cmd, readAt)
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
	if ok, wait := c.cfg.AddrRates.TakeAt(c.addr, now); !ok {
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
	c.cfg.Metrics.Rejected.WithLabelValues(m.Code).Inc()
	c.Enqueue(m)
}

// lastVersion is the latest version written to the client.
func (c *Conn) lastVersion() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := 0
	for _, s := range c.clock {
		v = max(v, s.Version)
	}
	return v
}

// owedTurn is the fresh turn a connection is owed while it may not send:
// at most one is pending per connection.
type owedTurn struct {
	mu    sync.Mutex
	timer *time.Timer
}

// OweTurn asks c's room (or relay) for c's fresh turn after wait, unless
// one is owed already.
func (c *Conn) OweTurn(wait time.Duration) {
	g := c.rate
	if g == nil || g.sink == nil {
		return
	}
	o := &g.owed
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.timer != nil {
		return
	}
	o.timer = time.AfterFunc(wait, func() {
		o.mu.Lock()
		o.timer = nil
		o.mu.Unlock()
		select {
		case <-c.gone:
		default:
			g.sink.Turn(c)
		}
	})
}

// stop forgets a pending turn (the connection ends).
func (o *owedTurn) stop() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.timer != nil {
		o.timer.Stop()
		o.timer = nil
	}
}
