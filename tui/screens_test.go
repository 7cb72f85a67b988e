package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// cardNotation finds a card written in notation ("QC", "10H") as a word.
var cardNotation = regexp.MustCompile(`(^|[^A-Za-z0-9])(10|[2-9JQKA])[CDHS]($|[^A-Za-z0-9])`)

// TestScreensReadWell plays games of each game (the person's moves as in
// the leak test: mostly the default bot's, sometimes any legal one) and
// reads every screen at 80×24, 120×40 and 200×50: no line wider than the
// terminal, no card in notation outside the line the person types in, no
// "1 cards".
func TestScreensReadWell(t *testing.T) {
	cases := []struct {
		game  string
		opts  map[string]string
		seats []string
		steps int
	}{
		{"war", map[string]string{"slap": "5"}, []string{"human", "heuristic"}, 120},
		{"regicide", nil, []string{"human"}, 120},
		{"regicide", nil, []string{"human", "heuristic", "heuristic"}, 120},
		{"regicide", nil, []string{"human", "heuristic", "heuristic", "heuristic"}, 120},
		{"watchtower", nil, []string{"human", "heuristic", "heuristic"}, 250},
	}
	sizes := [][2]int{{80, 24}, {120, 40}, {200, 50}}
	for _, c := range cases {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s/%dp/seed%d", c.game, len(c.seats), seed), func(t *testing.T) {
				h := newHarness(t, c.game, c.opts, seed, c.seats...)
				lc := newLeakCheck(t, h, seed)
				for i := 0; i < c.steps && h.m.mode != modeEnd; i++ {
					size := sizes[i%len(sizes)]
					h.size(size[0], size[1])
					readScreen(t, h, size[0])
					if h.m.mode != modePass && h.asking() == 0 && i%7 == 3 {
						// A refusal: the engine's sentence names cards.
						h.m.pick.input.SetValue(refused[c.game])
						h.key("enter")
						readScreen(t, h, size[0])
						h.key("esc")
					} else {
						lc.step()
					}
				}
				for _, size := range sizes {
					h.size(size[0], size[1])
					readScreen(t, h, size[0])
				}
			})
		}
	}
}

// jokerNotation finds a Jester written as the engine writes it.
var jokerNotation = regexp.MustCompile(`\bJK[12]?\b`)

// refused are actions each game refuses, in words that name cards.
var refused = map[string]string{"war": "slap@99999", "regicide": "play 2C 9H KS", "watchtower": "place QC"}

func readScreen(t *testing.T, h *harness, width int) {
	t.Helper()
	for _, line := range strings.Split(h.screen(), "\n") {
		if w := ansi.StringWidth(line); w > width {
			t.Fatalf("move %d: a line of %d cells at %d: %q", h.m.t.Version(), w, width, line)
		}
		if strings.Contains(line, "› ") {
			continue // what the person typed stays as typed
		}
		m := cardNotation.FindString(line)
		if m == "" {
			m = jokerNotation.FindString(line)
		}
		if m != "" {
			t.Fatalf("move %d: a card in notation (%q) on screen:\n%s", h.m.t.Version(), strings.TrimSpace(m), h.screen())
		}
		if singularAsPlural.MatchString(line) {
			t.Fatalf("move %d: a singular as a plural: %q", h.m.t.Version(), line)
		}
	}
}
