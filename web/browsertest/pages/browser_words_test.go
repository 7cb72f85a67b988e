package pages_test

import (
	"cardtable/web/webtest"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// testLobbyWords checks the create form as a newcomer reads it: every
// option's meaning in words beside it (behind More options), the usual
// value said once for the form and beside an option only once it is
// changed, presets that set known variants, Regicide's first player as
// seat 1..N (sent as the engine's 0..N-1), and a bad bot setting's error
// naming the seat and the bot picked. The lobby and the rules link are
// held to axe-core.
func testLobbyWords(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	tb.Resize(webtest.Phone)
	tb.Open("/")
	tb.Wait("the options", "document.querySelectorAll('.option .option-words').length > 5")
	tb.Click("#more-options summary")
	tb.Wait("More options open", "document.getElementById('more-options').open")
	const shownOptions = "[...document.querySelectorAll('.option')].filter((o) => o.checkVisibility())"
	if n := webtest.Eval[int](tb, shownOptions+".length"); n < 8 {
		t.Errorf("More options shows %d options; want War's rules in words", n)
	}
	bare := webtest.Eval[int](tb, shownOptions+".filter((o) => !o.querySelector('.option-words') || !o.querySelector('.option-words').checkVisibility() || o.querySelector('.option-words').textContent.trim().length < 15).length")
	if bare != 0 {
		t.Errorf("%d options show no words beside them", bare)
	}
	if usual := webtest.Eval[int](tb, "[...document.querySelectorAll('#create *')].filter((e) => e.checkVisibility() && e.children.length === 0 && /usual/i.test(e.textContent)).length"); usual != 1 {
		t.Errorf("the form says \"usual\" %d times with nothing changed; want once, for the whole form", usual)
	}
	if href := webtest.Eval[string](tb, "document.querySelector('#rules-link a').getAttribute('href')"); href != "/rules/war" {
		t.Errorf("the lobby's rules link is %q", href)
	}
	tb.NoOverflow("the lobby at a phone's width")
	tb.Axe("the lobby")
	tb.Click("#presets button:nth-child(4)") // Slap War
	tb.Wait("Slap War set", "document.getElementById('opt-slap').value === '5'")
	if words := tb.Text("[data-option=slap]"); !strings.Contains(words, "on, with 5") || !strings.Contains(words, "changed") || !strings.Contains(words, "Usual: off") {
		t.Errorf("after the Slap War preset the slap option says %q; want it changed, on with 5, and its usual value", words)
	}
	if !tb.Has("#presets button:nth-child(4)[aria-pressed=true]") {
		t.Errorf("the Slap War preset is not shown as chosen")
	}
	tb.Shot("lobby-preset-slap-war-phone")

	// Regicide for two: the first player is seat 1 or 2 on screen.
	regicideForTwo(tb)
	firsts := webtest.Eval[[]string](tb, "[...document.querySelectorAll('#opt-first option')].map((o) => o.value + '=' + o.textContent)")
	if strings.Join(firsts, ",") != "random=chosen at random,0=Seat 1,1=Seat 2" {
		t.Errorf("Regicide's first player offers %q", firsts)
	}
	tb.Do(chromedp.SetValue(chromedp.CSS("#opt-first"), "1"), chromedp.SetValue(chromedp.CSS("#seat-1"), "bot:expert"),
		chromedp.SetValue(chromedp.CSS("#seat-1-settings"), "iterations=lots"))
	tb.Click("#create button[type=submit]")
	tb.Wait("the error", "document.getElementById('create-error').textContent")
	if msg := strings.ToLower(tb.Text("#create-error")); !strings.HasPrefix(msg, "seat 2 (") || !strings.Contains(msg, "expert") || !strings.Contains(msg, "iterations") {
		t.Errorf("a bad bot setting's error says %q; want it to name seat 2 and the bot picked", msg)
	}
	tb.Do(chromedp.Evaluate[chromedp.Void]("document.getElementById('seat-1-settings').value = ''"))
	tb.Click("#create button[type=submit]")
	tb.Wait("the table", "window.cardtableTable && window.cardtableTable.shown >= 0")
	if first := webtest.Eval[string](tb, "window.cardtableTable.s.options.first"); first != "1" {
		t.Errorf("seat 2 chosen to play first is sent as first=%q; want the engine's 1", first)
	}
}

// testReplayWords opens a finished game's replay: each action is a
// sentence (no notation), the step line too, the rules are one click away,
// and the page passes axe-core.
func testReplayWords(t *testing.T, s *webtest.Site) {
	c := s.Create(t, webtest.One("war", map[string]string{"max-battles": "30"}, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	tb.Click("[data-action=finish]")
	tb.WaitPlaying("the end", "document.querySelector('.end')")
	// The bot's seat reads as the bot in words ("Standard bot"), at the
	// table and in the replay, never as the server's "heuristic (seat 2)".
	if bad := webtest.Eval[string](tb, webtest.LowSeat); bad != "" {
		t.Errorf("the table writes a seat as %q", bad)
	}
	if tb.Has(".end a[href$='?analysis=1']") {
		t.Errorf("a plain War game (no decisions) offers an analysis")
	}
	tb.Open("/replay/" + c.ID)
	tb.Wait("the replay", "document.querySelectorAll('#actions li').length > 3")
	if bad := webtest.Eval[string](tb, webtest.LowSeat); bad != "" {
		t.Errorf("the replay writes a seat as %q", bad)
	}
	first := tb.Text("#actions li:first-child")
	if !strings.HasPrefix(first, "alice ") && !strings.HasPrefix(first, "Standard bot ") || strings.Contains(first, ": flip") {
		t.Errorf("the replay's first action reads %q", first)
	}
	tb.Key(kb.ArrowRight)
	tb.Key(kb.ArrowRight)
	tb.Wait("step 2", "document.getElementById('step').textContent.startsWith('Step 2 of ')")
	if step := tb.Text("#step"); !strings.Contains(step, "flipped") {
		t.Errorf("the step line reads %q", step)
	}
	if href := webtest.Eval[string](tb, "document.querySelector('a.header-link').getAttribute('href')"); href != fmt.Sprintf("/rules/war?table=%s", c.ID) {
		t.Errorf("the replay's rules link is %q", href)
	}
	tb.Shot("replay-words")
	tb.Axe("the replay")

	// The lobby's finished games say each one's result (issue 29 §7).
	tb.Open("/")
	row := fmt.Sprintf("#recent li[data-table=%q]", c.ID)
	tb.Wait("the finished game in the lobby", fmt.Sprintf("document.querySelector('%s .table-result')", row))
	if got := tb.Text(row + " .table-result"); got != "Winner: alice" && got != "Winner: Standard bot" && got != "No winner" {
		t.Errorf("the lobby's finished game reads %q; want its winner", got)
	}
}
