package auth

import (
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"cardtable/i18n"
)

// langCookie is the picker's cookie the browser holds for the site ("" for
// none).
func (b *browser) langCookie() string {
	b.s.t.Helper()
	u, _ := url.Parse(b.s.url)
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == i18n.Cookie {
			return c.Value
		}
	}
	return ""
}

func (b *browser) language() string {
	b.s.t.Helper()
	var me struct {
		User *struct{ Language *string } `json:"user"`
	}
	a := b.get("/api/account")
	if err := json.Unmarshal([]byte(a.body), &me); err != nil || me.User == nil || me.User.Language == nil {
		b.s.t.Fatalf("GET /api/account has no user.language: %d %s", a.status, a.body)
	}
	return *me.User.Language
}

// TestAccountLanguage: the account's language is read and set through the
// API (a language cardtable speaks or "" — anything else refused, changing
// nothing); setting one chooses it in this browser; signing in offers it
// to a browser that has chosen none and leaves a browser's own choice.
func TestAccountLanguage(t *testing.T) {
	s := newSite(t)
	b := s.browser()
	b.signUp("Ann", "correct horse")
	if got := b.language(); got != "" {
		t.Errorf("a new account's language is %q, want \"\" (follow the browser)", got)
	}
	if a := s.browser().post("/api/account/language", map[string]string{"language": "cy"}); a.status != http.StatusUnauthorized {
		t.Errorf("a guest sets a language: %d %s", a.status, a.body)
	}
	for _, bad := range []string{"fr", "qps", "CY", "cy-GB", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"} {
		a := b.post("/api/account/language", map[string]string{"language": bad})
		var e apiError
		json.Unmarshal([]byte(a.body), &e)
		if a.status != http.StatusBadRequest || e.Code != "bad-language" || len(a.body) > 300 {
			t.Errorf("language %q: %d %s; want 400 bad-language, the value cut short", bad, a.status, a.body)
		}
	}
	if got := b.language(); got != "" || b.langCookie() != "" {
		t.Errorf("refused languages changed it to %q (cookie %q)", got, b.langCookie())
	}
	if a := b.post("/api/account/language", map[string]string{"language": "cy"}); a.status != 200 {
		t.Fatalf("setting cy: %d %s", a.status, a.body)
	}
	if got, c := b.language(), b.langCookie(); got != "cy" || c != "cy" {
		t.Errorf("after setting cy: the account's %q, this browser's %q; want both cy", got, c)
	}

	fresh := s.browser()
	fresh.post("/api/account/signin", credentials{"Ann", "correct horse"})
	if c := fresh.langCookie(); c != "cy" {
		t.Errorf("a fresh browser signing in chooses %q, want the account's cy", c)
	}
	chose := s.browser()
	u, _ := url.Parse(s.url)
	chose.c.Jar.SetCookies(u, []*http.Cookie{{Name: i18n.Cookie, Value: "he", Path: "/"}})
	chose.post("/api/account/signin", credentials{"Ann", "correct horse"})
	if c := chose.langCookie(); c != "he" {
		t.Errorf("a browser that chose he signs in and speaks %q; its choice comes first", c)
	}

	if a := b.post("/api/account/language", map[string]string{"language": ""}); a.status != 200 || b.language() != "" {
		t.Errorf("back to following the browser: %d %s", a.status, a.body)
	}
	again := s.browser()
	again.post("/api/account/signin", credentials{"Ann", "correct horse"})
	if got := again.langCookie(); got != "" {
		t.Errorf("an account following the browser chose %q in a browser signing in", got)
	}
}
