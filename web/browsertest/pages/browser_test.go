package pages_test

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/web/webtest"

	"github.com/chromedp/chromedp"
)

// TestBrowser drives the lobby, the invite page, the rules and the replay in Chromium against one server.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	t.Run("Lobby", func(t *testing.T) { testLobby(t, s) })
	t.Run("Rules", func(t *testing.T) { testRules(t, s) })
	t.Run("Invites", func(t *testing.T) { testInvites(t, s) })
	t.Run("Share", func(t *testing.T) { testShare(t, s) })
	t.Run("LobbyWords", func(t *testing.T) { testLobbyWords(t, s) })
	t.Run("LobbyLayout", func(t *testing.T) { testLobbyLayout(t, s) })
	t.Run("ReplayWords", func(t *testing.T) { testReplayWords(t, s) })
}

// testLobby creates a table of each game from the lobby's form, with the
// player in seat 1 and bots elsewhere, and checks the table page draws it.
func testLobby(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	tb.Do(chromedp.Navigate(s.URL + "/"))
	tb.Wait("the game list", "document.querySelectorAll('#game option').length === 3")
	tb.Do(chromedp.SendKeys(chromedp.CSS("#name"), "alice"))
	tb.Shot("lobby")
	for _, game := range []string{"war", "regicide", "watchtower"} {
		tb.Do(chromedp.Navigate(s.URL + "/"))
		tb.Wait("the game list", "document.querySelectorAll('#game option').length === 3")
		tb.Do(chromedp.SetValue(chromedp.CSS("#game"), game),
			chromedp.Evaluate[chromedp.Void]("document.getElementById('game').dispatchEvent(new Event('change'))"))
		tb.Wait("the seats", "document.querySelector('#seat-0')")
		if got := webtest.Eval[string](tb, "document.getElementById('seat-0').value"); got != "human" {
			t.Fatalf("%s: seat 1 is %q by default, want the player (human)", game, got)
		}
		tb.Click("#create button[type=submit]")
		tb.Wait("the "+game+" board", "document.querySelector('.board ."+game+"')")
		if who := webtest.Eval[string](tb, "document.querySelector('.who').textContent"); who != "You are alice" {
			t.Errorf("%s: header says %q, want You are alice", game, who)
		}
		tb.Wait("a turn for the player", "window.cardtableTable.shownLegal > 0")
		tb.Shot("table-" + game)
	}
	testFreeSeats(t, s, tb)
}

// testFreeSeats creates tables with a seat for a person from alice's
// lobby (tb): one shows its invite link and carol joins it from the list
// of open tables; on the other alice hands the free seat to a bot.
func testFreeSeats(t *testing.T, s *webtest.Site, tb *webtest.Tab) {
	tb.Do(chromedp.Navigate(s.URL + "/"))
	tb.Wait("the seats", "document.querySelector('#seat-1')")
	tb.Do(chromedp.SetValue(chromedp.CSS("#seat-1"), "open"),
		chromedp.Click(chromedp.CSS("#create button[type=submit]")))
	tb.Wait("the invite link", "document.querySelector('.invites input.link')")
	link := webtest.Eval[string](tb, "document.querySelector('.invites input.link').value")
	if !strings.Contains(link, "invite=") || !strings.Contains(link, "seat=1") {
		t.Errorf("invite link %q names no seat and invite code", link)
	}
	tb.Shot("table-with-invite")
	id := webtest.Eval[string](tb, "location.pathname.slice(3)")

	// carol joins it from her own lobby's list of open tables.
	carol := s.Tab(t)
	carol.Do(chromedp.Navigate(s.URL + "/"))
	carol.Wait("the open table", fmt.Sprintf("document.querySelector('#open li[data-table=%q] button')", id))
	carol.Shot("lobby-open-table")
	carol.Do(chromedp.SendKeys(chromedp.CSS("#name"), "carol"))
	carol.Click(fmt.Sprintf("#open li[data-table=%q] button", id))
	carol.Wait("carol at the table", "window.cardtableTable && window.cardtableTable.s.seat === 1 && window.cardtableTable.shown >= 0")
	if who := webtest.Eval[string](carol, "document.querySelector('.who').textContent"); who != "You are carol" {
		t.Errorf("carol's header says %q", who)
	}

	// A second table: its creator hands the free seat to a bot, which plays.
	tb.Do(chromedp.Navigate(s.URL + "/"))
	tb.Wait("the seats", "document.querySelector('#seat-1')")
	tb.Do(chromedp.SetValue(chromedp.CSS("#seat-1"), "friend"),
		chromedp.Click(chromedp.CSS("#create button[type=submit]")))
	tb.Wait("Give to a bot", "[...document.querySelectorAll('.seats button')].some(b => b.textContent === 'Give seat 2 to a bot')")
	tb.Click(".seats li[data-seat='1'] button")
	tb.Wait("the bot in seat 2", "window.cardtableTable.s.seats[1].kind === 'bot'")
	tb.Wait("seat 2's invite gone", "![...document.querySelectorAll('.invite-for')].some(e => e.textContent === 'Seat 2:')")
	tb.Wait("Flip", "document.querySelector('[data-action=flip]')")
	v := tb.Version()
	tb.Click("[data-action=flip]")
	tb.Wait("the bot's flip", fmt.Sprintf("window.cardtableTable.shown >= %d", v+2))
	tb.Shot("table-seat-given-to-bot")
}
