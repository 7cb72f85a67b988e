package tui

import (
	"strings"
	"testing"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/record"
	"cardtable/server/testclock"
	"cardtable/table"
)

var clockStart = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// clockHarness is War (a person against the heuristic bot) at a live
// table with settings, its time moved by hand.
func clockHarness(t *testing.T, set table.Settings) (*harness, *testclock.Clock) {
	t.Helper()
	g, err := games.Lookup("war")
	if err != nil {
		t.Fatal(err)
	}
	o, err := engine.ResolveOptions(g.Options(), map[string]string{"players": "2", "max-battles": "8"})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(g, o, engine.Setup{Seed: 3}, []table.SeatInfo{{Name: "ann", Kind: table.KindHuman}, {Name: "bob", Kind: table.KindBot, Bot: "heuristic"}})
	if err != nil {
		t.Fatal(err)
	}
	bot, err := table.NewBot(tb, bots.Spec{Name: "heuristic"}, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	clk := testclock.New(clockStart)
	set.Pace = table.PaceLive
	return startHarness(t, Config{Table: tb, Players: []table.Player{nil, bot}, Settings: set, Time: clk, Seed: 3}), clk
}

// The header counts the person's time down by the table's clock; when it
// runs out (at --on-timeout bot) the game's default bot plays on for them
// to the end, and the screen says so.
func TestClockBotPlaysOn(t *testing.T) {
	h, clk := clockHarness(t, table.Settings{Move: 30 * time.Second, Timeout: table.TimeoutBot})
	h.wantScreen("clock: ann (you) 0:30", "▸ flip")
	clk.Advance(10 * time.Second)
	h.fire()
	h.wantScreen("clock: ann (you) 0:20")
	clk.Advance(20*time.Second - time.Millisecond)
	h.fire()
	if h.asking() != 0 {
		t.Fatalf("a millisecond before the deadline the table asks %d, want ann", h.asking())
	}
	h.wantScreen("clock: ann (you) 0:01")
	clk.Advance(time.Millisecond)
	h.fire()
	for range 100 {
		h.fire() // the bots' battles, each shown step by step
	}
	if !h.m.t.Over() {
		t.Fatalf("the bot did not play the game out:\n%s", h.screen())
	}
	if _, ok := h.m.players[0].(*table.BotPlayer); !ok || h.m.t.Seats()[0].Bot != "heuristic" {
		t.Errorf("ann's seat after her time ran out: %+v", h.m.t.Seats()[0])
	}
	if e := h.m.t.Record().Ending; e != nil && e.By == record.EndTimeout {
		t.Errorf("the game ended on time, want it played out: %+v", e)
	}
	h.wantScreen("ann's time ran out; heuristic plays on for them")
	if strings.Contains(h.screen(), "clock:") {
		t.Errorf("the clock still shows at the end:\n%s", h.screen())
	}
}

// With --on-timeout lose a two-seat War is over when the person's time
// runs out: they lose on time.
func TestClockLoses(t *testing.T) {
	h, clk := clockHarness(t, table.Settings{Move: 10 * time.Second, Timeout: table.TimeoutLose})
	clk.Advance(10 * time.Second)
	h.fire()
	if !h.m.t.Over() || h.m.mode != modeEnd {
		t.Fatalf("after the deadline: over %v, mode %d", h.m.t.Over(), h.m.mode)
	}
	if e := h.m.t.Record().Ending; e == nil || e.By != record.EndTimeout || e.Seat == nil || *e.Seat != 0 {
		t.Errorf("the ending: %+v; want ann out of time", e)
	}
	h.wantScreen("Bob (heuristic) won: ann's time ran out.")
}

// A move's time stops when the person answers; what it took over the move
// time comes off the reserve, and the next move shows what is left.
func TestClockReserve(t *testing.T) {
	h, clk := clockHarness(t, table.Settings{Move: 30 * time.Second, Reserve: time.Minute, Timeout: table.TimeoutBot})
	h.wantScreen("clock: ann (you) 1:30")
	clk.Advance(40 * time.Second)
	h.fire()
	h.wantScreen("clock: ann (you) 0:50")
	h.play("flip")
	for i := 0; i < 20 && h.asking() != 0; i++ {
		h.fire() // the battle's steps
	}
	if h.asking() != 0 {
		t.Fatalf("ann is not asked again:\n%s", h.screen())
	}
	clk.Advance(5 * time.Second)
	h.fire()
	h.wantScreen("clock: ann (you) 1:15") // 30 s and the 50 s of reserve left, 5 s gone
}

// At hot-seat both people's time runs in War's simultaneous flip (the
// pass screen included); when it runs out for both, bots play on for
// both and the game is played out.
func TestClockHotSeat(t *testing.T) {
	g, err := games.Lookup("war")
	if err != nil {
		t.Fatal(err)
	}
	o, err := engine.ResolveOptions(g.Options(), map[string]string{"players": "2", "max-battles": "8"})
	if err != nil {
		t.Fatal(err)
	}
	tb, err := table.New(g, o, engine.Setup{Seed: 3}, []table.SeatInfo{{Name: "ann", Kind: table.KindHuman}, {Name: "bob", Kind: table.KindHuman}})
	if err != nil {
		t.Fatal(err)
	}
	clk := testclock.New(clockStart)
	h := startHarness(t, Config{Table: tb, Settings: table.Settings{Pace: table.PaceLive, Move: 20 * time.Second}, Time: clk, Seed: 3})
	h.wantScreen("clock: ann 0:20, bob 0:20")
	clk.Advance(20 * time.Second)
	for range 100 {
		h.fire()
	}
	if !h.m.t.Over() {
		t.Fatalf("the bots did not play the game out:\n%s", h.screen())
	}
	for s := range 2 {
		if _, ok := h.m.players[s].(*table.BotPlayer); !ok {
			t.Errorf("seat %d after the time ran out: %T", s, h.m.players[s])
		}
	}
}
