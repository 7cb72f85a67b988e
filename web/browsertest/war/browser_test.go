package war_test

import (
	"testing"

	"cardtable/web/webtest"
)

// TestBrowser plays War at the table in Chromium against one server: the clicks a game takes, auto-play, the felt and the end.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	t.Run("WarClicks", func(t *testing.T) { testWarClicks(t, s) })
	t.Run("AutoPlay", func(t *testing.T) { testAutoPlay(t, s) })
	t.Run("WarFelt", func(t *testing.T) { testWarFelt(t, s) })
	t.Run("EndInView", func(t *testing.T) { testEndInView(t, s) })
	t.Run("WarShow", func(t *testing.T) { testWarShow(t, s) })
}
