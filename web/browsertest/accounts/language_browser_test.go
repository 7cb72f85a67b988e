package accounts_test

import (
	"fmt"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/account/auth"
	"cardtable/web/webtest"
)

// speaks waits until the tab's page speaks code, its first heading
// heading in that language.
func speaks(tb *webtest.Tab, where, code, heading string) {
	tb.T.Helper()
	tb.Wait(where+" in "+code, fmt.Sprintf("document.documentElement.lang === %q && document.querySelector('main h2') && document.querySelector('main h2').textContent === %q",
		code, heading))
}

// TestBrowserAccountLanguage: the account's language is chosen on the
// account page (which then speaks it), and a fresh browser signing in
// speaks it from then on, on every page — until ?lang= or the picker
// chooses another there; a browser that had picked a language keeps it.
func TestBrowserAccountLanguage(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)}
	s := webtest.NewAccountSite(t, clock.Now)
	cy, sk := i18n.For("cy"), i18n.For("sk")
	signedInCy := cy.T("web.account.signed-in-as", engine.TextArg("name", "Ann"))

	ann := s.Tab(t)
	signUp(ann, "Ann")
	set(ann, "#account-language", "cy")
	ann.Click("#language-submit")
	speaks(ann, "the account page after choosing Welsh", "cy", signedInCy)
	if got, want := ann.Text(".notice"), cy.T("web.account.language-saved"); got != want {
		t.Errorf("the note after saving: %q, want %q", got, want)
	}
	if got := webtest.Eval[string](ann, "document.querySelector('#account-language').value"); got != "cy" {
		t.Errorf("the account's language list shows %q, want cy", got)
	}
	shoot(ann, "account-language-cy")

	fresh := s.Tab(t)
	fresh.Open("/account")
	speaks(fresh, "a fresh browser's account page", "en", "Sign in")
	signIn(fresh, "Ann")
	speaks(fresh, "a fresh browser after signing in", "cy", signedInCy)
	fresh.Open("/leaderboards")
	speaks(fresh, "the leaderboards after signing in", "cy", cy.T("game.watchtower.title"))
	fresh.Open("/leaderboards?lang=sk")
	speaks(fresh, "?lang=sk", "sk", sk.T("game.watchtower.title"))
	fresh.Open("/account")
	speaks(fresh, "the account page after ?lang=sk", "sk", sk.T("web.account.signed-in-as", engine.TextArg("name", "Ann")))

	picked := s.Tab(t)
	picked.Open("/account?lang=sk")
	speaks(picked, "a browser that picked Slovak", "sk", sk.T("web.account.sign-in"))
	// The server's refusal reads in the page's language.
	set(picked, "#signin-name", "Ann")
	set(picked, "#signin-password", "not the password")
	picked.Click("#signin-submit")
	refused := sk.T("api.sign-in-failed", engine.CountArg(auth.LockAfter), engine.NounArg("minutes", int(auth.LockFor.Minutes()), "noun.minutes"))
	picked.Wait("the refusal in Slovak", fmt.Sprintf("document.querySelector('#signin-error').textContent === %q", refused))
	picked.Shot("account-language-refusal-sk")
	signIn(picked, "Ann")
	speaks(picked, "a browser that picked Slovak, signed in", "sk", sk.T("web.account.signed-in-as", engine.TextArg("name", "Ann")))
	picked.Open("/")
	picked.Wait("the lobby", "document.documentElement.lang === 'sk'")

	set(ann, "#account-language", "")
	ann.Click("#language-submit")
	ann.Wait("saved", fmt.Sprintf("document.querySelector('.notice') && document.querySelector('.notice').textContent === %q", cy.T("web.account.language-saved")))
	again := s.Tab(t)
	again.Open("/account")
	signIn(again, "Ann")
	speaks(again, "an account following the browser, signed in", "en", "Signed in as Ann")
}

// signIn signs the tab's account page in as name (signUp's password).
func signIn(tb *webtest.Tab, name string) {
	tb.T.Helper()
	set(tb, "#signin-name", name)
	set(tb, "#signin-password", "the password of "+name)
	tb.Click("#signin-submit")
}
