// Package httpjson is the HTTP API's JSON (docs/protocol.md): request
// bodies read strictly, answers written, and refusals — a status, a code
// for programs and a sentence for people — written the same way by every
// handler.
package httpjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/store"
)

// Error is a refused HTTP request: a status, a code for programs and a
// sentence for people. A refusal made by Say keeps the sentence as a
// message too (Said), which Refuse writes in the reader's language.
type Error struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
	// Said is Message as meaning (zero for a refusal made by Errorf).
	Said engine.Msg `json:"-"`
}

// Sayf is a refusal saying msg to people: Refuse writes it in the
// reader's language (i18n.FromRequest) and the message beside it as
// message_i18n (docs/protocol.md, Errors). format is its English
// sentence as it has always read: the error's Error() and what a node
// relays (Refuse writes it anew for the reader).
func Sayf(status int, code string, msg engine.Msg, format string, args ...any) *Error {
	e := Errorf(status, code, format, args...)
	e.Said = msg
	return e
}

// ErrorOf is a refusal saying err: its Error() is the English sentence,
// as programs have always read it, and the message err says to people
// (engine.SaidOf), if any, is what Refuse writes for the reader.
func ErrorOf(status int, code string, err error) *Error {
	e := Errorf(status, code, "%v", err)
	e.Said, _ = engine.SaidOf(err)
	return e
}

// BodyTooBig refuses a body over max bytes (413).
func BodyTooBig(max int) *Error {
	return Sayf(http.StatusRequestEntityTooLarge, "bad-request", engine.Say("api.body-too-big", engine.NumArg("max", max)), "the body is over %d bytes", max)
}

// BadRange refuses a query parameter key whose value is not a number
// from min to max (400 bad-request).
func BadRange(key, value string, min, max int) *Error {
	value = Truncate(value, 20)
	return Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.bad-range", engine.TextArg("key", key), engine.TextArg("value", fmt.Sprintf("%q", value)), engine.NumArg("min", min), engine.NumArg("max", max)),
		"%s: %q; want %d to %d", key, value, min, max)
}

// In returns e as a reader of lang reads it: its Message in lang when e
// has a message (Said), else e itself. In English Message stays the
// sentence programs have always read.
func (e *Error) In(lang string) *Error {
	if e.Said.IsZero() || lang == i18n.Default {
		return e
	}
	c := *e
	c.Message = i18n.For(lang).Say(e.Said)
	return &c
}

func (e *Error) Error() string { return e.Message }

// Errorf is a refusal with its message formatted.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// Refuse writes err as a JSON error: a refusal as it is, a missing table
// 404, a server shutting down 503. Anything unexpected is logged and
// answered with a sentence that gives nothing of the server away.
func Refuse(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var e *Error
	switch {
	case errors.As(err, &e):
	case errors.Is(err, store.ErrNotFound):
		id := fmt.Sprintf("%q", Truncate(r.PathValue("id"), 100))
		e = Sayf(http.StatusNotFound, CodeNotFound, engine.Say("api.no-table", engine.TextArg("id", id)), "no table %s; check the link, or create a table in the lobby", id)
	case errors.Is(err, ErrShuttingDown):
		e = Sayf(http.StatusServiceUnavailable, "shutdown", engine.Say("api.shutdown"), "the server is stopping; try again in a few seconds")
	default:
		log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		e = Sayf(http.StatusInternalServerError, "internal", engine.Say("api.internal"), "the server failed to answer; try again, and report it if it keeps happening")
	}
	if e.Status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	if !e.Said.IsZero() {
		lang := i18n.FromRequest(r)
		e = e.In(lang)
		w.Header().Set("Content-Language", i18n.For(lang).Language().Tag)
	}
	Write(w, e.Status, e)
}

// Write answers v as JSON with status.
func Write(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// MaxBody bounds a lobby request's body.
const MaxBody = 16 << 10

// Read decodes the request's body into v, refusing unknown fields.
func Read(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return BodyTooBig(MaxBody)
		case errors.Is(err, io.EOF):
			return Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.body-empty"), "the body is empty; send a JSON object (docs/protocol.md)")
		}
		return Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.body-not-json"), "the body is not the JSON asked for: %s (docs/protocol.md)", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.body-two-values"), "more than one JSON value in the body")
	}
	return nil
}

// Codes of the HTTP side's own refusals (docs/protocol.md, Errors).
const (
	CodeNotFound         = "not-found"
	CodeMethodNotAllowed = "method-not-allowed"
	CodeUpgradeRequired  = "upgrade-required"
)

// Routes serves mux, and answers what it has no route for in the API's
// JSON: an unknown path 404 not-found, a known path asked with another
// method 405 method-not-allowed (with Allow, as the mux would). A person's
// browser opening an unknown page (ForPeople) gets people's 404 page
// instead, when people is not nil.
func Routes(mux *http.ServeMux, log *slog.Logger, people http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		if pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		// The mux's own answer says which of the two it is.
		probe := &headerProbe{header: http.Header{}}
		h.ServeHTTP(probe, r)
		if probe.status == http.StatusMethodNotAllowed {
			allow := probe.header.Get("Allow")
			w.Header().Set("Allow", allow)
			path := Truncate(r.URL.Path, 100)
			Refuse(w, r, log, Sayf(http.StatusMethodNotAllowed, CodeMethodNotAllowed, engine.Say("api.method-not-allowed", engine.TextArg("method", Truncate(r.Method, 20)), engine.TextArg("path", path), engine.TextArg("allow", allow)),
				"%s is not taken at %s; it takes %s (docs/protocol.md)", r.Method, path, allow))
			return
		}
		if people != nil && ForPeople(r) {
			people(w, r)
			return
		}
		Refuse(w, r, log, NotFound(r.URL.Path))
	})
}

// ForPeople reports whether r is a browser opening a page (a GET that
// takes HTML) outside the API, whose answer is read by a person rather
// than a program.
func ForPeople(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) && !strings.HasPrefix(r.URL.Path, "/api/") &&
		strings.Contains(r.Header.Get("Accept"), "text/html")
}

// NotFound is the 404 for a path nothing is at.
func NotFound(path string) *Error {
	path = Truncate(path, 100)
	return Sayf(http.StatusNotFound, CodeNotFound, engine.Say("api.nothing-at", engine.TextArg("path", path)), "nothing at %s; the lobby is at /, the API is in docs/protocol.md", path)
}

// Truncate shortens what a client sent before it is echoed in a message.
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// headerProbe is a ResponseWriter that keeps only the status and headers.
type headerProbe struct {
	header http.Header
	status int
}

func (p *headerProbe) Header() http.Header { return p.header }

func (p *headerProbe) Write(b []byte) (int, error) { return len(b), nil }

func (p *headerProbe) WriteHeader(status int) { p.status = status }

// MarshalJSON keeps an Error's status on the bus.
func (e *Error) MarshalJSON() ([]byte, error) {
	type wire struct {
		Status  int        `json:"status"`
		Code    string     `json:"code"`
		Message string     `json:"message"`
		Said    engine.Msg `json:"message_i18n,omitzero"`
	}
	return json.Marshal(wire{e.Status, e.Code, e.Message, e.Said})
}

// UnmarshalJSON reads an Error from the bus.
func (e *Error) UnmarshalJSON(b []byte) error {
	var w struct {
		Status  int        `json:"status"`
		Code    string     `json:"code"`
		Message string     `json:"message"`
		Said    engine.Msg `json:"message_i18n"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	e.Status, e.Code, e.Message, e.Said = w.Status, w.Code, w.Message, w.Said
	return nil
}

// ErrShuttingDown refuses what comes while the server stops (503).
var ErrShuttingDown = errors.New("server: shutting down")
