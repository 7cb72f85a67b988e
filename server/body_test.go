package server_test

import (
	"bufio"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
)

// A request body sent a byte every 2 s is cut off once the body timeout
// has passed since its headers: answered 408 body-timeout, the connection
// closed; a body sent whole is served as before.
func TestSlowBodyCutOff(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{BodyTimeout: time.Second}})
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.HTTP.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"game":"war"}`
	if _, err := conn.Write([]byte("POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " +
		strconv.Itoa(len(body)) + "\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	answered := make(chan *http.Response, 1)
	go func() {
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			close(answered)
			return
		}
		answered <- resp
	}()
	for i := 0; ; i++ {
		select {
		case resp, ok := <-answered:
			if !ok {
				t.Fatal("the connection was closed without an answer")
			}
			if resp.StatusCode != http.StatusRequestTimeout {
				t.Fatalf("a slow body was answered %d, want 408", resp.StatusCode)
			}
			var e servertest.APIError
			if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
				t.Fatal(err)
			}
			if e.Code != "body-timeout" || !strings.Contains(e.Message, "1s") {
				t.Errorf("the 408 says %+v", e)
			}
			return
		case <-time.After(2 * time.Second):
		}
		if i == len(body) {
			t.Fatalf("the whole body came, a byte every 2 s, and the server still reads it")
		}
		conn.Write([]byte(body[i : i+1]))
	}
}

// A body over every route's bound is refused 413 without being read on.
func TestHugeBodyRefused(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	var e servertest.APIError
	if code := ts.Do("POST", "/api/tables", strings.Repeat(" ", server.MaxRequestBody+10), &e); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("a %d-byte body: %d %+v, want 413", server.MaxRequestBody+10, code, e)
	}
	tb := ts.Create(api.CreateRequest{Game: "war"})
	if tb.ID == "" {
		t.Fatal("a table was not created after the refusal")
	}
}
