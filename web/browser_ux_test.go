package web_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"cardtable/table"
	"cardtable/web/webtest"
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
	war := moment(t, "war", nil, func(x *table.Table) bool {
		return seat0(x, has("flip")) && strings.Contains(string(mustJSON(t, x.View(0))), `"round":"war"`)
	})
	tb.Show(war...)
	tb.Wait("the war's stacks", "document.querySelectorAll('.laid svg.card').length >= 2")
	if n := webtest.Eval[int](tb, "Math.max(...[...document.querySelectorAll('.laid')].map((l) => l.querySelectorAll('svg.card').length))"); n < 1 || !tb.Has(".war-banner") {
		t.Errorf("a war shows %d cards a seat and no banner", n)
	}
	// A war that has built (the tied card, three down and one up: five
	// cards a seat) wraps its stacks on a phone; every card stays in its
	// seat's panel.
	built := moment(t, "war", nil, func(x *table.Table) bool {
		var v struct {
			Table [][]string `json:"table"`
		}
		if !seat0(x, has("flip")) || json.Unmarshal(mustJSON(t, x.View(0)), &v) != nil {
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

// tabTo presses Tab until the focused element matches sel (at most 80
// times) and fails the test otherwise; it checks the focus is visible.
func tabTo(t *testing.T, tb *webtest.Tab, sel string) {
	t.Helper()
	for range 80 {
		if webtest.Eval[bool](tb, fmt.Sprintf("!!document.activeElement && document.activeElement.matches(%q)", sel)) {
			style := webtest.Eval[string](tb, "getComputedStyle(document.activeElement).outlineStyle")
			if style == "none" {
				t.Errorf("the focus on %s is not visible (outline %s)", sel, style)
			}
			return
		}
		tb.Key(kb.Tab)
	}
	tb.Shot("tab-not-found")
	t.Fatalf("Tab never reaches %s", sel)
}

// testKeyboardOnly plays each game with the keyboard alone: Tab to a
// control, Enter or Space to press it, and the games' keys.
func testKeyboardOnly(t *testing.T, s *webtest.Site) {
	// War: Tab to Flip and press Enter; then F.
	c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	tabTo(t, tb, "[data-action=flip]")
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
	tabTo(t, tb, fmt.Sprintf(".hand [data-card=%q]", single))
	tb.Key(" ")
	tb.Wait("the card selected", fmt.Sprintf("document.querySelector('.hand [data-card=%q][aria-pressed=true]')", single))
	if !webtest.Eval[bool](tb, fmt.Sprintf("document.activeElement.matches('.hand [data-card=%q]')", single)) {
		t.Errorf("after selecting, the focus left the card (a keyboard player loses their place)")
	}
	tabTo(t, tb, ".action-bar [data-action^='play ']")
	v = tb.Version()
	tb.Key(kb.Enter)
	tb.Wait("the play by Enter", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Shot("keyboard-regicide")

	// Watchtower: Tab to Done, Enter; the zone labels explain on focus.
	c = s.Create(t, webtest.One("watchtower", nil, "human", "heuristic"))
	tb.Sit(c)
	tb.Wait("the setup", "document.querySelector('[data-action=done]') || document.querySelector('[data-action=end]')")
	tabTo(t, tb, "button.zone")
	if !webtest.Eval[bool](tb, "getComputedStyle(document.activeElement.nextElementSibling).display !== 'none'") {
		t.Errorf("a zone's explanation does not show on focus")
	}
	tb.Shot("keyboard-watchtower-zone")
	tabTo(t, tb, "[data-action=done], [data-action=end]")
	v = tb.Version()
	tb.Key(kb.Enter)
	tb.Wait("the setup done by Enter", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Shot("keyboard-watchtower")
}

// testInvites: alice keeps seat 2 for a friend and opens seat 3 to anyone.
// Carol's lobby offers only the open seat; the friend's invite link has a
// real code and its page says the game, options, who invites and the
// seats; Copy says "Copied" and the link is on the clipboard; Share hands
// the link to the system share sheet.
func testInvites(t *testing.T, s *webtest.Site) {
	alice := s.Tab(t)
	alice.Open("/")
	alice.Wait("the game list", "document.querySelectorAll('#game option').length === 3")
	alice.Do(chromedp.SendKeys(chromedp.CSS("#name"), "alice"),
		chromedp.SetValue(chromedp.CSS("#game"), "watchtower"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('game').dispatchEvent(new Event('change'))"))
	alice.Wait("the seats", "document.querySelector('#seats-n')")
	alice.Do(chromedp.SetValue(chromedp.CSS("#seats-n"), "3"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('seats-n').dispatchEvent(new Event('change'))"))
	alice.Wait("seat 3", "document.querySelector('#seat-2')")
	alice.Do(chromedp.SetValue(chromedp.CSS("#seat-1"), "friend"), chromedp.SetValue(chromedp.CSS("#seat-2"), "open"),
		chromedp.SetValue(chromedp.CSS("#opt-max-rounds"), "40"))
	alice.Click("#create button[type=submit]")
	alice.Wait("the invite links", "document.querySelectorAll('.invites input.link').length === 3")
	id := webtest.Eval[string](alice, "location.pathname.slice(3)")
	link := webtest.Eval[string](alice, "document.querySelector('.invites input.link').value")
	if !strings.Contains(link, "seat=1&invite=") || strings.HasSuffix(link, "invite=") {
		t.Errorf("the friend's invite link %q has no real code", link)
	}
	alice.Click(".invites li:first-child button.copy")
	alice.Wait("Copied", "document.querySelector('.invites li:first-child button.copy').textContent === 'Copied'")
	alice.Shot("invite-copied")
	carol := s.Tab(t)
	carol.Open("/")
	carol.Wait("the open table", fmt.Sprintf("document.querySelector('#open li[data-table=%q]')", id))
	joins := webtest.Eval[[]string](carol, fmt.Sprintf("[...document.querySelectorAll('#open li[data-table=%q] button')].map((b) => b.textContent)", id))
	if len(joins) != 1 || joins[0] != "Join as seat 3" {
		t.Errorf("carol's lobby offers %q; want only the open seat 3", joins)
	}
	if row := carol.Text(fmt.Sprintf("#open li[data-table=%q]", id)); !strings.Contains(row, "kept for a friend") || !strings.Contains(row, "Round limit: 40 rounds") {
		t.Errorf("the open table's row says %q", row)
	}
	bob := s.Tab(t)
	bob.Resize(webtest.Phone)
	bob.Do(chromedp.Navigate(link))
	bob.Wait("the invite page", "document.querySelector('form.join .invite-seats')")
	text := bob.Text("form.join")
	for _, want := range []string{"alice invites you to Watchtower", "3 players", "Round limit: 40 rounds", "Seat 1: alice", "Seat 2: yours", "Seat 3: free"} {
		if !strings.Contains(text, want) {
			t.Errorf("the invite page lacks %q: %q", want, text)
		}
	}
	bob.NoOverflow("the invite page")
	bob.Shot("invite-page-phone")
	bob.Axe("the invite page")
	bob.Do(chromedp.SendKeys(chromedp.CSS("#name"), "bob"))
	bob.Click("form.join button[type=submit]")
	bob.Wait("bob at the table", "window.cardtableTable && window.cardtableTable.s.seat === 1 && window.cardtableTable.shown >= 0")
}

// testShare stands in a Web Share API (a phone's; headless Chromium has
// none) and checks Share hands the invite link to it.
func testShare(t *testing.T, s *webtest.Site) {
	c := s.Create(t, map[string]any{"game": "war", "name": "alice", "seats": []map[string]any{{"kind": "human"}, {"kind": "human", "open": false}}})
	tb := s.Tab(t)
	tb.BeforeLoad(`navigator.share = (d) => { window.shared = d; return Promise.resolve(); };`)
	tb.Sit(c)
	tb.Wait("Share", "document.querySelector('.invites button.share')")
	tb.Click(".invites li:first-child button.share")
	tb.Wait("the share sheet", "window.shared")
	if url := webtest.Eval[string](tb, "window.shared.url"); !strings.Contains(url, "invite=") {
		t.Errorf("shared %q, not the invite link", url)
	}
}
