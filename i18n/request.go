package i18n

import (
	"context"
	"net/http"
)

// Cookie is the cookie in which the browser keeps the reader's chosen
// language (set by web/static/js/i18n.js beside its localStorage), so
// that pages the server writes speak it too.
const Cookie = "cardtable_lang"

// FromRequest returns the language a browser's request asks for, the first
// of (docs/i18n.md, Choosing a language):
//
//  1. ?lang= in its address (a link that names its language);
//  2. the language chosen in this browser with the picker, kept in the
//     Cookie;
//  3. the signed-in account's language (WithAccount), for a browser where
//     none was chosen;
//  4. its Accept-Language header;
//
// else English. A value that is not a language cardtable speaks is passed
// over.
func FromRequest(r *http.Request) string {
	if code, ok := Chosen(r); ok {
		return code
	}
	if account, ok := r.Context().Value(accountKey{}).(func() string); ok {
		if code, err := Resolve(account()); err == nil {
			return code
		}
	}
	return Match(r.Header.Get("Accept-Language"))
}

// Chosen returns the language the request names itself: its ?lang=, else
// the Cookie the picker set; false when neither names a language
// cardtable speaks.
func Chosen(r *http.Request) (string, bool) {
	if code, err := Resolve(r.URL.Query().Get("lang")); err == nil {
		return code, true
	}
	if c, err := r.Cookie(Cookie); err == nil {
		if code, err := Resolve(c.Value); err == nil {
			return code, true
		}
	}
	return "", false
}

type accountKey struct{}

// WithAccount returns r with a way to read the language of the account
// signed in on it (a code, "" for none or no account), which FromRequest
// asks only when the request names no language itself.
func WithAccount(r *http.Request, account func() string) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), accountKey{}, account))
}
