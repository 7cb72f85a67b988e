package conn

import (
	"bufio"
	"bytes"
	"io"
	"log/slog"
	"net"
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
	// Only programs read it: a page opens its table's WebSocket itself.
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
		// Only programs read it (a browser's handshake is the page's own).
		httpjson.Refuse(w, r, log, httpjson.Errorf(rw.status, code, "the WebSocket handshake was refused: %s (docs/protocol.md)", httpjson.Truncate(msg, 200)))
	}
	return conn, err
}

// refusal holds back an error answer written to it (status >= 400) so it
// can be rewritten; everything else passes through (Unwrap). Its Hijack
// hands the socket over with small buffers (Hijack).
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

// Buffers of a WebSocket's socket: what the library reads a client's
// frames through (commands: MaxFrame is 4 KB, most are under 200 bytes),
// and what it writes a message's frame through (a larger message goes to
// the socket past it). net/http's are 4 KB each, and a held connection
// keeps them for its life: two thirds of them went to nothing.
const (
	readBuffer  = 1 << 10
	writeBuffer = 1 << 10
)

// Hijack takes the socket from net/http and gives it to the WebSocket
// library with buffers of readBuffer and writeBuffer bytes, the bytes the
// client sent after its handshake (which net/http may have read already)
// first in the read buffer.
func (rw *refusal) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	sock, brw, err := http.NewResponseController(rw.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil {
		sock.Close()
		return nil, nil, err
	}
	early, _ := brw.Reader.Peek(brw.Reader.Buffered())
	r := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(early)), sock), max(readBuffer, len(early)))
	if len(early) > 0 {
		r.Peek(len(early)) // buffered, as the library expects of a hijacked reader
	}
	return sock, bufio.NewReadWriter(r, bufio.NewWriterSize(sock, writeBuffer)), nil
}
