package pages_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/web/webtest"
)

// TestBrowserLobbyInEachLanguage opens the lobby in every language (?lang=,
// as a link would) at a phone's and a laptop's width, with an open table
// listed: the page speaks the language in its direction (Hebrew right to
// left), nothing overflows, axe finds nothing serious, the footer offers
// the languages, and the game cards name the games as the catalogue does.
// In the pseudo-locale no text of the lobby escaped the catalogue — with
// More options open, three seats, a private table, a live clock and a
// changed option, so the sentences those states write are checked too.
func TestBrowserLobbyInEachLanguage(t *testing.T) {
	s := webtest.NewSite(t)
	s.Create(t, map[string]any{"game": "war", "name": "alice", "options": map[string]string{"slap": "5"}, "listed": true,
		"seats": []map[string]any{{"kind": "human"}, {"kind": "human", "open": true}}})
	for _, l := range append(i18n.Languages(), i18n.Language{Code: i18n.Pseudo, Dir: "ltr", Tag: "en-XA"}) {
		tb := s.Tab(t)
		tb.Open("/?lang=" + l.Code)
		tb.Wait("the lobby", "document.querySelector('#seat-1') && document.querySelector('#open li button')")
		if got := webtest.Eval[string](tb, "document.documentElement.lang + ' ' + document.documentElement.dir"); got != l.Tag+" "+l.Dir {
			t.Errorf("%s: <html lang dir> = %q", l.Code, got)
		}
		if got := webtest.Eval[int](tb, "document.querySelectorAll('.lang-footer option').length"); got != len(i18n.Languages()) {
			t.Errorf("%s: the picker offers %d languages", l.Code, got)
		}
		p := i18n.For(l.Code)
		if got, want := tb.Text("#game-cards [data-game=regicide] .game-name"), p.T("game.regicide.title"); got != want {
			t.Errorf("%s: the Regicide card is named %q, want %q", l.Code, got, want)
		}
		if got, want := tb.Text("#create-title"), p.T("web.lobby.create-title"); got != want {
			t.Errorf("%s: the form's title is %q, want %q", l.Code, got, want)
		}
		for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
			tb.Resize(sz)
			tb.NoOverflow("the lobby " + l.Code + " " + sz.Name)
			tb.Shot("lobby-" + l.Code + "-" + sz.Name)
		}
		// Mirrored in Hebrew: on a laptop the form stands at the start of
		// the line (right in Hebrew), the side column at its end, the brand
		// at the header's start, the picker at the footer's.
		// An open table's seats read in the line's direction: the first
		// seat (alice, a name in Latin letters) before the second.
		starts := webtest.Eval[[]bool](tb, `(() => {
			const x = (sel) => document.querySelector(sel).getBoundingClientRect();
			const mid = (r) => r.left + r.width / 2;
			const seats = document.querySelector("#open .table-seats");
			const range = document.createRange();
			range.setStart(seats.lastChild, 0);
			range.setEnd(seats.lastChild, seats.lastChild.length);
			return [mid(x(".create-panel")) > mid(x(".lobby-side")), mid(x(".brand")) > innerWidth / 2, mid(x(".lang-picker")) > innerWidth / 2,
				mid(seats.querySelector("[translate=no]").getBoundingClientRect()) > mid(range.getBoundingClientRect())];
		})()`)
		for i, what := range []string{"the form right of the side column", "the brand on the right", "the picker on the right", "the first seat right of the second"} {
			if starts[i] != (l.Dir == "rtl") {
				t.Errorf("%s: %s is %v, want %v (dir %s)", l.Code, what, starts[i], l.Dir == "rtl", l.Dir)
			}
		}
		lobbyEveryState(tb)
		tb.Axe("the lobby " + l.Code)
		if l.Code == i18n.Pseudo {
			tb.Untranslated("the lobby", "")
		}
	}
}

// lobbyEveryState puts the lobby's form in the states that write their own
// sentences: three seats (a friend's, anyone's, a bot's), a private table,
// a live clock with a reserve, a changed option, More options open.
func lobbyEveryState(tb *webtest.Tab) {
	tb.T.Helper()
	tb.Do(chromedp.SetValue(chromedp.CSS("#seats-n"), "3"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('seats-n').dispatchEvent(new Event('change'))"))
	tb.Wait("three seats", "document.getElementById('seat-2')")
	tb.Do(chromedp.SetValue(chromedp.CSS("#seat-1"), "friend"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('seat-1').dispatchEvent(new Event('change', {bubbles: true}))"))
	tb.Click("label:has(#unlisted)")
	tb.Do(chromedp.SetValue(chromedp.CSS("#pace"), "live"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('pace').dispatchEvent(new Event('change', {bubbles: true}))"),
		chromedp.SetValue(chromedp.CSS("#pace-reserve"), "2m"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('pace-reserve').dispatchEvent(new Event('change', {bubbles: true}))"))
	tb.Click("#more-options summary")
	tb.Wait("More options open", "document.getElementById('more-options').open")
	setOption(tb, "opt-max-battles", "6")
	tb.Wait("a changed option", "!document.querySelector('[data-option=max-battles] .changed-mark').hidden")
	tb.Shot("lobby-every-state-" + webtest.Eval[string](tb, "document.documentElement.lang"))
}

// setOption types value into the lobby's option box id and says so.
func setOption(tb *webtest.Tab, id, value string) {
	tb.T.Helper()
	tb.Do(chromedp.SetValue(chromedp.CSS("#"+id), value),
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf("document.getElementById(%q).dispatchEvent(new Event('input', {bubbles: true})); document.getElementById(%[1]q).dispatchEvent(new Event('change', {bubbles: true}))", id)))
}

// welshBattles are Welsh's six plural forms of a feminine noun after
// digits, as a reader expects them (zero, one, two, few, many, other).
var welshBattles = map[int]string{0: "0 brwydrau", 1: "1 frwydr", 2: "2 frwydr", 3: "3 brwydr", 6: "6 brwydr", 10: "10 brwydr"}

// TestBrowserLobbyCounts changes War's battle limit in the lobby to 0, 1,
// 2, 3, 6 and 10 in every language: the form says the value now chosen as
// package i18n writes it — in Welsh six plural forms (dim, un, dau, tri,
// chwe, deg: "0 brwydrau", "1 frwydr", "2 frwydr", "3 brwydr", "6 brwydr",
// "10 brwydr"), no "1 battles" in any language.
func TestBrowserLobbyCounts(t *testing.T) {
	s := webtest.NewSite(t)
	for _, l := range i18n.Languages() {
		tb := s.Tab(t)
		tb.Open("/?lang=" + l.Code)
		tb.Wait("the lobby", "document.querySelector('#opt-max-battles')")
		p := i18n.For(l.Code)
		for _, n := range []int{0, 1, 2, 3, 6, 10} {
			setOption(tb, "opt-max-battles", fmt.Sprint(n))
			value := p.T("noun.battles", engine.CountArg(n))
			want := p.T("web.lobby.now", engine.TextArg("value", value))
			tb.Wait(fmt.Sprintf("%s: %d battles", l.Code, n), fmt.Sprintf("document.querySelector('[data-option=max-battles] .option-now').textContent.trim() === %q", want))
			if w, ok := welshBattles[n]; ok && l.Code == "cy" && value != w {
				t.Errorf("Welsh writes %d battles %q, want %q", n, value, w)
			}
		}
	}
}
