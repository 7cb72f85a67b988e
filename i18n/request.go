package i18n

import "net/http"

// Cookie is the cookie in which the browser keeps the reader's chosen
// language (set by web/static/js/i18n.js beside its localStorage), so
// that pages the server writes speak it too.
const Cookie = "cardtable_lang"

// FromRequest returns the language a browser's request asks for: ?lang=
// in its address, else the chosen language kept in the Cookie, else its
// Accept-Language header (English if none is spoken here). A value that
// is not a language cardtable speaks is passed over.
func FromRequest(r *http.Request) string {
	if code, err := Resolve(r.URL.Query().Get("lang")); err == nil {
		return code
	}
	if c, err := r.Cookie(Cookie); err == nil {
		if code, err := Resolve(c.Value); err == nil {
			return code
		}
	}
	return Match(r.Header.Get("Accept-Language"))
}
