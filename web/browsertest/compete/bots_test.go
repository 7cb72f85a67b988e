package compete_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/web/webtest"

	"github.com/chromedp/chromedp"
)

// asBot asks the site for quick pairing signed with token and cancels the
// request if it was taken; it returns the status.
func asBot(t *testing.T, s *webtest.Site, token string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+"/api/pairing", bytes.NewReader([]byte(`{"choice":"watchtower-2-1m","bots":true}`)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusAccepted {
		var out struct{ ID string }
		if json.NewDecoder(resp.Body).Decode(&out) == nil {
			cancel, _ := http.NewRequest("DELETE", s.URL+"/api/pairing/"+out.ID, nil)
			if r, err := http.DefaultClient.Do(cancel); err == nil {
				r.Body.Close()
			}
		}
	}
	return resp.StatusCode
}

// TestBotAccountsPage: from the account page a person opens the bot
// accounts page, makes a bot (its token shown once, and it signs quick
// pairing requests), replaces the token (the old one stops working at
// once), revokes it (none works), and shuts the bot off and lets it play
// again; the page is checked on a laptop and a phone.
func TestBotAccountsPage(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewAccountSite(t, time.Now)
	tb := s.Tab(t)
	tb.Resize(webtest.Laptop)
	signUp(t, tb, "Ann")
	tb.Open("/account")
	tb.Wait("the account page's link", "document.getElementById('bots-link')")
	tb.Click("#bots-link")
	tb.Wait("the bot accounts page", "location.pathname === '/account/bots' && document.getElementById('bot-make')")
	tb.Do(chromedp.SendKeys(chromedp.CSS("#bot-name"), "Robo"))
	tb.Click("#bot-make button[type=submit]")
	tb.Wait("the new bot's token", "document.querySelector('#bot-token code.token') && document.querySelector('.bot-list li')")
	first := tb.Text("#bot-token code.token")
	if !strings.HasPrefix(first, "ctbot_") {
		t.Fatalf("the token shown: %q", first)
	}
	if code := asBot(t, s, first); code != http.StatusAccepted {
		t.Errorf("a request signed with the new token: %d", code)
	}
	for _, size := range []webtest.Size{webtest.Laptop, webtest.Phone} {
		tb.Resize(size)
		tb.NoOverflow("the bot accounts page with a token shown")
		tb.Axe("the bot accounts page with a token shown")
		tb.Shot(fmt.Sprintf("bots-%dx%d", size.W, size.H))
	}
	tb.Resize(webtest.Laptop)

	tb.Click("[data-act=token]")
	tb.Wait("a new token", fmt.Sprintf("(document.querySelector('#bot-token code.token') || {}).textContent !== %q", first))
	second := tb.Text("#bot-token code.token")
	if code := asBot(t, s, first); code != http.StatusUnauthorized {
		t.Errorf("the replaced token: %d, want 401", code)
	}
	if code := asBot(t, s, second); code != http.StatusConflict && code != http.StatusAccepted {
		t.Errorf("the new token: %d, want it taken (or 409: the bot waits already)", code)
	}

	tb.Click("[data-act=revoke]")
	tb.Wait("revoked", "document.querySelector('#bot-token.notice') && !document.querySelector('#bot-token code.token')")
	if code := asBot(t, s, second); code != http.StatusUnauthorized {
		t.Errorf("the revoked token: %d, want 401", code)
	}

	tb.Click("[data-act=off]")
	tb.Wait("shut off", "document.querySelector('.bot-off') && document.querySelector('[data-act=on]')")
	tb.Click("[data-act=token]")
	tb.Wait("a third token", "document.querySelector('#bot-token code.token')")
	third := tb.Text("#bot-token code.token")
	if code := asBot(t, s, third); code != http.StatusUnauthorized {
		t.Errorf("the token of a bot shut off: %d, want 401", code)
	}
	tb.Click("[data-act=on]")
	tb.Wait("on again", "document.querySelector('.bot-on') && document.querySelector('[data-act=off]')")
	if code := asBot(t, s, third); code != http.StatusAccepted && code != http.StatusConflict {
		t.Errorf("the token once the bot plays again: %d", code)
	}
	tb.Axe("the bot accounts page")

	guest := s.Tab(t)
	guest.Open("/account/bots")
	guest.Wait("the guest's note", "document.querySelector('#app a[href=\"/account\"]')")
}
