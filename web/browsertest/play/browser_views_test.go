package play_test

import (
	"fmt"
	"strings"
	"testing"

	"cardtable/web/webtest"
)

// testRegicideJester checks the page offers the go-next signals after a
// Jester and then the Jester's choice of who goes next, as buttons named
// for people, with the enemy's immunity shown as cancelled.
func testRegicideJester(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	hello, turn := webtest.JesterTurn(t, "signal ")
	tb.Show(hello, turn)
	tb.Wait("the drawn turn", "window.cardtableTable.shownLegal > 0")
	tb.Shot("regicide-signal")
	for _, a := range turn.Legal {
		got := webtest.Eval[string](tb, fmt.Sprintf("(document.querySelector('[data-action=%q]') || {}).textContent || ''", a))
		if !strings.HasPrefix(got, "Signal") && !strings.HasPrefix(got, "No signal") {
			t.Errorf("legal %q is drawn as %q, want a signal button", a, got)
		}
	}
	hello, turn = webtest.JesterTurn(t, "next ")
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
