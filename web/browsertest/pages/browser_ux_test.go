package pages_test

import (
	"cardtable/web/webtest"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

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
