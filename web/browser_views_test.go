package web_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/table"
	"cardtable/web/webtest"
)

// jesterTurn plays 3-player Regicide with bots until seat 0 must signal
// after a Jester or choose who goes next, and returns its hello and turn.
func jesterTurn(t *testing.T, phase string) (table.Message, table.Message) {
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

// testRegicideJester checks the page offers the go-next signals after a
// Jester and then the Jester's choice of who goes next, as buttons named
// for people, with the enemy's immunity shown as cancelled.
func testRegicideJester(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	hello, turn := jesterTurn(t, "signal ")
	tb.Show(hello, turn)
	tb.Wait("the drawn turn", "window.cardtableTable.shownLegal > 0")
	tb.Shot("regicide-signal")
	for _, a := range turn.Legal {
		got := webtest.Eval[string](tb, fmt.Sprintf("(document.querySelector('[data-action=%q]') || {}).textContent || ''", a))
		if !strings.HasPrefix(got, "Signal") && !strings.HasPrefix(got, "No signal") {
			t.Errorf("legal %q is drawn as %q, want a signal button", a, got)
		}
	}
	hello, turn = jesterTurn(t, "next ")
	tb.Show(hello, turn)
	tb.Wait("the drawn turn", "window.cardtableTable.shownLegal > 0")
	tb.Shot("regicide-next")
	for _, a := range turn.Legal {
		var n int
		fmt.Sscanf(a, "next %d", &n)
		want := fmt.Sprintf("Seat %d", n+1)
		got := webtest.Eval[string](tb, fmt.Sprintf("(document.querySelector('[data-action=%q]') || {}).textContent || ''", a))
		if !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "goes next") {
			t.Errorf("legal %q is drawn as %q, want %q … goes next", a, got, want)
		}
	}
	if txt := webtest.Eval[string](tb, "document.querySelector('.enemy').textContent"); !strings.Contains(txt, "cancelled by the Jester") {
		t.Errorf("after a Jester the enemy panel says %q; want its immunity cancelled", txt)
	}
}
