package room

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/server/conn"
	"cardtable/store"
	"cardtable/store/memstore"
	"cardtable/table"
)

// untilSlap flips both seats of a two-person Slap War table until a slap
// window opens; it returns both seats' turns at the reveal.
func untilSlap(t *testing.T, rm *Room, a, b *probe) (wireMsg, wireMsg) {
	t.Helper()
	for range 2000 {
		syncRoom(t, rm)
		a.drain()
		b.drain()
		ta, oka := a.lastTurn()
		tb, okb := b.lastTurn()
		if oka && okb && ta.Version == tb.Version && strings.Contains(strings.Join(ta.Legal, " "), "pass") {
			return ta, tb
		}
		if oka && ta.Legal[0] == "flip" {
			a.act("flip", ta.Version, "")
		} else if okb && tb.Legal[0] == "flip" {
			b.act("flip", tb.Version, "")
		} else {
			time.Sleep(time.Millisecond)
		}
	}
	t.Fatal("no slap window opened")
	return wireMsg{}, wireMsg{}
}

// Slap War is timed by the server: a slap counts from when the reveal was
// written to that connection (whatever MS the client wrote), a slap
// before the reveal reached the connection is refused, and a window
// nobody answers is closed with passes when its time is up.
func TestSlapOnTheServersClock(t *testing.T) {
	s := newRooms(memstore.New())
	defer s.Shutdown(context.Background())
	rm := seededTable(t, s, "slap", "war", map[string]string{"slap": "2", "slap-window": "20s"}, 5, nil)
	a, b := joinProbe(t, s, rm, "tok0"), joinProbe(t, s, rm, "tok1")
	ta, _ := untilSlap(t, rm, a, b)
	time.Sleep(30 * time.Millisecond)
	a.act("slap@1", ta.Version, "s")
	syncRoom(t, rm)
	ev := lastOf(a.drain(), "sealed")
	var ms int
	if _, err := fmt.Sscanf(ev.Action, "slap@%d", &ms); err != nil || ms < 30 || *ev.Actor != 0 {
		t.Fatalf("slap 30 ms after the reveal was played as %s", ev.Raw)
	}
	b.act("pass", ta.Version, "p")
	syncRoom(t, rm)
	if ev := lastOf(b.drain(), "event"); ev.Action != "pass" {
		t.Fatalf("pass: %s", ev.Raw)
	}

	// Seat 1's messages are queued but never written (its probe does not
	// read): its slap at the reveal's version is refused as too early.
	s2 := newRooms(memstore.New(), func(c *Config) { c.Conn.SendQueue = 1 << 16 })
	defer s2.Shutdown(context.Background())
	rm2 := seededTable(t, s2, "slap2", "war", map[string]string{"slap": "2", "slap-window": "100ms"}, 5, nil)
	a, b = joinProbe(t, s2, rm2, "tok0"), joinProbe(t, s2, rm2, "tok1")
	var reveal int
	for reveal == 0 {
		syncRoom(t, rm2)
		a.drain()
		v := latest(a)
		turn, ok := a.lastTurn()
		switch {
		case ok && strings.Contains(strings.Join(turn.Legal, " "), "pass"):
			reveal = v
		case ok:
			a.act("flip", v, "")
		default:
			b.act("flip", v, "")
		}
	}
	b.command(fmt.Sprintf(`{"action":"slap","version":%d,"id":"early"}`, reveal))
	syncRoom(t, rm2)
	if e := lastOf(b.drain(), "error"); e.Code != table.CodeStale || e.ID != "early" {
		t.Fatalf("slap before the reveal reached the seat: %s", e.Raw)
	}
	ta.Version = reveal
	deadline := time.Now().Add(hang)
	var passes int
	for passes < 2 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		for _, m := range a.drain() {
			if m.Type == "event" && m.Action == "pass" && m.Version > ta.Version {
				passes++
			}
		}
	}
	if passes != 2 {
		t.Fatalf("an unanswered slap window was closed with %d passes, want 2", passes)
	}
}

// latest is the latest version a probe has seen.
func latest(p *probe) int {
	v := 0
	for _, m := range p.got {
		if m.Type != "error" && m.Type != "hint" {
			v = max(v, m.Version)
		}
	}
	return v
}

func lastOf(ms []wireMsg, typ string) wireMsg {
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Type == typ {
			return ms[i]
		}
	}
	return wireMsg{Raw: []byte("(no " + typ + ")")}
}

// A client that does not read is dropped with too-slow when its queue is
// full; the room goes on serving the others.
func TestSlowReaderDropped(t *testing.T) {
	s := newRooms(memstore.New(), func(c *Config) { c.Conn.SendQueue = 8 })
	defer s.Shutdown(context.Background())
	rm := seededTable(t, s, "slow", "regicide", map[string]string{"players": "2"}, 3, nil)
	slow, fast := joinProbe(t, s, rm, "tok0"), joinProbe(t, s, rm, "tok1")
	for i := range 20 {
		fast.command(fmt.Sprintf(`{"type":"hint","action":"yield","id":"h%d"}`, i))
		slow.command(`{"type":"hint","action":"yield"}`)
		syncRoom(t, rm)
		fast.drain()
	}
	select {
	case <-slow.c.Gone():
	default:
		t.Fatal("a client that never reads was not dropped")
	}
	if code := slow.c.ByeCode(); code != conn.ByeTooSlow {
		t.Errorf("dropped with %q", code)
	}
	fast.command(`{"type":"hint","action":"yield","id":"after"}`)
	syncRoom(t, rm)
	if got := fast.drain(); len(got) != 1 || got[0].ID != "after" {
		t.Errorf("the room stopped answering after the drop: %d messages", len(got))
	}
	var n int
	look(rm, func() { n = len(rm.clients) })
	if n != 1 {
		t.Errorf("%d clients left, want 1", n)
	}
}

// failingStore refuses appends while fail is set.
type failingStore struct {
	store.Store
	fail atomic.Bool
}

func (f *failingStore) Append(ctx context.Context, id string, a store.Action) error {
	if f.fail.Load() {
		return errors.New("disk full")
	}
	return f.Store.Append(ctx, id, a)
}

// gatedStore holds an append, while hold is set, until the test lets it
// return: entered says the room is inside Append.
type gatedStore struct {
	store.Store
	hold           atomic.Bool
	entered, leave chan struct{}
}

func (g *gatedStore) Append(ctx context.Context, id string, a store.Action) error {
	if g.hold.Load() {
		g.entered <- struct{}{}
		<-g.leave
	}
	return g.Store.Append(ctx, id, a)
}

// An action is never broadcast before the store has it: while its Append
// has not returned (a SQLite write waits there for its batch's commit)
// no seat hears of it; once Append returns, both do.
func TestActionBroadcastOnlyOnceStored(t *testing.T) {
	gs := &gatedStore{Store: memstore.New(), entered: make(chan struct{}), leave: make(chan struct{})}
	s := newRooms(gs)
	defer s.Shutdown(context.Background())
	rm := seededTable(t, s, "gated", "war", nil, 1, nil)
	a, b := joinProbe(t, s, rm, "tok0"), joinProbe(t, s, rm, "tok1")
	a.act("flip", 0, "")
	syncRoom(t, rm)
	a.drain()
	b.drain()
	gs.hold.Store(true)
	b.act("flip", 0, "") // closes the window: the flip is shown to both
	<-gs.entered
	if got := append(a.drain(), b.drain()...); len(got) != 0 {
		t.Fatalf("heard before the action was stored: %s", got[0].Raw)
	}
	gs.hold.Store(false)
	close(gs.leave)
	syncRoom(t, rm)
	for i, p := range []*probe{a, b} {
		if ev := lastOf(p.drain(), "event"); ev.Version != 2 {
			t.Errorf("seat %d after the store took the flip: %s, want the event at version 2", i+1, ev.Raw)
		}
	}
}

// An action the store refuses is not played and nobody hears of it; the
// seat is told to try again, and the retry is played.
func TestActionNotStoredNotPlayed(t *testing.T) {
	fs := &failingStore{Store: memstore.New()}
	s := newRooms(fs)
	defer s.Shutdown(context.Background())
	rm := seededTable(t, s, "fail", "war", nil, 1, nil)
	a, b := joinProbe(t, s, rm, "tok0"), joinProbe(t, s, rm, "tok1")
	syncRoom(t, rm)
	a.drain()
	b.drain()
	fs.fail.Store(true)
	a.act("flip", 0, "f")
	syncRoom(t, rm)
	if e := lastOf(a.drain(), "error"); e.Code != CodeUnavailable || e.ID != "f" || strings.Contains(e.Text, "disk") {
		t.Fatalf("refused store: %s", e.Raw)
	}
	if got := b.drain(); len(got) != 0 {
		t.Fatalf("the other seat heard of an unstored action: %s", got[0].Raw)
	}
	var v int
	look(rm, func() { v = rm.t.Version() })
	if v != 0 {
		t.Fatal("an unstored action was played")
	}
	fs.fail.Store(false)
	a.act("flip", 0, "f2")
	syncRoom(t, rm)
	if ack := lastOf(a.drain(), "sealed"); ack.ID != "f2" || ack.Version != 0 {
		t.Fatalf("retry: %s", ack.Raw)
	}
	b.act("flip", 0, "")
	syncRoom(t, rm)
	if ev := lastOf(b.drain(), "event"); ev.Version != 2 {
		t.Fatalf("the window closed: %s", ev.Raw)
	}
}
