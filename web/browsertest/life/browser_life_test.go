package life_test

// Browser tests of the table's life (issue 20): two people in two browser
// contexts (and a spectator in a third) through a rematch declined and
// accepted, a live clock running out and a bot taking over, a
// correspondence game across a server restart, a live game one player
// walks away from, chat, and "my games" after a reload. The server's clock
// is moved by hand (server/testclock): nothing waits for a clock to run
// out. Screenshots at the phone's and the laptop's sizes go to each
// test's artifact directory.

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/server"
	"cardtable/server/room"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/store/sqlite"
	"cardtable/web"
	"cardtable/web/webtest"
)

var lifeStart = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// lifeSite is a browser and a server on a clock moved by hand.
func lifeSite(t *testing.T, clk *testclock.Clock) *webtest.Site {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	return webtest.NewSite(t, func(c *server.Config) { c.Clock = clk })
}

// join opens seat's invite link of table c in a new browser context and
// takes the seat as name.
func join(t *testing.T, s *webtest.Site, c webtest.Created, seat int, name string) *webtest.Tab {
	t.Helper()
	return s.Join(t, c, seat, name, "")
}

// watch opens table c as a spectator in a new browser context.
func watch(t *testing.T, s *webtest.Site, c webtest.Created) *webtest.Tab {
	t.Helper()
	tb := s.Tab(t)
	tb.Table = c.ID
	tb.Open("/t/" + c.ID)
	tb.Wait("the table", "document.querySelector('.board')")
	return tb
}

// shots takes tb's screenshot at the phone's and the laptop's sizes.
func shots(tb *webtest.Tab, name string) {
	tb.T.Helper()
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(sz)
		tb.NoOverflow(name + " at " + sz.Name)
		tb.Shot(name + "-" + sz.Name)
	}
}

// logHas waits for a log line containing text.
func logHas(tb *webtest.Tab, text string) {
	tb.T.Helper()
	tb.Wait("the log saying "+text, fmt.Sprintf("window.cardtableTable.s.log.some((l) => l.text.replace(/[\u2068\u2069]/g, '').includes(%q))", text))
}

// flip clicks Flip once the page offers it and waits for the flip.
func flip(tb *webtest.Tab) {
	tb.T.Helper()
	tb.WaitPlaying("a flip offered", "window.cardtableTable.s.legal.includes('flip')")
	tb.Act("[data-action=flip]")
}

// A rematch in the browser: bob resigns (the page asks once more); alice
// asks for a rematch, bob declines it on his screen; alice asks again and
// bob does not answer: it lapses; alice asks a third time and bob
// accepts: both pages — and a spectator's — move to the new table, each
// person in their rotated seat with the token carried over.
func TestBrowserRematch(t *testing.T) {
	clk := testclock.New(lifeStart)
	s := lifeSite(t, clk)
	alice := s.Tab(t)
	c := s.Create(t, webtest.One("war", nil, "human", "human"))
	alice.Sit(c)
	bob := join(t, s, c, 1, "bob")
	spec := watch(t, s, c)
	bob.Click("[data-life=resign]")
	bob.Click("[data-life=resign-yes]")
	for _, tb := range []*webtest.Tab{alice, bob, spec} {
		tb.Wait("the result", "document.querySelector('.end')")
	}
	if got := alice.Text(".end"); !strings.Contains(got, "bob resigned") || !strings.Contains(got, "You won") {
		t.Errorf("alice's result: %q", got)
	}
	alice.Click("[data-life=rematch]")
	bob.Wait("the rematch asked", "document.querySelector('[data-life=rematch-decline]')")
	shots(bob, "rematch-asked")
	bob.Click("[data-life=rematch-decline]")
	logHas(alice, "bob declined the rematch")
	alice.Wait("the rematch button again", "document.querySelector('[data-life=rematch]')")
	alice.Click("[data-life=rematch]")
	bob.Wait("the rematch asked again", "document.querySelector('[data-life=rematch-accept]')")
	// Nobody waits forever: the offer says until when it stands, and
	// lapses then (by the server's clock) when bob has not answered.
	// Each page draws the offer when its own message comes: wait for it.
	bob.Wait("bob's offer", "(document.querySelector('.offer')||{}).textContent?.includes('alice asks for a rematch (until ')")
	alice.Wait("alice's offer", "(document.querySelector('.offer')||{}).textContent?.includes('waiting for bob (until ')")
	if got := bob.Text(".offer"); !strings.Contains(got, "alice asks for a rematch (until ") {
		t.Errorf("bob's offer: %q", got)
	}
	if got := alice.Text(".offer"); !strings.Contains(got, "waiting for bob (until ") {
		t.Errorf("alice's offer: %q", got)
	}
	shots(alice, "rematch-waiting")
	clk.Advance(room.RematchLapse)
	logHas(alice, "the rematch lapsed: bob did not answer")
	logHas(bob, "the rematch lapsed: bob did not answer")
	bob.Wait("the offer gone", "!document.querySelector('[data-life=rematch-accept]')")
	alice.Wait("the rematch button after the lapse", "document.querySelector('[data-life=rematch]')")
	alice.Click("[data-life=rematch]")
	bob.Wait("the rematch asked a third time", "document.querySelector('[data-life=rematch-accept]')")
	bob.Click("[data-life=rematch-accept]")
	for _, tb := range []*webtest.Tab{alice, bob, spec} {
		tb.Wait("the move to the rematch", fmt.Sprintf("location.pathname !== '/t/%s' && window.cardtableTable && window.cardtableTable.s.view", c.ID))
	}
	if a, b, sp := webtest.Eval[int](alice, "window.cardtableTable.s.seat"), webtest.Eval[int](bob, "window.cardtableTable.s.seat"), webtest.Eval[int](spec, "window.cardtableTable.s.seat"); a != 1 || b != 0 || sp != -1 {
		t.Errorf("seats at the rematch: alice %d, bob %d, spectator %d; want 1, 0, -1", a, b, sp)
	}
	// The header is drawn on the page's next frame after the hello.
	bob.Wait("bob's header at the rematch saying 'You are bob'", "document.querySelector('.who') && document.querySelector('.who').textContent === 'You are bob'")
	flip(bob)
	shots(alice, "rematch-table")
}

// A live clock runs out: the clocks count on both pages; when bob's time
// is up (the server's clock moved past his deadline) a bot plays on for
// him, both pages say so, and bob takes his seat back from his page.
func TestBrowserClockTimeout(t *testing.T) {
	clk := testclock.New(lifeStart)
	s := lifeSite(t, clk)
	alice := s.Tab(t)
	req := webtest.One("war", nil, "human", "human")
	req["settings"] = map[string]string{"pace": "live", "move": "20s", "reserve": "30s"}
	c := s.Create(t, req)
	alice.Sit(c)
	bob := join(t, s, c, 1, "bob")
	alice.Wait("the clocks", "document.querySelectorAll('.clocks .clock').length === 2")
	flip(alice)
	alice.Wait("bob's clock running", "document.querySelector('.clock[data-seat=\"1\"].running')")
	shots(bob, "clock-running")
	clk.Advance(51 * time.Second)
	for _, tb := range []*webtest.Tab{alice, bob} {
		logHas(tb, "Standard bot plays on for bob (time ran out)")
	}
	alice.Wait("the seats naming the bot", "document.querySelector('.seats').textContent.includes('until bob takes it back')")
	bob.Wait("take my seat back", "document.querySelector('[data-life=take-back]')")
	shots(bob, "clock-timed-out")
	bob.Click("[data-life=take-back]")
	logHas(alice, "bob took the seat back")
	bob.Wait("bob's own seat", "!document.querySelector('[data-life=take-back]') && document.querySelector('[data-life=leave]')")
}

// Chat between two people and a spectator: a line typed by alice reaches
// bob and the spectator; the spectator's line reaches no player; bob
// mutes alice and no longer sees her lines. In Regicide players have
// quick phrases and no box to type in.
func TestBrowserChat(t *testing.T) {
	s := lifeSite(t, testclock.New(lifeStart))
	alice := s.Tab(t)
	c := s.Create(t, webtest.One("war", nil, "human", "human"))
	alice.Sit(c)
	bob := join(t, s, c, 1, "bob")
	spec := watch(t, s, c)
	say := func(tb *webtest.Tab, text string) {
		tb.T.Helper()
		tb.Click(".chat-input")
		tb.Do(chromedp.SendKeys(chromedp.CSS(".chat-input"), text+"\n"))
	}
	say(alice, "good luck <b>bob</b>")
	for _, tb := range []*webtest.Tab{bob, spec} {
		tb.Wait("alice's line", "document.querySelector('.chat-lines').textContent.includes('alice: good luck <b>bob</b>')")
	}
	say(spec, "go bob")
	spec.Wait("the spectator's own line", "document.querySelector('.chat-lines').textContent.includes('go bob')")
	say(bob, "thanks")
	alice.Wait("bob's line", "document.querySelector('.chat-lines').textContent.includes('bob: thanks')")
	if alice.Text(".chat-lines") != "alice: good luck <b>bob</b>bob: thanks" {
		t.Errorf("alice reads %q: the spectators' channel reached a player", alice.Text(".chat-lines"))
	}
	shots(bob, "chat")
	bob.Click(".chat-settings button")
	bob.Wait("alice muted", "!document.querySelector('.chat-lines').textContent.includes('alice')")
	say(alice, "can you hear me")
	spec.Wait("alice's second line", "document.querySelector('.chat-lines').textContent.includes('can you hear me')")
	if strings.Contains(bob.Text(".chat-lines"), "hear me") {
		t.Error("bob muted alice and still reads her")
	}

	reg := s.Create(t, webtest.One("regicide", map[string]string{"players": "2"}, "human", "human"))
	alice.Sit(reg)
	alice.Wait("quick phrases", "document.querySelector('.chat .phrases button')")
	if alice.Has(".chat-input:not([hidden])") && webtest.Eval[bool](alice, "document.querySelector('.chat-input').isConnected") {
		t.Error("a Regicide player has a box to type in")
	}
	alice.Click(".chat .phrases button")
	alice.Wait("the phrase said", "document.querySelector('.chat-lines').textContent.includes('alice: Hello!')")
	shots(alice, "chat-regicide")
}

// My games after a reload: the lobby lists the tables this browser sits
// at — the one where it is its move first, a finished one with its result
// — from the tokens it keeps, checked by the server.
func TestBrowserMyGames(t *testing.T) {
	s := lifeSite(t, testclock.New(lifeStart))
	alice := s.Tab(t)
	over := s.Create(t, webtest.One("war", nil, "human", "human"))
	alice.Sit(over)
	bob := join(t, s, over, 1, "bob")
	bob.Click("[data-life=resign]")
	bob.Click("[data-life=resign-yes]")
	alice.Wait("the result", "document.querySelector('.end')")
	req := webtest.One("watchtower", nil, "human", "human")
	req["settings"] = map[string]string{"pace": "correspondence", "move": "2d"}
	mine := s.Create(t, req)
	alice.Sit(mine)
	join(t, s, mine, 1, "bob")
	alice.Open("/")
	alice.Do(chromedp.Reload())
	alice.Wait("my games", "document.querySelectorAll('.mine-list li').length === 2")
	first := alice.Text(".mine-list li:first-child")
	last := alice.Text(".mine-list li:last-child")
	waiting := webtest.Eval[bool](alice, "!!document.querySelector('.mine-list li.your-turn')")
	if !strings.Contains(last, "War vs bob") || !strings.Contains(last, "won") {
		t.Errorf("the finished game: %q", last)
	}
	if !strings.Contains(first, "Watchtower vs bob") {
		t.Errorf("the game going on: %q", first)
	}
	if waiting && !strings.Contains(first, "left") {
		t.Errorf("alice's move without the time left: %q", first)
	}
	shots(alice, "my-games")
}

// ownServer runs a server on st at a fixed address, so browsers reconnect
// to it after a restart; it returns the address and a stop.
func ownServer(t *testing.T, addr string, st store.Store, clk *testclock.Clock) (string, func()) {
	t.Helper()
	srv := server.New(st, server.Config{Assets: web.Assets, Clock: clk, Limits: server.Limits{ConnRate: 1000, ConnBurst: 1000, APIRate: 1000, APIBurst: 1000}})
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	var ln net.Listener
	var err error
	for range 50 { // the old listener's port comes free
		if ln, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	return ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		hs.Close()
	}
}

func openSQLite(t *testing.T, path string) store.Store {
	t.Helper()
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// A correspondence game between two browser contexts across a server
// restart: alice and bob flip on a 1-day-a-move War table kept in a
// SQLite file; the server stops and starts again on the file two hours
// later by its clock; both pages reconnect by themselves and show bob
// exactly the time the server's clock gives him — a day from the start of
// his move, less the three hours played; the two the server was down are
// not charged — and never, even for a frame, more than that; then they
// play on.
func TestBrowserCorrespondenceRestart(t *testing.T) {
	clk := testclock.New(lifeStart)
	s := lifeSite(t, clk)
	path := filepath.Join(t.TempDir(), "corr.db")
	st := openSQLite(t, path)
	addr, stop := ownServer(t, "127.0.0.1:0", st, clk)
	s.URL = "http://" + addr
	alice := s.Tab(t)
	req := webtest.One("war", nil, "human", "human")
	req["settings"] = map[string]string{"pace": "correspondence", "move": "1d"}
	c := s.Create(t, req)
	alice.Sit(c)
	bob := join(t, s, c, 1, "bob")
	for range 2 {
		flip(alice)
		flip(bob)
	}
	// Bob's move began with the last battle, at the start by the clock.
	clk.Advance(3 * time.Hour)
	flip(alice)
	alice.Wait("bob's clock running", "document.querySelector('.clock[data-seat=\"1\"].running')")
	for _, tb := range []*webtest.Tab{alice, bob} {
		watchClock(tb)
	}
	// Bob's page is still showing a trick when the server goes, holding
	// what came after it — here a clock message from before, with his
	// whole day: the new connection's hello takes it at once (before the
	// hello), so it is never drawn after the reconnect.
	bob.Do(chromedp.Evaluate[chromedp.Void](`(() => {
		const v = window.cardtableTable;
		v.holdUntil = performance.now() + 600000;
		const old = JSON.parse(JSON.stringify(v.life.clock.m));
		old.seats[1].left_ms = 86400000;
		v.message(old);
	})()`))
	before := alice.Version()
	stop()
	st.Close()
	alice.Wait("the page noticing", "window.cardtableTable.s.status !== 'open'")

	clk.Advance(2 * time.Hour)
	st2 := openSQLite(t, path)
	t.Cleanup(func() { st2.Close() })
	_, stop2 := ownServer(t, addr, st2, clk)
	t.Cleanup(stop2)
	restarted := clk.Now()
	want := (24*time.Hour - 3*time.Hour).Milliseconds()
	for _, tb := range []*webtest.Tab{alice, bob} {
		tb.Wait("reconnected", fmt.Sprintf("window.cardtableTable.s.status === 'open' && window.cardtableTable.s.version === %d", before))
		// The clock message of the new connection: the server's time is
		// the restarted server's, and it gives bob the exact figure.
		tb.Wait("the clock after the restart", "window.cardtableTable.life.clock.m && document.querySelector('.clock[data-seat=\"1\"]')")
		// The page draws the new clock on its next frame after the message.
		tb.Wait("the clock drawn after the restart", fmt.Sprintf("window.clockSeen.length > 0 && Number(document.querySelector('.clock[data-seat=\"1\"]').dataset.left) <= %d", want))
		m := webtest.Eval[struct {
			Now   time.Time `json:"now"`
			Seats []struct {
				Running bool  `json:"running"`
				LeftMS  int64 `json:"left_ms"`
			} `json:"seats"`
		}](tb, "window.cardtableTable.life.clock.m")
		if !m.Now.Equal(restarted) || len(m.Seats) != 2 || !m.Seats[1].Running || m.Seats[1].LeftMS != want {
			t.Errorf("the clock after the restart: %+v; want bob's running with %d ms left at %s", m, want, restarted)
		}
		// The page counts down from there by its own time, drawn to the
		// minute: 21h 00m, or 20h 59m once a second has passed.
		left := webtest.Eval[int64](tb, "Number(document.querySelector('.clock[data-seat=\"1\"]').dataset.left)")
		shown := tb.Text(".clock[data-seat=\"1\"] .clock-time")
		if left > want || left < want-time.Minute.Milliseconds() || shown != "21h 00m" && shown != "20h 59m" {
			t.Errorf("bob's clock shows %q (%d ms) after the restart; want %d ms, less the seconds since it came", shown, left, want)
		}
		if seen := webtest.Eval[[]int64](tb, "window.clockSeen"); len(seen) == 0 || slices.Max(seen) > want {
			t.Errorf("after the reconnect the page drew bob's clock at %v ms; none may be above %d", seen, want)
		}
	}
	shots(bob, "correspondence-after-restart")
	flip(bob)
	flip(alice)
	flip(bob)
}

// watchClock records in window.clockSeen every time left the page draws
// for seat 1 once a new connection's hello has come.
func watchClock(tb *webtest.Tab) {
	tb.T.Helper()
	tb.Do(chromedp.Evaluate[chromedp.Void](`(() => {
		window.clockSeen = [];
		let again = false;
		const view = window.cardtableTable;
		const message = view.message.bind(view);
		view.message = (m) => { if (m.type === "hello") again = true; message(m); };
		new MutationObserver(() => {
			const el = document.querySelector('.clock[data-seat="1"]');
			if (again && el) window.clockSeen.push(Number(el.dataset.left));
		}).observe(document.body, { subtree: true, childList: true, attributes: true });
	})()`))
}

// A live game one player walks away from: bob closes his page; alice
// sees him away; his time runs out and a bot plays on for him; alice plays
// the game on against the bot.
func TestBrowserWalkAway(t *testing.T) {
	clk := testclock.New(lifeStart)
	s := lifeSite(t, clk)
	alice := s.Tab(t)
	req := webtest.One("war", map[string]string{"max-battles": "30"}, "human", "human")
	req["settings"] = map[string]string{"pace": "live", "move": "30s"}
	c := s.Create(t, req)
	alice.Sit(c)
	bob := join(t, s, c, 1, "bob")
	flip(alice)
	flip(bob)
	bob.Do(chromedp.Navigate("about:blank")) // bob walks away
	alice.Wait("bob away", "document.querySelector('.seats').textContent.includes('away')")
	flip(alice)
	shots(alice, "walk-away-waiting")
	clk.Advance(31 * time.Second)
	logHas(alice, "bob's time ran out")
	logHas(alice, "Standard bot plays on for bob (time ran out)")
	for range 5 {
		flip(alice)
	}
	shots(alice, "walk-away-bot-plays")
	alice.WaitPlaying("the end", "document.querySelector('.end') || (window.cardtableTable.s.legal.includes('flip') && document.querySelector('[data-action=flip]').click())")
	if got := alice.Text(".end-notes"); got != "bob's time ran out; Standard bot played on for them" {
		t.Errorf("the result says %q of what happened", got)
	}
	shots(alice, "walk-away-end")
}
