package web_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// aliceSlapped is true once the log shows a slap of alice's.
const aliceSlapped = "[...document.querySelectorAll('.log-lines li')].some(li => li.textContent.startsWith('alice: slap@'))"

// testWar plays a whole game of Slap War against a bot through the page:
// a slap by key when a 5 shows, Flip clicked to the end, then the result,
// its replay and the record download link.
func testWar(t *testing.T, s *site) {
	c := s.create(t, one("war", map[string]string{"slap": "5", "slap-window": "20s", "max-battles": "100"}, "human", "heuristic"))
	tb := s.tab(t)
	tb.sit(c)
	tb.wait("the variants", "document.querySelector('.variants').textContent.includes('Slap War on 5')")
	tb.shot("war-start")
	// Flip by clicking until a slap window opens, then slap with the key.
	slapped, counted := false, false
	for i := 0; i < 400; i++ {
		tb.wait("a turn", "document.querySelector('[data-action=flip], [data-action=slap], .end')")
		if slapped = eval[bool](tb, aliceSlapped); slapped {
			break
		}
		if eval[bool](tb, "!!document.querySelector('.end')") {
			break
		}
		if eval[bool](tb, "!!document.querySelector('.slap-banner') && !!document.querySelector('[data-action=slap]')") {
			v := tb.version()
			if !counted {
				// The window counts down while it waits for us.
				first := slapSecondsLeft(t, tb)
				time.Sleep(400 * time.Millisecond)
				if later := slapSecondsLeft(t, tb); later >= first || first > 20 {
					t.Fatalf("the slap countdown did not run: %.1f s, then %.1f s", first, later)
				}
				counted = true
				tb.shot("war-slap-countdown")
			}
			tb.do(chromedp.KeyEvent("s"))
			tb.shot("war-slap-window")
			tb.wait("the window answered", fmt.Sprintf("window.cardtableTable.s.version > %d || window.cardtableTable.s.error", v))
			// On a loaded machine the key may come after the window has
			// closed (the server then passes for us): then the next one.
			continue
		}
		v := tb.version()
		tb.click("[data-action=flip]")
		tb.wait("the flip applied", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	}
	if !slapped && !eval[bool](tb, "!!document.querySelector('.end')") {
		t.Fatalf("no slap window in 400 flips")
	}
	// The rest of the game: the page's own Flip button, clicked as soon as
	// it is offered, slapping (by key) in every window.
	tb.do(chromedp.Evaluate[chromedp.Void](`window.autoplay = setInterval(() => {
		if (document.querySelector('.slap-banner') && document.querySelector('[data-action=slap]')) {
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 's'}));
			return;
		}
		const b = document.querySelector('[data-action=flip]');
		if (b) b.click();
	}, 10)`))
	tb.waitPlaying("the end of the game", "document.querySelector('.end')")
	tb.do(chromedp.Evaluate[chromedp.Void]("clearInterval(window.autoplay)"))
	tb.shot("war-end")
	end := eval[string](tb, "document.querySelector('.end').textContent")
	if !strings.Contains(end, "Play again") || !strings.Contains(end, "Watch the replay") {
		t.Errorf("the result panel says %q; want Play again and the replay", end)
	}
	if href := eval[string](tb, "document.querySelector('.end a[download]').getAttribute('href')"); href != "/api/tables/"+c.ID+"/record" {
		t.Errorf("record link %q", href)
	}
	tb.click(".end a[href^='/replay/']")
	tb.wait("the replay", "document.querySelector('#board .war')")
	for range 3 {
		tb.do(chromedp.KeyEvent(kb.ArrowRight))
	}
	tb.wait("step 3", "document.getElementById('step').textContent.startsWith('Step 3 of ')")
	tb.shot("war-replay")
}

// slapSecondsLeft reads the open slap window's countdown off the page.
func slapSecondsLeft(t *testing.T, tb *tab) float64 {
	t.Helper()
	text := eval[string](tb, "(document.querySelector('.slap-countdown') || {}).textContent || ''")
	var left float64
	if _, err := fmt.Sscanf(text, "%f s", &left); err != nil {
		t.Fatalf("no countdown in the slap window: %q", text)
	}
	return left
}

// testRegicide plays solo Regicide through the page until it has made a
// play after reading its forecast and covered an attack by choosing cards.
func testRegicide(t *testing.T, s *site) {
	for attempt := 0; attempt < 3; attempt++ {
		c := s.create(t, one("regicide", map[string]string{"players": "1"}, "human"))
		tb := s.tab(t)
		tb.sit(c)
		if regicideTurns(t, tb) {
			return
		}
	}
	t.Fatal("three solo games ended before a damage discard")
}

// regicideTurns plays until a discard covering an attack was made (true),
// or the game ended first (false).
func regicideTurns(t *testing.T, tb *tab) bool {
	forecastShot := false
	for turn := 0; turn < 30; turn++ {
		tb.wait("a turn", "window.cardtableTable.s.legal.length > 0 || document.querySelector('.end')")
		if eval[bool](tb, "!!document.querySelector('.end')") {
			return false
		}
		phase := eval[string](tb, "window.cardtableTable.s.view.phase")
		v := tb.version()
		switch phase {
		case "play":
			// Click cards until the selection is a play, read the forecast, play.
			tb.click(".hand .card-button:not([disabled])")
			tb.wait("a play or a card to add", "document.querySelector('.selection button.primary') || document.querySelector('.hand .card-button:not([disabled]):not(.selected)')")
			if !eval[bool](tb, "!!document.querySelector('.selection button.primary')") {
				tb.click(".hand .card-button:not([disabled]):not(.selected)")
			}
			tb.wait("the Play button", "document.querySelector('.selection button.primary')")
			tb.wait("the forecast", "document.querySelector('.forecast') && !document.querySelector('.forecast').textContent.startsWith('Asking')")
			forecast := eval[string](tb, "document.querySelector('.forecast').textContent")
			play := eval[string](tb, "document.querySelector('.selection button.primary').dataset.action")
			if !strings.HasPrefix(forecast, play+":") || !strings.Contains(forecast, "attack") {
				t.Errorf("forecast %q is not the server's hint for %q", forecast, play)
			}
			if !forecastShot {
				tb.shot("regicide-forecast")
				forecastShot = true
			}
			tb.click(".selection button.primary")
		case "discard":
			if eval[int](tb, "window.cardtableTable.s.view.suffer") <= 0 {
				tb.click(".selection button.primary")
				break
			}
			regicideDiscard(t, tb, v)
			return true
		default:
			tb.click(".choices button, .actions button")
		}
		tb.wait("the action applied", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	}
	t.Fatal("no damage discard in 30 turns")
	return false
}

// regicideDiscard covers the attack by clicking, in the hand, the cards of
// the cheapest cover offered, confirms, and checks they left the hand.
func regicideDiscard(t *testing.T, tb *tab, v int) {
	cover := eval[string](tb, "document.querySelector('.covers button').dataset.action")
	for _, c := range strings.Fields(cover)[1:] {
		tb.click(fmt.Sprintf(".hand [data-card=%q]", c))
	}
	tb.wait("the Discard button", fmt.Sprintf("document.querySelector('.selection button.primary[data-action=%q]')", cover))
	tb.shot("regicide-discard")
	tb.click(".selection button.primary")
	tb.wait("the discard applied", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	hand := eval[[]string](tb, "window.cardtableTable.s.view.hand || []")
	for _, c := range strings.Fields(cover)[1:] {
		if slices.Contains(hand, c) {
			t.Errorf("%s still in the hand %v after %q", c, hand, cover)
		}
	}
	tb.shot("regicide-after-discard")
}

// testWatchtower plays Watchtower against a bot until it has challenged a
// fortress card and picked blind among the defender's face-down cards (a
// deal may never offer a challenge, e.g. when the bot goes on campaign
// early: then another table).
func testWatchtower(t *testing.T, s *site) {
	for attempt := 0; attempt < 3; attempt++ {
		c := s.create(t, one("watchtower", nil, "human", "heuristic"))
		tb := s.tab(t)
		tb.sit(c)
		if watchtowerChallenge(t, tb) {
			return
		}
	}
	t.Fatal("three games offered no challenge in 30 turns")
}

// watchtowerChallenge ends turns until a challenge is offered, then makes
// it with its blind picks (true); false if none came in 30 turns.
func watchtowerChallenge(t *testing.T, tb *tab) bool {
	const challenge = ".stack-actions [data-action^=\"challenge \"]:not([data-action$=\" 0\"])"
	for turn := 0; turn < 30; turn++ {
		tb.wait("a turn", "window.cardtableTable.s.legal.length > 0 || document.querySelector('.end')")
		if eval[bool](tb, "!!document.querySelector('.end')") {
			return false
		}
		v := tb.version()
		switch {
		case eval[bool](tb, "!!document.querySelector('.blind button')"):
			// The bot challenged us (the defender picks first) or a
			// free-for-all is on: pick, and go on to our own challenge.
			tb.click(".blind button")
		case eval[bool](tb, "!!document.querySelector('[data-action=done]')"):
			tb.click("[data-action=done]")
		case eval[bool](tb, "!!document.querySelector('"+challenge+"')"):
			tb.shot("watchtower-turn")
			tb.click(challenge)
			watchtowerPicks(t, tb)
			return true
		default:
			tb.click("[data-action=end]")
		}
		tb.wait("the action applied", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	}
	return false
}

// watchtowerPicks makes the challenger's blind picks and checks the flip.
func watchtowerPicks(t *testing.T, tb *tab) {
	tb.wait("the pending battle", "window.cardtableTable.s.view.pending && window.cardtableTable.s.view.pending.kind === 'battle'")
	k := eval[int](tb, "window.cardtableTable.s.view.pending.k")
	for i := 0; i < k; i++ {
		tb.wait("a blind pick", "document.querySelector('.blind button')")
		n := eval[int](tb, "document.querySelectorAll('.blind button').length")
		from := eval[int](tb, "window.cardtableTable.s.view.pending.from")
		if from == 0 {
			t.Fatalf("the challenger picks from its own army")
		}
		if i == 0 {
			tb.shot("watchtower-pick")
		}
		v := tb.version()
		tb.click(fmt.Sprintf(".blind button:nth-of-type(%d)", n))
		tb.wait("the pick applied", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	}
	tb.wait("the flip", "[...document.querySelectorAll('.steps li')].some(li => li.textContent.startsWith('flip: '))")
	tb.shot("watchtower-flip")
}

// testReconnect reloads the page and drops the WebSocket: the page comes
// back to the same seat and plays on.
func testReconnect(t *testing.T, s *site) {
	c := s.create(t, one("war", nil, "human", "heuristic"))
	tb := s.tab(t)
	tb.sit(c)
	for range 3 {
		v := tb.version()
		tb.wait("Flip", "document.querySelector('[data-action=flip]')")
		tb.click("[data-action=flip]")
		tb.wait("the flip applied", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	}
	before := tb.version()
	tb.do(chromedp.Reload())
	tb.wait("the table after the reload", "window.cardtableTable && window.cardtableTable.s.view")
	if who := eval[string](tb, "document.querySelector('.who').textContent"); who != "You are alice" {
		t.Fatalf("after a reload the header says %q, want You are alice", who)
	}
	if seat := eval[int](tb, "window.cardtableTable.s.seat"); seat != 0 {
		t.Fatalf("after a reload the page holds seat %d, want 0", seat)
	}
	if v := tb.version(); v < before {
		t.Fatalf("after a reload the version is %d, was %d", v, before)
	}
	tb.wait("Flip after the reload", "document.querySelector('[data-action=flip]')")
	v := tb.version()
	tb.click("[data-action=flip]")
	tb.wait("a flip after the reload", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	// A dropped connection: the page reconnects by itself to the same seat.
	tb.do(chromedp.Evaluate[chromedp.Void]("window.cardtableConn.ws.close()"))
	tb.wait("the reconnect", "window.cardtableTable.s.status === 'open' && window.cardtableConn.ws.readyState === 1")
	tb.wait("Flip after the reconnect", "document.querySelector('[data-action=flip]')")
	v = tb.version()
	tb.click("[data-action=flip]")
	tb.wait("a flip after the reconnect", fmt.Sprintf("window.cardtableTable.s.version > %d", v))
	tb.shot("war-after-reconnect")
}

// testTwoPlayers seats two browser contexts at one table: alice creates it
// in the lobby with a seat for a person, bob opens the invite link, and
// they play War together.
func testTwoPlayers(t *testing.T, s *site) {
	alice := s.tab(t)
	alice.do(chromedp.Navigate(s.url + "/"))
	alice.wait("the seats", "document.querySelector('#seat-1')")
	alice.do(chromedp.SendKeys(chromedp.CSS("#name"), "alice"),
		chromedp.SetValue(chromedp.CSS("#seat-1"), "human"),
		chromedp.Click(chromedp.CSS("#create button[type=submit]")))
	alice.wait("the invite link", "document.querySelector('.invites input.link')")
	invite := eval[string](alice, "document.querySelector('.invites input.link').value")
	alice.wait("alice's table", "window.cardtableTable && window.cardtableTable.s.seat === 0")

	bob := s.tab(t)
	bob.do(chromedp.Navigate(invite))
	bob.wait("the join form", "document.querySelector('form.join')")
	bob.do(chromedp.SendKeys(chromedp.CSS("#name"), "bob"), chromedp.Click(chromedp.CSS("form.join button[type=submit]")))
	bob.wait("bob's table", "window.cardtableTable && window.cardtableTable.s.seat === 1 && window.cardtableTable.s.view")
	if loc := eval[string](bob, "location.search"); loc != "" {
		t.Errorf("the invite's query %q stays in the address bar", loc)
	}
	alice.wait("bob in alice's seat list", "[...document.querySelectorAll('.seats li')].some(li => li.textContent.startsWith('bob'))")
	for range 4 {
		for _, p := range []*tab{alice, bob} {
			p.wait("Flip", "document.querySelector('[data-action=flip]')")
			p.click("[data-action=flip]")
		}
		v := alice.version()
		bob.wait("bob sees alice's version", fmt.Sprintf("window.cardtableTable.s.version >= %d", v))
	}
	alice.wait("the last flip", "window.cardtableTable.s.version >= 8")
	bob.wait("the last flip", "window.cardtableTable.s.version >= 8")
	if a, b := alice.version(), bob.version(); a != 8 || b != 8 {
		t.Errorf("after 4 battles alice is at version %d, bob at %d; want 8", a, b)
	}
	piles := "JSON.stringify(window.cardtableTable.s.view.piles)"
	if a, b := eval[string](alice, piles), eval[string](bob, piles); a != b {
		t.Errorf("alice sees piles %s, bob %s", a, b)
	}
	alice.shot("two-players-alice")
	bob.shot("two-players-bob")

	// A spectator with the table's plain link watches: the same table, no
	// actions offered.
	watcher := s.tab(t)
	watcher.do(chromedp.Navigate(s.url + "/t/" + eval[string](alice, "window.cardtableTable.tableID")))
	watcher.wait("the spectator's table", "window.cardtableTable && window.cardtableTable.s.view && window.cardtableTable.s.seat === -1")
	if who := eval[string](watcher, "document.querySelector('.who').textContent"); who != "Watching" {
		t.Errorf("the spectator's header says %q, want Watching", who)
	}
	if n := eval[int](watcher, "document.querySelectorAll('[data-action]').length"); n != 0 {
		t.Errorf("the spectator is offered %d actions", n)
	}
	if a, w := eval[string](alice, piles), eval[string](watcher, piles); a != w {
		t.Errorf("alice sees piles %s, the spectator %s", a, w)
	}
	alice.wait("the spectator counted", "document.querySelector('.seats').textContent.includes('1 watching')")
}
