package tui

import (
	"strings"
	"testing"
	"time"

	"cardtable/games/war"
)

// autoTimer is the live pending auto-flip and its pause, if any (older
// ones are stale and would do nothing).
func autoTimer(h *harness) (autoFlipMsg, time.Duration, bool) {
	for i, msg := range h.timers {
		if a, ok := msg.(autoFlipMsg); ok && a.gen == h.m.auto.gen {
			return a, h.delays[i], true
		}
	}
	return autoFlipMsg{}, 0, false
}

// In a flip phase of Slap War the false slap is not listed (enter can
// never make one); typed on purpose it is still played.
func TestWarFalseSlapNotListed(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"slap": "5"}, 7, "human", "heuristic")
	if got := strings.Join(h.m.pick.legal, ","); got != "flip" {
		t.Fatalf("a flip phase lists %q, want flip alone", got)
	}
	if strings.Contains(h.screen(), "slap@0") || strings.Contains(h.screen(), "false slap") {
		t.Fatalf("the false slap is on screen:\n%s", h.screen())
	}
	h.play("slap")
	if acts := h.m.t.Record().Actions; len(acts) == 0 || acts[0].Action != "slap@0" {
		t.Fatalf("a typed false slap was not played: %v", acts)
	}
}

// In a slap window the highlighted default is slap: an enter pressed to
// flip slaps, timed, instead of passing the window away.
func TestWarSlapWindowDefaultIsSlap(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"slap": "5"}, 7, "human", "heuristic")
	warUntilSlap(t, h)
	h.wantScreen("▸ slap", "  pass")
	if got := strings.Join(h.m.pick.legal, ","); got != "slap,pass" {
		t.Fatalf("a slap window lists %q, want slap,pass", got)
	}
	before := h.m.t.Version()
	h.key("enter")
	acts := h.m.t.Record().Actions[before:]
	found := false
	for _, a := range acts {
		found = found || a.Seat == 0 && strings.HasPrefix(a.Action, "slap@")
	}
	if !found {
		t.Fatalf("enter in a slap window did not slap: %v", acts)
	}
}

// a turns auto-flip on: it flips at the chosen pace, one timer at a time,
// and waits for the person in a slap window; a again stops it.
func TestWarAutoFlip(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"slap": "5"}, 7, "human", "heuristic")
	h.key("a")
	h.wantScreen("auto-flip 1/s", "auto-flip on")
	_, d, ok := autoTimer(h)
	if !ok || d != time.Second {
		t.Fatalf("auto-flip on: timer %v, pause %v; want one at 1s", ok, d)
	}
	h.key("+")
	h.key("+")
	h.key("+")
	if _, d, _ := autoTimer(h); d != 100*time.Millisecond {
		t.Fatalf("at the fastest pace the pause is %v, want 100ms", d)
	}
	h.wantScreen("auto-flip 10/s")
	h.key("-")
	h.timers, h.delays = nil, nil
	h.key("a")
	h.key("a")
	if _, d, _ := autoTimer(h); d != time.Second/3 {
		t.Fatalf("one step slower the pause is %v, want 1/3 s", d)
	}
	for i := 0; i < 1000; i++ {
		if v := h.m.t.View(0).(*war.View); v.Slap != nil && h.asking() == 0 {
			break
		}
		if h.m.t.Over() {
			t.Fatal("the game ended without a slap window")
		}
		before := h.m.t.Version()
		h.fire()
		if h.m.t.Version() == before {
			t.Fatalf("a fired auto-flip played nothing (move %d)", before)
		}
	}
	if _, _, ok := autoTimer(h); ok {
		t.Fatal("auto-flip would answer a slap window for the person")
	}
	h.wantScreen("SLAP!", "▸ slap")
	h.key("space")
	if _, _, ok := autoTimer(h); !ok {
		t.Fatal("auto-flip did not go on after the slap window")
	}
	h.key("a")
	before := h.m.t.Version()
	h.fire()
	if h.m.t.Version() != before {
		t.Fatal("a stale auto-flip played after a stopped it")
	}
	h.wantScreen("auto-flip off")
}

// F plays the game out at once against bots and shows the end.
func TestWarFinish(t *testing.T) {
	h := newHarness(t, "war", map[string]string{"slap": "5", "players": "3"}, 7, "human", "heuristic", "heuristic")
	h.key("F")
	if !h.m.t.Over() || h.m.mode != modeEnd {
		t.Fatalf("F left the game at move %d, mode %d", h.m.t.Version(), h.m.mode)
	}
	h.wantScreen("The game is over")
	// The end says its keys once (the footer's) and marks no seat as the
	// last to move (in War that seat is written "out"); the last trick
	// names only the seats that laid cards.
	if s := h.screen(); strings.Count(s, "q quit") != 1 || strings.Contains(s, "▶") || strings.Contains(s, ")  ·") {
		t.Errorf("the end screen repeats its keys or marks a seat:\n%s", s)
	}
	// With two people at the terminal nobody finishes for the other.
	h2 := newHarness(t, "war", nil, 7, "human", "human")
	h2.key("F")
	if h2.m.t.Over() || !strings.Contains(h2.screen(), "several people") {
		t.Fatalf("F finished a game of two people:\n%s", h2.screen())
	}
}

// TestWarKeyPresses measures the keys a person presses for a whole plain
// War game against the default bot: by enter alone (one a flip), with
// auto-flip (a, then nothing) and with F. The figures are logged (go test
// ./tui -run WarKeyPresses -v).
func TestWarKeyPresses(t *testing.T) {
	const games = 40
	enter, auto, finish := 0, 0, 0
	for seed := uint64(1); seed <= games; seed++ {
		h := newHarness(t, "war", nil, seed, "human", "heuristic")
		for !h.m.t.Over() {
			if h.asking() != 0 {
				t.Fatalf("seed %d: the person is not asked at move %d", seed, h.m.t.Version())
			}
			h.key("enter")
			enter++
		}
		h = newHarness(t, "war", nil, seed, "human", "heuristic")
		h.key("a")
		auto++
		for i := 0; !h.m.t.Over(); i++ {
			if len(h.timers) == 0 || i > 10000 {
				t.Fatalf("seed %d: auto-flip stopped at move %d", seed, h.m.t.Version())
			}
			h.fire()
		}
		h = newHarness(t, "war", nil, seed, "human", "heuristic")
		h.key("F")
		finish++
		if !h.m.t.Over() {
			t.Fatalf("seed %d: F did not finish the game", seed)
		}
	}
	t.Logf("keys per plain War game against the heuristic bot, %d deals: enter only %.1f, auto-flip %.1f, F %.1f",
		games, float64(enter)/games, float64(auto)/games, float64(finish)/games)
	if auto != games || finish != games {
		t.Fatalf("auto-flip took %d keys and F %d over %d games, want one each", auto, finish, games)
	}
}
