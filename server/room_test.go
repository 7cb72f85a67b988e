package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
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
func untilSlap(t *testing.T, rm *room, a, b *probe) (wireMsg, wireMsg) {
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
	s := New(memstore.New(), Config{})
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
	s2 := New(memstore.New(), Config{Limits: Limits{SendQueue: 1 << 16}})
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
	s := New(memstore.New(), Config{Limits: Limits{SendQueue: 8}})
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

// An action the store refuses is not played and nobody hears of it; the
// seat is told to try again, and the retry is played.
func TestActionNotStoredNotPlayed(t *testing.T) {
	fs := &failingStore{Store: memstore.New()}
	s := New(fs, Config{})
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
	if version(t, &testServer{srv: s}, "fail") != 0 {
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

// A restarted server rebuilds the unfinished tables from the store: the
// same seats, the same position, bots moving again.
func TestRestartResumes(t *testing.T) {
	st := memstore.New()
	ts := newTestServer(t, st, Config{BotDelay: time.Hour})
	tb := ts.create(createReq{Game: "regicide", Seats: []seatReq{{Kind: "human"}, {Kind: "bot", Bot: "random"}}, Options: map[string]string{"first": "0"}})
	c := ts.dial(tb.ID, tb.Token)
	for {
		m := c.next()
		if m.Type == "turn" {
			c.send(cmd(m.Legal[len(m.Legal)-1], m.Version, ""))
		}
		if m.Type == "event" && m.Actor != nil && *m.Actor == 0 && version(t, ts, tb.ID) > 0 {
			if v := decodeView(t, m.View); int(v["current"].(float64)) == 1 {
				break // the bot's turn; it thinks for an hour
			}
		}
	}
	before := version(t, ts, tb.ID)
	ts.stop()
	if status := c.closed(); status != 1001 {
		t.Errorf("clients were closed with %d at shutdown, want 1001 going away", status)
	}

	kept, _ := st.Actions(t.Context(), tb.ID)
	ts2 := newTestServer(t, st, Config{})
	c2 := ts2.dial(tb.ID, tb.Token)
	hello := c2.next()
	if hello.Type != "hello" || hello.Version < before || hello.Seat != 0 {
		t.Fatalf("after restart: %s (version %d before)", hello.Raw, before)
	}
	if hello.Version == before {
		c2.until("event")
	}
	acts, _ := st.Actions(t.Context(), tb.ID)
	if len(acts) <= before || acts[before].Seat != 1 {
		t.Fatalf("the bot did not move after the restart: %+v", acts)
	}
	for i := range kept {
		if acts[i] != kept[i] {
			t.Fatalf("action %d changed across the restart: %+v, was %+v", i, acts[i], kept[i])
		}
	}
}

// Many clients at many tables at once, seats and spectators: every game
// ends, every client hears the end, nothing is refused but stale races.
func TestManyClients(t *testing.T) {
	ts := newTestServer(t, nil, Config{Limits: Limits{ConnRate: 1e6, ConnBurst: 1000, AddrRate: 1e6, AddrBurst: 1e6}})
	const tables = 12
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range tables {
		game, opts := "war", map[string]string{"max-battles": "25"}
		if i%2 == 1 {
			game, opts = "regicide", map[string]string{"players": "2"}
		}
		tb, other := twoSeats(t, ts, game)
		_ = opts
		for _, tok := range []string{tb.Token, other, "", ""} {
			c := ts.dial(tb.ID, tok)
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- playToEnd(c)
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}

// playToEnd answers every turn with its first legal action until the end.
func playToEnd(c *wsClient) error {
	for {
		var m wireMsg
		select {
		case mm, ok := <-c.msgs:
			if !ok {
				return fmt.Errorf("closed before the end: %v", <-c.err)
			}
			m = mm
		case <-time.After(hang):
			return errors.New("no end")
		}
		switch m.Type {
		case "turn":
			b := fmt.Sprintf(`{"action":%q,"version":%d}`, m.Legal[0], m.Version)
			if err := c.conn.Write(context.Background(), 1, []byte(b)); err != nil {
				return err
			}
		case "error":
			if m.Code != table.CodeStale && m.Code != table.CodeNotYourTurn && m.Code != table.CodeGameOver {
				return fmt.Errorf("refused: %s", m.Raw)
			}
		case "end":
			return nil
		}
	}
}

// An unfinished table nobody is connected to, waiting for a person, is
// unloaded after IdleUnload and loaded again, the same game at the same
// version, when its player comes back by the same link.
func TestIdleTableUnloadedAndReloaded(t *testing.T) {
	ts := newTestServer(t, nil, Config{IdleUnload: 50 * time.Millisecond})
	tb := ts.create(createReq{Game: "regicide", Seats: []seatReq{{Kind: "human"}, {Kind: "human"}}, Options: map[string]string{"first": "0"}})
	c := ts.dial(tb.ID, tb.Token)
	turn := c.until("turn")
	c.send(cmd(turn.Legal[0], turn.Version, ""))
	c.until("event")
	before := version(t, ts, tb.ID)
	if before < 1 {
		t.Fatalf("version %d after a move", before)
	}
	loaded := func() bool { return ts.loaded(tb.ID) }
	if !loaded() {
		t.Fatal("the table is not in memory while its player is connected")
	}
	c.conn.CloseNow()
	deadline := time.Now().Add(hang)
	for loaded() {
		if time.Now().After(deadline) {
			t.Fatal("the idle table waiting for people was not unloaded")
		}
		time.Sleep(10 * time.Millisecond)
	}
	c2 := ts.dial(tb.ID, tb.Token)
	hello := c2.until("hello")
	if hello.Version != before || hello.Seat != 0 {
		t.Fatalf("after reload: %s, want version %d at seat 0", hello.Raw, before)
	}
	if !loaded() {
		t.Fatal("the table was not loaded again for its player")
	}
}

// A table whose bot is to move keeps running with nobody connected: only
// tables waiting for people are unloaded.
func TestIdleTableWithBotToMoveStays(t *testing.T) {
	ts := newTestServer(t, nil, Config{IdleUnload: 20 * time.Millisecond, BotDelay: time.Hour})
	tb := ts.create(createReq{Game: "regicide", Seats: []seatReq{{Kind: "human"}, {Kind: "bot", Bot: "random"}}, Options: map[string]string{"first": "1"}})
	time.Sleep(200 * time.Millisecond)
	if !ts.loaded(tb.ID) {
		t.Fatal("a table whose bot is thinking was unloaded")
	}
}
