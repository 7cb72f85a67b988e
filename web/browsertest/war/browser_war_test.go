package war_test

import (
	"fmt"
	"testing"
	"time"

	"cardtable/web/webtest"
)

// warGames is how many plain War games the click count plays.
const warGames = 3

// started reports whether the game's auto-play to the end has begun (the
// server said so, or the game is over) within 10 seconds.
func started(tb *webtest.Tab) bool {
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		if webtest.Eval[bool](tb, "!!(window.cardtableTable.s.auto || document.querySelector('.end'))") {
			return true
		}
	}
	return false
}

// testWarClicks plays plain War games against the heuristic bot as a
// person who wants the result would: "Finish the game" when the page
// offers it, else Flip, until the result shows; it counts the clicks and
// reports them (the figure docs/web.md quotes), and fails above a handful.
func testWarClicks(t *testing.T, s *webtest.Site) {
	total := 0
	for g := range warGames {
		c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
		tb := s.Tab(t)
		tb.Sit(c)
		clicks := 0
		for !tb.Has(".end") {
			tb.WaitPlaying("an action or the end", "document.querySelector('[data-action=finish]:not([disabled]), [data-action=flip], .end')")
			switch {
			case tb.Has(".end"):
			case tb.Has("[data-action=finish]:not([disabled])"):
				tb.Click("[data-action=finish]")
				clicks++
				if !started(tb) {
					// Seen twice in loaded full runs: the click took no
					// effect (the page at the version it was). A person
					// clicks again; the log keeps what the page held.
					t.Logf("game %d: Finish took no effect in 10 s; the page holds %s; clicking again", g+1,
						webtest.Eval[string](tb, webtest.Held))
					tb.Click("[data-action=finish]")
					clicks++
				}
				tb.WaitPlaying("the end of the game", "document.querySelector('.end')")
			default:
				v := tb.Version()
				tb.Click("[data-action=flip]")
				clicks++
				tb.WaitPlaying("the flip applied", fmt.Sprintf("window.cardtableTable.shown > %d || document.querySelector('.end')", v))
			}
		}
		battles := webtest.Eval[int](tb, "window.cardtableTable.s.view.battles")
		t.Logf("plain War game %d against the heuristic bot: %d battles, %d clicks", g+1, battles, clicks)
		total += clicks
		if g == 0 {
			tb.Shot("war-finished")
		}
	}
	t.Logf("clicks per plain War game: %.1f (%d games)", float64(total)/warGames, warGames)
	if total > 3*warGames {
		t.Errorf("a plain War game against a bot takes %.1f clicks; want a handful", float64(total)/warGames)
	}
}
