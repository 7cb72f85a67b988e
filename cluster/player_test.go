package cluster_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// msg is a message a client received, with its raw form.
type msg struct {
	Type    string          `json:"type"`
	Seat    int             `json:"seat"`
	Version int             `json:"version"`
	View    json.RawMessage `json:"view"`
	Legal   []string        `json:"legal"`
	Actor   *int            `json:"actor"`
	Action  string          `json:"action"`
	Hint    string          `json:"hint"`
	Code    string          `json:"code"`
	Text    string          `json:"message"`
	ID      string          `json:"id"`
	Raw     json.RawMessage `json:"-"`
}

// player plays one seat (or watches, seat -1) to the game's end through
// whichever node answers, reconnecting when a node dies or the table
// moves; each turn it picks a random legal action.
type player struct {
	t     testing.TB
	id    string
	seat  int
	token string
	rng   *rand.Rand

	mu    sync.Mutex
	bases []string // nodes to try, the first first
	got   []msg
	acked map[string]int // command id -> the version its event made (or its sealed answer's)
	// sealed marks the commands answered sealed, in a simultaneous window.
	sealed map[string]bool
	sent   map[string]string // command id -> action
	byes   []string
	// pending is the last command sent and not yet answered: resent as it
	// was after a reconnection (an action applied twice would show).
	pending *command
	// acks counts acknowledged actions over every player of a test.
	acks *atomic.Int64
	// ackAt is when each acknowledgement came; latency how long after
	// its command was sent.
	ackAt   []time.Time
	latency []time.Duration
	sentAt  map[string]time.Time
	// think is how long the player waits before answering a turn.
	think time.Duration
}

type command struct {
	Action  string `json:"action"`
	Version int    `json:"version"`
	ID      string `json:"id"`
}

func newPlayer(t testing.TB, id string, seat int, token string, acks *atomic.Int64, bases ...string) *player {
	return &player{t: t, id: id, seat: seat, token: token, rng: rand.New(rand.NewPCG(uint64(seat+5), 11)),
		bases: bases, acked: map[string]int{}, sealed: map[string]bool{}, sent: map[string]string{}, sentAt: map[string]time.Time{}, acks: acks}
}

// play runs until the game ends or ctx does; it reports whether the game
// ended.
func (p *player) play(ctx context.Context) bool {
	for try := 0; ctx.Err() == nil; try++ {
		p.mu.Lock()
		base := p.bases[try%len(p.bases)]
		p.mu.Unlock()
		w, err := dial(ctx, base, p.id, p.token)
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		ended := p.serve(ctx, w)
		w.close()
		if ended {
			return true
		}
	}
	return false
}

// serve reads one connection until the game ends (true) or the
// connection does (false).
func (p *player) serve(ctx context.Context, w *wsConn) bool {
	p.mu.Lock()
	if p.pending != nil {
		w.send(p.pending)
	}
	p.mu.Unlock()
	for {
		var data json.RawMessage
		var ok bool
		select {
		case data, ok = <-w.msgs:
		case <-ctx.Done():
			return false
		}
		if !ok {
			return false
		}
		var m msg
		if err := json.Unmarshal(data, &m); err != nil {
			p.t.Errorf("seat %d: garbage %s", p.seat, data)
			return false
		}
		m.Raw = data
		if m.Type == "bye" {
			p.mu.Lock()
			p.byes = append(p.byes, m.Code)
			p.mu.Unlock()
			continue
		}
		if m.Type == "seats" {
			continue
		}
		if p.take(w, m) {
			return true
		}
	}
}

// take records one table message and answers a turn; true at the end.
func (p *player) take(w *wsConn, m msg) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.got = append(p.got, m)
	switch m.Type {
	case "end":
		return true
	case "event", "sealed":
		if _, ok := p.sent[m.ID]; ok && m.ID != "" && m.Actor != nil && *m.Actor == p.seat {
			p.sealed[m.ID] = m.Type == "sealed"
			if _, dup := p.acked[m.ID]; dup {
				p.t.Errorf("seat %d: command %s acknowledged twice", p.seat, m.ID)
			}
			p.acked[m.ID] = m.Version
			p.acks.Add(1)
			now := time.Now()
			p.ackAt = append(p.ackAt, now)
			p.latency = append(p.latency, now.Sub(p.sentAt[m.ID]))
			if p.pending != nil && p.pending.ID == m.ID {
				p.pending = nil
			}
		}
	case "error":
		switch {
		case m.Code == "rate-limited" && p.pending != nil:
			c := *p.pending // dropped unseen: send it again in a while
			time.AfterFunc(200*time.Millisecond, func() { w.send(c) })
		case p.pending != nil && p.pending.ID == m.ID:
			p.pending = nil
		}
	case "turn":
		if p.seat < 0 || m.Seat != p.seat || len(m.Legal) == 0 {
			return false
		}
		c := &command{Action: m.Legal[p.rng.IntN(len(m.Legal))], Version: m.Version, ID: fmt.Sprintf("s%d-%d", p.seat, len(p.sent))}
		p.sent[c.ID] = c.Action
		p.pending = c
		if p.think > 0 {
			time.AfterFunc(p.think/2+time.Duration(p.rng.Int64N(int64(p.think))), func() {
				p.mu.Lock()
				p.sentAt[c.ID] = time.Now()
				p.mu.Unlock()
				w.send(c)
			})
			return false
		}
		p.sentAt[c.ID] = time.Now()
		w.send(c)
	}
	return false
}

// messages is a copy of what the player received.
func (p *player) messages() []msg {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]msg(nil), p.got...)
}
