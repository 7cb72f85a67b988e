package accounts_test

// The accounts in Chromium (docs/accounts.md): sign-up and sign-in with a
// passkey (Chromium's virtual authenticator, through the DevTools
// protocol) and with a password, signing out, the daily deal by two
// accounts with its board and the second attempt refused, and a rated
// Watchtower game moving both players' ratings. Screenshots at phone and
// laptop sizes:
//
//	go test ./web/browsertest/accounts -run BrowserAccounts -artifacts -outputdir /tmp/shots

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/webauthn"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"

	"cardtable/web/webtest"
)

type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// authenticator gives the tab a virtual platform authenticator holding
// discoverable credentials, which answers at once with the user verified.
func authenticator(tb *webtest.Tab) {
	tb.T.Helper()
	ctx, cancel := context.WithTimeout(tb.Ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, webauthn.Enable, webauthn.EnableParams{}); err != nil {
		tb.T.Fatalf("WebAuthn.enable: %v", err)
	}
	if _, err := chromedp.Call(ctx, webauthn.AddVirtualAuthenticator, webauthn.AddVirtualAuthenticatorParams{Options: &webauthn.VirtualAuthenticatorOptions{
		Protocol: webauthn.AuthenticatorProtocolCtap2, Ctap2version: webauthn.Ctap2versionCtap21, Transport: webauthn.AuthenticatorTransportInternal,
		HasResidentKey: true, HasUserVerification: true, IsUserVerified: true, AutomaticPresenceSimulation: true,
	}}); err != nil {
		tb.T.Fatalf("WebAuthn.addVirtualAuthenticator: %v", err)
	}
}

// set types value into the input sel.
func set(tb *webtest.Tab, sel, value string) {
	tb.T.Helper()
	v, _ := json.Marshal(value)
	tb.Wait(sel, fmt.Sprintf("document.querySelector(%q)", sel))
	webtest.Eval[bool](tb, fmt.Sprintf("(document.querySelector(%q).value = %s, true)", sel, v))
}

// shoot takes the page at phone and laptop sizes, checking at each that
// nothing overflows and axe-core finds no accessibility violation.
func shoot(tb *webtest.Tab, name string) {
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(sz)
		tb.Shot(name + "-" + sz.Name)
		tb.NoOverflow(name + " at " + sz.Name)
		tb.Axe(name + " at " + sz.Name)
	}
	tb.Resize(webtest.Laptop)
}

// signedInAs waits for the account page to say who is signed in.
func signedInAs(tb *webtest.Tab, name string) {
	tb.T.Helper()
	tb.Wait("signed in as "+name, fmt.Sprintf("document.querySelector('main h2') && document.querySelector('main h2').textContent === %q", "Signed in as "+name))
}

// playOut plays table id's seat (its token in the tab's localStorage) to
// the end with the first legal action each turn, over the table's
// WebSocket, and returns the result's winners.
func playOut(t *testing.T, s *webtest.Site, tb *webtest.Tab, id string) []int {
	t.Helper()
	token := webtest.Eval[string](tb, fmt.Sprintf("localStorage.getItem('cardtable.token.%s') || ''", id))
	if token == "" {
		t.Fatalf("no token for table %s in the tab", id)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http")+"/ws/"+id+"?token="+token, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("table %s: %v", id, err)
		}
		var m struct {
			Type    string
			Version int
			Legal   []string
			Code    string
			Message string
			Result  *struct{ Winners []int }
		}
		json.Unmarshal(data, &m)
		switch m.Type {
		case "turn":
			out, _ := json.Marshal(map[string]any{"action": m.Legal[0], "version": m.Version})
			if err := conn.Write(ctx, websocket.MessageText, out); err != nil {
				t.Fatal(err)
			}
		case "error":
			t.Fatalf("table %s refused a move: %s %s", id, m.Code, m.Message)
		case "end":
			return m.Result.Winners
		}
	}
}

func TestBrowserAccounts(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)}
	s := webtest.NewAccountSite(t, clock.Now)

	// Ann signs up with a passkey, signs out, and signs in with it again.
	ann := s.Tab(t)
	authenticator(ann)
	ann.Open("/account")
	ann.Wait("the sign-up form", "document.querySelector('#signup-passkey')")
	shoot(ann, "account-guest")
	set(ann, "#signup-name", "Ann")
	ann.Click("#signup-passkey")
	signedInAs(ann, "Ann")
	if n := webtest.Eval[int](ann, "document.querySelectorAll('#passkeys li').length"); n != 1 {
		t.Errorf("Ann's account lists %d passkeys, want 1", n)
	}
	ann.Click("#signout")
	ann.Wait("signed out", "document.querySelector('#signin-passkey')")
	ann.Click("#signin-passkey")
	signedInAs(ann, "Ann")
	shoot(ann, "account-member")

	// Bob signs up with a password, signs out, fails once, signs in.
	bob := s.Tab(t)
	bob.Open("/account")
	set(bob, "#signup-name", "Bob")
	set(bob, "#signup-password", "bobs secret pass")
	bob.Click("#signup-submit")
	signedInAs(bob, "Bob")
	bob.Click("#signout")
	bob.Wait("signed out", "document.querySelector('#signin-submit')")
	set(bob, "#signin-name", "Bob")
	set(bob, "#signin-password", "not the password")
	bob.Click("#signin-submit")
	bob.Wait("the refusal", "document.querySelector('#signin-error').textContent.includes('wrong')")
	set(bob, "#signin-password", "bobs secret pass")
	bob.Click("#signin-submit")
	signedInAs(bob, "Bob")

	// The daily deal: Ann then Bob play their counted attempt.
	for _, tb := range []*webtest.Tab{ann, bob} {
		tb.Open("/daily")
		tb.Wait("the start button", "document.querySelector('#daily-start')")
		if tb == ann {
			shoot(tb, "daily-before")
		}
		tb.Click("#daily-start")
		tb.Wait("the daily table", "location.pathname.startsWith('/t/')")
		id := strings.TrimPrefix(webtest.Eval[string](tb, "location.pathname"), "/t/")
		if tb == ann {
			// Another screen — this browser without the seat's token, as a
			// second device — finds the attempt on the daily page and goes
			// on with it there.
			tb.Wait("the seat", "window.cardtableTable && window.cardtableTable.s.seat === 0")
			webtest.Eval[bool](tb, fmt.Sprintf("(localStorage.removeItem('cardtable.token.%s'), true)", id))
			tb.Open("/daily")
			tb.Wait("Go on here", "document.querySelector('button#daily-resume')")
			shoot(tb, "daily-resume")
			tb.Click("#daily-resume")
			tb.Wait("the attempt again, seated", fmt.Sprintf("location.pathname === '/t/%s' && window.cardtableTable && window.cardtableTable.s.seat === 0", id))
			// Started once more elsewhere (the terminal, say): this page's
			// connection is closed with seat-moved; it says so and stops
			// knocking with its old token.
			webtest.Eval[bool](tb, `(fetch("/api/daily/start", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then((r) => r.json()).then((j) => { window.resumedElsewhere = j; }), true)`)
			tb.Wait("the page told its seat moved", "document.querySelector('.conn.stopped') && window.cardtableTable.s.error && window.cardtableTable.s.error.code === 'seat-moved'")
			if got := tb.Text(".conn"); got != "played elsewhere" {
				t.Errorf("the header says %q after the seat moved", got)
			}
			shoot(tb, "daily-played-elsewhere")
			webtest.Eval[bool](tb, fmt.Sprintf("(localStorage.setItem('cardtable.token.%s', window.resumedElsewhere.token), location.reload(), true)", id))
			tb.Wait("seated again with the new token", "window.cardtableTable && window.cardtableTable.s.seat === 0 && document.querySelector('.conn.open')")
		}
		playOut(t, s, tb, id)
		clock.mu.Lock()
		clock.now = clock.now.Add(time.Minute)
		clock.mu.Unlock()
	}
	for _, tb := range []*webtest.Tab{ann, bob} {
		tb.Open("/daily")
		tb.Wait("the result", "document.querySelector('#daily-share')")
	}
	rows := webtest.Eval[[]string](ann, "[...document.querySelectorAll('#daily-board tbody tr')].map(r => r.textContent)")
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "1Ann") || !strings.HasPrefix(rows[1], "2Bob") {
		t.Errorf("the daily board: %q; want Ann first (the same deal played the same way, finished first), then Bob", rows)
	}
	share := ann.Text("#daily-share")
	if !strings.Contains(share, "cardtable daily 2026-12-02") || strings.Contains(share, "♠") {
		t.Errorf("the share text: %q", share)
	}
	shoot(ann, "daily-after")
	again := webtest.Eval[string](bob, `(() => { const x = new XMLHttpRequest(); x.open('POST', '/api/daily/start', false);
		x.setRequestHeader('Content-Type', 'application/json'); x.send('{}'); return x.status + ' ' + JSON.parse(x.responseText).code; })()`)
	if again != "409 daily-played" {
		t.Errorf("Bob's second attempt from the browser: %q, want 409 daily-played", again)
	}
	if bob.Has("#daily-start") {
		t.Error("the daily page still offers Bob a start after his attempt")
	}

	// A rated Watchtower game: Ann creates it in the lobby, Bob joins it.
	ann.Open("/")
	ann.Wait("the lobby's account corner", "document.querySelector('.account-name')")
	webtest.Eval[bool](ann, "(document.getElementById('game').value = 'watchtower', document.getElementById('game').dispatchEvent(new Event('change', {bubbles: true})), true)")
	ann.Wait("the seats", "document.getElementById('seat-1')")
	webtest.Eval[bool](ann, "(document.getElementById('seat-1').value = 'open', document.getElementById('seat-1').dispatchEvent(new Event('change', {bubbles: true})), true)")
	ann.Wait("the rated box", "!document.getElementById('rated-field').hidden")
	webtest.Eval[bool](ann, "(document.getElementById('rated').checked = true, true)")
	shoot(ann, "lobby-create-rated")
	ann.Click("#create button[type=submit]")
	ann.Wait("the table", "location.pathname.startsWith('/t/')")
	rated := strings.TrimPrefix(webtest.Eval[string](ann, "location.pathname"), "/t/")
	bob.Open("/")
	bob.Wait("the rated table in the lobby", fmt.Sprintf("document.querySelector('[data-table=%q] .rated-mark')", rated))
	shoot(bob, "lobby-rated")
	bob.Click(fmt.Sprintf("[data-table=%q] button", rated))
	bob.Wait("Bob's seat", "location.pathname.startsWith('/t/')")
	done := make(chan []int, 1)
	go func() { done <- playOut(t, s, ann, rated) }()
	playOut(t, s, bob, rated)
	winners := <-done
	ratingOf := func(tb *webtest.Tab, name string) int {
		tb.Open("/u/" + name)
		tb.Wait("the rating", "document.querySelector('.rating-card .rating-now strong')")
		return webtest.Eval[int](tb, "parseInt(document.querySelector('.rating-card .rating-now strong').textContent)")
	}
	ra, rb := ratingOf(ann, "Ann"), ratingOf(bob, "Bob")
	if winners[0] == 0 && !(ra > 1500 && rb < 1500) || winners[0] == 1 && !(rb > 1500 && ra < 1500) {
		t.Errorf("after the rated game (winners %v): Ann %d, Bob %d", winners, ra, rb)
	}
	if !ann.Has(".rating-graph polyline") || !ann.Has("#daily-results li") {
		t.Error("Ann's profile lacks the rating graph or the daily result")
	}
	shoot(ann, "profile")
	// One rated game each: both ratings are provisional, so the board
	// lists nobody yet and says why; Ann's own place says she is not on it.
	ann.Open("/leaderboards")
	ann.Wait("the board", "document.querySelector('#watchtower .provisional-note')")
	if top := ann.Text("#watchtower"); !strings.Contains(top, "Nobody is on the board yet") || strings.Contains(top, "Bob") {
		t.Errorf("the Watchtower leaderboard after one game each: %q; want nobody listed (both provisional)", top)
	}
	if note := ann.Text("#watchtower .provisional-note"); !strings.Contains(note, fmt.Sprintf("%d?", ra)) {
		t.Errorf("Ann's place: %q; want her provisional rating %d?", note, ra)
	}
	shoot(ann, "leaderboards")
}
