package layout_test

import (
	"strings"
	"testing"

	"cardtable/web/webtest"
)

// testPhoneLargeFont opens a War, a Watchtower and a solo Regicide table
// as their creator on a phone (390×844) with the browser's font at 32 px
// (issue 29 §6): nothing scrolls sideways or sticks out of its panel, and
// the move's button is inside the window (the action bar may rise over
// the header). The pages around the tables — the lobby, the lessons, the
// rules, a mistyped address — scroll no wider than the window either.
func testPhoneLargeFont(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	tb.Resize(webtest.Phone)
	defer tb.Resize(webtest.Laptop)
	tb.FontSize(32)
	defer tb.FontSize(16)
	for _, g := range []struct {
		game, action string
		opts         map[string]string
		seats        []string
	}{
		{"war", "[data-action=flip]", nil, []string{"human", "heuristic"}},
		{"watchtower", "[data-action=done]", nil, []string{"human", "heuristic"}},
		{"regicide", ".action-bar .whose", map[string]string{"players": "1"}, []string{"human"}},
	} {
		tb.Sit(s.Create(t, webtest.One(g.game, g.opts, g.seats...)))
		tb.Wait("the move", "document.querySelector(`"+g.action+"`)")
		narrow(t, tb, g.game)
		tb.InViewport(g.game+" at 390 px, font 32 px", g.action)
		tb.NoOverflow(g.game + " at 390 px, font 32 px")
		tb.Shot("phone-font-32-" + g.game)
	}
	for _, page := range []string{"/", "/learn/", "/rules/watchtower", "/rules/regicide", "/rules/war", "/no-such-page"} {
		tb.Open(page)
		tb.Wait("the page", "document.querySelector('h1, h2') && document.readyState === 'complete'")
		narrow(t, tb, page)
		tb.Shot("phone-font-32-page" + strings.ReplaceAll(page, "/", "-"))
	}
}

// narrow fails the test when the page scrolls sideways, naming what
// reaches past the window's right edge.
func narrow(t *testing.T, tb *webtest.Tab, where string) {
	t.Helper()
	if w := webtest.Eval[int](tb, "document.documentElement.scrollWidth"); w > 390 {
		t.Errorf("%s at 390 px, font 32 px: the page is %d px wide: %s", where, w, webtest.Eval[string](tb, tooWide))
	}
}

// tooWide names the elements, and the runs of text, that reach past the
// window's right edge (text may overflow a box that itself fits).
const tooWide = `(() => {
	const name = (e) => e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '');
	const out = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 391).map((e) => name(e) + ' ' + Math.round(e.getBoundingClientRect().right));
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		if (n.parentElement.closest('.visually-hidden')) continue; // clipped to a pixel
		const r = document.createRange();
		r.selectNodeContents(n);
		const right = r.getBoundingClientRect().right;
		if (right > 391) out.push('text "' + n.textContent.trim().slice(0, 30) + '" in ' + name(n.parentElement) + ' ' + Math.round(right));
	}
	return out.slice(0, 10).join(', ');
})()`
