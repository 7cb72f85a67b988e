package server

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"time"

	"cardtable/engine"
	"cardtable/server/httpjson"
)

// MaxRequestBody bounds the body read ahead of any handler: over every
// route's own bound (a lobby request's 16 KiB, a passkey's), so a handler
// still refuses its own too-large bodies by its own limit.
const MaxRequestBody = 1 << 20

// readBodies reads a request's body whole before h sees it, within the
// server's BodyTimeout from the end of its headers: a client sending its
// body slowly (a byte every few seconds, to hold a connection and a
// goroutine for ever) is answered 408 and closed. A body over MaxRequestBody
// is answered 413 at once.
func (s *Server) readBodies(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			h.ServeHTTP(w, r)
			return
		}
		rc := http.NewResponseController(w)
		rc.SetReadDeadline(time.Now().Add(s.limits.BodyTimeout))
		body, err := io.ReadAll(io.LimitReader(r.Body, MaxRequestBody+1))
		rc.SetReadDeadline(time.Time{})
		switch {
		case errors.Is(err, os.ErrDeadlineExceeded):
			w.Header().Set("Connection", "close")
			httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusRequestTimeout, "body-timeout", engine.Say("api.body-timeout", engine.TextArg("limit", s.limits.BodyTimeout.String())),
				"the request's body took over %s to arrive, the limit; send it whole at once", s.limits.BodyTimeout))
			return
		case err != nil:
			return // the client went away
		case len(body) > MaxRequestBody:
			w.Header().Set("Connection", "close")
			httpjson.Refuse(w, r, s.log, httpjson.BodyTooBig(MaxRequestBody))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	})
}
