package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/coder/websocket"

	"cardtable/store"
)

// apiError is a refused HTTP request: a status, a code for programs and a
// sentence for people.
type apiError struct {
	Status  int    `json:"-"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *apiError) Error() string { return e.Message }

func apiErrorf(status int, code, format string, args ...any) *apiError {
	return &apiError{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

var errForbidden = apiErrorf(http.StatusForbidden, "forbidden", "that token is not a seat's of this table; open your invite link again, or watch without one")

// apiError writes err as a JSON error. Anything unexpected is logged and
// answered with a sentence that gives nothing of the server away.
func (s *Server) apiError(w http.ResponseWriter, r *http.Request, err error) {
	var e *apiError
	switch {
	case errors.As(err, &e):
	case errors.Is(err, store.ErrNotFound):
		e = apiErrorf(http.StatusNotFound, codeNotFound, "no table %q; check the link, or create a table in the lobby", truncate(r.PathValue("id"), 100))
	case errors.Is(err, errShuttingDown):
		e = apiErrorf(http.StatusServiceUnavailable, byeShutdown, "the server is stopping; try again in a few seconds")
	default:
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		e = apiErrorf(http.StatusInternalServerError, "internal", "the server failed to answer; try again, and report it if it keeps happening")
	}
	if e.Status == http.StatusTooManyRequests {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, e.Status, e)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

// maxBody bounds a lobby request's body.
const maxBody = 16 << 10

// readJSON decodes the request's body into v, refusing unknown fields.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return apiErrorf(http.StatusRequestEntityTooLarge, "bad-request", "the body is over %d bytes", maxBody)
		case errors.Is(err, io.EOF):
			return apiErrorf(http.StatusBadRequest, "bad-request", "the body is empty; send a JSON object (docs/protocol.md)")
		}
		return apiErrorf(http.StatusBadRequest, "bad-request", "the body is not the JSON asked for: %s (docs/protocol.md)", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return apiErrorf(http.StatusBadRequest, "bad-request", "more than one JSON value in the body")
	}
	return nil
}

// limitWrites refuses lobby writes over the address's rate.
func (s *Server) limitWrites(w http.ResponseWriter, r *http.Request) bool {
	if s.apiRates.take(s.addrs.Addr(r)) {
		return true
	}
	s.apiError(w, r, apiErrorf(http.StatusTooManyRequests, CodeRateLimited, "too many requests from your address; wait a second and try again"))
	return false
}

// Codes of the HTTP side's own refusals (docs/protocol.md, Errors).
const (
	codeNotFound         = "not-found"
	codeMethodNotAllowed = "method-not-allowed"
	codeUpgradeRequired  = "upgrade-required"
)

// routeErrors answers what the mux has no route for in the API's JSON: an
// unknown path 404 not-found, a known path asked with another method 405
// method-not-allowed (with Allow, as the mux would).
func (s *Server) routeErrors(mux *http.ServeMux) http.Handler {
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
			s.apiError(w, r, apiErrorf(http.StatusMethodNotAllowed, codeMethodNotAllowed, "%s is not taken at %s; it takes %s (docs/protocol.md)", r.Method, r.URL.Path, allow))
			return
		}
		s.apiError(w, r, notFound(r.URL.Path))
	})
}

func notFound(path string) *apiError {
	return apiErrorf(http.StatusNotFound, codeNotFound, "nothing at %s; the lobby is at /, the API is in docs/protocol.md", truncate(path, 100))
}

// truncate shortens what a client sent before it is echoed in a message.
func truncate(s string, n int) string {
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

func (p *headerProbe) Header() http.Header         { return p.header }
func (p *headerProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *headerProbe) WriteHeader(status int)      { p.status = status }

// upgradeError is the 426 for a request to a WebSocket address that does
// not ask to upgrade (a plain GET from a browser's address bar or curl),
// nil for a WebSocket handshake.
func upgradeError(w http.ResponseWriter, r *http.Request) error {
	if headerHas(r.Header, "Connection", "upgrade") && headerHas(r.Header, "Upgrade", "websocket") {
		return nil
	}
	w.Header().Set("Upgrade", "websocket")
	w.Header().Set("Connection", "Upgrade")
	return apiErrorf(http.StatusUpgradeRequired, codeUpgradeRequired, "%s is a WebSocket: connect with a WebSocket client (docs/protocol.md); the table's page is /t/%s", truncate(r.URL.Path, 100), truncate(r.PathValue("id"), maxIDLen))
}

// headerHas reports whether a comma-separated header lists token.
func headerHas(h http.Header, name, token string) bool {
	for _, v := range h.Values(name) {
		for t := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(t), token) {
				return true
			}
		}
	}
	return false
}

// acceptWS completes a WebSocket handshake. What the library refuses (a
// bad version or key, a cross-origin request) is answered in the API's
// JSON rather than the library's plain text.
func (s *Server) acceptWS(w http.ResponseWriter, r *http.Request) (*websocket.Conn, error) {
	rw := &refusal{ResponseWriter: w}
	conn, err := websocket.Accept(rw, r, nil)
	if err != nil && rw.status != 0 {
		code := "bad-request"
		if rw.status == http.StatusForbidden {
			code = "forbidden"
		}
		msg := strings.TrimSpace(rw.text.String())
		w.Header().Del("X-Content-Type-Options")
		s.apiError(w, r, apiErrorf(rw.status, code, "the WebSocket handshake was refused: %s (docs/protocol.md)", truncate(msg, 200)))
	}
	return conn, err
}

// refusal holds back an error answer written to it (status >= 400) so it
// can be rewritten; everything else passes through, hijacking included
// (Unwrap).
type refusal struct {
	http.ResponseWriter
	status int
	text   strings.Builder
}

func (rw *refusal) WriteHeader(status int) {
	if status >= 400 {
		rw.status = status
		return
	}
	rw.ResponseWriter.WriteHeader(status)
}

func (rw *refusal) Write(b []byte) (int, error) {
	if rw.status != 0 {
		return rw.text.Write(b)
	}
	return rw.ResponseWriter.Write(b)
}

func (rw *refusal) Unwrap() http.ResponseWriter { return rw.ResponseWriter }
