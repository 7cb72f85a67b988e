package play_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"cardtable/web/webtest"
)

// aliceSlapped is true once the log shows a slap of alice's.
const aliceSlapped = "[...document.querySelectorAll('.log-lines li')].some(li => li.textContent.startsWith('alice slapped'))"

// testWar plays a whole game of Slap War against a bot through the page:
// a slap by key when a 5 shows, Flip clicked to the end, then the result,
// its replay and the record download link.
func testWar(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("war", map[string]string{"slap": "5", "slap-window": "20s", "max-battles": "100"}, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	tb.Wait("the variants", "document.querySelector('.variants').textContent.includes('Slap War: slap every 5')")
	tb.Shot("war-start")
	// Flip by clicking until a slap window opens, then slap with the key.
	slapped, counted := false, false
	for i := 0; i < 400; i++ {
		tb.Wait("a turn", "document.querySelector('[data-action=flip], [data-action=slap], .end')")
		if slapped = webtest.Eval[bool](tb, aliceSlapped); slapped {
			break
		}
		if webtest.Eval[bool](tb, "!!document.querySelector('.end')") {
			break
		}
		if webtest.Eval[bool](tb, "!!document.querySelector('.slap-banner') && !!document.querySelector('[data-action=slap]')") {
			v := tb.Version()
			if !counted {
				// The window counts down while it waits for us. The bot
				// slaps at its reaction time after the reveal, which on a
				// loaded machine may come before the page has been looked
				// at twice: then the window is gone, and the next one
				// counts.
				first, open := slapSecondsLeft(t, tb)
				time.Sleep(400 * time.Millisecond)
				later, still := slapSecondsLeft(t, tb)
				if !open || !still {
					continue
				}
				if later >= first || first > 20 {
					t.Fatalf("the slap countdown did not run: %.1f s, then %.1f s", first, later)
				}
				counted = true
				tb.Shot("war-slap-countdown")
			}
			tb.Do(chromedp.KeyEvent("s"))
			tb.Shot("war-slap-window")
			tb.Wait("the window answered", fmt.Sprintf("window.cardtableTable.shown > %d || window.cardtableTable.s.error", v))
			// On a loaded machine the key may come after the window has
			// closed (the server then passes for us): then the next one.
			continue
		}
		v := tb.Version()
		tb.Click("[data-action=flip]")
		tb.Wait("the flip applied", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	}
	if !slapped && !webtest.Eval[bool](tb, "!!document.querySelector('.end')") {
		t.Fatalf("no slap window in 400 flips")
	}
	if !counted {
		t.Fatalf("no slap window stayed open long enough to watch its countdown")
	}
	// The rest of the game: the page's own Flip button, clicked as soon as
	// it is offered, slapping (by key) in every window.
	tb.Do(chromedp.Evaluate[chromedp.Void](`window.autoplay = setInterval(() => {
		if (document.querySelector('.slap-banner') && document.querySelector('[data-action=slap]')) {
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 's'}));
			return;
		}
		const b = document.querySelector('[data-action=flip]');
		if (b) b.click();
	}, 10)`))
	tb.WaitPlaying("the end of the game", "document.querySelector('.end')")
	tb.Do(chromedp.Evaluate[chromedp.Void]("clearInterval(window.autoplay)"))
	tb.Shot("war-end")
	end := webtest.Eval[string](tb, "document.querySelector('.end').textContent")
	if !strings.Contains(end, "Rematch") || !strings.Contains(end, "Watch the replay") {
		t.Errorf("the result panel says %q; want Rematch and the replay", end)
	}
	if href := webtest.Eval[string](tb, "document.querySelector('.end a[download]').getAttribute('href')"); href != "/api/tables/"+c.ID+"/record" {
		t.Errorf("record link %q", href)
	}
	tb.Click(".end a[href^='/replay/']")
	tb.Wait("the replay", "document.querySelector('#board .war')")
	for range 3 {
		tb.Do(chromedp.KeyEvent(kb.ArrowRight))
	}
	tb.Wait("step 3", "document.getElementById('step').textContent.startsWith('Step 3 of ')")
	tb.Shot("war-replay")
}

// slapSecondsLeft reads the slap window's countdown; open is false when
// the window has closed (no banner, or no slap offered).
func slapSecondsLeft(t *testing.T, tb *webtest.Tab) (left float64, open bool) {
	t.Helper()
	text := webtest.Eval[string](tb, `document.querySelector('.slap-banner') && document.querySelector('[data-action=slap]')
		? (document.querySelector('.slap-countdown') || {}).textContent || '' : 'closed'`)
	if text == "closed" {
		return 0, false
	}
	if _, err := fmt.Sscanf(text, "%f s", &left); err != nil {
		t.Fatalf("no countdown in the slap window: %q", text)
	}
	return left, true
}

// testRegicide plays solo Regicide through the page until it has made a
// play after reading its forecast and covered an attack by choosing cards.
func testRegicide(t *testing.T, s *webtest.Site) {
	for attempt := 0; attempt < 3; attempt++ {
		c := s.Create(t, webtest.One("regicide", map[string]string{"players": "1"}, "human"))
		tb := s.Tab(t)
		tb.Sit(c)
		if regicideTurns(t, tb) {
			return
		}
	}
	t.Fatal("three solo games ended before a damage discard")
}

// regicideTurns plays until a discard covering an attack was made (true),
// or the game ended first (false).
func regicideTurns(t *testing.T, tb *webtest.Tab) bool {
	forecastShot := false
	for turn := 0; turn < 30; turn++ {
		tb.Wait("a turn", "window.cardtableTable.shownLegal > 0 || document.querySelector('.end')")
		if webtest.Eval[bool](tb, "!!document.querySelector('.end')") {
			return false
		}
		phase := webtest.Eval[string](tb, "window.cardtableTable.s.view.phase")
		v := tb.Version()
		switch phase {
		case "play":
			// Click cards until the selection is a play, read the forecast, play.
			tb.Click(".hand .card-button:not([disabled])")
			tb.Wait("a play or a card to add", "document.querySelector(`.action-bar [data-action^='play ']`) || document.querySelector('.hand .card-button:not([disabled]):not(.selected)')")
			if !tb.Has(".action-bar [data-action^='play ']") {
				tb.Click(".hand .card-button:not([disabled]):not(.selected)")
			}
			tb.Wait("the Play button", "document.querySelector(`.action-bar [data-action^='play ']`)")
			tb.Wait("the forecast", "document.querySelector('.forecast') && !document.querySelector('.forecast').textContent.startsWith('Asking')")
			forecast := tb.Text(".forecast")
			play := webtest.Eval[string](tb, "document.querySelector(`.action-bar [data-action^='play ']`).dataset.action")
			if webtest.Eval[string](tb, "document.querySelector('.forecast').dataset.forecast") != play || !strings.HasPrefix(forecast, "Playing ") || !strings.Contains(forecast, "attacks for") || strings.Contains(forecast, ";") {
				t.Errorf("forecast %q is not a sentence of the server's hint for %q", forecast, play)
			}
			if !forecastShot {
				tb.Shot("regicide-forecast")
				forecastShot = true
			}
			tb.Click(".action-bar [data-action^='play ']")
		case "discard":
			if webtest.Eval[int](tb, "window.cardtableTable.s.view.suffer") <= 0 {
				tb.Click(".action-bar [data-action^='discard']")
				break
			}
			regicideDiscard(t, tb, v)
			return true
		default:
			tb.Click(".action-bar .bar-buttons button")
		}
		tb.Wait("the action applied", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	}
	t.Fatal("no damage discard in 30 turns")
	return false
}

// regicideDiscard covers the attack by clicking, in the hand, the cards of
// the cheapest cover offered, confirms, and checks they left the hand.
func regicideDiscard(t *testing.T, tb *webtest.Tab, v int) {
	cover := webtest.Eval[string](tb, "document.querySelector('.covers button').dataset.action")
	for _, c := range strings.Fields(cover)[1:] {
		tb.Click(fmt.Sprintf(".hand [data-card=%q]", c))
	}
	tb.Wait("the Discard button", fmt.Sprintf("document.querySelector('.action-bar button.primary[data-action=%q]')", cover))
	tb.Shot("regicide-discard")
	tb.Click(".action-bar button.primary")
	tb.Wait("the discard applied", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	hand := webtest.Eval[[]string](tb, "window.cardtableTable.s.view.hand || []")
	for _, c := range strings.Fields(cover)[1:] {
		if slices.Contains(hand, c) {
			t.Errorf("%s still in the hand %v after %q", c, hand, cover)
		}
	}
	tb.Shot("regicide-after-discard")
}

// testWatchtower plays Watchtower against a bot until it has challenged a
// fortress card and picked blind among the defender's face-down cards (a
// deal may never offer a challenge, e.g. when the bot goes on campaign
// early: then another table).
func testWatchtower(t *testing.T, s *webtest.Site) {
	for attempt := 0; attempt < 3; attempt++ {
		c := s.Create(t, webtest.One("watchtower", nil, "human", "heuristic"))
		tb := s.Tab(t)
		tb.Sit(c)
		if watchtowerChallenge(t, tb) {
			return
		}
	}
	t.Fatal("three games offered no challenge in 30 turns")
}

// watchtowerChallenge ends turns until a challenge is offered, then makes
// it with its blind picks (true); false if none came in 30 turns.
func watchtowerChallenge(t *testing.T, tb *webtest.Tab) bool {
	const challenge = ".stack-actions [data-action^=\"challenge \"]:not([data-action$=\" 0\"])"
	for turn := 0; turn < 30; turn++ {
		tb.Wait("a turn", "window.cardtableTable.shownLegal > 0 || document.querySelector('.end')")
		if webtest.Eval[bool](tb, "!!document.querySelector('.end')") {
			return false
		}
		v := tb.Version()
		switch {
		case webtest.Eval[bool](tb, "!!document.querySelector('.blind button')"):
			// The bot challenged us (the defender picks first) or a
			// free-for-all is on: pick, and go on to our own challenge.
			tb.Click(".blind button")
		case webtest.Eval[bool](tb, "!!document.querySelector('[data-action=done]')"):
			tb.Click("[data-action=done]")
		case webtest.Eval[bool](tb, "!!document.querySelector('"+challenge+"')"):
			tb.Shot("watchtower-turn")
			tb.Click(challenge)
			watchtowerPicks(t, tb)
			return true
		default:
			tb.Click("[data-action=end]")
		}
		tb.Wait("the action applied", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	}
	return false
}

// watchtowerPicks makes the challenger's blind picks and checks the flip.
func watchtowerPicks(t *testing.T, tb *webtest.Tab) {
	tb.Wait("the pending battle", "window.cardtableTable.s.view.pending && window.cardtableTable.s.view.pending.kind === 'battle'")
	k := webtest.Eval[int](tb, "window.cardtableTable.s.view.pending.k")
	for i := 0; i < k; i++ {
		tb.Wait("a blind pick", "document.querySelector('.blind button')")
		n := webtest.Eval[int](tb, "document.querySelectorAll('.blind button').length")
		from := webtest.Eval[int](tb, "window.cardtableTable.s.view.pending.from")
		if from == 0 {
			t.Fatalf("the challenger picks from its own army")
		}
		if i == 0 {
			tb.Shot("watchtower-pick")
		}
		v := tb.Version()
		tb.Click(fmt.Sprintf(".blind button:nth-of-type(%d)", n))
		tb.Wait("the pick applied", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	}
	tb.Wait("the flip", "[...document.querySelectorAll('.steps li')].some(li => li.textContent.startsWith('flip: '))")
	tb.Shot("watchtower-flip")
}

// testReconnect reloads the page and drops the WebSocket: the page comes
// back to the same seat and plays on.
func testReconnect(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	for range 3 {
		v := tb.Version()
		tb.Wait("Flip", "document.querySelector('[data-action=flip]')")
		tb.Click("[data-action=flip]")
		tb.Wait("the flip applied", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	}
	before := tb.Version()
	tb.Do(chromedp.Reload())
	tb.Wait("the table after the reload", "window.cardtableTable && window.cardtableTable.shown >= 0 && document.querySelector('.who')")
	if who := webtest.Eval[string](tb, "document.querySelector('.who').textContent"); who != "You are alice" {
		t.Fatalf("after a reload the header says %q, want You are alice", who)
	}
	if seat := webtest.Eval[int](tb, "window.cardtableTable.s.seat"); seat != 0 {
		t.Fatalf("after a reload the page holds seat %d, want 0", seat)
	}
	if v := tb.Version(); v < before {
		t.Fatalf("after a reload the version is %d, was %d", v, before)
	}
	tb.Wait("Flip after the reload", "document.querySelector('[data-action=flip]')")
	v := tb.Version()
	tb.Click("[data-action=flip]")
	tb.Wait("a flip after the reload", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	// A dropped connection: the page reconnects by itself to the same seat.
	tb.Do(chromedp.Evaluate[chromedp.Void]("window.cardtableConn.ws.close()"))
	tb.Wait("the reconnect", "window.cardtableTable.s.status === 'open' && window.cardtableConn.ws.readyState === 1")
	tb.Wait("Flip after the reconnect", "document.querySelector('[data-action=flip]')")
	v = tb.Version()
	tb.Click("[data-action=flip]")
	tb.Wait("a flip after the reconnect", fmt.Sprintf("window.cardtableTable.shown > %d", v))
	tb.Shot("war-after-reconnect")
}

// testTwoPlayers seats two browser contexts at one table: alice creates it
// in the lobby with a seat for a person, bob opens the invite link, and
// they play War together.
func testTwoPlayers(t *testing.T, s *webtest.Site) {
	alice := s.Tab(t)
	alice.Do(chromedp.Navigate(s.URL + "/"))
	alice.Wait("the seats", "document.querySelector('#seat-1')")
	alice.Do(chromedp.SendKeys(chromedp.CSS("#name"), "alice"),
		chromedp.SetValue(chromedp.CSS("#seat-1"), "friend"),
		chromedp.Click(chromedp.CSS("#create button[type=submit]")))
	alice.Wait("the invite link", "document.querySelector('.invites input.link')")
	invite := webtest.Eval[string](alice, "document.querySelector('.invites input.link').value")
	alice.Wait("alice's table", "window.cardtableTable && window.cardtableTable.s.seat === 0")

	bob := s.Tab(t)
	bob.Do(chromedp.Navigate(invite))
	bob.Wait("the join form", "document.querySelector('form.join')")
	bob.Do(chromedp.SendKeys(chromedp.CSS("#name"), "bob"), chromedp.Click(chromedp.CSS("form.join button[type=submit]")))
	bob.Wait("bob's table", "window.cardtableTable && window.cardtableTable.s.seat === 1 && window.cardtableTable.shown >= 0")
	if loc := webtest.Eval[string](bob, "location.search"); loc != "" {
		t.Errorf("the invite's query %q stays in the address bar", loc)
	}
	alice.Wait("bob in alice's seat list", "[...document.querySelectorAll('.seats li')].some(li => li.textContent.startsWith('bob'))")
	for range 4 {
		for _, p := range []*webtest.Tab{alice, bob} {
			// A Flip of a turn not yet answered (the last battle's button
			// may still be drawn while its flip is on its way).
			p.Wait("Flip", "document.querySelector('[data-action=flip]') && (!window.cardtableTable.s.sent || window.cardtableTable.s.legalVersion > window.cardtableTable.s.sent.version)")
			flipSent(t, p)
		}
		v := alice.Version()
		bob.Wait("bob sees alice's version", fmt.Sprintf("window.cardtableTable.shown >= %d", v))
	}
	alice.Wait("the last flip", "window.cardtableTable.shown >= 8")
	bob.Wait("the last flip", "window.cardtableTable.shown >= 8")
	if a, b := alice.Version(), bob.Version(); a != 8 || b != 8 {
		t.Errorf("after 4 battles alice is at version %d, bob at %d; want 8", a, b)
	}
	piles := "JSON.stringify(window.cardtableTable.s.view.piles)"
	if a, b := webtest.Eval[string](alice, piles), webtest.Eval[string](bob, piles); a != b {
		t.Errorf("alice sees piles %s, bob %s", a, b)
	}
	alice.Shot("two-players-alice")
	bob.Shot("two-players-bob")

	// A spectator with the table's plain link watches: the same table, no
	// actions offered.
	watcher := s.Tab(t)
	watcher.Do(chromedp.Navigate(s.URL + "/t/" + webtest.Eval[string](alice, "window.cardtableTable.tableID")))
	watcher.Wait("the spectator's table", "window.cardtableTable && window.cardtableTable.shown >= 0 && window.cardtableTable.s.seat === -1")
	if who := webtest.Eval[string](watcher, "document.querySelector('.who').textContent"); who != "Watching" {
		t.Errorf("the spectator's header says %q, want Watching", who)
	}
	if n := webtest.Eval[int](watcher, "document.querySelectorAll('[data-action]').length"); n != 0 {
		t.Errorf("the spectator is offered %d actions", n)
	}
	if a, w := webtest.Eval[string](alice, piles), webtest.Eval[string](watcher, piles); a != w {
		t.Errorf("alice sees piles %s, the spectator %s", a, w)
	}
	alice.Wait("the spectator counted", "document.querySelector('.seats').textContent.includes('1 watching')")
}

// flipSent clicks Flip until the page has sent the flip at its current
// version: a click that lands while the table redraws the button (a
// message arriving between the wait and the click) hits the old node and
// is lost, as a person's would be, who would click again.
func flipSent(t *testing.T, p *webtest.Tab) {
	t.Helper()
	// The version the Flip button is for (the table's, which the shown
	// version trails while the last battle is still being drawn).
	v := webtest.Eval[int](p, "window.cardtableTable.s.version")
	sent := fmt.Sprintf("!!window.cardtableTable.s.sent && window.cardtableTable.s.sent.version >= %d", v)
	for range 5 {
		if webtest.Eval[bool](p, "!!document.querySelector('[data-action=flip]')") {
			p.Click("[data-action=flip]")
		}
		for range 20 {
			if webtest.Eval[bool](p, sent) {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	p.Wait("the flip sent", sent)
}
