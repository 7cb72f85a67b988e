// Package webtest is what the browser tests of cardtable share: the real
// server (package server over an in-memory store, served by httptest) and
// Debian's Chromium driven by chromedp, a tab per person (each its own
// browser context, so its own localStorage), waits that poll the page,
// screenshots, phone and laptop viewports, and the checks every page is held
// to: axe-core's accessibility rules (Axe), the current action inside the
// viewport (InViewport) and nothing overflowing its panel (NoOverflow).
//
// Any package's tests may use it:
//
//	s := webtest.NewSite(t)
//	tb := s.Tab(t)
//	tb.Sit(s.Create(t, webtest.One("war", nil, "human", "heuristic")))
//	tb.Click("[data-action=flip]")
//	tb.Axe("war table")
//
// Screenshots go to each test's artifact directory, kept with
//
//	go test ./web/... -run Browser -artifacts -outputdir /tmp/shots
package webtest

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
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"cardtable/server"
	"cardtable/store/memstore"
	"cardtable/web"
)

// ChromiumPath is Debian's Chromium, which the tests drive.
const ChromiumPath = "/usr/bin/chromium"

// NeedChromium returns the browser's path. Under CI=true a missing browser
// fails the test; elsewhere it is installed when we are root, else the
// test is skipped.
func NeedChromium(t testing.TB) string {
	t.Helper()
	if _, err := os.Stat(ChromiumPath); err == nil {
		return ChromiumPath
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing: CI must install Debian's chromium (apt-get install -y chromium, see .ci/run)", ChromiumPath)
	}
	if os.Geteuid() == 0 {
		t.Logf("installing chromium with apt-get")
		cmd := exec.Command("sh", "-c", "apt-get update && apt-get install -y chromium")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Skipf("chromium is missing and apt-get failed: %v\n%s", err, out)
		}
		return ChromiumPath
	}
	t.Skipf("%s is missing; install Debian's chromium (apt-get install -y chromium) to run the browser tests", ChromiumPath)
	return ""
}

// Site is one running server with one browser.
type Site struct {
	T   testing.TB
	URL string
	// Server is the server behind URL, Store its store.
	Server *server.Server
	Store  *memstore.Store
	alloc  context.Context
}

// NewSite starts a server (bots move at once; the rates allow a test's
// clicks) and a browser. edit, if given, changes the server's Config
// first.
func NewSite(t testing.TB, edit ...func(*server.Config)) *Site {
	t.Helper()
	path := NeedChromium(t)
	cfg := server.Config{
		Assets:   web.Assets,
		BotDelay: 0,
		// A test clicks faster than a person and creates many tables
		// from one address.
		Limits: server.Limits{ConnRate: 1000, ConnBurst: 1000, APIRate: 1000, APIBurst: 1000, OpenTables: 1000},
	}
	for _, e := range edit {
		e(&cfg)
	}
	st := memstore.New()
	srv := server.New(st, cfg)
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
	return &Site{T: t, URL: hs.URL, Server: srv, Store: st, alloc: startBrowser(t, path)}
}

// startBrowser starts Chromium for a site's tabs.
func startBrowser(t testing.TB, path string) context.Context {
	t.Helper()
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
	return browser
}

// Tab is one page in a browser context of its own.
type Tab struct {
	T   testing.TB
	Ctx context.Context
	S   *Site
	// Table is the table the tab sits at, for the diagnosis of a failure.
	Table string
	// fontPx is the default font size FontSize set (0: Chromium's own).
	fontPx int64
}

// Tab opens a page in a browser context of its own (its own localStorage).
func (s *Site) Tab(t testing.TB) *Tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(s.alloc, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	// The first action opens the tab; it must run on ctx itself, not on a
	// context with a deadline, whose end would close the tab.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	watchErrors(t, ctx)
	return &Tab{T: t, Ctx: ctx, S: s}
}

// watchErrors fails the test on every JavaScript error the tab's pages
// throw and do not catch (until the test ends).
func watchErrors(t testing.TB, ctx context.Context) {
	var mu sync.Mutex
	done := false
	t.Cleanup(func() { mu.Lock(); done = true; mu.Unlock() })
	chromedp.Listen(ctx, func(ev any) {
		e, ok := ev.(*runtime.EventExceptionThrown)
		if !ok {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if done {
			return
		}
		d := e.ExceptionDetails
		text := d.Text
		if d.Exception != nil && d.Exception.Description != "" {
			text = d.Exception.Description
		}
		t.Errorf("JavaScript error at %s:%d: %s", d.URL, d.LineNumber+1, text)
	})
}

// Do runs steps, failing the test on the first error.
func (tb *Tab) Do(steps ...chromedp.Action[chromedp.Void]) {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 40*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		tb.Fail()
		tb.T.Fatalf("browser: %v", err)
	}
}

// Open navigates to path on the site (e.g. "/", "/rules/war").
func (tb *Tab) Open(path string) {
	tb.T.Helper()
	tb.Do(chromedp.Navigate(tb.S.URL + path))
}

// Click clicks the element sel with the mouse, scrolled to the middle of
// the window. The pages redraw from every message, so a node found may be
// replaced before the click lands: then it is found again.
func (tb *Tab) Click(sel string) {
	tb.T.Helper()
	var err error
	for range 5 {
		ctx, cancel := context.WithTimeout(tb.Ctx, 10*time.Second)
		// The table's action bar stays at the window's bottom: an element
		// in view but under it would take no click, so bring it to the
		// middle of the window first, as a person scrolls to it.
		err = chromedp.Do(ctx,
			chromedp.Evaluate[chromedp.Void](fmt.Sprintf("(document.querySelector(%q) || {scrollIntoView() {}}).scrollIntoView({block: 'center'})", sel)),
			chromedp.Click(chromedp.CSS(sel)))
		cancel()
		if err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.Fail()
	tb.T.Fatalf("clicking %s: %v", sel, err)
}

// Key presses one key (a character or a chromedp/kb constant) on the
// focused element, as a person at the keyboard.
func (tb *Tab) Key(k string) {
	tb.T.Helper()
	tb.Do(chromedp.KeyEvent(k))
}

// Wait polls a JavaScript expression until it is truthy. It evaluates
// again after an error, since a page being navigated to has no context yet.
func (tb *Tab) Wait(what, expr string) {
	tb.T.Helper()
	deadline := time.Now().Add(40 * time.Second)
	var err error
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(tb.Ctx, 5*time.Second)
		var ok bool
		ok, err = chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+expr+")"))
		cancel()
		if err == nil && ok {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	tb.Fail()
	tb.T.Fatalf("waiting for %s (%s): still false after 40s (last error: %v)", what, expr, err)
}

// WaitPlaying waits for expr while the game goes on: it fails only when
// the table's version has not moved for 40s (a long game on a loaded
// machine is slow, not stuck).
func (tb *Tab) WaitPlaying(what, expr string) {
	tb.T.Helper()
	last, since := -1, time.Now()
	for time.Since(since) < 40*time.Second {
		ctx, cancel := context.WithTimeout(tb.Ctx, 5*time.Second)
		state, err := chromedp.Run(ctx, chromedp.Evaluate[[]int]("[("+expr+") ? 1 : 0, window.cardtableTable ? window.cardtableTable.shown : -1]"))
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
	tb.Fail()
	tb.T.Fatalf("waiting for %s (%s): the table stayed at version %d for 40s", what, expr, last)
}

// Eval evaluates a JavaScript expression in tb's page.
func Eval[T any](tb *Tab, expr string) T {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.T.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// Text is the text of the first element sel ("" when there is none).
func (tb *Tab) Text(sel string) string {
	tb.T.Helper()
	return Eval[string](tb, fmt.Sprintf("(document.querySelector(%q) || {}).textContent || ''", sel))
}

// Has reports whether the page has an element sel.
func (tb *Tab) Has(sel string) bool {
	tb.T.Helper()
	return Eval[bool](tb, fmt.Sprintf("!!document.querySelector(%q)", sel))
}

// Held is a script reading, as JSON, where a table page stands when it
// seems not to move: its version and auto-play, the messages it holds
// behind a trick being shown, the hold left, whether it is hidden, and its
// socket's state.
const Held = `JSON.stringify(window.cardtableTable ? (() => { const v = window.cardtableTable; return {version: v.s.version, auto: v.s.auto, held: (v.queue || []).map((m) => m.type + (m.version !== undefined ? "@" + m.version : "")), holdMS: v.holdUntil - performance.now(), timer: !!v.holdTimer, hidden: document.hidden, socket: window.cardtableConn && window.cardtableConn.ws ? window.cardtableConn.ws.readyState : null}; })() : null)`

// Fail records what a failing test saw: a screenshot, the page's state,
// and the table as a spectator sees it now.
func (tb *Tab) Fail() {
	tb.Shot("failure")
	ctx, cancel := context.WithTimeout(tb.Ctx, 5*time.Second)
	defer cancel()
	state, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.cardtableTable ? {...window.cardtableTable.s, log: window.cardtableTable.s.log.slice(0, 12)} : null)`))
	tb.T.Logf("page state: %s (%v)", state, err)
	// The messages the page holds behind a trick being shown, and its
	// socket: a page that stopped moving may be waiting there.
	held, err := chromedp.Run(ctx, chromedp.Evaluate[string](Held))
	tb.T.Logf("page holds: %s (%v)", held, err)
	if tb.Table == "" {
		return
	}
	spectator := tb.S.Tab(tb.T)
	sctx, scancel := context.WithTimeout(spectator.Ctx, 10*time.Second)
	defer scancel()
	if err := chromedp.Do(sctx, chromedp.Navigate(tb.S.URL+"/t/"+tb.Table)); err == nil {
		time.Sleep(time.Second)
		spectator.Shot("failure-spectator")
	}
}

// Shot writes a full-page screenshot to the test's artifact directory
// (the window only, after FontSize).
func (tb *Tab) Shot(name string) {
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	shot := chromedp.FullScreenshot(100)
	if tb.fontPx != 0 {
		// Capturing beyond the window draws the page at Chromium's own
		// font size (and leaves it so): with a person's, the window only.
		shot = chromedp.CaptureScreenshot()
	}
	png, err := chromedp.Run(ctx, shot)
	if err != nil {
		tb.T.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(tb.T.ArtifactDir(), name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.T.Errorf("writing %s: %v", path, err)
	}
	tb.T.Logf("screenshot %s", path)
}

// WindowShot writes a screenshot of the window as the person sees it now
// (scrolled where the page is) to the test's artifact directory.
func (tb *Tab) WindowShot(name string) {
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.T.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(tb.T.ArtifactDir(), name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		tb.T.Errorf("writing %s: %v", path, err)
	}
	tb.T.Logf("screenshot %s", path)
}

// Created is the lobby API's answer to POST /api/tables.
type Created struct {
	ID           string `json:"id"`
	CreatorToken string `json:"creator_token"`
	Seat         *int   `json:"seat"`
	Token        string `json:"token"`
	Invites      []struct {
		Seat int    `json:"seat"`
		URL  string `json:"url"`
	} `json:"invites"`
}

// Create makes a table through the lobby API.
func (s *Site) Create(t testing.TB, req map[string]any) Created {
	t.Helper()
	body, _ := json.Marshal(req)
	res, err := http.Post(s.URL+"/api/tables", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var c Created
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/tables %s: %s", body, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil {
		t.Fatal(err)
	}
	return c
}

// One is a table request for game with opts, seats "human" or a bot spec,
// created by alice.
func One(game string, opts map[string]string, seats ...string) map[string]any {
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

// Sit opens table c in the tab as its creator's seat, the token (and the
// creator's links) in localStorage as the lobby leaves them.
func (tb *Tab) Sit(c Created) {
	tb.T.Helper()
	tb.Table = c.ID
	made, _ := json.Marshal(map[string]any{"creator_token": c.CreatorToken, "invites": c.Invites, "spectator_url": "/t/" + c.ID})
	tb.Open("/")
	tb.Do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf("localStorage.setItem(%q, %q); localStorage.setItem(%q, %q)",
		"cardtable.token."+c.ID, c.Token, "cardtable.created."+c.ID, made)))
	tb.Open("/t/" + c.ID)
	tb.Wait("the table", "document.querySelector('.board')")
}

// ChooseLanguage picks lang as a person does with ?lang= and waits until the page
// has remembered it (after its catalogue came): a page opened next without
// ?lang= speaks it. Navigating on at once could leave the choice unmade.
func (tb *Tab) ChooseLanguage(lang string) {
	tb.T.Helper()
	tb.Open("/?lang=" + lang)
	tb.Wait("the language "+lang+" remembered", fmt.Sprintf("localStorage.getItem('cardtable.lang') === %q", lang))
}

// Join opens seat's invite link of table c in a new tab and takes the
// seat as name; lang, if given, is the language the tab reads (chosen
// first, and remembered as a person's choice is).
func (s *Site) Join(t testing.TB, c Created, seat int, name, lang string) *Tab {
	t.Helper()
	tb := s.Tab(t)
	tb.Table = c.ID
	for _, inv := range c.Invites {
		if inv.Seat != seat {
			continue
		}
		if lang != "" {
			tb.ChooseLanguage(lang)
		}
		tb.Open(inv.URL)
		tb.Wait("the invitation", "document.querySelector('form.join #name')")
		tb.Do(chromedp.SendKeys(chromedp.CSS("#name"), name), chromedp.Click(chromedp.CSS("form.join button[type=submit]")))
		tb.Wait("the table", "document.querySelector('.board')")
		tb.Wait("the seat", fmt.Sprintf("window.cardtableTable.s.seat === %d", seat))
		return tb
	}
	t.Fatalf("table %s has no invite for seat %d", c.ID, seat)
	return nil
}

// Version is the table's version as the page knows it.
func (tb *Tab) Version() int { return Eval[int](tb, "window.cardtableTable.shown") }

// Act clicks the button of the action sel and waits until the table has
// moved past the version it was at, or (in a simultaneous window, whose
// answers are sealed until it closes) the action was taken.
func (tb *Tab) Act(sel string) {
	tb.T.Helper()
	v := tb.Version()
	tb.Click(sel)
	tb.Wait("the action "+sel+" applied", fmt.Sprintf("window.cardtableTable.shown > %d || window.cardtableTable.s.sealed === %d", v, v))
}

// Show draws messages (table.Message values, or anything that marshals to
// them) in a page of the site with the table module alone, no server
// behind it: what the page shows for a given turn.
func (tb *Tab) Show(msgs ...any) {
	tb.T.Helper()
	data, err := json.Marshal(msgs)
	if err != nil {
		tb.T.Fatal(err)
	}
	// A page of the site with the stylesheet and no script of its own.
	tb.Open("/rules/war")
	tb.Do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`import("/static/js/table.js").then((m) => {
		document.body.replaceChildren();
		document.body.className = "";
		const main = document.createElement("main");
		document.body.append(main);
		window.cardtableTable = new m.TableView(main, {tableID: "view", send: () => null});
		window.cardtableTable.status("open");
		for (const msg of %s) window.cardtableTable.message(msg);
	})`, data)))
	tb.Wait("the drawn table", "window.cardtableTable && window.cardtableTable.s.view")
}
