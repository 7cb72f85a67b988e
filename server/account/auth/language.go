package auth

import (
	"fmt"
	"net/http"
	"strings"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/store"
)

// handleLanguage sets the account's language: a code cardtable speaks, or
// "" to follow each browser's (docs/accounts.md). Choosing one also
// chooses it in this browser (the cookie the picker keeps).
func (a *Auth) handleLanguage(w http.ResponseWriter, r *http.Request, s *Signed) {
	var req struct {
		Language string `json:"language"`
	}
	if err := readJSON(r, w, maxBody, &req); err != nil {
		a.fail(w, r, err)
		return
	}
	code, ok := accountLanguage(req.Language)
	if !ok {
		a.fail(w, r, sayf(http.StatusBadRequest, "bad-language",
			engine.Say("api.bad-language", engine.TextArg("asked", fmt.Sprintf("%.20q", req.Language)), engine.TextArg("languages", strings.Join(languageCodes(), ", "))),
			"%.20q is not a language cardtable speaks; send one of %s, or \"\" to follow the browser's",
			req.Language, strings.Join(languageCodes(), ", ")))
		return
	}
	if err := a.st.SetLanguage(r.Context(), s.User.ID, code); err != nil {
		a.fail(w, r, err)
		return
	}
	if code != "" {
		http.SetCookie(w, languageCookie(code))
	}
	s.User.Language = code
	writeJSON(w, http.StatusOK, a.me(r, s.User))
}

// accountLanguage is the code an account may keep: one of i18n.Languages
// (not the pseudo-locale) or "".
func accountLanguage(asked string) (string, bool) {
	if asked == "" {
		return "", true
	}
	for _, l := range i18n.Languages() {
		if l.Code == asked {
			return l.Code, true
		}
	}
	return "", false
}

func languageCodes() []string {
	var codes []string
	for _, l := range i18n.Languages() {
		codes = append(codes, l.Code)
	}
	return codes
}

// languageCookie is the picker's cookie (i18n.Cookie) choosing code: read
// by the pages' script as well as the server, so not HttpOnly; it holds
// nothing secret.
func languageCookie(code string) *http.Cookie {
	return &http.Cookie{Name: i18n.Cookie, Value: code, Path: "/", MaxAge: 365 * 24 * 3600, SameSite: http.SameSiteLaxMode}
}

// offerLanguage chooses u's language in a browser signing in that has
// chosen none (i18n.FromRequest: a choice made in the browser comes
// before the account's).
func offerLanguage(w http.ResponseWriter, r *http.Request, u store.User) {
	if u.Language == "" {
		return
	}
	if c, err := r.Cookie(i18n.Cookie); err == nil && c.Value != "" {
		if _, err := i18n.Resolve(c.Value); err == nil {
			return
		}
	}
	http.SetCookie(w, languageCookie(u.Language))
}
