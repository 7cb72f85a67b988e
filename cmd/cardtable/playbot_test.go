package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"cardtable/store/memstore"
)

// botServer is a server with accounts whose person Ann owns the bot
// account Robo; it returns the server's address, Robo's token and id, and
// the store.
func botServer(t *testing.T) (base, token, robo string, st *memstore.Store) {
	t.Helper()
	base, st = accountServer(t)
	jar, _ := cookiejar.New(nil)
	ann := &http.Client{Jar: jar}
	post := func(path string, body, out any) {
		data, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", base+path, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", base)
		resp, err := ann.Do(req)
		if err != nil || resp.StatusCode >= 300 {
			t.Fatalf("POST %s: %v %v", path, resp, err)
		}
		defer resp.Body.Close()
		json.NewDecoder(resp.Body).Decode(out)
	}
	post("/api/account/signup", map[string]string{"name": "ann", "password": "ann's password"}, &struct{}{})
	var bot struct{ ID, Token string }
	post("/api/account/bots", map[string]string{"name": "Robo"}, &bot)
	if bot.Token == "" {
		t.Fatal("no token for the bot account")
	}
	return base, bot.Token, bot.ID, st
}

// TestPlayAsBotAccount: `cardtable play --server --token` plays a program
// of the agent protocol on the server as a bot account: two games of
// quick pairing (the server's bot in the other seat after a second), each
// seat the bot account's and titled BOT; a token that is not a live bot's is refused
// with the server's sentence, and bad flags are named.
func TestPlayAsBotAccount(t *testing.T) {
	base, token, robo, st := botServer(t)
	out, errOut, code := play(t, "", "play", "--server", base, "--token", token, "--choice", "watchtower-2-1m", "--wait", "1s",
		"-n", "2", "--seats", agentSeat(t, "first"))
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	line := regexp.MustCompile(`(?m)^game [12]: http://\S+/t/(\w+), seat [12], (won|lost|no winner) \([a-z ]+\)$`)
	games := line.FindAllStringSubmatch(out, -1)
	if len(games) != 2 || !strings.Contains(out, "2 games, ") {
		t.Fatalf("the report: %q; want two games and a total", out)
	}
	tables, err := st.UserTables(context.Background(), robo, time.Time{}, 10)
	if err != nil || len(tables) != 2 {
		t.Errorf("Robo's tables: %+v, %v; want the two games", tables, err)
	}
	for _, g := range games {
		hdr, err := st.Table(context.Background(), g[1])
		if err != nil || hdr.Finished.IsZero() {
			t.Errorf("table %s: %+v, %v; want it finished", g[1], hdr, err)
			continue
		}
		names := []string{hdr.Seats[0].Name, hdr.Seats[1].Name}
		if !slices.Contains(names, "BOT Robo") {
			t.Errorf("table %s's seats are %q; want the bot account shown as BOT Robo", g[1], names)
		}
	}

	_, errOut, code = play(t, "", "play", "--server", base, "--token", "ctbot_not-a-token", "--choice", "watchtower-2-1m",
		"--seats", agentSeat(t, "first"))
	if code == 0 || !strings.Contains(errOut, "not a live bot's") {
		t.Errorf("a wrong token: exit %d, %q", code, errOut)
	}
	for _, args := range [][]string{
		{"--token", token, "--choice", "watchtower-2-1m", "--seats", "cmd:x"},
		{"--server", base, "--token", token, "--seats", "cmd:x"},
		{"--server", base, "--token", token, "--choice", "watchtower-2-1m", "--seats", "expert"},
		{"--server", base, "--token", token, "--choice", "watchtower-2-1m", "--wait", "10m", "--seats", "cmd:x"},
	} {
		if _, errOut, code := play(t, "", append([]string{"play"}, args...)...); code != 2 || !strings.Contains(errOut, "--") {
			t.Errorf("%v: exit %d, %q; want a usage error naming the flag", args, code, errOut)
		}
	}
}
