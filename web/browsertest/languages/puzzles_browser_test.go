package languages_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"cardtable/i18n"
	"cardtable/puzzles"
	"cardtable/web/webtest"
)

// TestBrowserPuzzleSolutionInEachLanguage answers a puzzle in Slovak (at
// a laptop's and a phone's size) and in the pseudo-locale: the solution's
// sentences are the server's messages (sentence_i18n) as package i18n
// writes them in the language, nothing overflows, axe finds nothing, and
// in the pseudo-locale no English is left with the solution shown.
func TestBrowserPuzzleSolutionInEachLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	set, err := puzzles.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	p, sol := wordiest(t, set)
	s := webtest.NewSite(t)
	tb := s.Tab(t)
	for _, c := range []struct {
		l  i18n.Language
		sz webtest.Size
	}{{lang("sk"), webtest.Laptop}, {lang("sk"), webtest.Phone}, {lang(i18n.Pseudo), webtest.Phone}} {
		where := fmt.Sprintf("puzzle %d's solution in %s, %s", p.ID, c.l.Code, c.sz.Name)
		tb.Resize(c.sz)
		tb.Open(fmt.Sprintf("/puzzles?id=%d&lang=%s", p.ID, c.l.Code))
		tb.Wait("the puzzle", "document.querySelector('.puzzle-bar') && document.querySelectorAll('.revealed svg.card').length > 0")
		tb.Choose(p.Answer)
		tb.Wait("the solution", fmt.Sprintf("document.querySelectorAll('.solution li').length === %d", len(sol)+1))
		speaks(t, tb, c.l, where)
		got := webtest.Eval[[]string](tb, "[...document.querySelectorAll('.solution li')].slice(1).map((li) => li.textContent)")
		pr := i18n.For(c.l.Code)
		for i, st := range sol {
			if want := pr.Say(st.SentenceI18n); i >= len(got) || got[i] != want {
				t.Errorf("%s: step %d reads %q, want %q", where, i+1, at(got, i), want)
			}
		}
		tb.NoOverflow(where)
		tb.Axe(where)
		if c.l.Code == i18n.Pseudo {
			tb.Untranslated(where, "")
		}
		tb.Do(chromedp.Evaluate[chromedp.Void]("document.querySelector('.solution').scrollIntoView()"))
		tb.WindowShot(fmt.Sprintf("puzzle-solution-%s-%s", c.l.Code, c.sz.Name))
	}
}

// wordiest is the shipped puzzle among the first hundred whose solution
// says the most kinds of things (parts of puzzles.step), and its solution.
func wordiest(t *testing.T, set *puzzles.Set) (puzzles.Puzzle, []puzzles.SolutionStep) {
	t.Helper()
	best, kinds := -1, 0
	var bestSol []puzzles.SolutionStep
	for i := range min(100, len(set.Puzzles)) {
		sol, err := set.Solution(&set.Puzzles[i])
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]bool{}
		for _, st := range sol {
			if a, ok := st.SentenceI18n.Arg("parts"); ok {
				for _, m := range a.Msgs {
					ids[m.ID] = true
				}
			}
		}
		if len(ids) > kinds {
			best, kinds, bestSol = i, len(ids), sol
		}
	}
	if kinds < 5 {
		t.Fatalf("no puzzle of the first hundred says more than %d kinds of things", kinds)
	}
	return set.Puzzles[best], bestSol
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return ""
}
