package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserMissingTable: a person opening the link of a table that does
// not exist (or an address that cannot be a table's) sees a page saying
// so, not a table stuck on "Connecting…", and follows its link back to
// the lobby; on a phone and a laptop screen alike.
func TestBrowserMissingTable(t *testing.T) {
	s := newSite(t)
	tb := s.tab(t)
	for _, size := range []struct {
		name string
		w, h int64
	}{{"phone", 390, 844}, {"laptop", 1280, 800}} {
		for _, tc := range []struct {
			path, heading, says string
		}{
			{"/t/zzzzzzzzzz", "This table does not exist", "There is no table zzzzzzzzzz on this server"},
			{"/t/not%20a%20table!", "This is not a table's address", "Table addresses look like /t/k3v9q2m7xa"},
		} {
			var status int64
			ctx, cancel := context.WithTimeout(tb.ctx, 40*time.Second)
			err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h))
			if err == nil {
				resp, nerr := chromedp.RunResponse(ctx, chromedp.Navigate(s.url+tc.path))
				err = nerr
				if resp != nil {
					status = resp.Status
				}
			}
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", tc.path, err)
			}
			if status != 404 {
				t.Errorf("%s: status %d; want 404", tc.path, status)
			}
			tb.wait("the page", `document.querySelector("h1")`)
			if h := eval[string](tb, `document.querySelector("h1").innerText`); h != tc.heading {
				t.Errorf("%s: heading %q; want %q", tc.path, h, tc.heading)
			}
			text := eval[string](tb, `document.body.innerText`)
			if !strings.Contains(text, tc.says) || strings.Contains(text, "Connecting") {
				t.Errorf("%s: the page says %q", tc.path, text)
			}
			// The way back is on screen without scrolling, and inside it.
			inView := eval[bool](tb, `(() => { const r = [...document.querySelectorAll("main a")].find(a => a.innerText === "Go to the lobby").getBoundingClientRect();
				return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`)
			wide := eval[bool](tb, `document.documentElement.scrollWidth <= innerWidth`)
			if !inView || !wide {
				t.Errorf("%s at %dx%d: link in view %v, no sideways scroll %v", tc.path, size.w, size.h, inView, wide)
			}
			if strings.Contains(tc.path, "zzz") {
				tb.shot("missing-table-" + size.name)
			} else {
				tb.shot("bad-address-" + size.name)
			}
		}
	}
	tb.click(`main a.button`)
	tb.wait("the lobby", `location.pathname === "/" && document.querySelector("#create")`)
}
