package play_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"cardtable/web/webtest"
)

// A click is a press and a release on the same button. The table page
// redraws from every message, replacing its buttons: a message that came
// between a person's press and release (a bot's flip) used to swallow the
// click. The page now holds its redraws while a pointer is pressed
// (js/press.js): a redraw asked for then waits for the release, and the
// click lands.
func TestBrowserPressAcrossRedraw(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	c := s.Create(t, webtest.One("war", nil, "human", "heuristic"))
	tb := s.Tab(t)
	tb.Sit(c)
	tb.Wait("the flip", "window.cardtableTable.shownLegal > 0 && document.querySelector('[data-action=finish]')")
	xy := webtest.Eval[[]float64](tb, `(() => {
		const b = document.querySelector('[data-action=finish]');
		b.scrollIntoView({block: 'center'});
		window.pressed = b;
		const r = b.getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2];
	})()`)
	tb.Do(chromedp.MouseEvent(chromedp.MousePressed, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	// A message arrives mid-press: the page asks for a redraw, and the
	// frame it was asked for passes.
	tb.Do(chromedp.Evaluate[chromedp.Void]("window.cardtableTable.render()"))
	tb.Wait("the frame asked for", "window.cardtableTable.frame === 0")
	if !webtest.Eval[bool](tb, "window.pressed.isConnected") {
		t.Error("the page replaced the pressed button before its release")
	}
	tb.Do(chromedp.MouseEvent(chromedp.MouseReleased, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
	// The click reached the server: it turned auto-play on (or the game
	// is over already).
	tb.Wait("the finish asked for", "window.cardtableTable.s.auto || document.querySelector('.end')")
	tb.Wait("the held redraw drawn after the release", "!window.pressed.isConnected")
}
