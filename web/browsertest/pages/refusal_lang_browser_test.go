package pages_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"cardtable/web/webtest"
)

// TestBrowserLobbyRefusalInTheReadersLanguage: a lobby read in Welsh (or
// Hebrew) that asks for a table the server refuses — a bot setting the
// bot does not take, typed in the seat's settings — shows the refusal in
// that language: the sentence the server wrote from the bot's message,
// naming the seat and the bot.
func TestBrowserLobbyRefusalInTheReadersLanguage(t *testing.T) {
	s := webtest.NewSite(t)
	for _, c := range []struct{ lang, seat, want string }{
		{"cy", "sedd 2 (expert): ", `nid yw iterations="lots" yn werth y mae'r gosodiad hwn yn ei dderbyn`},
		{"he", "מושב 2 (expert): ", `iterations="lots" אינו ערך שההגדרה הזו מקבלת`},
	} {
		tb := s.Tab(t)
		tb.Open("/?lang=" + c.lang)
		tb.Wait("the lobby", "document.querySelector('#seat-1')")
		regicideForTwo(tb)
		tb.Do(chromedp.SetValue(chromedp.CSS("#seat-1"), "bot:expert"), chromedp.SetValue(chromedp.CSS("#seat-1-settings"), "iterations=lots"))
		tb.Click("#create button[type=submit]")
		tb.Wait("the error", "document.getElementById('create-error').textContent")
		if msg := tb.Text("#create-error"); !strings.HasPrefix(msg, c.seat) || !strings.Contains(msg, c.want) {
			t.Errorf("%s: the refused table says %q; want %q…%q", c.lang, msg, c.seat, c.want)
		}
		tb.Shot("lobby-refusal-" + c.lang)
	}
}

// regicideForTwo picks Regicide for two in the lobby's form.
func regicideForTwo(tb *webtest.Tab) {
	tb.Do(chromedp.SetValue(chromedp.CSS("#game"), "regicide"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('game').dispatchEvent(new Event('change'))"))
	tb.Wait("Regicide's options", "document.getElementById('opt-first')")
	tb.Do(chromedp.SetValue(chromedp.CSS("#seats-n"), "2"),
		chromedp.Evaluate[chromedp.Void]("document.getElementById('seats-n').dispatchEvent(new Event('change'))"))
	tb.Wait("two seats", "document.getElementById('seat-1')")
}
