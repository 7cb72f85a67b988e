package play_test

import (
	"testing"

	"cardtable/web/webtest"
)

// TestBrowser plays each game at the table in Chromium against one server: as a person with the mouse, two people, after a reconnect, by keyboard alone, and reads its words.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	t.Run("WarAgainstBot", func(t *testing.T) { testWar(t, s) })
	t.Run("RegicideForecastAndDiscard", func(t *testing.T) { testRegicide(t, s) })
	t.Run("RegicideJester", func(t *testing.T) { testRegicideJester(t, s) })
	t.Run("WatchtowerChallenge", func(t *testing.T) { testWatchtower(t, s) })
	t.Run("ReconnectKeepsSeat", func(t *testing.T) { testReconnect(t, s) })
	t.Run("TwoPlayers", func(t *testing.T) { testTwoPlayers(t, s) })
	t.Run("KeyboardOnly", func(t *testing.T) { testKeyboardOnly(t, s) })
	t.Run("KeyboardRegicide", func(t *testing.T) { testKeyboardRegicide(t, s) })
	t.Run("KeyboardWatchtower", func(t *testing.T) { testKeyboardWatchtower(t, s) })
	t.Run("EndWords", func(t *testing.T) { testEndWords(t, s) })
	t.Run("AccessibleNames", func(t *testing.T) { testAccessibleNames(t, s) })
	t.Run("SmallThings", func(t *testing.T) { testSmallThings(t, s) })
}
