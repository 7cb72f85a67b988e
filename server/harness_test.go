package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/api"
	"cardtable/server/msgtest"
	"cardtable/store"
	"cardtable/store/memstore"
	"cardtable/table"
)

// hang bounds every wait in these tests: not a timing assertion, a guard
// so a broken server fails the test instead of hanging it.
const hang = 20 * time.Second

type testServer struct {
	t    *testing.T
	srv  *Server
	st   store.Store
	http *httptest.Server
}

// newTestServer starts a server over st (nil: a fresh memory store).
func newTestServer(t *testing.T, st store.Store, cfg Config) *testServer {
	t.Helper()
	if st == nil {
		st = memstore.New()
	}
	srv := New(st, cfg)
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := &testServer{t: t, srv: srv, st: st, http: httptest.NewServer(srv.Handler())}
	t.Cleanup(ts.stop)
	return ts
}

// loaded reports whether table id's room is in memory.
func (ts *testServer) loaded(id string) bool {
	return ts.srv.rooms.Loaded(id)
}

func (ts *testServer) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	ts.srv.Shutdown(ctx)
	ts.http.Close()
}

// do sends a request with body (JSON-encoded unless a string) and decodes
// the answer into out; it returns the status.
func (ts *testServer) do(method, path string, body, out any) int {
	ts.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, ts.http.URL+path, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			ts.t.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

// create makes a table or fails the test.
func (ts *testServer) create(req api.CreateRequest) api.Created {
	ts.t.Helper()
	var resp api.Created
	if code := ts.do("POST", "/api/tables", req, &resp); code != http.StatusCreated {
		ts.t.Fatalf("create %+v: status %d", req, code)
	}
	return resp
}

// wireMsg is a server message as a client decodes it.
type wireMsg = msgtest.Msg

func decodeMsg(t testing.TB, data []byte) wireMsg { return msgtest.Decode(t, data) }

// wsClient is a WebSocket client of a test server.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	msgs chan wireMsg
	err  chan error
}

func (ts *testServer) dial(id, token string) *wsClient {
	ts.t.Helper()
	c, err := ts.tryDial(id, token)
	if err != nil {
		ts.t.Fatal(err)
	}
	return c
}

func (ts *testServer) tryDial(id, token string) (*wsClient, error) {
	u := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/ws/" + id
	if token != "" {
		u += "?token=" + token
	}
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("dial: %d: %w", resp.StatusCode, err)
		}
		return nil, err
	}
	conn.SetReadLimit(1 << 20)
	c := &wsClient{t: ts.t, conn: conn, msgs: make(chan wireMsg, 4096), err: make(chan error, 1)}
	go func() {
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				c.err <- err
				close(c.msgs)
				return
			}
			c.msgs <- decodeMsg(ts.t, data)
		}
	}()
	ts.t.Cleanup(func() { conn.CloseNow() })
	return c, nil
}

func (c *wsClient) send(v any) {
	c.t.Helper()
	data, ok := v.(string)
	if !ok {
		b, _ := json.Marshal(v)
		data = string(b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, []byte(data)); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// next is the next message.
func (c *wsClient) next() wireMsg {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatalf("connection closed: %v", <-c.err)
		}
		return m
	case <-time.After(hang):
		c.t.Fatal("no message")
	}
	return wireMsg{}
}

// until skips messages until one of type typ (and, when more is given, one
// satisfying it).
func (c *wsClient) until(typ string, more ...func(wireMsg) bool) wireMsg {
	c.t.Helper()
	for {
		m := c.next()
		if m.Type != typ {
			continue
		}
		if len(more) == 0 || more[0](m) {
			return m
		}
	}
}

// closed waits for the connection to end and returns its close status.
func (c *wsClient) closed() websocket.StatusCode {
	c.t.Helper()
	for {
		select {
		case _, ok := <-c.msgs:
			if !ok {
				return websocket.CloseStatus(<-c.err)
			}
		case <-time.After(hang):
			c.t.Fatal("the connection stayed open")
		}
	}
}

func intp(i int) *int { return &i }

func cmd(action string, version int, id string) table.Command {
	return table.Command{Action: action, Version: intp(version), ID: id}
}

func replayBody(resp *http.Response) (engine.State, []record.Step, error) {
	rec, err := record.Decode(resp.Body)
	if err != nil {
		return nil, nil, err
	}
	return record.Replay(rec)
}
