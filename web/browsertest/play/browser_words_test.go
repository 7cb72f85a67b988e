package play_test

import (
	"cardtable/table"
	"cardtable/web/webtest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// testEndWords checks result sentences: a solo Regicide loss names the
// enemy and the count and is styled as a loss; a solo win gives its grade
// (REG-30); no "1 cards" anywhere.
func testEndWords(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	solo := map[string]string{"players": "1"}
	lost := webtest.Moment(t, "regicide", solo, func(x *table.Table) bool { return x.Over() && x.Result().End != "won" })
	tb.Show(lost...)
	tb.Wait("the result", "document.querySelector('.end')")
	head := tb.Text(".end h2")
	if !strings.HasPrefix(head, "The ") || !strings.Contains(head, " defeated you with ") || !strings.Contains(head, "down") || !tb.Has(".end.outcome-lost") {
		t.Errorf("a solo loss reads %q (styled lost: %v)", head, tb.Has(".end.outcome-lost"))
	}
	// After a loss, where it went wrong is one click away: the replay's
	// analysis.
	if got := webtest.Eval[string](tb, "(document.querySelector(\".end a[href$='?analysis=1']\") || {}).textContent || ''"); got != "Where did it go wrong?" {
		t.Errorf("a loss's end offers %q for its analysis", got)
	}
	tb.Shot("regicide-lost")
	tb.Axe("a Regicide loss")
	won := webtest.Moment(t, "regicide", solo, func(x *table.Table) bool { return x.Over() && x.Result().End == "won" })
	tb.Show(won...)
	tb.Wait("the result", "document.querySelector('.end')")
	if text := tb.Text(".end"); !strings.Contains(text, "defeated the Castle") || !strings.Contains(text, "victory") || !tb.Has(".end.outcome-won") {
		t.Errorf("a solo win reads %q", text)
	}
	if got := webtest.Eval[string](tb, "(document.querySelector(\".end a[href$='?analysis=1']\") || {}).textContent || ''"); got != "Analyse the game" {
		t.Errorf("a win's end offers %q for its analysis", got)
	}
	tb.Shot("regicide-won")
	if strings.Contains(webtest.Eval[string](tb, "document.body.innerText"), " 1 cards") {
		t.Errorf("the page says \"1 cards\"")
	}
}

// testAccessibleNames checks what a screen reader hears: cards by name,
// Watchtower's challenge naming the seat, card and count, the log a live
// region; the four-colour deck colours diamonds blue; cards grow with the
// browser's font size.
func testAccessibleNames(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	turn := webtest.Moment(t, "watchtower", nil, func(x *table.Table) bool { return webtest.Seat0(x, webtest.Prefix("challenge 2 ")) })
	tb.Show(turn...)
	tb.Wait("a challenge", "document.querySelector(\"[data-action^='challenge 2 '][data-action$=' 1']\")")
	name := webtest.Eval[string](tb, "document.querySelector(\"[data-action^='challenge 2 '][data-action$=' 1']\").getAttribute('aria-label')")
	if !strings.HasPrefix(name, "Challenge with 1 card for Seat 2's ") || !strings.Contains(name, " of ") {
		t.Errorf("a challenge button is named %q", name)
	}
	cards := webtest.Eval[[]string](tb, "[...document.querySelectorAll('svg.card[role=img]')].map((c) => c.getAttribute('aria-label'))")
	for _, c := range cards {
		if c == "" || (c != "Face-down card" && c != "face-down card" && !strings.Contains(c, " of ")) {
			t.Errorf("a card is named %q", c)
		}
	}
	if !tb.Has("[role=log][aria-live=polite] > ol.log-lines") {
		t.Errorf("the log is not a live region")
	}
	c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
	tb.Sit(c)
	tb.Act("[data-action=flip]")
	tb.Click("[data-focus=four-colour]")
	tb.Wait("four colours", "document.documentElement.classList.contains('four-colour')")
	tb.Show(webtest.Moment(t, "war", nil, func(x *table.Table) bool {
		return webtest.Seat0(x, webtest.Prefix("flip")) && strings.Contains(string(webtest.MustJSON(t, x.View(0))), "D\"")
	})...)
	tb.Wait("a diamond", "document.querySelector('svg.card.suit-D text')")
	if fill := webtest.Eval[string](tb, "getComputedStyle(document.querySelector('svg.card.suit-D text')).fill"); fill != "rgb(26, 79, 191)" {
		t.Errorf("a diamond is drawn %s in the four-colour deck", fill)
	}
	tb.Shot("four-colour")
	before := webtest.Eval[float64](tb, "document.querySelector('svg.card').getBoundingClientRect().width")
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.documentElement.style.fontSize = '200%'"))
	after := webtest.Eval[float64](tb, "document.querySelector('svg.card').getBoundingClientRect().width")
	if after < 1.8*before {
		t.Errorf("at twice the font size a card is %.0f px wide, was %.0f", after, before)
	}
	tb.NoOverflow("the table at twice the font size")
	tb.Shot("font-200")
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.documentElement.style.fontSize = ''; localStorage.removeItem('cardtable.fourColour')"))
}
