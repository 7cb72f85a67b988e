package tui

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestRandomKeys presses random keys at each game's table (bots in the
// other seats): nothing panics, every screen fits the terminal, and the
// game only moves forward.
func TestRandomKeys(t *testing.T) {
	t.Chdir(t.TempDir()) // a save dialog confirmed at random writes here
	keys := []string{"enter", "enter", "enter", "up", "down", "tab", "esc", "space", "backspace",
		"left", "right", "?", "q", "n", "s", "x", "p", "l", "a", "y", "1", "2", "3", "@"}
	for _, game := range []string{"war", "regicide", "watchtower"} {
		opts := map[string]string{}
		if game == "war" {
			opts["slap"] = "5"
		}
		for seed := uint64(1); seed <= 2; seed++ {
			h := newHarness(t, game, opts, seed, "human", "heuristic")
			rng := rand.New(rand.NewPCG(seed, 5))
			last := 0
			for i := 0; i < 600 && !h.m.quit; i++ {
				k := keys[rng.IntN(len(keys))]
				if k == "y" && h.m.overlay == overlayQuit {
					continue // stay at the table
				}
				h.key(k)
				if rng.IntN(8) == 0 {
					h.fire()
				}
				if v := h.m.t.Version(); v < last {
					t.Fatalf("%s seed %d: version went back from %d to %d", game, seed, last, v)
				} else {
					last = v
				}
				screen := h.screen()
				for _, line := range strings.Split(screen, "\n") {
					if w := ansi.StringWidth(line); w > 100 {
						t.Fatalf("%s seed %d: a line of %d cells on a 100-cell terminal: %q", game, seed, w, line)
					}
				}
				if n := strings.Count(screen, "\n") + 1; n > 30 {
					t.Fatalf("%s seed %d: %d lines on a 30-line terminal", game, seed, n)
				}
			}
			if last == 0 {
				t.Errorf("%s seed %d: 600 random keys played nothing", game, seed)
			}
		}
	}
}
