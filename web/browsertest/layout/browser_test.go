package layout_test

import (
	"testing"

	"cardtable/web/webtest"
)

// TestBrowser draws each game's key moments at a phone's and a laptop's size in Chromium.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	s := webtest.NewSite(t)
	t.Run("PhoneAndLaptop", func(t *testing.T) { testPhoneAndLaptop(t, s) })
}
