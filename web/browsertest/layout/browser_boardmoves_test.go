package layout_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"cardtable/table"
	"cardtable/web/webtest"
)

// onScreenNow reports whether the first element sel is inside the window
// and above the action bar, the page scrolled wherever it is now.
const onScreenNow = `((sel) => {
	const el = document.querySelector(sel);
	if (!el) return false;
	const r = el.getBoundingClientRect(), bar = document.querySelector('.action-bar').getBoundingClientRect();
	return r.height > 0 && r.top >= 0 && r.bottom <= bar.top + 1 && r.left >= 0 && r.right <= innerWidth;
})`

// testBoardMovesOnAPhone: on a phone at a 32 px font, where Watchtower's
// board is many screens long, its moves on the board are reached without
// scrolling (issue 29 §6): a turn of blind picks (the bar has no button
// for them) brings them into view as it comes; on a turn with challenges
// the bar's "Moves on the board" button brings one into view at a tap,
// and the next at the next tap.
func testBoardMovesOnAPhone(t *testing.T, s *webtest.Site) {
	tb := s.Tab(t)
	tb.Resize(webtest.Phone)
	defer tb.Resize(webtest.Laptop)
	tb.FontSize(32)
	defer tb.FontSize(16)

	picks := webtest.Moment(t, "watchtower", map[string]string{"players": "4"}, func(x *table.Table) bool { return webtest.Seat0(x, webtest.Prefix("pick ")) })
	tb.Show(picks...)
	tb.Wait("the blind picks", "window.cardtableTable.shownLegal > 0 && document.querySelector(\"[data-action^='pick ']\")")
	if !webtest.Eval[bool](tb, onScreenNow+"(\"[data-action^='pick ']\")") {
		tb.WindowShot("picks-not-on-screen")
		t.Errorf("a turn of blind picks at 390 px and a 32 px font: no pick on screen (scrolled to %d)", webtest.Eval[int](tb, "Math.round(scrollY)"))
	}
	tb.WindowShot("phone-font-32-picks")

	challenges := webtest.Moment(t, "watchtower", map[string]string{"players": "4"}, func(x *table.Table) bool {
		return webtest.Seat0(x, webtest.Prefix("challenge ")) && webtest.Seat0(x, webtest.Prefix("end"))
	})
	tb.Show(challenges...)
	tb.Wait("the challenges", "window.cardtableTable.shownLegal > 0 && document.querySelector(\"[data-action^='challenge ']\") && document.querySelector('.action-bar .board-moves')")
	tb.Do(chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"))
	tb.InViewport("the bar's Moves on the board at 390 px, font 32 px", ".action-bar .board-moves")
	seen := map[string]bool{}
	for i := 0; i < 2; i++ {
		tb.Click(".action-bar .board-moves")
		tb.Wait("a move on the board in view", "document.activeElement && document.activeElement.matches(\"[data-action^='challenge '], [data-action]\") && "+onScreenNow+"('[data-action=\"' + document.activeElement.dataset.action + '\"]')")
		seen[webtest.Eval[string](tb, "document.activeElement.dataset.action")] = true
	}
	if len(seen) != 2 {
		t.Errorf("two taps on Moves on the board brought %v into view; want two moves", seen)
	}
	tb.WindowShot("phone-font-32-challenges")
}
