package layout_test

import (
	"strings"
	"testing"

	"cardtable/table"
	"cardtable/web/webtest"
)

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
	watch := func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("end")) && tb.Version() > 8 }
	return []keyMoment{
		{name: "war-flip", msgs: webtest.Moment(t, "war", nil, func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("flip")) }), action: "[data-action=flip]"},
		{name: "war-war", msgs: webtest.Moment(t, "war", nil, func(tb *table.Table) bool {
			return webtest.Seat0(tb, webtest.Prefix("flip")) && strings.Contains(string(webtest.MustJSON(t, tb.View(0))), `"round":"war"`)
		}), action: "[data-action=flip]"},
		{name: "war-slap-window", msgs: webtest.Moment(t, "war", slap, func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("pass")) }), action: "[data-action=slap]"},
		{name: "regicide-play", msgs: webtest.Moment(t, "regicide", map[string]string{"players": "1"}, func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("play ")) && tb.Version() > 6 }),
			setup: func(tb *webtest.Tab) {
				tb.Wait("a play", "document.querySelector(`.hand [data-card]:not([disabled])`)")
				card := webtest.Eval[string](tb, "(() => { const a = window.cardtableTable.s.legal.find((x) => /^play \\S+$/.test(x)); return a.split(' ')[1]; })()")
				tb.Click(`.hand [data-card="` + card + `"]`)
			}, action: ".action-bar [data-action^='play ']"},
		{name: "regicide-discard", msgs: webtest.Moment(t, "regicide", map[string]string{"players": "2"}, func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("discard ")) }),
			setup: func(tb *webtest.Tab) {
				cover := webtest.Eval[string](tb, "document.querySelector('.covers button').dataset.action")
				for _, c := range strings.Fields(cover)[1:] {
					tb.Click(`.hand [data-card="` + c + `"]`)
				}
			}, action: ".action-bar [data-action^='discard']"},
		{name: "regicide-signal", msgs: webtest.Moment(t, "regicide", map[string]string{"players": "3"}, func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("signal ")) }), action: ".action-bar [data-action^='signal']"},
		{name: "watchtower-setup", msgs: webtest.Moment(t, "watchtower", nil, func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("done")) }), action: "[data-action=done]"},
		{name: "watchtower-turn", msgs: webtest.Moment(t, "watchtower", map[string]string{"players": "4"}, watch), action: "[data-action=end]"},
		{name: "watchtower-pick", msgs: webtest.Moment(t, "watchtower", nil, func(tb *table.Table) bool { return webtest.Seat0(tb, webtest.Prefix("pick ")) }), action: "[data-action^='pick ']", board: true},
		{name: "watchtower-showdown", msgs: webtest.Moment(t, "watchtower", map[string]string{"players": "3"}, func(tb *table.Table) bool {
			return tb.Over() && strings.Contains(string(webtest.MustJSON(t, tb.View(0))), "showdown rows")
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
			if m.name == "war-slap-window" {
				// The window's countdown shows above the action bar, not
				// under it (issue 29 §6).
				under := webtest.Eval[bool](tb, "(scrollTo(0, 0), document.querySelector('.slap-countdown').getBoundingClientRect().bottom > document.querySelector('.action-bar').getBoundingClientRect().top)")
				if under {
					t.Errorf("%s at %s: the slap countdown is under the action bar", m.name, sz.Name)
				}
			}
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
