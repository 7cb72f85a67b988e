package clocktest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/server"
	"cardtable/server/testclock"
	"cardtable/store"
	"cardtable/store/postgres"
	"cardtable/store/postgres/pgtest"
	"cardtable/store/sqlite"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// hang bounds every wait: a guard, not a timing assertion.
const hang = 20 * time.Second

var start = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// node is one running server over a store.
type node struct {
	t    *testing.T
	srv  *server.Server
	http *httptest.Server
}

func serve(t *testing.T, st store.Store, clk *testclock.Clock) *node {
	t.Helper()
	srv := server.New(st, server.Config{Clock: clk})
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return &node{t: t, srv: srv, http: httptest.NewServer(srv.Handler())}
}

func (n *node) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	n.srv.Shutdown(ctx)
	n.http.Close()
}

func (n *node) post(path string, body, out any) {
	n.t.Helper()
	data, _ := json.Marshal(body)
	resp, err := http.Post(n.http.URL+path, "application/json", bytes.NewReader(data))
	if err != nil {
		n.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		n.t.Fatalf("POST %s: %d", path, resp.StatusCode)
	}
	json.NewDecoder(resp.Body).Decode(out)
}

// conn is a seat's WebSocket.
type conn struct {
	t  *testing.T
	ws *websocket.Conn
}

type msg struct {
	Type    string          `json:"type"`
	Version int             `json:"version"`
	Legal   []string        `json:"legal"`
	Seats   json.RawMessage `json:"seats"`
	Result  *struct {
		End     string `json:"end"`
		Winners []int  `json:"winners"`
	} `json:"result"`
	ID string `json:"id"`
}

type clockSeat struct {
	Running   bool       `json:"running"`
	LeftMS    int64      `json:"left_ms"`
	ReserveMS int64      `json:"reserve_ms"`
	Deadline  *time.Time `json:"deadline"`
}

func (n *node) dial(id, token string) *conn {
	n.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.http.URL, "http")+"/ws/"+id+"?token="+token, nil)
	if err != nil {
		n.t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	n.t.Cleanup(func() { ws.CloseNow() })
	return &conn{t: n.t, ws: ws}
}

// until reads messages until one of type typ; raw is its JSON.
func (c *conn) until(typ string) (msg, []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	for {
		_, data, err := c.ws.Read(ctx)
		if err != nil {
			c.t.Fatalf("waiting for %s: %v", typ, err)
		}
		var m msg
		json.Unmarshal(data, &m)
		if m.Type == typ {
			return m, data
		}
	}
}

func (c *conn) clock() []clockSeat {
	c.t.Helper()
	_, data := c.until("clock")
	var m struct {
		Seats []clockSeat `json:"seats"`
	}
	json.Unmarshal(data, &m)
	return m.Seats
}

func (c *conn) send(v any) {
	c.t.Helper()
	data, _ := json.Marshal(v)
	if err := c.ws.Write(context.Background(), websocket.MessageText, data); err != nil {
		c.t.Fatal(err)
	}
}

// restartMidClock plays one War flip at a live table (30 s a move, a
// minute's reserve, timeout lose), stops the server with bob to move,
// opens the store again 20 s later on a new server, and checks that the
// 20 s down were not charged: bob's deadline moved on by them, he has the
// time he had, and he loses on time at the new deadline (and its lag).
func restartMidClock(t *testing.T, open func() store.Store) {
	clk := testclock.New(start)
	st := open()
	a := serve(t, st, clk)
	var tb struct {
		ID    string `json:"id"`
		Token string `json:"token"`
	}
	a.post("/api/tables", map[string]any{"game": "war", "name": "ann",
		"seats":    []map[string]string{{"kind": "human"}, {"kind": "human"}},
		"settings": map[string]string{"pace": "live", "move": "30s", "reserve": "1m", "timeout": "lose"}}, &tb)
	var bob struct{ Token string }
	a.post(fmt.Sprintf("/api/tables/%s/seats/1/claim", tb.ID), map[string]string{"name": "bob"}, &bob)
	ann := a.dial(tb.ID, tb.Token)
	turn, _ := ann.until("turn")
	clk.Advance(40 * time.Second)
	ann.send(map[string]any{"action": "flip", "version": turn.Version, "id": "f"})
	var before []clockSeat
	for before == nil || before[0].Running {
		before = ann.clock()
	}
	if !before[1].Running || before[0].ReserveMS != 50000 {
		t.Fatalf("after ann's 40 s flip: %+v", before)
	}
	a.stop()
	st.Close()

	clk.Advance(20 * time.Second)
	st2 := open()
	t.Cleanup(func() { st2.Close() })
	b := serve(t, st2, clk)
	defer b.stop()
	c := b.dial(tb.ID, bob.Token)
	after := c.clock()
	if !after[1].Deadline.Equal(before[1].Deadline.Add(20*time.Second)) || after[0].ReserveMS != 50000 || after[1].LeftMS != before[1].LeftMS {
		t.Fatalf("after the restart: %+v\nbefore: %+v", after, before)
	}
	clk.Advance(time.Duration(after[1].LeftMS)*time.Millisecond + time.Second)
	end, raw := c.until("end")
	if end.Result == nil || end.Result.End != "timeout" || len(end.Result.Winners) != 1 || end.Result.Winners[0] != 0 {
		t.Fatalf("end: %s", raw)
	}
}

func TestRestartMidClockSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "clock.db")
	restartMidClock(t, func() store.Store {
		st, err := sqlite.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
}

func TestRestartMidClockPostgres(t *testing.T) {
	dsn := pgtest.DB(t)
	restartMidClock(t, func() store.Store {
		st, err := postgres.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
}
