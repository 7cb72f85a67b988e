package war_test

import (
	"cardtable/table"
	"cardtable/web/webtest"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// testAutoPlay drives War's auto-flip as a person would: 10 tricks a
// second flips without a click and stops in a Slap War window (SLAP! on
// screen, auto-flip still on), goes on after the slap; "off" stops it;
// "Finish the game" plays the rest at once to the result, whose replay
// opens.
func testAutoPlay(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("war", map[string]string{"slap": "5", "slap-window": "1m", "max-battles": "300"}, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	tb.Wait("auto-flip", "document.querySelector('.auto .pace')")
	v := tb.Version()
	tb.Click(".auto .pace[data-focus='pace-10']")
	tb.Wait("auto-flip on", "document.querySelector(\".auto [data-focus='pace-10'][aria-pressed=true]\")")
	tb.WaitPlaying("a slap window", "document.querySelector('.action-bar [data-action=slap]:not(.false-slap)') || document.querySelector('.end')")
	if tb.Has(".end") {
		t.Fatal("the game ended without a slap window")
	}
	if got := tb.Version(); got <= v {
		t.Errorf("auto-flip played nothing before the window")
	}
	tb.InViewport("SLAP! during auto-flip", ".action-bar [data-action=slap]")
	tb.Shot("auto-slap-window")
	at := tb.Version()
	tb.Key("s")
	tb.WaitPlaying("flips after the slap", fmt.Sprintf("window.cardtableTable.shown > %d + 3 || document.querySelector('.end')", at))
	tb.Click(".auto [data-focus='pace-off']")
	tb.Wait("auto-flip off", "document.querySelector(\".auto [data-focus='pace-off'][aria-pressed=true]\")")
	if tb.Has(".end") {
		return
	}
	tb.Click("[data-action=finish]")
	for !tb.Has(".end") {
		tb.WaitPlaying("the end or a slap window", "document.querySelector('.end') || document.querySelector('.action-bar [data-action=slap]:not(.false-slap)')")
		// A window: pass (with the page's own button, if the window is
		// still open when the test gets there).
		webtest.Eval[bool](tb, "(() => { const p = document.querySelector('.action-bar [data-action=pass]'); if (p) p.click(); return true; })()")
	}
	tb.Shot("auto-finished")
	if got := tb.Text(".end h2"); got == "" {
		t.Errorf("no result sentence after finishing")
	}
	tb.Click(".end a[href^='/replay/']")
	tb.Wait("the replay", "document.querySelector('#board .war')")
}

// testEndInView checks that a game which ends while the person has
// scrolled away (on a phone, down at the log) brings its result into view,
// that the action bar says the result, and that its "See the result"
// brings it back after the person scrolls away again.
func testEndInView(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	tb.Resize(webtest.Phone)
	defer tb.Resize(webtest.Laptop)
	c := s.Create(t, webtest.One("war", map[string]string{"max-battles": "30"}, "human", "heuristic"))
	tb.Sit(c)
	tb.Wait("Finish the game", "document.querySelector('[data-action=finish]')")
	const inView = "(() => { const r = document.querySelector('.end').getBoundingClientRect(); return r.top >= -1 && r.top < innerHeight / 2; })()"
	bottom := func() {
		t.Helper()
		tb.Wait("the page scrolled to its bottom", "(scrollTo(0, document.documentElement.scrollHeight), scrollY > 200)")
	}
	bottom()
	webtest.Eval[bool](tb, "(document.querySelector('[data-action=finish]').click(), true)")
	tb.WaitPlaying("the end", "document.querySelector('.end')")
	tb.Wait("the result scrolled into view", inView)
	if got := tb.Text(".action-bar .whose"); !strings.HasPrefix(got, "Game over: ") || !strings.HasSuffix(got, tb.Text(".end h2")) {
		t.Errorf("the action bar reads %q at the end, not the result %q", got, tb.Text(".end h2"))
	}
	tb.Shot("end-in-view-phone")
	bottom()
	tb.Click(".action-bar .see-result")
	tb.Wait("See the result scrolling to it", inView)
}

// testWarFelt checks the felt of a trick as a person sees it: the flipped
// cards face up on the felt after the trick, the winner's panel marked and
// its pile taking copies of the cards (motion), none of which moves under
// prefers-reduced-motion; a war's stacks (face-down and up cards) on the
// felt while it builds.
func testWarFelt(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	war := webtest.Moment(t, "war", nil, func(x *table.Table) bool {
		return webtest.Seat0(x, webtest.Prefix("flip")) && strings.Contains(string(webtest.MustJSON(t, x.View(0))), `"round":"war"`)
	})
	tb.Show(war...)
	tb.Wait("the war's stacks", "document.querySelectorAll('.laid svg.card').length >= 2")
	if n := webtest.Eval[int](tb, "Math.max(...[...document.querySelectorAll('.laid')].map((l) => l.querySelectorAll('svg.card').length))"); n < 1 || !tb.Has(".war-banner") {
		t.Errorf("a war shows %d cards a seat and no banner", n)
	}
	// A war that has built (the tied card, three down and one up: five
	// cards a seat) wraps its stacks on a phone; every card stays in its
	// seat's panel.
	built := webtest.Moment(t, "war", nil, func(x *table.Table) bool {
		var v struct {
			Table [][]string `json:"table"`
		}
		if !webtest.Seat0(x, webtest.Prefix("flip")) || json.Unmarshal(webtest.MustJSON(t, x.View(0)), &v) != nil {
			return false
		}
		return slices.ContainsFunc(v.Table, func(cs []string) bool { return len(cs) >= 5 })
	})
	tb.Show(built...)
	tb.Wait("the war's stacks of five", "[...document.querySelectorAll('.laid')].some((l) => l.querySelectorAll('svg.card').length >= 5)")
	tb.Resize(webtest.Phone)
	tb.NoOverflow("a war's stacks at phone")
	tb.Shot("war-stacks-phone")
	tb.Resize(webtest.Laptop)
	for _, motion := range []bool{true, false} {
		feature := "no-preference"
		if !motion {
			feature = "reduce"
		}
		tb.Media("prefers-reduced-motion", feature)
		c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
		tb.Sit(c)
		// Flip until a trick ends (a first battle may be a war).
		for range 10 {
			tb.Wait("Flip", "document.querySelector('[data-action=flip]')")
			tb.Act("[data-action=flip]")
			if tb.Has(".laid-last") {
				break
			}
		}
		tb.Wait("the trick on the felt", "document.querySelectorAll('.laid-last svg.card:not(.back)').length >= 2")
		if motion {
			tb.Wait("the winner's pile taking the cards", "document.querySelectorAll('svg.card.flying').length >= 2")
		} else if n := webtest.Eval[int](tb, "document.querySelectorAll('svg.card.flying').length"); n != 0 {
			t.Errorf("%d cards fly under prefers-reduced-motion", n)
		}
		// A trick ends "took the trick" or, when it was a war, "won a war".
		if last := tb.Text(".last-trick"); !tb.Has(".seat-panel.took") || !(strings.Contains(last, " took ") || strings.Contains(last, " won a war ")) {
			t.Errorf("the trick's winner is not shown: %q", tb.Text(".last-trick"))
		}
		tb.Shot(fmt.Sprintf("war-felt-motion-%v", motion))
	}
	tb.Media("prefers-reduced-motion", "no-preference")
}
