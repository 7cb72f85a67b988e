// Package msgtest reads the server's WebSocket messages (docs/protocol.md)
// as a client does, for the tests of every server package.
package msgtest

import (
	"encoding/json"
	"testing"

	"cardtable/engine"
)

// Msg is a server message as a client decodes it: the fields tests read,
// and the message as it came (Raw).
type Msg struct {
	Type    string          `json:"type"`
	Seat    int             `json:"seat"`
	Version int             `json:"version"`
	Game    string          `json:"game"`
	View    json.RawMessage `json:"view"`
	Legal   []string        `json:"legal"`
	Actor   *int            `json:"actor"`
	Action  string          `json:"action"`
	Hint    string          `json:"hint"`
	Result  *engine.Result  `json:"result"`
	Code    string          `json:"code"`
	Text    string          `json:"message"`
	ID      string          `json:"id"`
	Seats   json.RawMessage `json:"seats"`
	Raw     []byte          `json:"-"`
}

// Decode reads one server message, failing t on one that is not JSON.
func Decode(t testing.TB, data []byte) Msg {
	t.Helper()
	var m Msg
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("undecodable message %s: %v", data, err)
	}
	m.Raw = data
	return m
}
