package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"cardtable/web/webtest"
)

// testLobbyLayout checks the lobby as a newcomer first meets it. On a
// laptop (1280×800) the games, the whole create form with its Create
// button and the open tables are on screen together, without scrolling:
// the rarely-used options wait behind More options while the presets and
// the seats are in the form, one row a seat; the listed control has a
// label a person sees. On a phone (390×844) the header's links sit on one
// line under the name, the name box's placeholder is not clipped, nothing
// sticks out sideways, and Create is on screen. axe-core stays clean with
// More options open.
func testLobbyLayout(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
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
	tb.NoOverflow("the lobby on a laptop")
	tb.Shot("lobby-laptop")
	tb.Click("#more-options summary")
	tb.Wait("More options open", "document.getElementById('opt-peace').checkVisibility()")
	tb.Axe("the lobby with More options open")
	tb.Shot("lobby-laptop-more-options")

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
	tb.NoOverflow("the lobby on a phone")
	tb.OnScreen("Create on a phone", "#create button[type=submit]")
	tb.Shot("lobby-phone")
}
