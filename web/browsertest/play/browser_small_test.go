package play_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cardtable/table"
	"cardtable/web/webtest"
)

// moduleCall evaluates expr — a call on module m, the page's module at
// path — in a page of the site, and returns its result.
func moduleCall[T any](tb *webtest.Tab, path, expr string) T {
	tb.T.Helper()
	tb.Open("/rules/war")
	webtest.Eval[bool](tb, fmt.Sprintf("(window.out = undefined, import(%q).then((m) => { window.out = %s; }), true)", path, expr))
	tb.Wait("the module's answer", "window.out !== undefined")
	return webtest.Eval[T](tb, "window.out")
}

// testSmallThings checks the small things a newcomer met at the table
// (issue 29 §7), each as it was met.
func testSmallThings(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)

	// 2♠ against the Jack of Spades: no "immune to spades power".
	// (The forecasts are the server's hint_i18n messages, as it sends them.)
	got := moduleCall[string](tb, "/static/js/regicide.js", `m.forecastSentence({id: "regicide.hint", args: {action: {text: "play 2S"}, parts: {msgs: [
		{id: "regicide.hint.attack-immune", args: {n: {num: 2}, immune: {msg: {id: "regicide.power.spades"}}}},
		{id: "regicide.hint.shield", args: {n: {num: 0}}}, {id: "regicide.hint.damage", args: {n: {num: 2}}},
		{id: "regicide.hint.suffer-covers", args: {n: {num: 10}}}]}}})`)
	if strings.Contains(got, "power") && !strings.Contains(got, "no Spades power") || strings.Contains(got, "immune to spades power") {
		t.Errorf("2♠ against the Jack of Spades is forecast as %q", got)
	}
	if both := moduleCall[string](tb, "/static/js/regicide.js", `m.forecastSentence({id: "regicide.hint", args: {action: {text: "play 5H 5C"}, parts: {msgs: [
		{id: "regicide.hint.attack-powers", args: {n: {num: 10}, powers: {msg: {id: "list.comma", args: {a: {msg: {id: "regicide.power.hearts"}}, b: {msg: {id: "regicide.power.clubs"}}}}}}},
		{id: "regicide.hint.heal", args: {n: {num: 10}}}, {id: "regicide.hint.shield", args: {n: {num: 0}}}, {id: "regicide.hint.damage", args: {n: {num: 20}}}]}}})`); !strings.Contains(both, "with the Hearts and Clubs powers") {
		t.Errorf("5♥ 5♣ is forecast as %q", both)
	}

	// A sentence that starts with a word starts with a capital; one that
	// starts with a name keeps the name as typed.
	lines := moduleCall[[]string](tb, "/static/js/watchtower.js", `["after 75 rounds alice and bob share the forced showdown with 3 tricks", "alice built a watchtower"].map((d) => m.endSentence({detail: d, winners: [0], length: 75}, {round: 75}, {seat: 1, seats: [{name: "alice"}, {name: "bob"}]}).lines[0])`)
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "After 75 rounds") || !strings.HasPrefix(lines[1], "alice built") {
		t.Errorf("Watchtower's end sentences read %q", lines)
	}

	// War against a bot: the bot flips with the person, so the bar names
	// only the person as to move.
	c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
	tb.Sit(c)
	for range 3 {
		tb.Wait("Flip", "document.querySelector('[data-action=flip]')")
		if got := tb.Text(".action-bar .whose"); got != "To move: you" {
			t.Errorf("with Flip offered against a bot, the bar reads %q", got)
		}
		tb.Act("[data-action=flip]")
	}

	// The replay of a plain War game asks for no analysis (it has none).
	tb.Click("[data-action=finish]")
	tb.WaitPlaying("the end", "document.querySelector('.end')")
	tb.Open("/replay/" + c.ID)
	tb.Wait("the replay", "document.querySelector('#board .war')")
	asked := webtest.Eval[[]string](tb, "performance.getEntriesByType('resource').map((r) => r.name).filter((n) => n.includes('/api/') && n.includes('/analysis'))")
	if len(asked) > 0 || tb.Has(".analysis") {
		t.Errorf("the replay of a plain War game asks for its analysis: %v", asked)
	}

	// What Watchtower's player knows of the barracks: 43 cards at its
	// bottom are one run of places, not 43 ordinals.
	knownMoment(t, tb)
}

// knownMoment shows a Watchtower turn whose player knows the bottom 43
// cards of the barracks, and checks how the header says it.
func knownMoment(t *testing.T, tb *webtest.Tab) {
	t.Helper()
	msgs := webtest.Moment(t, "watchtower", nil, func(x *table.Table) bool { return webtest.Seat0(x, webtest.Prefix("place")) })
	var generic []any
	if err := json.Unmarshal(webtest.MustJSON(t, msgs), &generic); err != nil {
		t.Fatal(err)
	}
	deck := []string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
	var known []map[string]any
	for i := range 43 {
		known = append(known, map[string]any{"position": 10 + i, "card": deck[i%13] + "CDHS"[i/13:i/13+1]})
	}
	for _, m := range generic {
		if v, ok := m.(map[string]any)["view"].(map[string]any); ok {
			v["barracks"] = 52
			v["barracks_known"] = known
		}
	}
	tb.Show(generic...)
	tb.Wait("the known cards", "document.querySelector('.known summary')")
	if got := tb.Text(".known summary"); got != "43 cards known in the barracks" {
		t.Errorf("the header says %q of 43 known cards", got)
	}
	ordinals := webtest.Eval[[]string](tb, `document.querySelector('.wt-header').textContent.match(/\d+(st|nd|rd|th)\b/g) || []`)
	if len(ordinals) != 3 || !strings.Contains(tb.Text(".wt-header"), "10th–52nd") {
		t.Errorf("the known cards are placed by %d ordinals: %v", len(ordinals), ordinals)
	}
	tb.Click(".known summary")
	for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(sz)
		tb.NoOverflow("the known cards")
		tb.Shot("known-barracks-" + sz.Name)
	}
}
