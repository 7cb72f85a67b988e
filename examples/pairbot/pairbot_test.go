package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/servertest"
	"cardtable/store"
)

// from is a transport that says the client is at addr (the test server
// trusts the loopback as its proxy), so rated pairing sees two addresses.
type from struct{ addr string }

func (f from) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Forwarded-For", f.addr)
	return http.DefaultTransport.RoundTrip(r)
}

func client(addr string) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Transport: from{addr}}
}

func post(t *testing.T, c *http.Client, url string, body, out any) int {
	t.Helper()
	data, _ := json.Marshal(body)
	resp, err := c.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// newServer is a server with accounts that trusts the loopback as its
// proxy (from).
func newServer(t *testing.T) (*httptest.Server, store.Accounts) {
	ts, _ := servertest.NewAccountsConfig(t, server.Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	return ts.HTTP, ts.St.(store.Accounts)
}

// TestTenRatedGames: Ann makes a bot account and its token; the example
// program, with the token, plays 10 rated Watchtower games through quick
// pairing against Bob, a person who accepts bots as opponents (played by
// the same random loop over his own seat's token). The bot is marked a
// bot, its games are rated (its rating has 10 games), and once Ann shuts
// it off its token is refused.
func TestTenRatedGames(t *testing.T) {
	hs, st := newServer(t)
	ann, bob := client("10.0.0.1"), client("10.0.0.2")
	for name, c := range map[string]*http.Client{"Ann": ann, "Bob": bob} {
		if code := post(t, c, hs.URL+"/api/account/signup", map[string]string{"name": name, "password": "password of " + name}, nil); code != http.StatusCreated {
			t.Fatalf("sign-up of %s: %d", name, code)
		}
	}
	var made struct{ ID, Name, Token string }
	if code := post(t, ann, hs.URL+"/api/account/bots", map[string]string{"name": "AnnBot"}, &made); code != http.StatusCreated || made.Token == "" {
		t.Fatalf("making a bot: %d %+v", code, made)
	}
	if code := post(t, bob, hs.URL+"/api/account/bots/"+made.ID+"/off", nil, nil); code != http.StatusNotFound {
		t.Errorf("Bob shutting Ann's bot off: %d, want 404", code)
	}
	bot := &Bot{Server: hs.URL, Token: made.Token, Client: &http.Client{Transport: from{"10.0.0.3"}}, Rand: rand.New(rand.NewPCG(1, 2))}
	person := &Bot{Server: hs.URL, Client: bob, Rand: rand.New(rand.NewPCG(3, 4))}
	ctx := context.Background()
	for i := range 10 {
		done := make(chan error, 1)
		go func() {
			_, err := bot.PlayOne(ctx, "watchtower-2-1m", true)
			done <- err
		}()
		var asked struct{ ID string }
		if code := post(t, bob, hs.URL+"/api/pairing", map[string]any{"choice": "watchtower-2-1m", "rated": true, "bots": true, "wait": 0}, &asked); code != http.StatusAccepted {
			t.Fatalf("game %d: Bob's request: %d", i+1, code)
		}
		var out struct {
			Status, Table, Token string
			Rated                bool
		}
		for out.Status == "" || out.Status == "waiting" {
			resp, err := bob.Get(hs.URL + "/api/pairing/" + asked.ID + "?wait=20")
			if err != nil {
				t.Fatal(err)
			}
			json.NewDecoder(resp.Body).Decode(&out)
			resp.Body.Close()
		}
		if out.Status != "paired" || !out.Rated {
			t.Fatalf("game %d: Bob's outcome %+v; want a rated table", i+1, out)
		}
		if _, err := person.play(ctx, out.Table, out.Token); err != nil {
			t.Fatalf("game %d: Bob's play: %v", i+1, err)
		}
		if err := <-done; err != nil {
			t.Fatalf("game %d: the bot: %v", i+1, err)
		}
	}
	u, err := st.User(ctx, made.ID)
	if err != nil || !u.Bot {
		t.Errorf("the bot's account: %+v, %v; want it marked a bot", u, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		rs, _ := st.Ratings(ctx, "watchtower", []string{made.ID})
		if len(rs) == 1 && rs[0].Games == 10 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the bot's rating after 10 rated games: %+v", rs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code := post(t, ann, hs.URL+"/api/account/bots/"+made.ID+"/off", nil, nil); code != http.StatusOK {
		t.Fatalf("Ann shutting her bot off: %d", code)
	}
	if _, err := bot.PlayOne(ctx, "watchtower-2-1m", false); err == nil {
		t.Errorf("a bot shut off still asks for games")
	}
}

// TestBotOnlyWithThoseWhoAcceptBots: a person who did not opt in is never
// paired with a bot account, even casual; a bot's token cannot make bots.
func TestBotOnlyWithThoseWhoAcceptBots(t *testing.T) {
	hs, _ := newServer(t)
	ann, bob := client("10.0.0.1"), client("10.0.0.2")
	for name, c := range map[string]*http.Client{"Ann": ann, "Bob": bob} {
		post(t, c, hs.URL+"/api/account/signup", map[string]string{"name": name, "password": "password of " + name}, nil)
	}
	var made struct{ ID, Token string }
	post(t, ann, hs.URL+"/api/account/bots", map[string]string{"name": "AnnBot"}, &made)
	bot := &Bot{Server: hs.URL, Token: made.Token, Client: &http.Client{Transport: from{"10.0.0.3"}}}
	var asked struct{ ID string }
	if err := bot.call(context.Background(), "POST", "/api/pairing", map[string]any{"choice": "watchtower-2-1m", "wait": 0}, &asked); err != nil {
		t.Fatal(err)
	}
	var b struct{ ID string }
	post(t, bob, hs.URL+"/api/pairing", map[string]any{"choice": "watchtower-2-1m", "wait": 0}, &b)
	resp, _ := bob.Get(hs.URL + "/api/pairing/" + b.ID + "?wait=2")
	var out struct{ Status string }
	json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if out.Status != "waiting" {
		t.Errorf("Bob, not accepting bots, beside a waiting bot account: %s, want waiting", out.Status)
	}
	if err := bot.call(context.Background(), "POST", "/api/account/bots", map[string]string{"name": "BotBot"}, nil); err == nil {
		t.Errorf("a bot's token made a bot")
	}
}
