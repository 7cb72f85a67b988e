package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"cardtable/puzzles"
)

func shippedPuzzles(t *testing.T) *puzzles.Set {
	t.Helper()
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// TestPuzzleScreenLeaksNothing: the screen of a puzzle before an answer is
// the same whatever the puzzle's answer, line and bot choice: none of
// them reaches the terminal before the person answers.
func TestPuzzleScreenLeaksNothing(t *testing.T) {
	set := shippedPuzzles(t)
	other := &puzzles.Set{Header: set.Header, Puzzles: slices.Clone(set.Puzzles)}
	for i := range min(len(other.Puzzles), 20) {
		p := &other.Puzzles[i]
		p.Answer, p.Line, p.BotChoice, p.MissedBy = "power", []string{"power"}, "yield", []string{"x"}
	}
	for id := 1; id <= min(len(set.Puzzles), 20); id++ {
		screens := []string{}
		for _, s := range []*puzzles.Set{set, other} {
			m := &puzzleModel{set: s, width: 100, height: 40}
			if err := m.show(id); err != nil {
				t.Fatal(err)
			}
			screens = append(screens, ansi.Strip(m.render()))
		}
		if screens[0] != screens[1] {
			t.Fatalf("puzzle %d: the screen depends on the answer:\n%s\n---\n%s", id, screens[0], screens[1])
		}
	}
}

// answerIndex is where action sits in the puzzle's list of choices.
func answerIndex(t *testing.T, set *puzzles.Set, id int, pick func(p *puzzles.Puzzle, a string) bool) (int, string) {
	t.Helper()
	sh, _, err := set.Show(id)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range sh.Legal {
		if pick(&set.Puzzles[id-1], a) {
			return i, a
		}
	}
	t.Fatalf("puzzle %d: no such action in %v", id, sh.Legal)
	return 0, ""
}

// TestTmuxPuzzles plays the terminal puzzles in tmux: puzzle 1 solved
// (streak 1), then puzzle 2 failed (streak 0, the one winning play named
// and the line that wins shown); before the answer the screen shows the
// revealed Tavern and Castle but none of the line.
func TestTmuxPuzzles(t *testing.T) {
	set := shippedPuzzles(t)
	p := startPane(t, 100, 40, t.TempDir(), nil, "puzzles", "regicide", "--puzzle", "1")
	screen := p.wait("Regicide puzzle 1 of", "Revealed by the puzzle", "Tavern, top first:", "Castle, next first:", "streak 0")
	sh, _, _ := set.Show(1)
	for _, a := range set.Puzzles[0].Line[1:] {
		if len(strings.Fields(a)) > 1 && !slices.Contains(sh.Legal, a) && strings.Contains(screen, a) {
			t.Errorf("the screen shows %q of the winning line before an answer:\n%s", a, screen)
		}
	}
	if strings.Contains(screen, "The line that wins") {
		t.Fatalf("the line is shown before an answer:\n%s", screen)
	}
	right, _ := answerIndex(t, set, 1, func(pz *puzzles.Puzzle, a string) bool { return a == pz.Answer })
	for range right {
		p.keys("Down")
	}
	p.keys("Enter")
	p.wait("Right", "is the only play that keeps the game winnable", "The line that wins:", "streak 1")
	p.keys("n")
	p.wait("Regicide puzzle 2 of", "streak 1")
	wrong, text := answerIndex(t, set, 2, func(pz *puzzles.Puzzle, a string) bool { return a != pz.Answer })
	for range wrong {
		p.keys("Down")
	}
	p.keys("Enter")
	p.wait("Not this one", fmt.Sprintf("%s loses whatever follows", text), "The one winning play: "+set.Puzzles[1].Answer, "The line that wins:", "streak 0 (best 1)")
	p.keys("q")
	p.wait("[exit 0]")
}
