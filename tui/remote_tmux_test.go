package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/server"
	"cardtable/store/memstore"
)

// dailyServer runs a server with accounts and one, ann ("ann's
// password"), and returns its address.
func dailyServer(t *testing.T) string {
	t.Helper()
	srv := server.New(memstore.New(), server.Config{Limits: server.Limits{ConnRate: 1000, ConnBurst: 1000, APIRate: 1000, APIBurst: 1000}})
	hs := httptest.NewUnstartedServer(nil)
	if err := srv.UseAccounts(server.AccountsConfig{Origins: []string{"http://" + hs.Listener.Addr().String()},
		Hasher: accounts.NewHasher(accounts.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, 1)}); err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs.Config.Handler = srv.Handler()
	hs.Start()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		hs.Close()
	})
	body, _ := json.Marshal(map[string]string{"name": "ann", "password": "ann's password"})
	resp, err := http.Post(hs.URL+"/api/account/signup", "application/json", bytes.NewReader(body))
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("sign-up: %v %v", resp, err)
	}
	resp.Body.Close()
	return hs.URL
}

// TestTmuxDailyOnServer: `cardtable play regicide --daily --server URL
// --user ann` in a terminal plays the server's deal in the terminal table:
// the title says the attempt counts, the board is Regicide's (the enemy,
// the piles, the hand), the moves are chosen from the server's legal
// list; played to the end with the first move each turn, the screen says
// won or lost with the server's sentence, q closes it, the sentence and
// the board's address are printed, and the day's board lists ann.
func TestTmuxDailyOnServer(t *testing.T) {
	url := dailyServer(t)
	p := startPane(t, 100, 40, t.TempDir(), []string{"CARDTABLE_PASSWORD=" + shellQuote("ann's password")},
		"play", "regicide", "--daily", "--server", url, "--user", "ann")
	screen := p.wait("Daily deal of", "your counted attempt", "Castle", "Tavern", "ann ", "your hand:", "Your move:", "forecast: play", "enter: play")
	t.Logf("the first screen:\n%s", screen)
	end := time.Now().Add(3 * time.Minute)
	moves := 0
	for {
		s := p.capture()
		if strings.Contains(s, " Won ") || strings.Contains(s, " Lost ") {
			screen = s
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the game did not end after %d moves:\n%s", moves, s)
		}
		if strings.Contains(s, "▸ ") && strings.Contains(s, "Your move:") {
			p.keys("Enter")
			moves++
			p.waitGone(s)
			continue
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("the end after %d moves:\n%s", moves, screen)
	if !strings.Contains(screen, "last moves:\n  you: ") || !strings.Contains(screen, "q quit") {
		t.Errorf("the end screen lacks the last moves or the keys:\n%s", screen)
	}
	// A loss names the seat as the screen does ("ann (you) was killed by
	// …"), not the engine's "seat 1".
	if strings.Contains(screen, " Lost ") && (!strings.Contains(screen, "ann (you) ") || strings.Contains(screen, "seat 1 ")) {
		t.Errorf("the end sentence does not name ann's seat:\n%s", screen)
	}
	p.keys("q")
	out := p.wait("The board and your share text: "+url+"/daily", "[exit 0]")
	if !strings.Contains(out, "defeated") && !strings.Contains(out, "fell") {
		t.Errorf("the printed result lacks the server's sentence:\n%s", out)
	}
	var today struct {
		Board []struct{ Name string }
	}
	resp, err := http.Get(url + "/api/daily")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&today)
	resp.Body.Close()
	if len(today.Board) != 1 || today.Board[0].Name != "ann" {
		t.Errorf("the day's board after the terminal's attempt: %+v", today.Board)
	}
}

// waitGone waits until the screen is no longer before (a key landed).
func (p *pane) waitGone(before string) {
	p.t.Helper()
	end := time.Now().Add(deadline)
	for p.capture() == before {
		if time.Now().After(end) {
			p.t.Fatalf("the screen did not change:\n%s", before)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTmuxDailyResumed: a counted daily attempt left with q after two
// moves waits on the server; the same command later goes on with it —
// the title says it was resumed and the hand is no longer the one dealt.
func TestTmuxDailyResumed(t *testing.T) {
	url := dailyServer(t)
	env := []string{"CARDTABLE_PASSWORD=" + shellQuote("ann's password")}
	args := []string{"play", "regicide", "--daily", "--server", url, "--user", "ann"}
	var dealt string
	t.Run("left", func(t *testing.T) {
		p := startPane(t, 100, 40, t.TempDir(), env, args...)
		dealt = handLine(p.wait("your counted attempt", "Your move:", "enter: play"))
		for range 2 {
			s := p.wait("▸ ", "Your move:")
			p.keys("Enter")
			p.waitGone(s)
		}
		p.wait("▸ ", "Your move:")
		p.keys("q")
		p.wait("your attempt waits on the server", "the same command goes on with it", "[exit 0]")
	})
	t.Run("resumed", func(t *testing.T) {
		p := startPane(t, 100, 40, t.TempDir(), env, args...)
		screen := p.wait("your counted attempt, resumed", "Your move:", "enter: play")
		// Not the deal's first hand: the game goes on where it was left.
		if got := handLine(screen); got == "" || got == dealt {
			t.Errorf("the resumed attempt shows the hand %q, the one it was dealt:\n%s", got, screen)
		}
		p.keys("q")
		p.wait("[exit 0]")
	})
}

// handLine is the screen's "your hand:" line.
func handLine(screen string) string {
	for _, l := range strings.Split(screen, "\n") {
		if i := strings.Index(l, "your hand:"); i >= 0 {
			return strings.TrimSpace(l[i:])
		}
	}
	return ""
}
