package auth

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/server/httpjson"
)

// apiError is a refused request, in the server's error shape: a status,
// a code for programs and a sentence for people, in the reader's
// language when it is a message (docs/protocol.md).
type apiError = httpjson.Error

// sayf is a refusal saying msg to people (httpjson.Sayf).
var sayf = httpjson.Sayf

// refusal is err, a refused name or password (package accounts), as an
// API error: its English sentence as it was and its message.
func refusal(status int, code string, err error) *apiError {
	e := errorf(status, code, "%s", message(err))
	e.Said, _ = engine.SaidOf(err)
	return e
}

func errorf(status int, code, format string, args ...any) *apiError {
	return httpjson.Errorf(status, code, format, args...)
}

// errSignIn is every failed sign-in's answer, whatever failed: no such
// name, a wrong password, a locked name. It says nothing of which.
var errSignIn = sayf(http.StatusUnauthorized, "sign-in-failed",
	engine.Say("api.sign-in-failed", engine.CountArg(LockAfter), engine.NounArg("minutes", int(LockFor.Minutes()), "noun.minutes")),
	"the username or password is wrong (after %d failures in a row a name is locked for %d minutes; a passkey still signs in)", LockAfter, int(LockFor.Minutes()))

var errSignedOut = sayf(http.StatusUnauthorized, "signed-out", engine.Say("api.signed-out"), "you are not signed in; sign in first")

var errTooMany = sayf(http.StatusTooManyRequests, "rate-limited", engine.Say("api.signin-rate-limited"), "too many sign-in attempts from your address; wait a minute and try again")

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers e, its sentence in r's language (i18n.FromRequest).
func writeError(w http.ResponseWriter, r *http.Request, e *apiError) {
	if e.Status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "60")
	}
	if !e.Said.IsZero() {
		lang := i18n.FromRequest(r)
		e = e.In(lang)
		w.Header().Set("Content-Language", i18n.For(lang).Language().Tag)
	}
	writeJSON(w, e.Status, e)
}

// fail answers err: an *apiError as it is, anything else logged and
// answered with a sentence that gives nothing away.
func (a *Auth) fail(w http.ResponseWriter, r *http.Request, err error) {
	var e *apiError
	if !errors.As(err, &e) {
		a.log.Error("account request failed", "path", r.URL.Path, "err", err)
		e = sayf(http.StatusInternalServerError, "internal", engine.Say("api.internal"), "the server failed to answer; try again, and report it if it keeps happening")
	}
	writeError(w, r, e)
}

// jsonOnly serves h only a request whose body is JSON (Content-Type:
// application/json), as every account route takes, those whose body says
// nothing included: a cross-site form cannot send one, and a program sees
// the same rule on every route (docs/accounts.md).
func jsonOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
			writeError(w, r, errNotJSON)
			return
		}
		h(w, r)
	}
}

var errNotJSON = errorf(http.StatusUnsupportedMediaType, "bad-request", "send the body as JSON (Content-Type: application/json), {} when there is nothing to say")

// readJSON decodes the body (at most limit bytes, a JSON content type, no
// unknown fields) into v. Requiring JSON also makes a cross-site form
// unable to send it.
// Its refusals are read by programs only, in English: the account pages
// always send one small JSON object (a passkey's answer is the browser's).
func readJSON(r *http.Request, w http.ResponseWriter, limit int64, v any) error {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" {
		return errNotJSON
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return errorf(http.StatusRequestEntityTooLarge, "bad-request", "the body is over %d bytes", limit)
		case errors.Is(err, io.EOF):
			return errorf(http.StatusBadRequest, "bad-request", "the body is empty; send a JSON object (docs/accounts.md)")
		}
		return errorf(http.StatusBadRequest, "bad-request", "the body is not the JSON asked for: %s (docs/accounts.md)", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, "bad-request", "more than one JSON value in the body")
	}
	return nil
}
