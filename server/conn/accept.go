package conn

import (
	"log/slog"
	"net/http"
	"strings"

	"cardtable/server/httpjson"
	"cardtable/server/secret"

	"github.com/coder/websocket"
)

// CheckUpgrade is the 426 for a request to a WebSocket address that does
// not ask to upgrade (a plain GET from a browser's address bar or curl),
// nil for a WebSocket handshake.
func CheckUpgrade(w http.ResponseWriter, r *http.Request) error {
	if headerHas(r.Header, "Connection", "upgrade") && headerHas(r.Header, "Upgrade", "websocket") {
		return nil
	}
	w.Header().Set("Upgrade", "websocket")
	w.Header().Set("Connection", "Upgrade")
	return httpjson.Errorf(http.StatusUpgradeRequired, httpjson.CodeUpgradeRequired, "%s is a WebSocket: connect with a WebSocket client (docs/protocol.md); the table's page is /t/%s", httpjson.Truncate(r.URL.Path, 100), httpjson.Truncate(r.PathValue("id"), secret.MaxIDLen))
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

// Accept completes a WebSocket handshake. What the library refuses (a
// bad version or key, a cross-origin request) is answered in the API's
// JSON rather than the library's plain text.
func Accept(w http.ResponseWriter, r *http.Request, log *slog.Logger) (*websocket.Conn, error) {
	rw := &refusal{ResponseWriter: w}
	conn, err := websocket.Accept(rw, r, nil)
	if err != nil && rw.status != 0 {
		code := "bad-request"
		if rw.status == http.StatusForbidden {
			code = "forbidden"
		}
		msg := strings.TrimSpace(rw.text.String())
		w.Header().Del("X-Content-Type-Options")
		httpjson.Refuse(w, r, log, httpjson.Errorf(rw.status, code, "the WebSocket handshake was refused: %s (docs/protocol.md)", httpjson.Truncate(msg, 200)))
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
