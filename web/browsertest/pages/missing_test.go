package pages_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"cardtable/web/webtest"
)

// TestBrowserMissingTable: a person opening the link of a table that does
// not exist (or an address that cannot be a table's) sees a page saying
// so, not a table stuck on "Connecting…", and follows its link back to
// the lobby; on a phone and a laptop screen alike.
func TestBrowserMissingTable(t *testing.T) {
	s := webtest.NewSite(t)
	tb := s.Tab(t)
	for _, size := range []webtest.Size{webtest.Phone, webtest.Laptop} {
		tb.Resize(size)
		for _, tc := range []struct {
			shot, path, heading, says string
		}{
			{"missing-table", "/t/zzzzzzzzzz", "This table does not exist", "There is no table zzzzzzzzzz on this server"},
			{"bad-address", "/t/not%20a%20table!", "This is not a table's address", "Table addresses look like /t/k3v9q2m7xa"},
			// A mistyped address is a page for people too, not the API's
			// JSON (issue 29 §7).
			{"mistyped", "/lobyy", "There is nothing at this address", "Nothing on this server is at /lobyy"},
			{"mistyped-file", "/static/styel.css", "There is nothing at this address", "Nothing on this server is at /static/styel.css"},
		} {
			ctx, cancel := context.WithTimeout(tb.Ctx, 40*time.Second)
			resp, err := chromedp.RunResponse(ctx, chromedp.Navigate(s.URL+tc.path))
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			if resp.Status != 404 {
				t.Errorf("%s: status %d; want 404", tc.path, resp.Status)
			}
			tb.Wait("the page", `document.querySelector("h1")`)
			if h := tb.Text("h1"); h != tc.heading {
				t.Errorf("%s: heading %q; want %q", tc.path, h, tc.heading)
			}
			text := tb.Text("body")
			if !strings.Contains(text, tc.says) || strings.Contains(text, "Connecting") {
				t.Errorf("%s: the page says %q", tc.path, text)
			}
			tb.InViewport("the way back to the lobby", "main a.button")
			tb.NoOverflow(tc.path + " at " + size.Name)
			tb.Axe(tc.path + " at " + size.Name)
			tb.Shot(tc.shot + "-" + size.Name)
		}
	}
	// The icon a browser asks for when a page names none (a record or
	// an API answer opened in a tab) is the site's; the API still
	// answers its programs in JSON.
	webtest.Eval[bool](tb, `(fetch('/favicon.ico').then((r) => { window.iconType = r.ok ? r.headers.get('content-type') : 'status ' + r.status; }),
		fetch('/api/nope', {headers: {accept: 'text/html'}}).then((r) => { window.apiType = r.headers.get('content-type'); }), true)`)
	tb.Wait("the answers", "window.iconType && window.apiType")
	if icon := webtest.Eval[string](tb, "window.iconType"); !strings.HasPrefix(icon, "image/svg+xml") {
		t.Errorf("/favicon.ico: %s", icon)
	}
	if api := webtest.Eval[string](tb, "window.apiType"); !strings.HasPrefix(api, "application/json") {
		t.Errorf("/api/nope answers %s", api)
	}
	tb.Click(`main a.button`)
	tb.Wait("the lobby", `location.pathname === "/" && document.querySelector("#create")`)
}

// TestBrowserWrongInvite: an invite link whose code is not the seat's
// (mistyped, or another seat's) is refused in a sentence that starts with
// a capital, as every sentence on the page does (issue 29 §7).
func TestBrowserWrongInvite(t *testing.T) {
	s := webtest.NewSite(t)
	// Seat 2 a friend's, kept for its invite link.
	c := s.Create(t, map[string]any{"game": "war", "name": "alice", "seats": []map[string]any{{"kind": "human"}, {"kind": "human", "open": false}}})
	tb := s.Tab(t)
	tb.Open("/t/" + c.ID + "?seat=1&invite=notthecode")
	tb.Wait("the join form", "document.querySelector('form.join #name')")
	tb.Do(chromedp.SetValue(chromedp.CSS("#name"), "bob"))
	tb.Click("form.join button.primary")
	tb.Wait("the refusal", "document.querySelector('form.join p.error').textContent !== ''")
	if got := tb.Text("form.join p.error"); !strings.HasPrefix(got, "The invite code is not seat 2's") {
		t.Errorf("the refusal reads %q", got)
	}
	tb.Shot("wrong-invite")
}
