package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/table"
	"cardtable/web/webtest"
)

// moment plays game with opts between bots, seed after seed, until at is
// true of the table (seat 0 to move or the game over), and returns what
// seat 0's page is sent then: its hello and its turn (or the end). It
// makes the key moments of each game reachable in a test: a slap window,
// a war, a discard, a showdown.
func moment(t *testing.T, game string, opts map[string]string, at func(tb *table.Table) bool) []any {
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

// seat0 reports whether seat 0 is to move with an action for which pick
// is true.
func seat0(tb *table.Table, pick func(a string) bool) bool {
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

func has(prefix string) func(string) bool {
	return func(a string) bool { return strings.HasPrefix(a, prefix) }
}

// keyMoment is one moment of a game a person must be able to act in, and
// the button of the action that matters then.
type keyMoment struct {
	name   string
	msgs   []any
	setup  func(tb *webtest.Tab) // what the person does first (select cards)
	action string                // the selector of the button that must be on screen
	// board: the action is drawn on the board near its top, not in the
	// action bar: on screen when the page opens.
	board bool
}

// keyMoments are each game's moments that matter, reached by bots.
func keyMoments(t *testing.T) []keyMoment {
	slap := map[string]string{"slap": "5", "slap-window": "1m"}
	watch := func(tb *table.Table) bool { return seat0(tb, has("end")) && tb.Version() > 8 }
	return []keyMoment{
		{name: "war-flip", msgs: moment(t, "war", nil, func(tb *table.Table) bool { return seat0(tb, has("flip")) }), action: "[data-action=flip]"},
		{name: "war-war", msgs: moment(t, "war", nil, func(tb *table.Table) bool {
			return seat0(tb, has("flip")) && strings.Contains(string(mustJSON(t, tb.View(0))), `"round":"war"`)
		}), action: "[data-action=flip]"},
		{name: "war-slap-window", msgs: moment(t, "war", slap, func(tb *table.Table) bool { return seat0(tb, has("pass")) }), action: "[data-action=slap]"},
		{name: "regicide-play", msgs: moment(t, "regicide", map[string]string{"players": "1"}, func(tb *table.Table) bool { return seat0(tb, has("play ")) && tb.Version() > 6 }),
			setup: func(tb *webtest.Tab) {
				tb.Wait("a play", "document.querySelector(`.hand [data-card]:not([disabled])`)")
				card := webtest.Eval[string](tb, "(() => { const a = window.cardtableTable.s.legal.find((x) => /^play \\S+$/.test(x)); return a.split(' ')[1]; })()")
				tb.Click(`.hand [data-card="` + card + `"]`)
			}, action: ".action-bar [data-action^='play ']"},
		{name: "regicide-discard", msgs: moment(t, "regicide", map[string]string{"players": "2"}, func(tb *table.Table) bool { return seat0(tb, has("discard ")) }),
			setup: func(tb *webtest.Tab) {
				cover := webtest.Eval[string](tb, "document.querySelector('.covers button').dataset.action")
				for _, c := range strings.Fields(cover)[1:] {
					tb.Click(`.hand [data-card="` + c + `"]`)
				}
			}, action: ".action-bar [data-action^='discard']"},
		{name: "regicide-signal", msgs: moment(t, "regicide", map[string]string{"players": "3"}, func(tb *table.Table) bool { return seat0(tb, has("signal ")) }), action: ".action-bar [data-action^='signal']"},
		{name: "watchtower-setup", msgs: moment(t, "watchtower", nil, func(tb *table.Table) bool { return seat0(tb, has("done")) }), action: "[data-action=done]"},
		{name: "watchtower-turn", msgs: moment(t, "watchtower", map[string]string{"players": "4"}, watch), action: "[data-action=end]"},
		{name: "watchtower-pick", msgs: moment(t, "watchtower", nil, func(tb *table.Table) bool { return seat0(tb, has("pick ")) }), action: "[data-action^='pick ']", board: true},
		{name: "watchtower-showdown", msgs: moment(t, "watchtower", map[string]string{"players": "3"}, func(tb *table.Table) bool {
			return tb.Over() && strings.Contains(string(mustJSON(t, tb.View(0))), "showdown rows")
		}), action: ".action-bar .whose"},
	}
}

// testPhoneAndLaptop draws each game's key moments at 390×844 (touch) and
// 1280×800: the button of the action that matters lies inside the window
// without scrolling, nothing sticks out of its panel, and axe-core finds no
// serious or critical violation (checked at the phone's size). Key hints
// are hidden on the touch screen and shown on the laptop.
func testPhoneAndLaptop(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	for _, m := range keyMoments(t) {
		for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
			tb.Resize(sz)
			tb.Show(m.msgs...)
			tb.Wait("the drawn moment", "window.cardtableTable.shown >= 0 && document.querySelector('.board')")
			if m.setup != nil {
				m.setup(tb)
			}
			tb.Wait(m.name+"'s action", "document.querySelector(`"+m.action+"`)")
			if m.board {
				tb.OnScreen(m.name+" at "+sz.Name, m.action)
			} else {
				tb.InViewport(m.name+" at "+sz.Name, m.action)
			}
			tb.NoOverflow(m.name + " at " + sz.Name)
			tb.Shot(m.name + "-" + sz.Name)
			kbd := webtest.Eval[bool](tb, "[...document.querySelectorAll('.action-bar kbd')].some((k) => k.offsetWidth > 0)")
			hasKbd := tb.Has(".action-bar kbd")
			if sz.Touch && kbd {
				t.Errorf("%s: key hints shown on a touch screen", m.name)
			}
			if !sz.Touch && hasKbd && !kbd {
				t.Errorf("%s: key hints hidden on a laptop", m.name)
			}
			if sz.Touch {
				tb.Axe(m.name)
			}
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
