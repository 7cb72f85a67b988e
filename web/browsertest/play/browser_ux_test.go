package play_test

import (
	"cardtable/web/webtest"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// testKeyboardOnly plays each game with the keyboard alone: Tab to a
// control, Enter or Space to press it, and the games' keys.
func testKeyboardOnly(t *testing.T, s *webtest.Site) {
	// War: Tab to Flip and press Enter; then F.
	c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	tb.TabTo("[data-action=flip]")
	v := tb.Version()
	tb.Key(kb.Enter)
	tb.Wait("the flip by Enter", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Wait("Flip again", "document.querySelector('[data-action=flip]')")
	v = tb.Version()
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.activeElement.blur()"))
	tb.Key("f")
	tb.Wait("the flip by F", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Shot("keyboard-war")

	// Regicide solo: Tab to a card, Space selects it, Tab to Play, Enter.
	c = s.Create(t, webtest.One("regicide", map[string]string{"players": "1"}, "human"))
	tb.Sit(c)
	tb.Wait("the hand", "document.querySelector('.hand .card-button:not([disabled])')")
	single := webtest.Eval[string](tb, "window.cardtableTable.s.legal.find((a) => /^play \\S+$/.test(a)).split(' ')[1]")
	tb.TabTo(fmt.Sprintf(".hand [data-card=%q]", single))
	tb.Key(" ")
	tb.Wait("the card selected", fmt.Sprintf("document.querySelector('.hand [data-card=%q][aria-pressed=true]')", single))
	if !webtest.Eval[bool](tb, fmt.Sprintf("document.activeElement.matches('.hand [data-card=%q]')", single)) {
		t.Errorf("after selecting, the focus left the card (a keyboard player loses their place)")
	}
	tb.TabTo(".action-bar [data-action^='play ']")
	v = tb.Version()
	tb.Key(kb.Enter)
	tb.Wait("the play by Enter", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Shot("keyboard-regicide")

	// Watchtower: Tab to Done, Enter; the zone labels explain on focus.
	c = s.Create(t, webtest.One("watchtower", nil, "human", "heuristic"))
	tb.Sit(c)
	tb.Wait("the setup", "document.querySelector('[data-action=done]') || document.querySelector('[data-action=end]')")
	tb.TabTo("button.zone")
	if !webtest.Eval[bool](tb, "getComputedStyle(document.activeElement.nextElementSibling).display !== 'none'") {
		t.Errorf("a zone's explanation does not show on focus")
	}
	tb.Shot("keyboard-watchtower-zone")
	tb.TabTo("[data-action=done], [data-action=end]")
	v = tb.Version()
	tb.Key(kb.Enter)
	tb.Wait("the setup done by Enter", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Shot("keyboard-watchtower")
}
