package play_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"cardtable/web/webtest"
)

// keyboard presses keys in a tab and counts them.
type keyboard struct {
	tb   *webtest.Tab
	keys int
}

func (k *keyboard) press(keys ...string) {
	k.tb.T.Helper()
	for _, key := range keys {
		k.tb.Key(key)
		k.keys++
	}
}

// tabTo presses Tab until the focus is on sel, and returns how many Tabs
// it took.
func (k *keyboard) tabTo(sel string) int {
	k.tb.T.Helper()
	for n := 0; n < 80; n++ {
		if webtest.Eval[bool](k.tb, fmt.Sprintf("!!document.activeElement && document.activeElement.matches(%q)", sel)) {
			return n
		}
		k.press(kb.Tab)
	}
	k.tb.Fail()
	k.tb.T.Fatalf("Tab never reaches %s", sel)
	return 0
}

// turn is what the page offers now: the legal actions and the hand.
type turn struct {
	Legal []string `json:"legal"`
	Hand  []string `json:"hand"`
	Phase string   `json:"phase"`
	Over  bool     `json:"over"`
}

const readTurn = `(() => { const s = window.cardtableTable.s; return {legal: s.legal, hand: (s.view && s.view.hand) || [], phase: (s.view && s.view.phase) || "", over: !!document.querySelector('.end')}; })()`

// testKeyboardRegicide plays a whole solo Regicide game by keyboard alone
// (issue 29 §5), counting the keys: the first Tab reaches the skip link,
// whose Enter puts the focus in the action bar; ? lists the keys; each
// play or discard is its cards' digits (shown on the cards) and Enter —
// on the chosen card, Enter plays the selection as the Play button says;
// Y yields, J uses a Jester power. The Play button is a few Tabs after the
// hand.
func testKeyboardRegicide(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("regicide", map[string]string{"players": "1"}, "human"))
	tb := s.Tab(t)
	tb.Sit(c)
	k := &keyboard{tb: tb}
	tb.Wait("the hand", "document.querySelector('.hand .card-button:not([disabled])')")
	k.press(kb.Tab)
	if !webtest.Eval[bool](tb, "document.activeElement.matches('a.skip-link')") {
		t.Errorf("the first Tab reaches %s, not the skip link", webtest.Eval[string](tb, "document.activeElement.outerHTML.slice(0, 80)"))
	}
	tb.OnScreen("the skip link, focused", "a.skip-link")
	tb.Shot("keys-skip-link")
	k.press(kb.Enter)
	if !webtest.Eval[bool](tb, "!!document.activeElement.closest('#action-bar')") {
		t.Errorf("the skip link's Enter left the focus on %s, not in the action bar", webtest.Eval[string](tb, "document.activeElement.outerHTML.slice(0, 80)"))
	}
	keysHelp(t, tb, k, "Regicide", "Enter", "Y", "J")

	// From the hand's first card, Tabs to the Play button.
	first := webtest.Eval[string](tb, "window.cardtableTable.s.view.hand[0]")
	k.press("1")
	tb.Wait("the first card chosen and focused", fmt.Sprintf("document.activeElement.matches('.hand [data-card=%q][aria-pressed=true]')", first))
	if !webtest.Eval[bool](tb, "document.documentElement.classList.contains('keyboard') && getComputedStyle(document.querySelector('.hand .card-key')).display !== 'none'") {
		t.Errorf("the card keys are not shown while the keyboard is in use")
	}
	tb.Shot("keys-card-digits")
	tabs := k.tabTo(".action-bar [data-action^='play ']")
	hand := webtest.Eval[int](tb, "window.cardtableTable.s.view.hand.length")
	t.Logf("from the hand's first card to Play: %d Tabs (hand of %d)", tabs, hand)
	if tabs > hand+2 {
		t.Errorf("Play is %d Tabs from the hand's first card (hand of %d); want it right after the hand", tabs, hand)
	}
	k.press(kb.Escape) // the focus is on Play: Escape is the game's, clearing the selection
	tb.Wait("the selection cleared", "!document.querySelector('.hand [aria-pressed=true]')")

	actions := 0
	for {
		// The turn drawn: the keys act on the hand on screen.
		tb.WaitPlaying("a turn or the end", "document.querySelector('.end') || window.cardtableTable.shownLegal > 0 && window.cardtableTable.shown === window.cardtableTable.s.version")
		now := webtest.Eval[turn](tb, readTurn)
		if now.Over {
			break
		}
		v := tb.Version()
		kind := "play"
		if now.Phase == "discard" {
			kind = "discard"
		}
		choice := ""
		for _, a := range now.Legal {
			if a == kind || strings.HasPrefix(a, kind+" ") {
				choice = a
				break
			}
		}
		switch {
		case choice != "":
			for _, c := range strings.Fields(choice)[1:] {
				k.press(fmt.Sprint(slices.Index(now.Hand, strings.ToUpper(c)) + 1))
			}
			k.press(kb.Enter)
		case slices.Contains(now.Legal, "yield"):
			k.press("y")
		case slices.Contains(now.Legal, "power"):
			k.press("j")
		default:
			k.tabTo(fmt.Sprintf(".action-bar [data-action=%q]", now.Legal[0]))
			k.press(kb.Enter)
		}
		tb.WaitPlaying("the move by keyboard", fmt.Sprintf("window.cardtableTable.shown > %d || document.querySelector('.end')", v))
		actions++
	}
	tb.Shot("keys-regicide-end")
	t.Logf("a whole solo Regicide game by keyboard: %d keys for %d actions (%s)", k.keys, actions, tb.Text(".end h2"))
	if k.keys > 4*actions+20 {
		t.Errorf("%d keys for %d actions", k.keys, actions)
	}
}

// keysHelp opens the list of keys with ?, checks it names the table's
// keys and the game's, looks at it at both sizes, and closes it with
// Escape, the focus back where it was.
func keysHelp(t *testing.T, tb *webtest.Tab, k *keyboard, game string, keys ...string) {
	t.Helper()
	was := webtest.Eval[string](tb, "document.activeElement.outerHTML")
	k.press("?")
	tb.Wait("the list of keys", "document.querySelector('dialog.keys-dialog[open]')")
	text := tb.Text("dialog.keys-dialog")
	for _, key := range append([]string{"?", "Tab", "M"}, keys...) {
		if !strings.Contains(text, key) {
			t.Errorf("the list of keys at %s does not name %s: %q", game, key, text)
		}
	}
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(sz)
		tb.OnScreen("the list of keys", "dialog.keys-dialog h2")
		tb.Shot(fmt.Sprintf("keys-help-%s-%s", strings.ToLower(game), sz.Name))
	}
	tb.Axe("the list of keys")
	k.press(kb.Escape)
	tb.Wait("the list closed", "!document.querySelector('dialog.keys-dialog')")
	if got := webtest.Eval[string](tb, "document.activeElement.outerHTML"); got != was {
		t.Errorf("closing the list of keys left the focus on %.80s, not where it was (%.80s)", got, was)
	}
}

// testKeyboardWatchtower plays Watchtower's setup and a first turn by
// keyboard alone, counting the keys: a digit places that card of the army
// (its digit drawn on it), D ends the setup, E the turn; a blind pick is
// its position's digit.
func testKeyboardWatchtower(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("watchtower", nil, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	k := &keyboard{tb: tb}
	tb.Wait("the setup", "window.cardtableTable.s.legal.includes('done')")
	keysHelp(t, tb, k, "Watchtower", "E", "D")
	v := tb.Version()
	k.press("1")
	tb.Wait("a card placed by its digit", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Wait("done offered", "window.cardtableTable.s.legal.includes('done')")
	k.press("d")
	turns, placed := 0, false
	for turns < 1 {
		tb.WaitPlaying("my turn", "window.cardtableTable.s.view.phase === 'play' && window.cardtableTable.shownLegal > 0 && window.cardtableTable.shown === window.cardtableTable.s.version || document.querySelector('.end')")
		if tb.Has(".end") {
			t.Fatal("the game ended before a turn")
		}
		now := webtest.Eval[turn](tb, readTurn)
		v := tb.Version()
		switch {
		case slices.ContainsFunc(now.Legal, func(a string) bool { return strings.HasPrefix(a, "pick ") }):
			n := strings.TrimPrefix(now.Legal[slices.IndexFunc(now.Legal, func(a string) bool { return strings.HasPrefix(a, "pick ") })], "pick ")
			k.press(n)
		case !placed && slices.ContainsFunc(now.Legal, func(a string) bool { return strings.HasPrefix(a, "place ") || strings.HasPrefix(a, "give ") }) && tb.Has(".army .card-button"):
			tb.Shot("keys-watchtower-turn")
			k.press("1")
			placed = true
		case slices.Contains(now.Legal, "end"):
			k.press("e")
			turns++
		default:
			t.Fatalf("a turn offering %v: no key for it", now.Legal)
		}
		tb.WaitPlaying("the move by keyboard", fmt.Sprintf("window.cardtableTable.shown > %d || document.querySelector('.end')", v))
	}
	t.Logf("Watchtower's setup and first turn by keyboard: %d keys", k.keys)
}
