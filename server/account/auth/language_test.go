package auth

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"cardtable/accounts"
	"cardtable/engine"
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
		if a.status != http.StatusBadRequest || e.Code != "bad-language" || len(a.body) > 500 {
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

// TestRefusalsInTheReadersLanguage: an account route's refusal keeps its
// code and status and says its sentence in the reader's language (the
// same order as the pages: ?lang=, the cookie, the account's,
// Accept-Language), its message beside it; English as it always read.
func TestRefusalsInTheReadersLanguage(t *testing.T) {
	s := newSite(t)
	b := s.browser()
	b.signUp("Ann", "correct horse")
	for _, c := range []struct {
		what, path, accept, cookie string
		body                       any
		code, lang                 string
		want                       string
	}{
		{"a failed sign-in, Accept-Language cy", "/api/account/signin", "cy, en;q=0.5", "", credentials{"Ann", "wrong horse"}, "sign-in-failed", "cy",
			i18n.For("cy").T("api.sign-in-failed", engine.CountArg(LockAfter), engine.NounArg("minutes", int(LockFor.Minutes()), "noun.minutes"))},
		{"a failed sign-in, no language", "/api/account/signin", "", "", credentials{"Ann", "wrong horse"}, "sign-in-failed", "en",
			"the username or password is wrong (after 5 failures in a row a name is locked for 15 minutes; a passkey still signs in)"},
		{"a taken name, ?lang=he over the cookie", "/api/account/signup?lang=he", "sk", "hy", credentials{"Ann", "another horse"}, "name-taken", "he",
			`השם "Ann" תפוס (או דומה מדי לשם תפוס); בחרו שם אחר`},
		{"a short password, the cookie sk", "/api/account/signup", "cy", "sk", credentials{"Bob", "short"}, "bad-password", "sk",
			"heslo má aspoň 8 znakov"},
		{"a bad name, hy", "/api/account/signup", "hy", "", credentials{"9lives", "a long password"}, "bad-name", "hy",
			"օգտանունը սկսվում է a-z տառով"},
	} {
		c := c
		fresh := s.browser()
		if c.cookie != "" {
			u, _ := url.Parse(s.url)
			fresh.c.Jar.SetCookies(u, []*http.Cookie{{Name: i18n.Cookie, Value: c.cookie, Path: "/"}})
		}
		data, _ := json.Marshal(c.body)
		req, _ := http.NewRequest("POST", s.url+c.path, bytes.NewReader(data))
		req.Header.Set("Content-Type", "application/json")
		if c.accept != "" {
			req.Header.Set("Accept-Language", c.accept)
		}
		a := fresh.send(req)
		var e struct {
			Code, Message string
			Said          *engine.Msg `json:"message_i18n"`
		}
		if err := json.Unmarshal([]byte(a.body), &e); err != nil || e.Code != c.code || e.Said == nil {
			t.Errorf("%s: %d %s; want code %s with message_i18n", c.what, a.status, a.body, c.code)
			continue
		}
		if e.Message != c.want || a.resp.Header.Get("Content-Language") != c.lang {
			t.Errorf("%s: message %q (Content-Language %q), want %q (%s)", c.what, e.Message, a.resp.Header.Get("Content-Language"), c.want, c.lang)
		}
		if got := i18n.For(c.lang).Say(*e.Said); got != c.want {
			t.Errorf("%s: message_i18n reads %q in %s, want %q", c.what, got, c.lang, c.want)
		}
	}
}

// TestEnglishRefusalsReadAsBefore: each refusal's message written in
// English is its English sentence, the one programs have always read.
func TestEnglishRefusalsReadAsBefore(t *testing.T) {
	errs := []*apiError{errSignIn, errSignedOut, errTooMany, errPasskey, errCeremony, nameTaken("Ann")}
	for _, raw := range []string{"ab", "9lives", "ann smith", "Ann!", "admin", strings.Repeat("a", 200)} {
		if _, _, err := accounts.CheckName(raw); err != nil {
			errs = append(errs, refusal(400, "bad-name", err))
		}
	}
	for _, pw := range []string{"short", "Ann", strings.Repeat("p", 129), "bad\x00password"} {
		if _, err := accounts.CheckPassword(pw, "Ann"); err != nil {
			errs = append(errs, refusal(400, "bad-password", err))
		}
	}
	for _, e := range errs {
		if e.Said.IsZero() {
			t.Errorf("%s %q has no message", e.Code, e.Message)
		} else if got := i18n.English.Say(e.Said); got != e.Message {
			t.Errorf("%s: in English the message reads %q, the sentence %q", e.Code, got, e.Message)
		}
	}
}
