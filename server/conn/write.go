package conn

import (
	"context"
	"time"

	"github.com/coder/websocket"
)

// The write side of a served connection has no goroutine of its own while
// there is nothing to send: queueing a message (or kicking the client)
// starts a writer if none runs, and the writer ends once the queue is
// empty; pings come from a timer. An idle connection so holds one
// goroutine (the read loop) instead of two.

// start makes the connection live once Serve has its socket: the pings'
// timer runs, and what was queued before (the table's snapshot) is sent.
func (c *Conn) start() {
	c.qmu.Lock()
	c.live = true
	c.pinger = time.AfterFunc(c.cfg.PingEvery, c.ping)
	c.qmu.Unlock()
	c.wake()
}

// wake starts the writer, unless one runs, the connection is not live yet
// or it is finished.
func (c *Conn) wake() {
	c.qmu.Lock()
	run := c.live && !c.writing && !c.finished
	if run {
		c.writing = true
	}
	c.qmu.Unlock()
	if run {
		go c.drain()
	}
}

// drain is the writer: it writes the queued messages until the queue is
// empty. A kicked client is first sent what was queued before its bye (a
// refusal, say, then why it is closed), unless it was kicked for being
// too slow to read it; then the socket is closed and the connection is
// finished.
func (c *Conn) drain() {
	for {
		it, more, kicked := c.nextOut()
		if kicked {
			c.sayBye()
			c.finish()
			return
		}
		if !more {
			return
		}
		if it.Version >= 0 {
			c.stampVersion(it.Version, time.Now())
		}
		ctx, cancel := context.WithTimeout(context.Background(), c.cfg.WriteTimeout)
		err := c.ws.Write(ctx, websocket.MessageText, it.Data)
		cancel()
		if err != nil {
			c.Kick("", "")
			c.ws.CloseNow()
			c.finish()
			return
		}
	}
}

// nextOut is the writer's next message (more); when the queue is empty
// and the client was kicked (or at once, when it was kicked as too slow),
// kicked. With neither, the writer stops: writing is cleared under the
// same lock that saw the queue empty and the client not kicked, so a
// message queued or a kick after it starts a new writer.
func (c *Conn) nextOut() (it Out, more, kicked bool) {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	select {
	case <-c.gone:
		if c.bye.Code == ByeTooSlow || len(c.q) == 0 {
			return Out{}, false, true
		}
	default:
	}
	if len(c.q) == 0 {
		c.writing = false
		return Out{}, false, false
	}
	return c.takeLocked(), true, false
}

// finish marks the connection's socket closed: no writer starts again,
// the pings stop, and Serve returns.
func (c *Conn) finish() {
	c.qmu.Lock()
	c.finished = true
	c.pinger.Stop()
	c.qmu.Unlock()
	close(c.done)
}

// ping pings the client (on the pings' timer's goroutine, beside the
// writer: the socket takes one frame at a time) and sets the timer for
// the next one; a ping unanswered within PingTimeout ends the connection.
func (c *Conn) ping() {
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.PingTimeout)
	err := c.ws.Ping(ctx)
	cancel()
	if err != nil {
		c.Kick("", "")
		c.ws.CloseNow()
		return
	}
	c.qmu.Lock()
	if !c.finished {
		c.pinger.Reset(c.cfg.PingEvery)
	}
	c.qmu.Unlock()
}
