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

// Hang bounds every wait in these tests: not a timing assertion, a guard
// so a broken server fails the test instead of hanging it.
const Hang = 20 * time.Second

type TestServer struct {
	T    *testing.T
	Srv  *Server
	St   store.Store
	HTTP *httptest.Server
}

// newTestServer starts a server over st (nil: a fresh memory store).
func newTestServer(t *testing.T, st store.Store, cfg Config) *TestServer {
	t.Helper()
	if st == nil {
		st = memstore.New()
	}
	srv := New(st, cfg)
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := &TestServer{T: t, Srv: srv, St: st, HTTP: httptest.NewServer(srv.Handler())}
	t.Cleanup(ts.Stop)
	return ts
}

// Loaded reports whether table id's room is in memory.
func (ts *TestServer) Loaded(id string) bool {
	return ts.Srv.rooms.Loaded(id)
}

func (ts *TestServer) Stop() {
	ctx, cancel := context.WithTimeout(context.Background(), Hang)
	defer cancel()
	ts.Srv.Shutdown(ctx)
	ts.HTTP.Close()
}

// Do sends a request with body (JSON-encoded unless a string) and decodes
// the answer into out; it returns the status.
func (ts *TestServer) Do(method, path string, body, out any) int {
	ts.T.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, ts.HTTP.URL+path, rd)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.T.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			ts.T.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

// Create makes a table or fails the test.
func (ts *TestServer) Create(req api.CreateRequest) api.Created {
	ts.T.Helper()
	var resp api.Created
	if code := ts.Do("POST", "/api/tables", req, &resp); code != http.StatusCreated {
		ts.T.Fatalf("create %+v: status %d", req, code)
	}
	return resp
}

// wireMsg is a server message as a client decodes it.
type wireMsg = msgtest.Msg

func decodeMsg(t testing.TB, data []byte) wireMsg { return msgtest.Decode(t, data) }

// Client is a WebSocket client of a test server.
type Client struct {
	t    *testing.T
	Conn *websocket.Conn
	Msgs chan wireMsg
	Err  chan error
}

func (ts *TestServer) Dial(id, token string) *Client {
	ts.T.Helper()
	c, err := ts.TryDial(id, token)
	if err != nil {
		ts.T.Fatal(err)
	}
	return c
}

func (ts *TestServer) TryDial(id, token string) (*Client, error) {
	u := "ws" + strings.TrimPrefix(ts.HTTP.URL, "http") + "/ws/" + id
	if token != "" {
		u += "?token=" + token
	}
	ctx, cancel := context.WithTimeout(context.Background(), Hang)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("dial: %d: %w", resp.StatusCode, err)
		}
		return nil, err
	}
	conn.SetReadLimit(1 << 20)
	c := &Client{t: ts.T, Conn: conn, Msgs: make(chan wireMsg, 4096), Err: make(chan error, 1)}
	go func() {
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				c.Err <- err
				close(c.Msgs)
				return
			}
			c.Msgs <- decodeMsg(ts.T, data)
		}
	}()
	ts.T.Cleanup(func() { conn.CloseNow() })
	return c, nil
}

func (c *Client) Send(v any) {
	c.t.Helper()
	data, ok := v.(string)
	if !ok {
		b, _ := json.Marshal(v)
		data = string(b)
	}
	ctx, cancel := context.WithTimeout(context.Background(), Hang)
	defer cancel()
	if err := c.Conn.Write(ctx, websocket.MessageText, []byte(data)); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// Next is the Next message.
func (c *Client) Next() wireMsg {
	c.t.Helper()
	select {
	case m, ok := <-c.Msgs:
		if !ok {
			c.t.Fatalf("connection closed: %v", <-c.Err)
		}
		return m
	case <-time.After(Hang):
		c.t.Fatal("no message")
	}
	return wireMsg{}
}

// Until skips messages Until one of type typ (and, when more is given, one
// satisfying it).
func (c *Client) Until(typ string, more ...func(wireMsg) bool) wireMsg {
	c.t.Helper()
	for {
		m := c.Next()
		if m.Type != typ {
			continue
		}
		if len(more) == 0 || more[0](m) {
			return m
		}
	}
}

// Closed waits for the connection to end and returns its close status.
func (c *Client) Closed() websocket.StatusCode {
	c.t.Helper()
	for {
		select {
		case _, ok := <-c.Msgs:
			if !ok {
				return websocket.CloseStatus(<-c.Err)
			}
		case <-time.After(Hang):
			c.t.Fatal("the connection stayed open")
		}
	}
}

func Intp(i int) *int { return &i }

func Cmd(action string, version int, id string) table.Command {
	return table.Command{Action: action, Version: Intp(version), ID: id}
}

func ReplayBody(resp *http.Response) (engine.State, []record.Step, error) {
	rec, err := record.Decode(resp.Body)
	if err != nil {
		return nil, nil, err
	}
	return record.Replay(rec)
}
