package loadtest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// msg is what a load client reads of a message.
type msg struct {
	Type       string   `json:"type"`
	Version    int      `json:"version"`
	Legal      []string `json:"legal"`
	Actor      *int     `json:"actor"`
	Code       string   `json:"code"`
	ID         string   `json:"id"`
	RetryAfter int      `json:"retry_after_ms"`
}

// loadClient is one connection: a seat (0, 1) playing, or a spectator
// (-1). Only its read loop touches its fields, but for pending.
type loadClient struct {
	r        *run
	tb       *tableRun
	seat     int
	conn     *websocket.Conn
	rng      *rand.Rand
	receipts []receipt
	ack      []time.Duration
	// pending while this seat's answer is scheduled or unanswered: one
	// command in flight at a time, and a fresh turn of the same window is
	// not answered twice.
	pending atomic.Bool
	turn    msg // the latest turn
	latest  int // the latest version seen
	sent    int // commands sent, for their ids
	// batch are the versions of the events read since the last other
	// message; batchID the command that showed them, once seen.
	batch   []int
	batchID string
}

// client connects one client and reads until the run ends.
func (r *run) client(ctx context.Context, tb *tableRun, seat int, held, dialErrs *atomic.Int64) {
	u := "ws" + strings.TrimPrefix(r.base, "http") + "/ws/" + tb.id
	if seat >= 0 {
		u += "?token=" + tb.tokens[seat]
	}
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if ctx.Err() == nil {
			dialErrs.Add(1)
		}
		return
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	held.Add(1)
	defer held.Add(-1)
	lc := &loadClient{r: r, tb: tb, seat: seat, conn: conn, rng: rand.New(rand.NewPCG(rand.Uint64(), 1))}
	defer func() {
		r.mu.Lock()
		r.receipts = append(r.receipts, lc.receipts...)
		r.ack = append(r.ack, lc.ack...)
		r.mu.Unlock()
	}()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			if ctx.Err() == nil && !r.stopping.Load() {
				r.dropped.Add(1)
			}
			return
		}
		now := time.Now()
		var m msg
		if json.Unmarshal(data, &m) == nil {
			lc.handle(ctx, m, now)
		}
	}
}

// handle serves one message read at now.
func (lc *loadClient) handle(ctx context.Context, m msg, now time.Time) {
	r := lc.r
	if m.Type != "error" {
		lc.latest = max(lc.latest, m.Version)
	}
	if m.Type != "event" {
		lc.batch, lc.batchID = lc.batch[:0], ""
	}
	switch m.Type {
	case "event":
		lc.event(m, now)
	case "sealed":
		lc.acked(m.ID, now)
	case "turn":
		lc.turn = m
		if lc.pending.CompareAndSwap(false, true) {
			lc.answer(ctx, m, lc.think())
		}
	case "error":
		lc.refused(ctx, m)
	case "end":
		if lc.seat == 0 {
			r.ended.Add(1)
		}
	}
}

// refused handles an error: the answer to this seat's command in flight
// (each command gets one answer, an event or an error). The latest turn
// is tried again: at once after a stale race, after the server's
// retry_after_ms when rate-limited.
func (lc *loadClient) refused(ctx context.Context, m msg) {
	r := lc.r
	wait := time.Duration(0)
	switch m.Code {
	case "stale", "not-your-turn":
	case "rate-limited":
		r.refused.Add(1)
		r.rateLimited.Add(1)
		wait = time.Duration(max(m.RetryAfter, 1)) * time.Millisecond
	default:
		r.refused.Add(1)
	}
	if lc.seat < 0 || !lc.pending.Load() {
		return
	}
	r.inflight.Add(-1)
	lc.pending.Store(false)
	if lc.turn.Type != "" && lc.turn.Version == lc.latest && lc.pending.CompareAndSwap(false, true) {
		lc.answer(ctx, lc.turn, wait)
	}
}

// event notes an event's receipt during the hold; the actor's own copy
// (it carries the command's id) also ties the event's version to the
// command, measures the actor's acknowledgement and ends its command in
// flight.
func (lc *loadClient) event(m msg, now time.Time) {
	if m.Actor == nil || *m.Actor < 0 || *m.Actor > 1 {
		return
	}
	measuring := lc.r.measuring.Load()
	if measuring {
		lc.receipts = append(lc.receipts, receipt{tb: lc.tb, version: m.Version, at: now})
	}
	// A simultaneous window's answers are shown together, when its last
	// answer comes: every event of that batch is measured from the send
	// of the command that closed it (the one whose id this seat sees).
	lc.batch = append(lc.batch, m.Version)
	if *m.Actor == lc.seat && m.ID != "" {
		lc.batchID = m.ID
		lc.tb.mu.Lock()
		for _, v := range lc.batch {
			lc.tb.applied[v] = m.ID
		}
		lc.tb.mu.Unlock()
		lc.acked(m.ID, now)
	} else if lc.batchID != "" {
		lc.tb.mu.Lock()
		lc.tb.applied[m.Version] = lc.batchID
		lc.tb.mu.Unlock()
	}
}

// acked ends this seat's command id in flight, answered at now (by its
// event, or its sealed answer in a window), and measures it.
func (lc *loadClient) acked(id string, now time.Time) {
	if id == "" {
		return
	}
	lc.tb.mu.Lock()
	at, ok := lc.tb.sends[id]
	lc.tb.mu.Unlock()
	if lc.pending.CompareAndSwap(true, false) {
		lc.r.inflight.Add(-1)
	}
	if lc.r.measuring.Load() && ok {
		lc.ack = append(lc.ack, now.Sub(at))
		lc.r.actions.Add(1)
	}
}

// think is a think time: uniform from 0 to twice the mean.
func (lc *loadClient) think() time.Duration {
	return time.Duration(lc.rng.Float64() * 2 * float64(lc.r.cfg.Think))
}

// answer plays a random legal action of the turn after wait, noting when
// it was sent under its id. Once the run stops, nothing more is sent.
func (lc *loadClient) answer(ctx context.Context, m msg, wait time.Duration) {
	if len(m.Legal) == 0 || lc.seat < 0 {
		lc.pending.Store(false)
		return
	}
	action := m.Legal[lc.rng.IntN(len(m.Legal))]
	lc.sent++
	id := fmt.Sprintf("l%d-%d", lc.seat, lc.sent)
	body := fmt.Sprintf(`{"action":%q,"version":%d,"id":%q}`, action, m.Version, id)
	tb, conn, r := lc.tb, lc.conn, lc.r
	time.AfterFunc(wait, func() {
		if r.stopping.Load() {
			return // pending stays set: no more commands
		}
		r.inflight.Add(1)
		tb.mu.Lock()
		tb.sends[id] = time.Now()
		tb.mu.Unlock()
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		conn.Write(wctx, websocket.MessageText, []byte(body))
	})
}
