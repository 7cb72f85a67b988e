package tui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"cardtable/i18n"
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
	for _, pz := range set.Puzzles[:min(len(set.Puzzles), 20)] {
		id := pz.ID
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
	pz, err := set.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range sh.Legal {
		if pick(pz, a) {
			return i, a
		}
	}
	t.Fatalf("puzzle %d: no such action in %v", id, sh.Legal)
	return 0, ""
}

// TestTmuxPuzzles plays the terminal puzzles in tmux: the first puzzle
// solved (streak 1), its solution stepped on the board in sentences, then
// the next failed (streak 0, the one winning play named); before the
// answer the screen shows nothing of the line; the board speaks to "you"
// ("you play", "you suffer"), never shows a negative attack, and does not
// call the Tavern's order unknown beside the revealed Tavern; t keeps to
// a theme.
func TestTmuxPuzzles(t *testing.T) {
	set := shippedPuzzles(t)
	first, second := set.Puzzles[0], set.Puzzles[1]
	p := startPane(t, 100, 40, t.TempDir(), nil, "puzzles", "regicide", "--puzzle", fmt.Sprint(first.ID))
	screen := p.wait(fmt.Sprintf("Regicide puzzle %d ", first.ID), "Revealed by the puzzle", "Tavern, top first:", "Castle, next first:", "streak 0")
	sh, _, _ := set.Show(first.ID)
	for _, a := range first.Line[1:] {
		if len(strings.Fields(a)) > 1 && !slices.Contains(sh.Legal, a) && (strings.Contains(screen, a) || strings.Contains(screen, glyphs(a))) {
			t.Errorf("the screen shows %q of the winning line before an answer:\n%s", a, screen)
		}
	}
	if strings.Contains(screen, "The solution") {
		t.Fatalf("the solution is shown before an answer:\n%s", screen)
	}
	checkWords(t, screen)
	right, _ := answerIndex(t, set, first.ID, func(pz *puzzles.Puzzle, a string) bool { return a == pz.Answer })
	for range right {
		p.keys("Down")
	}
	p.keys("Enter")
	sol, err := set.Solution(&first)
	if err != nil {
		t.Fatal(err)
	}
	before := p.wait("Right", "The only play that keeps the game winnable:", "The solution, step by step", "streak 1")
	if want := "winnable: " + i18n.English.Say(actionMsg(first.Answer)) + "."; !strings.Contains(oneLine(before), want) {
		t.Errorf("the right answer's line does not name the play in words (%q):\n%s", want, before)
	}
	p.keys("Right")
	p.waitGone(before)
	after := p.wait(" 1. " + strings.Fields(sol[0].Sentence)[0] + " " + strings.Fields(sol[0].Sentence)[1])
	if boardOf(before) == boardOf(after) {
		t.Errorf("→ did not step the board to the solution's first step:\n%s", after)
	}
	checkWords(t, after)
	p.keys("End")
	p.wait("the Castle is taken", "12 defeated")
	p.keys("n")
	p.wait(fmt.Sprintf("Regicide puzzle %d ", second.ID), "streak 1")
	wrong, text := answerIndex(t, set, second.ID, func(pz *puzzles.Puzzle, a string) bool { return a != pz.Answer })
	for range wrong {
		p.keys("Down")
	}
	p.keys("Enter")
	wrongScreen := oneLine(p.wait("Not this one", "Your choice loses whatever follows:", "The solution, step by step", "streak 0 (best 1)"))
	for _, want := range []string{"follows: " + i18n.English.Say(actionMsg(text)) + ".", "The one winning play: " + i18n.English.Say(actionMsg(second.Answer)) + "."} {
		if !strings.Contains(wrongScreen, want) {
			t.Errorf("the wrong answer's line lacks %q (the plays in words):\n%s", want, wrongScreen)
		}
	}
	p.keys("t")
	want := set.Next(second.ID, puzzles.Themes[0])
	p.wait(fmt.Sprintf("Regicide puzzle %d ", want), "t theme ("+puzzles.Themes[0]+")")
	p.keys("q")
	p.wait("[exit 0]")
}

// boardOf is the screen above the revealed piles: the board.
func boardOf(screen string) string {
	i := strings.Index(screen, "Revealed by the puzzle")
	if i < 0 {
		return screen
	}
	return screen[:i]
}

// checkWords fails on the puzzle screen's old slips.
func checkWords(t *testing.T, screen string) {
	t.Helper()
	for _, bad := range []string{"you plays", "you suffers", "suffer -", "suffers -", "order unknown"} {
		if strings.Contains(screen, bad) {
			t.Errorf("the screen says %q:\n%s", bad, screen)
		}
	}
}

// TestPuzzleSolutionInTheReadersLanguage: after an answer the terminal
// tells the solution in the screen's language, each step the server's
// message (sentence_i18n) as package i18n writes it, not the English.
func TestPuzzleSolutionInTheReadersLanguage(t *testing.T) {
	set := shippedPuzzles(t)
	id := set.Puzzles[0].ID
	for _, l := range []string{"he", "sk", "cy", "hy"} {
		m := &puzzleModel{set: set, width: 200, height: 80, words: i18n.For(l)}
		if err := m.show(id); err != nil {
			t.Fatal(err)
		}
		m.key("enter")
		if m.outcome == nil || len(m.outcome.Solution) == 0 {
			t.Fatalf("%s: no solution after an answer (%s)", l, m.err)
		}
		screen := ansi.Strip(m.render())
		first := m.outcome.Solution[0]
		want := strings.Join(strings.Fields(i18n.For(l).Say(first.SentenceI18n))[:3], " ")
		if !strings.Contains(screen, want) || strings.Contains(screen, first.Sentence[:12]) {
			t.Errorf("%s: the solution's first step does not read %q (English %q):\n%s", l, want, first.Sentence, screen)
		}
	}
}

// oneLine is a screen's text with its lines and runs of spaces joined by
// one space, so a sentence the screen wrapped reads whole.
func oneLine(screen string) string { return strings.Join(strings.Fields(screen), " ") }

// TestTmuxPuzzleChoicesAt80: at 80×24 the choices name their cards as the
// table does (7♣, not 7C), each on one line ending in "…" where it is cut,
// and the highlighted choice's forecast follows whole.
func TestTmuxPuzzleChoicesAt80(t *testing.T) {
	set := shippedPuzzles(t)
	first := set.Puzzles[0]
	sh, _, _ := set.Show(first.ID)
	p := startPane(t, 80, 24, t.TempDir(), nil, "puzzles", "regicide", "--puzzle", fmt.Sprint(first.ID))
	screen := p.wait(fmt.Sprintf("Regicide puzzle %d ", first.ID), "▶ "+glyphs(sh.Legal[0]))
	for _, a := range sh.Legal {
		if glyphs(a) != a && strings.Contains(screen, "  "+a+"  ") {
			t.Errorf("a choice reads %q in notation:\n%s", a, screen)
		}
	}
	hint := strings.TrimPrefix(sh.Hints[sh.Legal[0]], sh.Legal[0]+": ")
	if h, ok := sh.HintsI18n[sh.Legal[0]]; ok {
		hint = i18n.English.WithSeats(func(int) string { return "you" }).SayArg(h, "parts")
	}
	if hint == "" {
		t.Fatalf("puzzle %d's first choice has no forecast", first.ID)
	}
	if !strings.Contains(oneLine(screen), glyphs(sh.Legal[0])+": "+hint) && !strings.Contains(screen, "▶ "+glyphs(sh.Legal[0])+"  "+hint) {
		t.Errorf("the highlighted choice's forecast %q is not on the screen whole:\n%s", hint, screen)
	}
}
