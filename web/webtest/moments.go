package webtest

// The positions a test needs a page at (a war, a slap window, a Jester's
// choice), reached by bots playing the real engines, and the small moves
// several areas' tests share.

import (
	"cardtable/analysis"
	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/table"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp/kb"
)

// Moment plays game with opts between bots, seed after seed, until at is
// true of the table (seat 0 to move or the game over), and returns what
// seat 0's page is sent then: its hello and its turn (or the end). It
// makes the key moments of each game reachable in a test: a slap window,
// a war, a discard, a showdown.
func Moment(t testing.TB, game string, opts map[string]string, at func(tb *table.Table) bool) []any {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	o := engine.MustResolve(g, opts)
	for seed := uint64(1); seed < 400; seed++ {
		tb, err := table.New(g, o, engine.Setup{Seed: seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var players []*table.BotPlayer
		for i := range tb.NumSeats() {
			p, err := table.NewBot(tb, bots.Spec{Name: bots.Default(game)}, seed, i)
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, p)
		}
		for {
			if at(tb) {
				if tb.Over() {
					return []any{tb.Hello(0), tb.End(0)}
				}
				return []any{tb.Hello(0), tb.Turn(0)}
			}
			if tb.Over() {
				break
			}
			seat := tb.ToMove()[0]
			m, err := players[seat].Act(context.Background(), tb.TurnFor(seat))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tb.Play(seat, m.Action, tb.Version()); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("%s %v: no such moment in 400 games", game, opts)
	return nil
}

// Seat0 reports whether seat 0 is to move with an action for which pick
// is true.
func Seat0(tb *table.Table, pick func(a string) bool) bool {
	if tb.Over() {
		return false
	}
	for _, s := range tb.ToMove() {
		if s == 0 {
			for _, a := range tb.Legal(0) {
				if pick(a) {
					return true
				}
			}
		}
	}
	return false
}

// Prefix is a test of an action: does it start with prefix?
func Prefix(prefix string) func(string) bool {
	return func(a string) bool { return strings.HasPrefix(a, prefix) }
}

// MustJSON is v in JSON (a view, to look for a field in it).
func MustJSON(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// JesterTurn plays 3-player Regicide with bots until seat 0 must signal
// after a Jester or choose who goes next, and returns its hello and turn.
func JesterTurn(t testing.TB, phase string) (table.Message, table.Message) {
	g, err := games.Lookup("regicide")
	if err != nil {
		t.Fatal(err)
	}
	opts := engine.MustResolve(g, map[string]string{"players": "3"})
	for seed := uint64(1); seed < 200; seed++ {
		tb, err := table.New(g, opts, engine.Setup{Seed: seed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var players []*table.BotPlayer
		for i := range 3 {
			p, err := table.NewBot(tb, bots.Spec{Name: bots.Default("regicide")}, seed, i)
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, p)
		}
		for !tb.Over() {
			toMove := tb.ToMove()
			if slices.Contains(toMove, 0) && slices.ContainsFunc(tb.Legal(0), func(a string) bool { return strings.HasPrefix(a, phase) }) {
				return tb.Hello(0), tb.Turn(0)
			}
			seat := toMove[0]
			m, err := players[seat].Act(context.Background(), tb.TurnFor(seat))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tb.Play(seat, m.Action, tb.Version()); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no %q turn for seat 0 in 200 games", phase)
	return table.Message{}, table.Message{}
}

// Choose answers the puzzle on the page as a person does: the cards of a
// play or discard clicked in the hand, then the action bar's button for
// the action (the selection confirmed, a Jester power, discarding nothing).
func (tb *Tab) Choose(action string) {
	tb.T.Helper()
	fields := strings.Fields(action)
	if len(fields) > 1 {
		for _, c := range fields[1:] {
			tb.Click(fmt.Sprintf(".hand [data-card=%q]", c))
		}
		// At a table a play's forecast, asked of the server on choosing
		// it, is drawn before the button is pressed (it changes the page
		// under the pointer); the puzzles page has its forecasts at hand.
		tb.Wait("the forecast", fmt.Sprintf("!window.cardtableTable || !document.querySelector('.forecast') || !!document.querySelector('.forecast[data-forecast=%q]') && !document.querySelector('.forecast').textContent.startsWith('Asking')", action))
	}
	tb.Click(fmt.Sprintf(".action-bar [data-action=%q]", action))
}

// WaitForAnalysis polls the API until the table's analysis is stored
// (the server computes it in its thinking slots' turns; a few seconds of
// CPU, longer on a busy machine) and returns it.
func WaitForAnalysis(t testing.TB, url string) *analysis.Document {
	t.Helper()
	end := time.Now().Add(3 * time.Minute)
	for time.Now().Before(end) {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode == http.StatusOK {
			doc, err := analysis.Decode(res.Body)
			res.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			return doc
		}
		res.Body.Close()
		if res.StatusCode != http.StatusAccepted {
			t.Fatalf("GET %s: %s", url, res.Status)
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatal("the analysis never finished")
	return nil
}

// TabTo presses Tab until the focused element matches sel (at most 80
// times) and fails the test otherwise; it checks the focus is visible.
func (tb *Tab) TabTo(sel string) {
	t := tb.T
	t.Helper()
	for range 80 {
		if Eval[bool](tb, fmt.Sprintf("!!document.activeElement && document.activeElement.matches(%q)", sel)) {
			style := Eval[string](tb, "getComputedStyle(document.activeElement).outlineStyle")
			if style == "none" {
				t.Errorf("the focus on %s is not visible (outline %s)", sel, style)
			}
			return
		}
		tb.Key(kb.Tab)
	}
	tb.Shot("tab-not-found")
	t.Fatalf("Tab never reaches %s", sel)
}

// LowSeat finds a seat written "seat N" (a bot's seat, which the server
// names "heuristic (seat 2)", reads "Standard bot") or numbered from 0, in a
// page's text.
const LowSeat = `(() => { const t = document.body.innerText; const m = /\bseat \d|\b[Ss]eat 0\b/.exec(t); return m ? t.slice(Math.max(0, m.index - 40), m.index + 40) : ""; })()`
