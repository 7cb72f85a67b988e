package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cardtable/accounts"
	"cardtable/games"
	"cardtable/server"
	"cardtable/store/memstore"
)

// dailyServer is a server with accounts and one account, ann (password
// "ann's password").
func dailyServer(t *testing.T) string {
	t.Helper()
	base, _ := accountServer(t)
	body, _ := json.Marshal(map[string]string{"name": "ann", "password": "ann's password"})
	resp, err := http.Post(base+"/api/account/signup", "application/json", bytes.NewReader(body))
	if err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("sign-up: %v %v", resp, err)
	}
	resp.Body.Close()
	return base
}

// accountServer is a server with accounts over a memory store, and the
// store.
func accountServer(t *testing.T) (string, *memstore.Store) {
	t.Helper()
	st := memstore.New()
	srv := server.New(st, server.Config{Limits: server.Limits{ConnRate: 1000, ConnBurst: 1000, APIRate: 1000, APIBurst: 1000}})
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
	return hs.URL, st
}

// playDailyCLI runs cardtable with args, answering each "your move ...;
// legal: A, B" prompt with the first legal action, and returns the
// output and exit code.
func playDailyCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var errOut bytes.Buffer
	a := newApp(inR, outW, &errOut)
	a.games = games.All
	done := make(chan int, 1)
	go func() {
		code := run(context.Background(), args, a)
		outW.Close()
		done <- code
	}()
	var out strings.Builder
	sc := bufio.NewScanner(outR)
	for sc.Scan() {
		line := sc.Text()
		out.WriteString(line + "\n")
		if _, legal, ok := strings.Cut(line, "; legal: "); ok && strings.HasPrefix(line, "your move") {
			first, _, _ := strings.Cut(legal, ", ")
			fmt.Fprintln(inW, first)
		}
	}
	inW.Close()
	return out.String(), errOut.String(), <-done
}

// TestPlayDailyOnServer: `cardtable play regicide --daily --server URL
// --user ann` plays ann's counted attempt to its end on the server, and a
// second run is refused with the server's sentence; without --user a
// practice deal is played.
func TestPlayDailyOnServer(t *testing.T) {
	url := dailyServer(t)
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("CARDTABLE_PASSWORD", "ann's password")
	out, errOut, code := playDailyCLI(t, "play", "regicide", "--daily", "--server", url, "--user", "ann")
	if code != 0 || !strings.Contains(out, "your counted attempt") || !strings.Contains(out, "/daily") || !strings.Contains(out, " defeated") && !strings.Contains(out, "King fell") {
		t.Fatalf("the counted attempt: exit %d\n%s\n%s", code, out, errOut)
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
		t.Errorf("the board after the terminal's attempt: %+v", today.Board)
	}
	_, errOut, code = playDailyCLI(t, "play", "regicide", "--daily", "--server", url, "--user", "ann")
	if code == 0 || !strings.Contains(errOut, "played today's deal already") {
		t.Errorf("a second attempt: exit %d, %q", code, errOut)
	}
	out, errOut, code = playDailyCLI(t, "play", "regicide", "--daily", "--server", url)
	if code != 0 || !strings.Contains(out, "A practice deal") {
		t.Errorf("a guest's game: exit %d\n%s\n%s", code, out, errOut)
	}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no session kept: the password decides
	t.Setenv("CARDTABLE_PASSWORD", "wrong password")
	_, errOut, code = playDailyCLI(t, "play", "regicide", "--daily", "--server", url, "--user", "ann")
	if code == 0 || !strings.Contains(errOut, "username or password is wrong") {
		t.Errorf("a wrong password: exit %d, %q", code, errOut)
	}
}

// TestPlayDailyKeepsSession: runs with --user go on with the session the
// first run signed in with (the account holds one session from the
// terminal, however many runs; no password is needed while it lives, and
// the file is its owner's alone); a session the server no longer takes
// (signed out everywhere) is replaced by signing in again.
func TestPlayDailyKeepsSession(t *testing.T) {
	url := dailyServer(t)
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	t.Setenv("CARDTABLE_PASSWORD", "ann's password")
	if _, errOut, code := playDailyCLI(t, "play", "regicide", "--daily", "--server", url, "--user", "ann"); code != 0 {
		t.Fatalf("the first run: exit %d, %s", code, errOut)
	}
	t.Setenv("CARDTABLE_PASSWORD", "not needed")
	for range 3 {
		if _, errOut, _ := playDailyCLI(t, "play", "regicide", "--daily", "--server", url, "--user", "Ann"); !strings.Contains(errOut, "played today's deal already") {
			t.Fatalf("a later run with the kept session: %q; want the server's refusal of a second attempt (signed in as ann)", errOut)
		}
	}
	fi, err := os.Stat(filepath.Join(cfg, "cardtable", "sessions.json"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the kept session's file: %v, %v; want it readable by its owner only", fi, err)
	}
	c := signedInClient(t, url)
	if n := sessionsOf(t, c, url); n != 3 {
		t.Errorf("after four runs ann has %d sessions; want 3 (the sign-up's, the terminal's one and this test's)", n)
	}
	req, _ := http.NewRequest("POST", url+"/api/account/signout-all", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	if resp, err := c.Do(req); err != nil || resp.StatusCode != 200 {
		t.Fatalf("signout-all: %v %v", resp, err)
	}
	if _, errOut, code := playDailyCLI(t, "play", "regicide", "--daily", "--server", url, "--user", "ann"); code == 0 || !strings.Contains(errOut, "username or password is wrong") {
		t.Errorf("after signing out everywhere the kept session still signs in: exit %d, %q", code, errOut)
	}
	t.Setenv("CARDTABLE_PASSWORD", "ann's password")
	if _, errOut, _ := playDailyCLI(t, "play", "regicide", "--daily", "--server", url, "--user", "ann"); !strings.Contains(errOut, "played today's deal already") {
		t.Errorf("signing in again: %q", errOut)
	}
}

// signedInClient is an HTTP client signed in as ann.
func signedInClient(t *testing.T, url string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	body, _ := json.Marshal(map[string]string{"name": "ann", "password": "ann's password"})
	resp, err := c.Post(url+"/api/account/signin", "application/json", bytes.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("sign-in: %v %v", resp, err)
	}
	resp.Body.Close()
	return c
}

// sessionsOf counts the signed-in account's live sessions.
func sessionsOf(t *testing.T, c *http.Client, url string) int {
	t.Helper()
	resp, err := c.Get(url + "/api/account")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var me struct {
		User struct{ Sessions []json.RawMessage }
	}
	json.NewDecoder(resp.Body).Decode(&me)
	return len(me.User.Sessions)
}

func TestPlayDailyRefusals(t *testing.T) {
	for _, args := range [][]string{
		{"play", "war", "--daily"},
		{"play", "regicide", "--daily", "--seed", "3"},
		{"play", "regicide", "--daily", "--user", "ann"},
		{"play", "regicide", "--daily", "--server", "ftp://x"},
		{"play", "regicide", "--server", "http://localhost:1"},
	} {
		_, errOut, code := cardtableWith(t, games.All(), "", args...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want a usage error", args, code, errOut)
		}
	}
}

// TestPlayDailyOffline: the offline deal in plain text is the day's
// offline seed, the same on every run.
func TestPlayDailyOffline(t *testing.T) {
	first, errOut, code := playDailyCLI(t, "play", "regicide", "--daily", "--protocol", "lines")
	if code != 0 || !strings.Contains(errOut, "the daily deal of") {
		t.Fatalf("offline: exit %d\n%s\n%s", code, first, errOut)
	}
	again, _, _ := playDailyCLI(t, "play", "regicide", "--daily", "--protocol", "lines")
	if first != again {
		t.Error("two runs of the offline deal the same day dealt differently")
	}
}
