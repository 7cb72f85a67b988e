package web_test

// The browser tests drive the real pages in Debian's Chromium with chromedp,
// against the real server (package server over an in-memory store, served
// by httptest). Screenshots go to each test's artifact directory: keep them
// with
//
//	go test ./web -run Browser -artifacts -outputdir /tmp/shots

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/server"
	"cardtable/store/memstore"
	"cardtable/web"
)

const chromiumPath = "/usr/bin/chromium"

// needChromium returns the browser's path. Under CI=true a missing browser
// fails the test; elsewhere it is installed when we are root, else the
// test is skipped.
func needChromium(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err == nil {
		return chromiumPath
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing: CI must install Debian's chromium (apt-get install -y chromium, see .ci/run)", chromiumPath)
	}
	if os.Geteuid() == 0 {
		t.Logf("installing chromium with apt-get")
		cmd := exec.Command("sh", "-c", "apt-get update && apt-get install -y chromium")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("chromium is missing and apt-get failed: %v\n%s", err, out)
		}
		return chromiumPath
	}
	t.Skipf("%s is missing; install Debian's chromium (apt-get install -y chromium) to run the browser tests", chromiumPath)
	return ""
}

// site is one running server with one browser.
type site struct {
	t     *testing.T
	url   string
	alloc context.Context
}

func newSite(t *testing.T) *site {
	path := needChromium(t)
	srv := server.New(memstore.New(), server.Config{
		Assets:   web.Assets,
		BotDelay: 0,
		// A test clicks faster than a person and creates many tables
		// from one address.
		Limits: server.Limits{ConnRate: 1000, ConnBurst: 1000, APIRate: 1000, APIBurst: 1000},
	})
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		hs.Close()
	})
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.WindowSize(1280, 900), chromedp.Flag("disable-dev-shm-usage", true))
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	// Start the browser once; every tab below gets its own browser
	// context (its own localStorage), as two people at two computers.
	browser, cancelBrowser := chromedp.NewContext(alloc)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(browser); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return &site{t: t, url: hs.URL, alloc: browser}
}

// tab is one page in a browser context of its own.
type tab struct {
	t   *testing.T
	ctx context.Context
	s   *site
	// table is the table the tab sits at, for the diagnosis of a failure.
	table string
}

func (s *site) tab(t *testing.T) *tab {
	ctx, cancel := chromedp.NewContext(s.alloc, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The first action opens the tab; it must run on ctx itself, not on a
	// context with a deadline, whose end would close the tab.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return &tab{t: t, ctx: ctx, s: s}
}

// do runs steps, failing the test on the first error.
func (tb *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 40*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		tb.fail()
		tb.t.Fatalf("browser: %v", err)
	}
}

// click clicks the element sel with the mouse. The pages redraw from every
// message, so a node found may be replaced before the click lands: then
// it is found again.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	var err error
	for range 5 {
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.fail()
	tb.t.Fatalf("clicking %s: %v", sel, err)
}

// wait polls a JavaScript expression until it is truthy. It evaluates
// again after an error, since a page being navigated to has no context yet.
func (tb *tab) wait(what, expr string) {
	tb.t.Helper()
	deadline := time.Now().Add(40 * time.Second)
	var err error
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
		var ok bool
		ok, err = chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		cancel()
		if err == nil && ok {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	tb.fail()
	tb.t.Fatalf("waiting for %s (%s): still false after 40s (last error: %v)", what, expr, err)
}

// waitPlaying waits for expr while the game goes on: it fails only when
// the table's version has not moved for 40s (a long game on a loaded
// machine is slow, not stuck).
func (tb *tab) waitPlaying(what, expr string) {
	tb.t.Helper()
	last, since := -1, time.Now()
	for time.Since(since) < 40*time.Second {
		ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
		state, err := chromedp.Run(ctx, chromedp.Evaluate[[]int]("[("+expr+") ? 1 : 0, window.cardtableTable ? window.cardtableTable.s.version : -1]"))
		cancel()
		if err == nil && len(state) == 2 {
			if state[0] == 1 {
				return
			}
			if state[1] != last {
				last, since = state[1], time.Now()
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	tb.fail()
	tb.t.Fatalf("waiting for %s (%s): the table stayed at version %d for 40s", what, expr, last)
}

func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// fail records what a failing test saw: a screenshot, the page's state,
// and the table as a spectator sees it now.
func (tb *tab) fail() {
	tb.shot("failure")
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.cardtableTable ? {...window.cardtableTable.s, log: window.cardtableTable.s.log.slice(0, 12)} : null)`))
	tb.t.Logf("page state: %s (%v)", state, err)
	if tb.table == "" {
		return
	}
	spectator := tb.s.tab(tb.t)
	sctx, scancel := context.WithTimeout(spectator.ctx, 10*time.Second)
	defer scancel()
	if err := chromedp.Do(sctx, chromedp.Navigate(tb.s.url+"/t/"+tb.table)); err == nil {
		time.Sleep(time.Second)
		spectator.shot("failure-spectator")
	}
}

// shot writes a full-page screenshot to the test's artifact directory.
func (tb *tab) shot(name string) {
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		tb.t.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(tb.t.ArtifactDir(), name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.t.Errorf("writing %s: %v", path, err)
	}
	tb.t.Logf("screenshot %s", path)
}

// created is the lobby API's answer to POST /api/tables.
type created struct {
	ID           string `json:"id"`
	CreatorToken string `json:"creator_token"`
	Seat         *int   `json:"seat"`
	Token        string `json:"token"`
	Invites      []struct {
		Seat int    `json:"seat"`
		URL  string `json:"url"`
	} `json:"invites"`
}

// create makes a table through the lobby API.
func (s *site) create(t *testing.T, req map[string]any) created {
	t.Helper()
	body, _ := json.Marshal(req)
	res, err := http.Post(s.url+"/api/tables", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var c created
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/tables %s: %s", body, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c
}

// sit opens table c in the tab as its creator's seat, the token in
// localStorage as the lobby leaves it.
func (tb *tab) sit(c created) {
	tb.t.Helper()
	tb.table = c.ID
	tb.do(chromedp.Navigate(tb.s.url + "/"))
	tb.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf("localStorage.setItem(%q, %q)", "cardtable.token."+c.ID, c.Token)))
	tb.do(chromedp.Navigate(tb.s.url + "/t/" + c.ID))
	tb.wait("the table", "document.querySelector('.board')")
}

// version is the table's version as the page knows it.
func (tb *tab) version() int { return eval[int](tb, "window.cardtableTable.s.version") }

func one(game string, opts map[string]string, seats ...string) map[string]any {
	var ss []map[string]string
	for _, k := range seats {
		if k == "human" {
			ss = append(ss, map[string]string{"kind": "human"})
		} else {
			ss = append(ss, map[string]string{"kind": "bot", "bot": k})
		}
	}
	return map[string]any{"game": game, "options": opts, "seats": ss, "name": "alice"}
}

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := newSite(t)
	t.Run("Lobby", func(t *testing.T) { testLobby(t, s) })
	t.Run("WarAgainstBot", func(t *testing.T) { testWar(t, s) })
	t.Run("RegicideForecastAndDiscard", func(t *testing.T) { testRegicide(t, s) })
	t.Run("RegicideJester", func(t *testing.T) { testRegicideJester(t, s) })
	t.Run("WatchtowerChallenge", func(t *testing.T) { testWatchtower(t, s) })
	t.Run("ReconnectKeepsSeat", func(t *testing.T) { testReconnect(t, s) })
	t.Run("TwoPlayers", func(t *testing.T) { testTwoPlayers(t, s) })
}

// testLobby creates a table of each game from the lobby's form, with the
// player in seat 1 and bots elsewhere, and checks the table page draws it.
func testLobby(t *testing.T, s *site) {
	tb := s.tab(t)
	tb.do(chromedp.Navigate(s.url + "/"))
	tb.wait("the game list", "document.querySelectorAll('#game option').length === 3")
	tb.do(chromedp.SendKeys(chromedp.CSS("#name"), "alice"))
	tb.shot("lobby")
	for _, game := range []string{"war", "regicide", "watchtower"} {
		tb.do(chromedp.Navigate(s.url + "/"))
		tb.wait("the game list", "document.querySelectorAll('#game option').length === 3")
		tb.do(chromedp.SetValue(chromedp.CSS("#game"), game),
			chromedp.Evaluate[chromedp.Void]("document.getElementById('game').dispatchEvent(new Event('change'))"))
		tb.wait("the seats", "document.querySelector('#seat-0')")
		if got := eval[string](tb, "document.getElementById('seat-0').value"); got != "human" {
			t.Fatalf("%s: seat 1 is %q by default, want the player (human)", game, got)
		}
		tb.click("#create button[type=submit]")
		tb.wait("the "+game+" board", "document.querySelector('.board ."+game+"')")
		if who := eval[string](tb, "document.querySelector('.who').textContent"); who != "You are alice" {
			t.Errorf("%s: header says %q, want You are alice", game, who)
		}
		tb.wait("a turn for the player", "window.cardtableTable.s.legal.length > 0")
		tb.shot("table-" + game)
	}
	testFreeSeats(t, s, tb)
}

// testFreeSeats creates tables with a seat for a person from alice's
// lobby (tb): one shows its invite link and carol joins it from the list
// of open tables; on the other alice hands the free seat to a bot.
func testFreeSeats(t *testing.T, s *site, tb *tab) {
	tb.do(chromedp.Navigate(s.url + "/"))
	tb.wait("the seats", "document.querySelector('#seat-1')")
	tb.do(chromedp.SetValue(chromedp.CSS("#seat-1"), "human"),
		chromedp.Click(chromedp.CSS("#create button[type=submit]")))
	tb.wait("the invite link", "document.querySelector('.invites input.link')")
	link := eval[string](tb, "document.querySelector('.invites input.link').value")
	if !strings.Contains(link, "invite=") || !strings.Contains(link, "seat=1") {
		t.Errorf("invite link %q names no seat and invite code", link)
	}
	tb.shot("table-with-invite")
	id := eval[string](tb, "location.pathname.slice(3)")

	// carol joins it from her own lobby's list of open tables.
	carol := s.tab(t)
	carol.do(chromedp.Navigate(s.url + "/"))
	carol.wait("the open table", fmt.Sprintf("document.querySelector('#open li[data-table=%q] button')", id))
	carol.shot("lobby-open-table")
	carol.do(chromedp.SendKeys(chromedp.CSS("#name"), "carol"))
	carol.click(fmt.Sprintf("#open li[data-table=%q] button", id))
	carol.wait("carol at the table", "window.cardtableTable && window.cardtableTable.s.seat === 1 && window.cardtableTable.s.view")
	if who := eval[string](carol, "document.querySelector('.who').textContent"); who != "You are carol" {
		t.Errorf("carol's header says %q", who)
	}

	// A second table: its creator hands the free seat to a bot, which plays.
	tb.do(chromedp.Navigate(s.url + "/"))
	tb.wait("the seats", "document.querySelector('#seat-1')")
	tb.do(chromedp.SetValue(chromedp.CSS("#seat-1"), "human"),
		chromedp.Click(chromedp.CSS("#create button[type=submit]")))
	tb.wait("Give to a bot", "[...document.querySelectorAll('.seats button')].some(b => b.textContent === 'Give to a bot')")
	tb.do(chromedp.Evaluate[chromedp.Void]("[...document.querySelectorAll('.seats button')].find(b => b.textContent === 'Give to a bot').click()"))
	tb.wait("the bot in seat 2", "window.cardtableTable.s.seats[1].kind === 'bot'")
	tb.wait("seat 2's invite gone", "![...document.querySelectorAll('.invite-for')].some(e => e.textContent === 'seat 2:')")
	tb.wait("Flip", "document.querySelector('[data-action=flip]')")
	v := tb.version()
	tb.click("[data-action=flip]")
	tb.wait("the bot's flip", fmt.Sprintf("window.cardtableTable.s.version >= %d", v+2))
	tb.shot("table-seat-given-to-bot")
}
