package languages_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/i18n"
	"cardtable/web/webtest"
)

// TestBrowserCompetePagesInThePseudoLocale opens the pages the other
// browser tests of this package do not (the tournaments, a tournament
// with its standings, the bot accounts, the lessons) in the pseudo-locale
// at a phone's size, signed in (usernames are Latin) with a tournament
// named in Hebrew: no English is left, nothing overflows; in English the
// tournament's and the player's names are each a <bdi> in their own
// direction.
func TestBrowserCompetePagesInThePseudoLocale(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	const name, cup = "Dana", "גביע 3"
	s := webtest.NewAccountSite(t, time.Now)
	tb := s.Tab(t)
	tb.Open("/account?lang=en")
	tb.Do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(async () => {
		const post = (path, body) => fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
		if ((await post("/api/account/signup", {name: %q, password: "a password of dana's"})).status !== 201) return;
		const tn = await (await post("/api/tournaments", {kind: "swiss", game: "war", preset: "classic", name: %q, rounds: 2, clock: "1m", starts_in: 600})).json();
		await post("/api/tournaments/" + tn.id + "/join", {});
		await post("/api/tournaments/" + tn.id + "/bots", {count: 1});
		window.made = tn.id;
	})()`, name, cup)))
	tb.Wait("a tournament made", "window.made")
	id := webtest.Eval[string](tb, "window.made")
	tb.Open("/tournaments/" + id)
	tb.Wait("the standings", "document.querySelectorAll('#tn-standings tbody tr').length === 2")
	if names := webtest.Eval[[]string](tb, `[...document.querySelectorAll('#tn-standings bdi, #tn-name bdi')].map((b) => b.textContent + (b.matches(':dir(rtl)') ? ' rtl' : ' ltr'))`); !containsAll(names, name+" ltr", cup+" rtl") {
		t.Errorf("the standings' and the tournament's names are %q; want %q and %q in <bdi>", names, name+" ltr", cup+" rtl")
	}
	tb.Resize(webtest.Phone)
	for _, pg := range []struct{ path, ready string }{
		{"/tournaments", "document.getElementById('tn-create') && document.querySelector('a[href^=\"/tournaments/\"]')"},
		{"/tournaments/" + id, "document.querySelectorAll('#tn-standings tbody tr').length === 2"},
		{"/account/bots", "document.getElementById('bot-make')"},
		{"/learn/", "document.querySelector('a[href^=\"/learn/\"]')"},
	} {
		where := pg.path + " in the pseudo-locale"
		tb.Open(pg.path + "?lang=" + i18n.Pseudo)
		tb.Wait(where, pg.ready)
		speaks(t, tb, lang(i18n.Pseudo), where)
		tb.NoOverflow(where)
		tb.Untranslated(where, "", name, cup)
		tb.Shot("pseudo" + strings.ReplaceAll(strings.TrimSuffix(pg.path, "/"), "/", "-"))
	}
}
