// Package servertest runs a real cardtable server (package server) over a
// memory store for the tests of every server package: HTTP requests,
// WebSocket clients of its tables, people signed in with their own cookie
// jars, and the helpers the tests of a table's life share.
package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/server"
	"cardtable/server/account"
	"cardtable/server/api"
	"cardtable/server/clientaddr"
	"cardtable/server/msgtest"
	"cardtable/server/room"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/store/memstore"
	"cardtable/table"
)

// Hang bounds every wait in these tests: not a timing assertion, a guard
// so a broken server fails the test instead of hanging it.
const Hang = 20 * time.Second

type Server struct {
	T    *testing.T
	Srv  *server.Server
	St   store.Store
	HTTP *httptest.Server
}

// New starts a server over st (nil: a fresh memory store).
func New(t *testing.T, st store.Store, cfg server.Config) *Server {
	t.Helper()
	if st == nil {
		st = memstore.New()
	}
	srv := server.New(st, cfg)
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := &Server{T: t, Srv: srv, St: st, HTTP: httptest.NewServer(srv.Handler())}
	t.Cleanup(ts.Stop)
	return ts
}

// Loaded reports whether table id's room is in memory.
func (ts *Server) Loaded(id string) bool {
	return ts.Srv.Rooms().Loaded(id)
}

func (ts *Server) Stop() {
	ctx, cancel := context.WithTimeout(context.Background(), Hang)
	defer cancel()
	ts.Srv.Shutdown(ctx)
	ts.HTTP.Close()
}

// Do sends a request with body (JSON-encoded unless a string) and decodes
// the answer into out; it returns the status.
func (ts *Server) Do(method, path string, body, out any) int {
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
func (ts *Server) Create(req api.CreateRequest) api.Created {
	ts.T.Helper()
	var resp api.Created
	if code := ts.Do("POST", "/api/tables", req, &resp); code != http.StatusCreated {
		ts.T.Fatalf("create %+v: status %d", req, code)
	}
	return resp
}

// Msg is a server message as a client decodes it.
type Msg = msgtest.Msg

// Client is a WebSocket client of a test server.
type Client struct {
	t    *testing.T
	Conn *websocket.Conn
	Msgs chan Msg
	Err  chan error
}

func (ts *Server) Dial(id, token string) *Client {
	ts.T.Helper()
	c, err := ts.TryDial(id, token)
	if err != nil {
		ts.T.Fatal(err)
	}
	return c
}

func (ts *Server) TryDial(id, token string) (*Client, error) {
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
	c := &Client{t: ts.T, Conn: conn, Msgs: make(chan Msg, 4096), Err: make(chan error, 1)}
	go func() {
		for {
			_, data, err := conn.Read(context.Background())
			if err != nil {
				c.Err <- err
				close(c.Msgs)
				return
			}
			c.Msgs <- msgtest.Decode(ts.T, data)
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
func (c *Client) Next() Msg {
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
	return Msg{}
}

// Until skips messages Until one of type typ (and, when more is given, one
// satisfying it).
func (c *Client) Until(typ string, more ...func(Msg) bool) Msg {
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

// LifeStart is where the tests' clocks stand at first.
var LifeStart = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// LifeServer is a test server over st (nil: memory) on a clock moved by
// hand.
func LifeServer(t *testing.T, st store.Store, clk *testclock.Clock) *Server {
	t.Helper()
	return New(t, st, server.Config{Clock: clk, BotDelay: 0, Limits: server.Limits{ConnRate: 1e6, ConnBurst: 1000}})
}

var peopleNames = []string{"ann", "bob", "cy", "dee"}

// People creates a table of game for n People (ann, bob, cy, dee) with
// the options and settings given, claims every seat and returns it with
// the tokens by seat.
func People(t *testing.T, ts *Server, game string, n int, opts, settings map[string]string) (api.Created, []string) {
	t.Helper()
	seats := make([]api.SeatRequest, n)
	for i := range seats {
		seats[i] = api.SeatRequest{Kind: "human"}
	}
	tb := ts.Create(api.CreateRequest{Game: game, Name: "ann", Options: opts, Seats: seats, Settings: settings})
	tokens := []string{tb.Token}
	for i := 1; i < n; i++ {
		var cl struct{ Token string }
		if code := ts.Do("POST", fmt.Sprintf("/api/tables/%s/seats/%d/claim", tb.ID, i), map[string]string{"name": peopleNames[i]}, &cl); code != 200 {
			t.Fatalf("claim seat %d: %d", i, code)
		}
		tokens = append(tokens, cl.Token)
	}
	return tb, tokens
}

// As decodes a message's whole JSON into a T.
func As[T any](t *testing.T, m Msg) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(m.Raw, &v); err != nil {
		t.Fatalf("%s: %v", m.Raw, err)
	}
	return v
}

// Joined dials table id with token and reads its snapshot (up to the chat
// history, which always comes last), returning the turn if it had one.
func Joined(t *testing.T, ts *Server, id, token string) (*Client, *Msg) {
	t.Helper()
	c := ts.Dial(id, token)
	var turn *Msg
	for {
		m := c.Next()
		if m.Type == "turn" {
			turn = &m
		}
		if m.Type == "chat" {
			return c, turn
		}
	}
}

// TableCmd sends a table command.
func TableCmd(c *Client, typ, id string) {
	c.Send(map[string]string{"type": typ, "id": id})
}

// Refused waits for the error answering command id and checks its code.
func Refused(t *testing.T, c *Client, id, code string) Msg {
	t.Helper()
	e := c.Until("error", func(m Msg) bool { return m.ID == id })
	if e.Code != code {
		t.Fatalf("command %s: %s; want code %s", id, e.Raw, code)
	}
	return e
}

// kindOf reads a Notice's kind.
func Notice(t *testing.T, c *Client, kind string) room.NoticeMessage {
	t.Helper()
	return As[room.NoticeMessage](t, c.Until("notice", func(m Msg) bool { return As[room.NoticeMessage](t, m).Kind == kind }))
}

// stored lists table id's stored event kinds.
func StoredKinds(t *testing.T, ts *Server, id string) []string {
	t.Helper()
	evs, err := ts.St.Events(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range evs {
		out = append(out, e.Kind)
	}
	return out
}

// ClockOf waits for a clock message that satisfies ok.
func ClockOf(t *testing.T, c *Client, ok func(room.ClockMessage) bool) room.ClockMessage {
	t.Helper()
	m := c.Until("clock", func(m Msg) bool { return ok(As[room.ClockMessage](t, m)) })
	return As[room.ClockMessage](t, m)
}

// RematchOf waits for a rematch message that satisfies ok.
func RematchOf(t *testing.T, c *Client, ok func(room.RematchMessage) bool) room.RematchMessage {
	t.Helper()
	return As[room.RematchMessage](t, c.Until("rematch", func(m Msg) bool { return ok(As[room.RematchMessage](t, m)) }))
}

// Proxies are the trusted proxies of list, a fatal error of the test if it
// does not parse.
func Proxies(t *testing.T, list string) []netip.Prefix {
	t.Helper()
	p, err := clientaddr.ParseTrustedProxies(list)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Clock is the accounts' settable clock.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// NewAccounts starts a server with accounts over a memory store, its
// clock at noon UTC on 2 December 2026.
func NewAccounts(t *testing.T) (*Server, *Clock) {
	return NewAccountsConfig(t, server.Config{})
}

// NewAccountsConfig is NewAccounts on a server of cfg (with a test
// server's rates).
func NewAccountsConfig(t *testing.T, cfg server.Config) (*Server, *Clock) {
	t.Helper()
	st := memstore.New()
	lim := &cfg.Limits
	lim.APIRate, lim.APIBurst, lim.ConnRate, lim.ConnBurst, lim.AddrRate, lim.AddrBurst = 1000, 1000, 100000, 100000, 100000, 100000
	srv := server.New(st, cfg)
	hs := httptest.NewUnstartedServer(nil)
	clock := &Clock{now: time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)}
	if err := srv.UseAccounts(server.AccountsConfig{Origins: []string{"http://" + hs.Listener.Addr().String()}, Now: clock.Now,
		Hasher: accounts.NewHasher(accounts.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, 2)}); err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs.Config.Handler = srv.Handler()
	hs.Start()
	ts := &Server{T: t, Srv: srv, St: st, HTTP: hs}
	t.Cleanup(ts.Stop)
	return ts, clock
}

// Person is one browser (a cookie jar) at a test server.
type Person struct {
	// Server is where the person browses; Client their browser (its cookies).
	Server *Server
	Client *http.Client
}

func (ts *Server) NewPerson() *Person {
	jar, _ := cookiejar.New(nil)
	return &Person{Server: ts, Client: &http.Client{Jar: jar}}
}

// SignedUp is a new person signed up as name.
func (ts *Server) SignedUp(name string) *Person {
	ts.T.Helper()
	p := ts.NewPerson()
	if code := p.Do("POST", "/api/account/signup", map[string]string{"name": name, "password": "pass " + name}, nil, nil); code != http.StatusCreated {
		ts.T.Fatalf("sign-up of %s: %d", name, code)
	}
	return p
}

// Do sends a JSON request (with extra headers) and decodes the answer
// into out; it returns the status.
func (p *Person) Do(method, path string, body any, headers map[string]string, out any) int {
	p.Server.T.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, _ := http.NewRequest(method, p.Server.HTTP.URL+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := p.Client.Do(req)
	if err != nil {
		p.Server.T.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			p.Server.T.Fatalf("%s %s: %d %s: %v", method, path, resp.StatusCode, data, err)
		}
	}
	return resp.StatusCode
}

func (p *Person) Who() string {
	p.Server.T.Helper()
	var me struct {
		User *struct{ Name string } `json:"user"`
	}
	p.Do("GET", "/api/account", nil, nil, &me)
	if me.User == nil {
		return ""
	}
	return me.User.Name
}

func (p *Person) CreateTable(req api.CreateRequest) api.Created {
	p.Server.T.Helper()
	var resp api.Created
	if code := p.Do("POST", "/api/tables", req, nil, &resp); code != http.StatusCreated {
		p.Server.T.Fatalf("create %+v: %d", req, code)
	}
	return resp
}

// StartDaily starts today's deal for p and connects its seat.
func (p *Person) StartDaily() (account.DailyStart, *Client) {
	p.Server.T.Helper()
	var d account.DailyStart
	if code := p.Do("POST", "/api/daily/start", struct{}{}, nil, &d); code != http.StatusCreated {
		p.Server.T.Fatalf("daily start: %d", code)
	}
	return d, p.Server.Dial(d.ID, d.Token)
}

// Running is the seat whose clock runs in m (-1: none).
func Running(m room.ClockMessage) int {
	for i, s := range m.Seats {
		if s.Running {
			return i
		}
	}
	return -1
}

// APIError is a refusal of the HTTP API as a client decodes it.
type APIError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}
