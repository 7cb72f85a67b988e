package pages_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"cardtable/web/webtest"
)

// testLobbyLayout checks the lobby as a newcomer first meets it. On a
// laptop (1280×800) the games, the whole create form with its Create
// button and the open tables are on screen together, without scrolling:
// the rarely-used options wait behind More options while the presets and
// the seats are in the form, one row a seat; the listed control has a
// label a person sees, and a private table's open seat is anyone's with
// the link, not the lobby's; the game is picked by keyboard, its focus
// shown on its card. On a phone (390×844) the header's links sit on one
// line under the name, the name box's placeholder is not clipped, nothing
// sticks out sideways, and Create is on screen. axe-core stays clean with
// More options open.
func testLobbyLayout(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	lobbyOnLaptop(t, tb)
	lobbyByKeyboard(t, tb)
	lobbyOnPhone(t, tb)
}

// lobbyOnLaptop: everything on screen at 1280×800, More options closed,
// the listed choice labelled, one row a seat.
func lobbyOnLaptop(t *testing.T, tb *webtest.Tab) {
	tb.Resize(webtest.Laptop)
	tb.Open("/")
	tb.Wait("the seats", "document.querySelector('#seat-1') && document.querySelector('#open li')")
	for _, el := range []struct{ what, sel string }{
		{"the games", "#game-cards"},
		{"the presets", "#presets"},
		{"the seats", "#seats"},
		{"the listed choice", "label:has(#listed)"},
		{"More options", "#more-options summary"},
		{"Create", "#create button[type=submit]"},
		{"the open tables", "#open"},
	} {
		tb.OnScreen(el.what+" on a laptop", el.sel)
	}
	if webtest.Eval[bool](tb, "document.getElementById('more-options').open || document.getElementById('opt-peace').checkVisibility()") {
		t.Errorf("a rarely-used option (Peace) is in the form at first; want it behind More options")
	}
	if label := webtest.Eval[string](tb, "(() => { const l = document.querySelector('label:has(#listed)'); return l && l.checkVisibility() ? l.textContent.trim() : '' })()"); !strings.HasPrefix(label, "Listed") {
		t.Errorf("the listed control's visible label is %q", label)
	}
	if group := webtest.Eval[string](tb, "document.getElementById(document.getElementById('listed').closest('[role=radiogroup]').getAttribute('aria-labelledby')).textContent"); group == "" {
		t.Errorf("the listed choice's group has no label")
	}

	// Three players: three rows, each a seat number and one control.
	tb.Do(chromedp.SetValue(chromedp.CSS("#seats-n"), "3"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('seats-n').dispatchEvent(new Event('change'))"))
	tb.Wait("three seats", "document.getElementById('seat-2')")
	rows := webtest.Eval[[]string](tb, "[...document.querySelectorAll('#seats > li')].map((li) => li.querySelector('label').textContent + ':' + li.querySelectorAll('select, input').length)")
	if strings.Join(rows, ",") != "Seat 1:1,Seat 2:1,Seat 3:1" {
		t.Errorf("the seats are %q; want one row a seat, each with one control", rows)
	}
	// A private table is in no lobby: its open seat is anyone's with the link.
	tb.Click("label:has(#unlisted)")
	tb.Wait("private", "document.getElementById('unlisted').checked")
	if got := webtest.Eval[string](tb, "document.querySelector('#seat-1 option[value=open]').textContent + ' / ' + document.getElementById('listed-about').textContent"); !strings.HasPrefix(got, "Anyone with the link / Only the people you send") {
		t.Errorf("a private table's open seat and listing say %q", got)
	}
	tb.Click("label:has(#listed)")
	tb.NoOverflow("the lobby on a laptop")
	tb.Shot("lobby-laptop")
	tb.Click("#more-options summary")
	tb.Wait("More options open", "document.getElementById('opt-peace').checkVisibility()")
	tb.Axe("the lobby with More options open")
	tb.Shot("lobby-laptop-more-options")
}

// lobbyByKeyboard: Tab to the chosen game's card, its focus shown on the
// card, and an arrow key picks the next game.
func lobbyByKeyboard(t *testing.T, tb *webtest.Tab) {
	tb.Open("/")
	tb.Wait("the seats", "document.querySelector('#seat-1')")
	for i := 0; i < 20 && !webtest.Eval[bool](tb, "document.activeElement.name === 'game-pick'"); i++ {
		tb.Key(kb.Tab)
	}
	if style := webtest.Eval[string](tb, "document.activeElement.name === 'game-pick' ? getComputedStyle(document.activeElement.closest('.game-card')).outlineStyle : 'not reached'"); style == "none" || style == "not reached" {
		t.Errorf("Tab to the games: the card's focus outline is %q", style)
	}
	tb.Key(kb.ArrowRight)
	tb.Wait("Regicide picked by keyboard", "document.getElementById('game').value === 'regicide' && document.querySelector('#rules-link a').getAttribute('href') === '/rules/regicide'")
}

// lobbyOnPhone: at 390×844 the header's links on one line, the name box's
// placeholder whole, nothing sticking out, Create on screen.
func lobbyOnPhone(t *testing.T, tb *webtest.Tab) {
	tb.Resize(webtest.Phone)
	tb.Open("/")
	tb.Wait("the seats", "document.querySelector('#seat-1') && document.querySelector('header .account-nav a')")
	lines := webtest.Eval[int](tb, "new Set([...document.querySelectorAll('header a:not(.home)')].filter((a) => a.checkVisibility()).map((a) => Math.round(a.getBoundingClientRect().top))).size")
	if lines != 1 {
		t.Errorf("the phone header's links are on %d lines; want one", lines)
	}
	clipped := webtest.Eval[string](tb, `(() => {
		const el = document.getElementById("name"), s = getComputedStyle(el);
		const c = document.createElement("canvas").getContext("2d");
		c.font = s.font;
		const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
		return c.measureText(el.placeholder).width > room ? el.placeholder + " in " + room + "px" : "";
	})()`)
	if clipped != "" {
		t.Errorf("the name box's placeholder is clipped: %s", clipped)
	}
	// Every choice of a seat, bots' levels included, reads whole in its
	// closed dropdown (the arrow takes about 20 px), in each game.
	for _, game := range []string{"war", "regicide", "watchtower"} {
		webtest.Eval[bool](tb, fmt.Sprintf("(document.querySelector('label[data-game=%s]').click(), true)", game))
		tb.Wait("the seats of "+game, fmt.Sprintf("document.getElementById('game').value === %q && document.querySelector('#seats select')", game))
		cut := webtest.Eval[[]string](tb, `[...document.querySelectorAll("#seats select")].flatMap((el) => {
			const s = getComputedStyle(el);
			const c = document.createElement("canvas").getContext("2d");
			c.font = s.font;
			const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
			return [...el.options].filter((o) => c.measureText(o.textContent).width > room).map((o) => o.textContent + " in " + Math.round(room) + "px");
		})`)
		if len(cut) > 0 {
			t.Errorf("%s: seat choices cut in their dropdown on a phone: %q", game, cut)
		}
	}
	webtest.Eval[bool](tb, "(document.querySelector('label[data-game=war]').click(), true)")
	tb.NoOverflow("the lobby on a phone")
	tb.OnScreen("Create on a phone", "#create button[type=submit]")
	tb.Shot("lobby-phone")
}
