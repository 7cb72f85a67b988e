package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

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
		e = apiErrorf(http.StatusNotFound, "not-found", "no table %q; check the link, or create a table in the lobby", r.PathValue("id"))
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
	if s.apiRates.take(clientAddr(r)) {
		return true
	}
	s.apiError(w, r, apiErrorf(http.StatusTooManyRequests, CodeRateLimited, "too many requests from your address; wait a second and try again"))
	return false
}
