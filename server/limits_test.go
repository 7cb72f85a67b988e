package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/ratelimit"
	"cardtable/server/servertest"

	"github.com/coder/websocket"
)

// A frame over the size limit closes the connection with 1009.
func TestFrameTooBig(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	tb := ts.Create(api.CreateRequest{Game: "war"})
	c := ts.Dial(tb.ID, tb.Token)
	c.Until("turn")
	c.Send(`{"action":"` + strings.Repeat("x", 5000) + `","version":0}`)
	if status := c.Closed(); status != websocket.StatusMessageTooBig {
		t.Fatalf("closed with %d, want 1009", status)
	}
}

// Commands over the rate are refused with rate-limited; a client that
// keeps on is closed with too-many (1008), told why first.
func TestRateLimit(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{ConnRate: 0.001, ConnBurst: 2}})
	tb := ts.Create(api.CreateRequest{Game: "war"})
	c := ts.Dial(tb.ID, tb.Token)
	c.Until("turn")
	// The server may close the connection before all ten are written; the
	// writes after that fail, and what was read before is still checked.
	for range 10 {
		ctx, cancel := context.WithTimeout(context.Background(), servertest.Hang)
		err := c.Conn.Write(ctx, websocket.MessageText, []byte(`{"type":"hint","action":"flip"}`))
		cancel()
		if err != nil {
			break
		}
	}
	// The refusal says when the next command will be taken: one token of
	// 0.001 a second is 1,000 s away, less what has refilled.
	e := c.Until("error", func(m servertest.Msg) bool { return m.Code == ratelimit.CodeRateLimited })
	var retry struct {
		Ms int `json:"retry_after_ms"`
	}
	json.Unmarshal(e.Raw, &retry)
	if !strings.Contains(e.Text, "send the next after") || retry.Ms < 990_000 || retry.Ms > 1_000_000 {
		t.Errorf("rate-limited: %s", e.Raw)
	}
	if bye := c.Until("bye"); !strings.Contains(string(bye.Raw), `"code":"too-many"`) {
		t.Errorf("bye: %s", bye.Raw)
	}
	if status := c.Closed(); status != websocket.StatusPolicyViolation {
		t.Fatalf("closed with %d, want 1008", status)
	}
}

// Connections past the per-address limit are refused before the upgrade
// with 429 and a code.
func TestConnectionLimit(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{ConnsPerAddr: 2}})
	tb := ts.Create(api.CreateRequest{Game: "war"})
	a := ts.Dial(tb.ID, "")
	ts.Dial(tb.ID, "")
	if _, err := ts.TryDial(tb.ID, ""); err == nil || !strings.Contains(err.Error(), "429") {
		t.Fatalf("third connection from one address: %v", err)
	}
	a.Conn.Close(websocket.StatusNormalClosure, "")
	a.Closed()
	// The slot comes back once the handler has let go of it.
	for i := 0; ; i++ {
		c, err := ts.TryDial(tb.ID, "")
		if err == nil {
			c.Until("hello")
			break
		}
		if i > 1000 {
			t.Fatalf("a freed slot was never reused: %v", err)
		}
	}
}

// Lobby writes over the address's rate get 429 with Retry-After.
func TestLobbyRateLimit(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Limits: server.Limits{APIRate: 0.001, APIBurst: 3}})
	codes := map[int]int{}
	for range 5 {
		codes[ts.Do("POST", "/api/tables", `{"game":"war"}`, nil)]++
	}
	if codes[201] != 3 || codes[429] != 2 {
		t.Fatalf("statuses: %v", codes)
	}
}

// At shutdown every client is told why and closed with 1001; /healthz
// turns 503 and new connections are refused.
func TestShutdownTellsClients(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	tb := ts.Create(api.CreateRequest{Game: "regicide"})
	seat, spec := ts.Dial(tb.ID, tb.Token), ts.Dial(tb.ID, "")
	seat.Until("turn")
	spec.Until("hello")
	if code := ts.Do("GET", "/healthz", nil, nil); code != 200 {
		t.Fatalf("healthz: %d", code)
	}
	if err := ts.Srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*servertest.Client{seat, spec} {
		if bye := c.Until("bye"); !strings.Contains(string(bye.Raw), `"code":"shutdown"`) {
			t.Errorf("bye: %s", bye.Raw)
		}
		if status := c.Closed(); status != websocket.StatusGoingAway {
			t.Errorf("closed with %d, want 1001", status)
		}
	}
	if code := ts.Do("GET", "/healthz", nil, nil); code != 503 {
		t.Errorf("healthz while stopping: %d", code)
	}
	if _, err := ts.TryDial(tb.ID, ""); err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("connection while stopping: %v", err)
	}
}

// /metrics exposes the server's metrics.
func TestMetrics(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{})
	tb := ts.Create(api.CreateRequest{Game: "regicide", Options: map[string]string{"players": "1"}})
	c := ts.Dial(tb.ID, tb.Token)
	turn := c.Until("turn")
	c.Send(servertest.Cmd("dance", 0, ""))
	c.Until("error")
	c.Send(servertest.Cmd(turn.Legal[0], 0, ""))
	c.Until("event")
	// The action's latency is observed on the room's goroutine just after
	// its event is queued, so the client may read /metrics a moment before.
	var body []byte
	for deadline := time.Now().Add(servertest.Hang); ; time.Sleep(10 * time.Millisecond) {
		resp, err := http.Get(ts.HTTP.URL + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ = io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(body), "cardtable_action_broadcast_seconds_count 1") || time.Now().After(deadline) {
			break
		}
	}
	for _, want := range []string{
		"cardtable_rooms 1", "cardtable_connections 1", "cardtable_actions_total 1",
		`cardtable_rejected_commands_total{code="notation"} 1`, "cardtable_action_broadcast_seconds_count 1",
		"cardtable_tables_created_total 1",
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}
