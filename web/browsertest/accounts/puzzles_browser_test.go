package accounts_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"cardtable/puzzles"
	"cardtable/web/webtest"
)

// TestBrowserPuzzles solves one puzzle (the streak goes to 1), steps its
// solution on the board (a sentence per action, the board after it), fails
// the next (the streak goes back to 0 and the solution is shown, the
// server's line, which replays to a win), then keeps to a theme, at a
// phone's and a laptop's size, with axe-core's checks and nothing sticking
// out; before an answer the page holds neither the line nor the verdict.
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
			k := 0
			if sz == webtest.Laptop {
				k = 2
			}
			p := set.Puzzles[k]
			first := p.ID
			tb.Open(fmt.Sprintf("/puzzles?id=%d", first))
			tb.Wait("the puzzle", fmt.Sprintf("document.querySelector('.puzzle-bar') && document.querySelector('.puzzle-bar strong').textContent === 'Puzzle %d'", first))
			tb.Wait("the revealed Tavern", "document.querySelectorAll('.revealed svg.card').length > 0")
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

			tb.Choose(p.Answer)
			tb.Wait("told right", "document.querySelector('.puzzle-result.correct')")
			tb.Wait("a streak of 1", "document.querySelector('[data-streak=\"1\"]')")
			tb.Shot("solved-" + sz.Name)
			tb.Axe("a solved puzzle, " + sz.Name)

			// The solution in sentences, stepped on the board.
			sol, err := set.Solution(&p)
			if err != nil {
				t.Fatal(err)
			}
			sentences := webtest.Eval[[]string](tb, "[...document.querySelectorAll('.solution li')].slice(1).map((li) => li.textContent)")
			if len(sentences) != len(sol) || sentences[0] != sol[0].Sentence {
				t.Fatalf("the solution shows %q; want the %d sentences starting %q", sentences, len(sol), sol[0].Sentence)
			}
			tb.Click(".step-buttons button:last-child")
			tb.Wait("the first step on the board", "document.querySelector('.solution li.current') && document.querySelector('.solution li.current').textContent === "+jsString(sol[0].Sentence))
			tb.Wait("the hand and the Tavern after the first step", fmt.Sprintf(
				"document.querySelectorAll('.hand svg.card').length === %d && document.querySelectorAll('.revealed .reveal-row')[0].querySelectorAll('svg.card').length === %d",
				len(sol[0].View.Hand), len(sol[0].Revealed.Tavern)))
			tb.Key(kbEnd)
			tb.Wait("the last step", fmt.Sprintf("document.querySelectorAll('.solution li')[%d].classList.contains('current')", len(sol)))
			tb.Shot("solution-stepped-" + sz.Name)
			tb.Axe("a stepped solution, " + sz.Name)
			tb.NoOverflow("a stepped solution, " + sz.Name)

			tb.Click(".puzzle-result button.primary")
			next := set.Puzzles[k+1]
			tb.Wait("the next puzzle", fmt.Sprintf("document.querySelector('.puzzle-bar strong').textContent === 'Puzzle %d' && !document.querySelector('.puzzle-result')", next.ID))
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
			tb.Choose(wrong)
			tb.Wait("told wrong", "document.querySelector('.puzzle-result.wrong')")
			tb.Wait("the streak back to 0", "document.querySelector('[data-streak=\"0\"]')")
			nsol, err := set.Solution(&next)
			if err != nil {
				t.Fatal(err)
			}
			shown := webtest.Eval[int](tb, "document.querySelectorAll('.solution li').length")
			if shown != len(nsol)+1 || len(next.Line) != len(nsol) {
				t.Fatalf("the solution shows %d items; the puzzle's line has %d actions", shown-1, len(next.Line))
			}
			if err := puzzles.ReplaysToWin(pos, next.Line); err != nil {
				t.Fatalf("the line does not win: %v", err)
			}
			tb.Shot("failed-" + sz.Name)
			tb.Axe("a failed puzzle, " + sz.Name)
			tb.NoOverflow("a failed puzzle, " + sz.Name)

			// A theme: the next puzzles have it.
			theme := puzzles.ThemeDiscard
			// Chosen in the theme list (a select: its value set and changed).
			webtest.Eval[bool](tb, "(() => { const s = document.querySelector('#puzzle-theme'); s.value = "+jsString(theme)+"; s.dispatchEvent(new Event('change')); return true })()")
			tb.Wait("a puzzle of the theme", "/[?&]theme=discard-to-survive/.test(location.search) && !document.querySelector('.puzzle-result')")
			id := webtest.Eval[int](tb, "Number(new URLSearchParams(location.search).get('id'))")
			if pz, err := set.Get(id); err != nil || !pz.HasTheme(theme) {
				t.Fatalf("theme %s: shown puzzle %d, which has not the theme", theme, id)
			}
			if pz, _ := set.Get(id); pz == nil {
				t.Fatalf("theme %s: shown puzzle %d, which has not the theme", theme, id)
			}
			pz, _ := set.Get(id)
			if label := webtest.Eval[bool](tb, "!!document.querySelector('.badge.two-choices')"); label != (pz.Legal == 2) {
				t.Errorf("puzzle %d (%d legal actions): the two-choices badge is %v", id, pz.Legal, label)
			}
			tb.Axe("a themed puzzle, " + sz.Name)
		})
	}
}

// jsString quotes s for a JavaScript expression.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// kbEnd is the End key.
const kbEnd = kb.End
