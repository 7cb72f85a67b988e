package web_test

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/puzzles"
	"cardtable/web/webtest"
)

// choose answers the puzzle on the page as a person does: the cards of a
// play or discard clicked in the hand, then the action bar's button for
// the action (the selection confirmed, a Jester power, discarding nothing).
func choose(tb *webtest.Tab, action string) {
	tb.T.Helper()
	fields := strings.Fields(action)
	if len(fields) > 1 {
		for _, c := range fields[1:] {
			tb.Click(fmt.Sprintf(".hand [data-card=%q]", c))
		}
	}
	tb.Click(fmt.Sprintf(".action-bar [data-action=%q]", action))
}

// TestBrowserPuzzles solves one puzzle (the streak goes to 1), fails the
// next (the streak goes back to 0 and the winning line is shown, the same
// line the server holds, which replays to a win), at a phone's and a
// laptop's size, with axe-core's checks and nothing sticking out; before
// an answer the page holds neither the line nor the verdict.
func TestBrowserPuzzles(t *testing.T) {
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	s := webtest.NewSite(t)
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		t.Run(sz.Name, func(t *testing.T) {
			tb := s.Tab(t)
			tb.Resize(sz)
			first := 1
			if sz == webtest.Laptop {
				first = 3
			}
			tb.Open(fmt.Sprintf("/puzzles?id=%d", first))
			tb.Wait("the puzzle", fmt.Sprintf("document.querySelector('.puzzle-bar') && document.querySelector('.puzzle-bar').textContent.includes('Puzzle %d of')", first))
			tb.Wait("the revealed Tavern", "document.querySelectorAll('.revealed svg.card').length > 0")
			p := set.Puzzles[first-1]
			html := webtest.Eval[string](tb, "document.documentElement.outerHTML")
			if strings.Contains(html, "winning-line") || strings.Contains(html, "puzzle-result") {
				t.Fatal("the page shows a result before any answer")
			}
			for _, a := range p.Line[1:] {
				if strings.Contains(html, ">"+a+"<") {
					t.Errorf("the page holds %q of the winning line before any answer", a)
				}
			}
			tb.Shot("puzzle-" + sz.Name)
			tb.Axe("the puzzle, " + sz.Name)
			tb.NoOverflow("the puzzle, " + sz.Name)

			choose(tb, p.Answer)
			tb.Wait("told right", "document.querySelector('.puzzle-result.correct')")
			tb.Wait("a streak of 1", "document.querySelector('[data-streak=\"1\"]')")
			tb.Shot("solved-" + sz.Name)
			tb.Axe("a solved puzzle, " + sz.Name)

			tb.Click(".puzzle-result button.primary")
			next := set.Puzzles[first]
			tb.Wait("the next puzzle", fmt.Sprintf("document.querySelector('.puzzle-bar').textContent.includes('Puzzle %d of') && !document.querySelector('.puzzle-result')", first+1))
			pos, err := next.Position(set.Options())
			if err != nil {
				t.Fatal(err)
			}
			wrong := ""
			for _, a := range pos.Legal(0, nil) {
				if text := pos.ActionString(a); text != next.Answer {
					wrong = text
					break
				}
			}
			choose(tb, wrong)
			tb.Wait("told wrong", "document.querySelector('.puzzle-result.wrong')")
			tb.Wait("the streak back to 0", "document.querySelector('[data-streak=\"0\"]')")
			line := webtest.Eval[[]string](tb, "[...document.querySelectorAll('.winning-line li')].map((li) => li.textContent)")
			if strings.Join(line, "|") != strings.Join(next.Line, "|") {
				t.Fatalf("the line shown is %v; the puzzle's is %v", line, next.Line)
			}
			if err := puzzles.ReplaysToWin(pos, line); err != nil {
				t.Fatalf("the line shown does not win: %v", err)
			}
			tb.Shot("failed-" + sz.Name)
			tb.Axe("a failed puzzle, " + sz.Name)
			tb.NoOverflow("a failed puzzle, " + sz.Name)
		})
	}
}
