package conn

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"cardtable/server/metrics"
	"cardtable/server/ratelimit"
	"cardtable/table"
)

// hang bounds every wait here: a guard so a broken connection fails the
// test instead of hanging it, not a timing assertion.
const hang = 20 * time.Second

// testConfig is a connection's settings for these tests, pinging every
// ping and waiting pingTimeout for the answer.
func testConfig(ping, pingTimeout time.Duration) *Config {
	return &Config{MaxFrame: 4096, ConnRate: 20, ConnBurst: 40, AddrRate: 200, AddrRates: ratelimit.NewAddrBuckets(200, 400),
		SendQueue: 16, PingEvery: ping, PingTimeout: pingTimeout, WriteTimeout: 10 * time.Second,
		Metrics: metrics.New(), Log: slog.New(slog.DiscardHandler)}
}

// quietSink takes every command and owes no turns.
type quietSink struct{}

func (quietSink) Command(*Conn, table.Command, time.Time) bool { return true }
func (quietSink) Turn(*Conn) bool                              { return true }

// served is a connection served over a real WebSocket to a client dialled
// with opts; served is closed when Serve returns.
func served(t *testing.T, ping, pingTimeout time.Duration, opts *websocket.DialOptions) (c *Conn, client *websocket.Conn, done chan struct{}) {
	t.Helper()
	cfg := testConfig(ping, pingTimeout)
	c = New(cfg, "test")
	c.EnqueueOut(Out{Data: []byte(`"before"`), Version: -1}) // queued before Serve, as a table's snapshot
	done = make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := Accept(w, r, cfg.Log)
		if err != nil {
			t.Error(err)
			return
		}
		c.Serve(ws, quietSink{}, nil)
		close(done)
	}))
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	client, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.CloseNow() })
	return c, client, done
}

// read is the client's next text message.
func read(t *testing.T, client *websocket.Conn) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	_, data, err := client.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A served connection writes what was queued before Serve and then each
// message in the order queued; between bursts no writer runs; a kick
// sends what was queued before the bye, then the bye, then closes with
// the bye's status, and Serve returns.
func TestWriterRunsWhileSending(t *testing.T) {
	c, client, done := served(t, time.Hour, time.Hour, nil)
	if got := read(t, client); got != `"before"` {
		t.Fatalf("first message %s, want the one queued before Serve", got)
	}
	for burst := range 3 {
		for i := range 5 { // short messages and, past the write buffer, long ones
			c.EnqueueOut(Out{Data: message(burst, i), Version: burst*5 + i})
		}
		for i := range 5 {
			if got, want := read(t, client), string(message(burst, i)); got != want {
				t.Fatalf("burst %d: read %.40s… (%d bytes), want %.40s… (%d bytes)", burst, got, len(got), want, len(want))
			}
		}
		idle := time.Now().Add(hang)
		for c.isWriting() {
			if time.Now().After(idle) {
				t.Fatalf("burst %d: a writer still runs with nothing to send", burst)
			}
			time.Sleep(time.Millisecond)
		}
	}
	if at, ok := c.SentAt(14); !ok || at.IsZero() {
		t.Fatal("the last message's version was not stamped when written")
	}
	c.EnqueueOut(Out{Data: []byte(`"last"`), Version: -1})
	c.Kick(ByeShutdown, "the server is stopping")
	if got := read(t, client); got != `"last"` {
		t.Fatalf("read %s, want the message queued before the kick", got)
	}
	var bye byeMessage
	if err := json.Unmarshal([]byte(read(t, client)), &bye); err != nil || bye.Code != ByeShutdown {
		t.Fatalf("bye %+v (%v), want code %s", bye, err, ByeShutdown)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	if _, _, err := client.Read(ctx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Fatalf("after the bye: %v, want a close with status going-away", err)
	}
	select {
	case <-done:
	case <-time.After(hang):
		t.Fatal("Serve did not return after the kick")
	}
}

// message is the i-th message of a burst: a JSON string of 1 to 32 KB
// for odd i, a few bytes for even i.
func message(burst, i int) []byte {
	if i%2 == 0 {
		return fmt.Appendf(nil, `"%d.%d"`, burst, i)
	}
	return fmt.Appendf(nil, `"%d.%d %s"`, burst, i, strings.Repeat("x", 1000<<(burst+i)%32768))
}

// isWriting reports whether a writer runs.
func (c *Conn) isWriting() bool {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	return c.writing
}

// A connection is pinged again and again while the client answers (it
// stays open), and closed once a ping goes unanswered: Serve returns.
func TestPings(t *testing.T) {
	var pings atomic.Int32
	_, client, done := served(t, 5*time.Millisecond, hang, &websocket.DialOptions{
		OnPingReceived: func(context.Context, []byte) bool { pings.Add(1); return true },
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { // reading answers the pings
		for {
			if _, _, err := client.Read(ctx); err != nil {
				return
			}
		}
	}()
	deadline := time.Now().Add(hang)
	for pings.Load() < 3 {
		if time.Now().After(deadline) {
			t.Fatalf("%d pings within %v, want 3 at one every 5 ms", pings.Load(), hang)
		}
		time.Sleep(time.Millisecond)
	}
	select {
	case <-done:
		t.Fatal("a connection whose client answers its pings was closed")
	default:
	}
	cancel()

	_, _, done2 := served(t, 5*time.Millisecond, 20*time.Millisecond, nil) // this client never reads: no pong
	select {
	case <-done2:
	case <-time.After(hang):
		t.Fatal("a client that never answers a ping was kept")
	}
}

// Go serves the connection after its handler has returned (the handler's
// goroutine does not wait for the connection), and runs ended once the
// client has gone.
func TestGoOutlivesTheHandler(t *testing.T) {
	cfg := testConfig(time.Hour, time.Hour)
	c := New(cfg, "test")
	returned, ended := make(chan struct{}), make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := Accept(w, r, cfg.Log)
		if err != nil {
			t.Error(err)
			return
		}
		c.Go(ws, quietSink{}, func() { close(ended) })
		close(returned)
	}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), hang)
	defer cancel()
	client, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer client.CloseNow()
	select {
	case <-returned:
	case <-time.After(hang):
		t.Fatal("the handler did not return while the connection was held")
	}
	c.EnqueueOut(Out{Data: []byte(`"after"`), Version: -1})
	if got := read(t, client); got != `"after"` {
		t.Fatalf("read %s after the handler returned, want the queued message", got)
	}
	select {
	case <-ended:
		t.Fatal("ended ran while the client was connected")
	default:
	}
	client.Close(websocket.StatusNormalClosure, "")
	select {
	case <-ended:
	case <-time.After(hang):
		t.Fatal("ended did not run after the client left")
	}
}
