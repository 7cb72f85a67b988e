package conn

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cardtable/table"
)

// commandSink hands on each command it is given.
type commandSink chan table.Command

func (s commandSink) Command(_ *Conn, cmd table.Command, _ time.Time) bool { s <- cmd; return true }
func (s commandSink) Turn(*Conn) bool                                      { return true }

// A command the client sends in the same packet as its handshake (read by
// net/http with the request, before the socket is handed over with the
// connection's own buffers) reaches the room.
func TestCommandWithTheHandshake(t *testing.T) {
	cfg := testConfig(time.Hour, time.Hour)
	got := make(commandSink, 1)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := Accept(w, r, cfg.Log)
		if err != nil {
			t.Error(err)
			return
		}
		New(cfg, "test").Serve(ws, got, nil)
	}))
	defer ts.Close()
	sock, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer sock.Close()
	payload := []byte(`{"action":"play AD","version":3}`)
	key := [4]byte{1, 2, 3, 4}
	frame := []byte{0x81, 0x80 | byte(len(payload)), key[0], key[1], key[2], key[3]}
	for i, b := range payload {
		frame = append(frame, b^key[i%4])
	}
	handshake := "GET / HTTP/1.1\r\nHost: test\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := sock.Write(append([]byte(handshake), frame...)); err != nil {
		t.Fatal(err)
	}
	status, err := bufio.NewReader(sock).ReadString('\n')
	if err != nil || !strings.Contains(status, "101") {
		t.Fatalf("handshake answered %q (%v), want 101", status, err)
	}
	select {
	case cmd := <-got:
		if cmd.Action != "play AD" || cmd.Version == nil || *cmd.Version != 3 {
			t.Fatalf("the room got %+v, want the action play AD at version 3", cmd)
		}
	case <-time.After(hang):
		t.Fatal("the command sent with the handshake never reached the room")
	}
}
