package tui

import (
	"testing"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/server/testclock"
	"cardtable/table"
)

// bellHarness is War at the terminal table with --bell, on a clock the
// test moves: seat 1 a person, seat 2 a person too (hot-seat) or the
// heuristic bot.
func bellHarness(t *testing.T, bell, secondPerson bool) (*harness, *testclock.Clock) {
	t.Helper()
	g, err := games.Lookup("war")
	if err != nil {
		t.Fatal(err)
	}
	o, err := engine.ResolveOptions(g.Options(), map[string]string{"players": "2", "max-battles": "30"})
	if err != nil {
		t.Fatal(err)
	}
	infos := []table.SeatInfo{{Name: "ann", Kind: table.KindHuman}, {Name: "bob", Kind: table.KindHuman}}
	players := []table.Player{nil, nil}
	if !secondPerson {
		infos[1] = table.SeatInfo{Name: "bob", Kind: table.KindBot, Bot: "heuristic"}
	}
	tb, err := table.New(g, o, engine.Setup{Seed: 3}, infos)
	if err != nil {
		t.Fatal(err)
	}
	if !secondPerson {
		bot, err := table.NewBot(tb, bots.Spec{Name: "heuristic"}, 3, 1)
		if err != nil {
			t.Fatal(err)
		}
		players[1] = bot
	}
	clk := testclock.New(clockStart)
	return startHarness(t, Config{Table: tb, Players: players, Time: clk, Seed: 3, Bell: bell}), clk
}

func bells(h *harness) int {
	n := 0
	for _, r := range h.raw {
		if r == "\a" {
			n++
		}
	}
	return n
}

// With --bell the terminal rings when a person is asked after waiting 2 s
// or more for their move — not at each trick against a bot, which answers
// at once, nor at the start; without it, never.
func TestBellOnYourMoveAfterWaiting(t *testing.T) {
	h, _ := bellHarness(t, true, false)
	for range 5 {
		h.play("flip")
	}
	if n := bells(h); n != 0 {
		t.Errorf("against a bot that answers at once the bell rang %d times in 5 tricks", n)
	}
	// Hot-seat (War has no screen to hand over): ann flips and bob is
	// asked at once — no bell; bob takes 3 s over his flip, and ann, asked
	// 3 s after her flip, waited: it rings; she flips at once and bob,
	// asked at once after his, does not wait: no bell; she takes 3 s, and
	// he is rung.
	h, clk := bellHarness(t, true, true)
	want := []int{0, 1, 1, 2}
	for i, wait := range []bool{false, true, false, true} {
		if wait {
			clk.Advance(3 * time.Second)
		}
		h.play("flip")
		if n := bells(h); n != want[i] {
			t.Errorf("after flip %d (waited %v) the bell rang %d times in all; want %d", i+1, wait, n, want[i])
		}
	}
	// Without --bell nothing rings, however long the wait.
	h, clk = bellHarness(t, false, true)
	clk.Advance(time.Minute)
	h.play("flip")
	clk.Advance(time.Minute)
	h.play("flip")
	if n := bells(h); n != 0 {
		t.Errorf("without --bell the terminal rang %d times", n)
	}
}
