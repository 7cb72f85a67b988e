package accounts_test

import (
	"fmt"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/web/webtest"
)

// TestBrowserAccountPagesInEachLanguage opens the account page (a guest's
// and a member's), a profile, the leaderboards and the daily deal (a
// guest's and a member's) in every language at a
// phone's and a laptop's width: each speaks the language in its direction
// (Hebrew right to left), names its heading as the catalogue does, lets
// nothing overflow and keeps axe clean; in the pseudo-locale no text
// escaped the catalogue (the member's name is hers, not translated).
func TestBrowserAccountPagesInEachLanguage(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)}
	s := webtest.NewAccountSite(t, clock.Now)
	ann := s.Tab(t)
	signUp(ann, "Ann")

	guest := s.Tab(t)
	pages := []struct {
		tab       *webtest.Tab
		path, sel string
		heading   func(p *i18n.Printer) string
	}{
		{guest, "/account", "#signup-name", func(p *i18n.Printer) string { return p.T("web.account.sign-in") }},
		{ann, "/account", "#passkeys", func(p *i18n.Printer) string { return p.T("web.account.signed-in-as", engine.TextArg("name", "Ann")) }},
		{ann, "/u/Ann", "#daily-results", func(p *i18n.Printer) string { return p.T("web.profile.ratings") }},
		{ann, "/leaderboards", ".boards h2", func(p *i18n.Printer) string { return p.T("game.watchtower.title") }},
		{guest, "/daily", "#daily-start", func(p *i18n.Printer) string { return p.T("web.daily.practice-title") }},
		{ann, "/daily", "#daily-start", func(p *i18n.Printer) string { return p.T("web.daily.play-title") }},
	}
	for _, l := range append(i18n.Languages(), i18n.Language{Code: i18n.Pseudo, Dir: "ltr", Tag: "en-XA"}) {
		p := i18n.For(l.Code)
		for i, pg := range pages {
			where := fmt.Sprintf("%s (%d) %s", pg.path, i, l.Code)
			pg.tab.Open(pg.path + "?lang=" + l.Code)
			pg.tab.Wait(where, fmt.Sprintf("document.querySelector(%q) && document.querySelector('.account-nav a')", pg.sel))
			if got := webtest.Eval[string](pg.tab, "document.documentElement.lang + ' ' + document.documentElement.dir"); got != l.Tag+" "+l.Dir {
				t.Errorf("%s: <html lang dir> = %q", where, got)
			}
			if got, want := pg.tab.Text("main h2"), pg.heading(p); got != want {
				t.Errorf("%s: the first heading is %q, want %q", where, got, want)
			}
			for _, sz := range []webtest.Size{webtest.Phone, webtest.Laptop} {
				pg.tab.Resize(sz)
				pg.tab.NoOverflow(where + " " + sz.Name)
				pg.tab.Shot(fmt.Sprintf("account-pages-%d-%s-%s", i, l.Code, sz.Name))
			}
			pg.tab.Axe(where)
			if l.Code == i18n.Pseudo {
				pg.tab.Untranslated(where, "")
			}
		}
	}
}
