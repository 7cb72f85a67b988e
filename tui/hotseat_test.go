package tui

import (
	"context"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/games/regicide"
	"cardtable/table"
)

// TestHotSeatSignalsPrivateAndTogether: when a Jester asks two people at
// one terminal for their signals, each is asked behind the hand-over
// screen, and nothing is applied until both have answered, so the second
// answers without seeing the first's signal.
func TestHotSeatSignalsPrivateAndTogether(t *testing.T) {
	for seed := uint64(1); seed < 60; seed++ {
		h := newHarness(t, "regicide", nil, seed, "human", "human", "heuristic")
		spec, _ := bots.ParseSpec("heuristic")
		var players [2]*table.BotPlayer
		for i := range players {
			players[i], _ = table.NewBot(h.m.t, spec, seed, i)
		}
		for i := 0; i < 400 && !h.m.t.Over(); i++ {
			if h.m.mode == modePass {
				v := h.m.t.View(0).(*regicide.View)
				if v.Phase == "signal" && len(h.m.win.seats) == 2 && len(h.m.win.moves) == 1 {
					checkSecondSignal(t, h)
					return
				}
				h.key("x")
				continue
			}
			seat := h.asking()
			if seat < 0 || seat > 1 {
				t.Fatalf("seed %d: nobody asked (move %d)", seed, h.m.t.Version())
			}
			mv, err := players[seat].Act(context.Background(), h.m.t.TurnFor(seat))
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(mv.Action, "signal") {
				mv.Action = "signal good"
			}
			h.m.pick.input.SetValue(mv.Action)
			h.key("enter")
		}
	}
	t.Fatal("no game put both people in one signal window")
}

func checkSecondSignal(t *testing.T, h *harness) {
	t.Helper()
	version := h.m.t.Version()
	next := h.m.passTo
	screen := h.screen()
	if !strings.Contains(screen, "Pass to "+table.SeatName(next)) || strings.Contains(screen, "your hand") {
		t.Fatalf("the second person is not handed the screen privately:\n%s", screen)
	}
	h.key("x")
	if strings.Contains(h.screen(), "signal: good") {
		t.Fatalf("the second person sees the first's signal before answering:\n%s", h.screen())
	}
	h.play("signal rather-not")
	if h.m.t.Version() != version+2 {
		t.Fatalf("after both signals: version %d, want %d (both applied together)", h.m.t.Version(), version+2)
	}
}

// TestHotSeatSlapWar: two people in one slap window are each asked behind
// the hand-over screen, each timed from their own reveal, and the window
// is applied once both answered.
func TestHotSeatSlapWar(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"slap": "5"}, 7, "human", "human")
	for i := 0; i < 400 && !h.m.t.Over(); i++ {
		if h.m.mode == modePass && h.m.win != nil && h.m.ui.privateWindow(h.m.t.View(0)) {
			break
		}
		if h.m.mode == modePass {
			t.Fatalf("a hand-over outside a slap window (move %d)", h.m.t.Version())
		}
		h.play("flip")
	}
	if h.m.mode != modePass {
		t.Fatal("no slap window came")
	}
	version := h.m.t.Version()
	first := h.m.passTo
	h.wantScreen("Pass to " + table.SeatName(first))
	h.key("x")
	if !h.m.slap.active || h.m.slap.seat != first {
		t.Fatalf("%s's slap clock is not running", table.SeatName(first))
	}
	h.key("space")
	if h.m.t.Version() != version {
		t.Fatal("the first slap was applied before the second person answered")
	}
	second := h.m.passTo
	if h.m.mode != modePass || second == first {
		t.Fatalf("the second person is not handed the screen (mode %d, pass to %d)", h.m.mode, second)
	}
	if h.m.slap.active {
		t.Fatal("the second person's clock runs before they see the reveal")
	}
	h.key("x")
	if !h.m.slap.active || h.m.slap.seat != second {
		t.Fatalf("%s's slap clock is not running", table.SeatName(second))
	}
	h.fire()
	acts := h.m.t.Record().Actions[version:]
	slapped := false
	for _, a := range acts {
		slapped = slapped || a.Seat == first && strings.HasPrefix(a.Action, "slap@")
	}
	if !slapped || !containsAction(acts, second, "pass") {
		t.Fatalf("the window applied %v; want %s's timed slap and %s's pass", acts, table.SeatName(first), table.SeatName(second))
	}
}

// TestHotSeatWarFooterHasNoF: the key line offers F (finish the game at
// once) against bots only; in hot-seat War, where F is refused, it is not
// offered, auto-flip on or off (issue 29 §7).
func TestHotSeatWarFooterHasNoF(t *testing.T) {
	h := newHarness(t, "war", nil, 7, "human", "human")
	h.size(100, 30)
	if s := h.screen(); !strings.Contains(s, "a auto-flip") || strings.Contains(s, "F finish") {
		t.Fatalf("hot-seat War's key line:\n%s", s)
	}
	h.key("a")
	if s := h.screen(); !strings.Contains(s, "a stop auto-flip") || strings.Contains(s, "F finish") {
		t.Fatalf("hot-seat War's key line with auto-flip on:\n%s", s)
	}
	solo := newHarness(t, "war", nil, 7, "human", "heuristic")
	solo.size(100, 30)
	solo.wantScreen("a auto-flip · F finish the game")
}
