package compete_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/server/secret"
	"cardtable/store"
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

// rate gives user an established Watchtower rating r in the site's store
// (one rated game settled).
func rate(t *testing.T, s *webtest.Site, user string, r float64) {
	t.Helper()
	ctx := context.Background()
	tb := store.Table{ID: "rated" + user, Game: "watchtower", Options: map[string]string{"players": "2"}, Seed: 1, Rated: true, Created: time.Now(),
		Seats: []store.Seat{{Name: "a", Kind: "human", Token: "x"}, {Name: "b", Kind: "human", Token: "y"}}}
	if err := s.Store.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	c := store.RatingChange{Before: store.Rating{User: user, Category: "watchtower", R: 1500, RD: 350, Vol: 0.06},
		After: store.Rating{R: r, RD: 40, Vol: 0.06}}
	res := engine.Result{Over: true, End: "won", Winners: []int{0}, Returns: []float64{1, -1}, Length: 10}
	if err := s.Store.Settle(ctx, store.Settlement{Table: tb.ID, Result: res, At: time.Now(), Ratings: []store.RatingChange{c}}); err != nil {
		t.Fatal(err)
	}
}

// TestBotsMarked: a bot account is titled BOT on the leaderboards and its
// profile, the boards list everyone, people only or bots only, and a
// player's profile lists the tournaments they entered.
func TestBotsMarked(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewAccountSite(t, time.Now)
	tb := s.Tab(t)
	tb.Resize(webtest.Laptop)
	signUp(t, tb, "Ann")
	ctx := context.Background()
	ann, err := s.Store.UserByKey(ctx, "ann")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Store.CreateBot(ctx, store.BotAccount{User: store.User{ID: "robo", Name: "Robo", Key: "robo", Created: time.Now()},
		Owner: ann.ID, Created: time.Now()}, 0); err != nil {
		t.Fatal(err)
	}
	rate(t, s, "robo", 1700)
	rate(t, s, ann.ID, 1600)
	tb.Do(chromedp.Evaluate[chromedp.Void](`fetch("/api/tournaments", {method: "POST", headers: {"Content-Type": "application/json"},
		body: JSON.stringify({kind: "swiss", game: "war", preset: "classic", name: "Ann's Swiss", rounds: 3, clock: "1m", starts_in: 60})})
		.then((r) => r.json()).then((tn) => fetch("/api/tournaments/" + tn.id + "/join", {method: "POST"})).then((r) => { window.joined = r.status; })`))
	tb.Wait("Ann in her tournament", "window.joined === 200")

	rows := "[...document.querySelector('#watchtower table').querySelectorAll('tbody tr')].map((r) => [...r.cells].map((c) => c.textContent.trim()).join(' ')).join('|')"
	for _, c := range []struct{ who, want string }{{"", "1 BOT Robo 1700 ±80 1|2 Ann 1600 ±80 1"}, {"people", "1 Ann 1600 ±80 1"}, {"bots", "1 BOT Robo 1700 ±80 1"}} {
		path := "/leaderboards"
		if c.who != "" {
			path += "?who=" + c.who
		}
		tb.Open(path)
		tb.Wait("the Watchtower board", "document.querySelector('#watchtower tbody tr') && document.getElementById('lb-who')")
		if got := webtest.Eval[string](tb, rows); !strings.HasPrefix(got, c.want) {
			t.Errorf("the board of %q: %q; want %q", c.who, got, c.want)
		}
	}
	tb.Open("/leaderboards")
	tb.Wait("the board", "document.querySelector('#watchtower .bot-title')")
	tb.Do(chromedp.SetValue(chromedp.CSS("#lb-who"), "bots")) // its change event takes the page to ?who=bots
	tb.Wait("bots only", "location.search === '?who=bots' && document.querySelector('#watchtower tbody tr')")
	tb.NoOverflow("the leaderboards of bots")
	tb.Axe("the leaderboards of bots")
	tb.Open("/leaderboards")
	tb.Wait("the board", "document.querySelector('#watchtower .bot-title')")
	tb.Shot("leaderboards-everyone")

	tb.Open("/u/Robo")
	tb.Wait("Robo's profile", "document.querySelector('h1 .bot-title') && document.getElementById('bot-note')")
	tb.Wait("the challenge panel", "document.getElementById('ch-send') && document.querySelector('#ch-choice option[value=\"watchtower-2-1m\"]')")
	tb.Axe("a bot account's profile")
	tb.Shot("profile-bot")
	// Ann challenges Robo; Robo's program, asking for the same game, takes
	// it up and Ann's browser goes to the table.
	tb.Do(chromedp.SetValue(chromedp.CSS("#ch-choice"), "watchtower-2-1m"))
	tb.Click("#ch-send")
	tb.Wait("the challenge waiting", "document.getElementById('ch-waiting')")
	const tok = "ctbot_robo-token-for-the-test"
	if err := s.Store.SetBotToken(ctx, ann.ID, store.BotToken{ID: secret.Hash(tok), Bot: "robo", Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if code := asBot(t, s, tok); code != http.StatusAccepted {
		t.Fatalf("Robo asking for a game: %d", code)
	}
	tb.Wait("Ann at the table with Robo", "location.pathname.startsWith('/t/')")
	hdr, err := s.Store.Table(ctx, strings.TrimPrefix(pathOf(tb), "/t/"))
	if err != nil || (hdr.Seats[0].Name != "BOT Robo" && hdr.Seats[1].Name != "BOT Robo") {
		t.Errorf("the challenge's table: %+v, %v; want BOT Robo at it", hdr.Seats, err)
	}
	tb.Open("/u/Robo")
	tb.Open("/u/Ann")
	tb.Wait("Ann's profile", "document.querySelector('#tournaments li')")
	if tb.Has("h1 .bot-title") || !strings.Contains(tb.Text("#tournaments li"), "Ann's Swiss") {
		t.Errorf("Ann's profile: titled BOT %v, tournaments %q", tb.Has("h1 .bot-title"), tb.Text("#tournaments li"))
	}
	for _, size := range []webtest.Size{webtest.Laptop, webtest.Phone} {
		tb.Resize(size)
		tb.NoOverflow("a profile with tournaments")
		tb.Axe("a profile with tournaments")
		tb.Shot(fmt.Sprintf("profile-tournaments-%dx%d", size.W, size.H))
	}
}
