// Package loadtest is cardtable's load generator: it starts a server on
// loopback (or targets one), creates tables whose seats and spectators
// are WebSocket clients that play like people (each seat answers its turn
// after a think time), holds them for a while and reports how many
// clients were held, actions a second, the action-to-broadcast latency
// (from a seat sending its action to each client of the table receiving
// the event) and memory per table and per connection.
package loadtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"cardtable/server"
	"cardtable/store/memstore"
)

// Config is one load run.
type Config struct {
	// Tables and Clients: how many tables, and WebSocket clients in all
	// (two seats per table, the rest spectators spread over the tables).
	Tables  int
	Clients int
	// Game is the game played (a two-seat table of it); default war.
	Game string
	// Think is a seat's mean pause before answering its turn (drawn from
	// 0 to twice it); 0 answers at once.
	Think time.Duration
	// Hold is how long every client is held connected and measured.
	Hold time.Duration
	// Ramp is how many clients connect a second.
	Ramp int
	// URL is a running server to load; empty starts one in this process
	// on loopback over a store in memory.
	URL string
	// Log receives progress lines (nil: none).
	Log io.Writer
}

// Report is what a run measured (docs/benchmarks.md).
type Report struct {
	Tables         int     `json:"tables"`
	ClientsWanted  int     `json:"clients_wanted"`
	ClientsHeld    int     `json:"clients_held"`
	HoldSeconds    float64 `json:"hold_seconds"`
	Actions        int64   `json:"actions"`
	ActionsPerSec  float64 `json:"actions_per_second"`
	Broadcasts     int     `json:"broadcasts"`
	P50ms          float64 `json:"p50_ms"`
	P99ms          float64 `json:"p99_ms"`
	MaxMs          float64 `json:"max_ms"`
	AckP50ms       float64 `json:"ack_p50_ms"`
	AckP99ms       float64 `json:"ack_p99_ms"`
	BytesPerTable  float64 `json:"heap_bytes_per_table,omitempty"`
	BytesPerClient float64 `json:"heap_bytes_per_client,omitempty"`
	// HeapOf says whose heap the two figures are: "server" (a server
	// loaded by URL, read from its /metrics) or "process" (server and
	// clients in this process: both ends of each connection).
	HeapOf     string `json:"heap_of"`
	DialErrors int64  `json:"dial_errors"`
	Refused    int64  `json:"refused_commands"`
	// RateLimited counts the refusals (among Refused) that were
	// rate-limited; each command was sent again after the server's
	// retry_after_ms.
	RateLimited int64 `json:"rate_limited"`
	Dropped     int64 `json:"dropped_connections"`
	GamesEnded  int64 `json:"games_ended"`
	// Unmatched counts events received during the hold that no seat's
	// command could be matched to (its actor's own copy never came):
	// latency samples lost. 0 in a sound run.
	Unmatched int64 `json:"unmatched_events"`
	// ServerWithin10ms and ServerP99ms are the server's own histogram
	// (cardtable_action_broadcast_seconds, from reading a command to its
	// event queued for every client) over the hold: the share of actions
	// within 10 ms, and the upper bound of the bucket holding the 99th
	// percentile (-1: above the last bucket, 1 s). Absent when the server
	// has no such metric.
	ServerWithin10ms *float64 `json:"server_within_10ms,omitempty"`
	ServerP99ms      *float64 `json:"server_p99_ms,omitempty"`
}

func (c *Config) defaults() {
	if c.Tables <= 0 {
		c.Tables = 100
	}
	if c.Clients < 2*c.Tables {
		c.Clients = 2 * c.Tables
	}
	if c.Game == "" {
		c.Game = "war"
	}
	c.Think = max(c.Think, 0)
	if c.Hold <= 0 {
		c.Hold = 30 * time.Second
	}
	if c.Ramp <= 0 {
		c.Ramp = 1000
	}
	if c.Log == nil {
		c.Log = io.Discard
	}
}

// run is one load run's shared state.
type run struct {
	cfg         Config
	base        string
	measuring   atomic.Bool
	stopping    atomic.Bool
	refused     atomic.Int64
	rateLimited atomic.Int64
	dropped     atomic.Int64
	ended       atomic.Int64
	actions     atomic.Int64
	inflight    atomic.Int64 // commands sent and not yet answered
	mu          sync.Mutex
	receipts    []receipt       // events received during the hold, every client
	ack         []time.Duration // action sent → its own event, the actor
}

// tableRun is one table: its id, its seats' tokens, when each command
// was sent (by its id) and which command each event applied (by the
// event's version, learnt from the actor's own copy, which carries the
// command's id). An event is matched to its command after the run, so a
// client that reads it before the actor does still counts it.
type tableRun struct {
	id      string
	tokens  [2]string
	mu      sync.Mutex
	sends   map[string]time.Time
	applied map[int]string
}

// receipt is one client receiving the event of one version.
type receipt struct {
	tb      *tableRun
	version int
	at      time.Time
}

// Run performs one load run.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	cfg.defaults()
	r := &run{cfg: cfg, base: strings.TrimSuffix(cfg.URL, "/")}
	var heapBase uint64
	if r.base == "" {
		stop, err := r.startServer()
		if err != nil {
			return nil, err
		}
		defer stop()
	}
	heapBase = r.heap(ctx)
	fmt.Fprintf(cfg.Log, "creating %d tables of %s\n", cfg.Tables, cfg.Game)
	tables, err := r.createTables(ctx)
	if err != nil {
		return nil, err
	}
	rep := &Report{Tables: cfg.Tables, ClientsWanted: cfg.Clients, HeapOf: "process"}
	if cfg.URL != "" {
		rep.HeapOf = "server"
	}
	heapTables := r.heap(ctx)
	rep.BytesPerTable = float64(int64(heapTables)-int64(heapBase)) / float64(cfg.Tables)
	fmt.Fprintf(cfg.Log, "connecting %d clients, %d a second\n", cfg.Clients, cfg.Ramp)
	var held, dialErrs atomic.Int64
	var wg sync.WaitGroup
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.connect(cctx, tables, &wg, &held, &dialErrs)
	time.Sleep(time.Second)
	if n := held.Load(); n > 0 {
		rep.BytesPerClient = float64(int64(r.heap(ctx))-int64(heapTables)) / float64(n)
	}
	fmt.Fprintf(cfg.Log, "holding %d clients for %v\n", held.Load(), cfg.Hold)
	before := r.serverHistogram(ctx)
	start := time.Now()
	r.measuring.Store(true)
	select {
	case <-time.After(cfg.Hold):
	case <-ctx.Done():
	}
	r.measuring.Store(false)
	rep.HoldSeconds = time.Since(start).Seconds()
	rep.Actions = r.actions.Load()
	rep.ClientsHeld = int(held.Load())
	serverFigures(rep, before, r.serverHistogram(ctx))
	// No new commands; the ones in flight are answered, so every event
	// received during the hold is matched to its command.
	r.stopping.Store(true)
	r.drain(ctx, 10*time.Second)
	cancel()
	wg.Wait()
	r.fill(rep, dialErrs.Load())
	return rep, nil
}

// drain waits until no command is in flight, or at most most.
func (r *run) drain(ctx context.Context, most time.Duration) {
	deadline := time.Now().Add(most)
	for r.inflight.Load() > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
	}
}

// connect starts the clients at the ramp's pace: seats first, then
// spectators spread over the tables.
func (r *run) connect(ctx context.Context, tables []*tableRun, wg *sync.WaitGroup, held, dialErrs *atomic.Int64) {
	tick := time.NewTicker(time.Second / time.Duration(r.cfg.Ramp))
	defer tick.Stop()
	for i := range r.cfg.Clients {
		<-tick.C
		tb := tables[i%r.cfg.Tables]
		seat := -1
		if i < 2*r.cfg.Tables {
			seat = i / r.cfg.Tables
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.client(ctx, tb, seat, held, dialErrs)
		}()
	}
}

// heap is the server's heap in use: this process's after a collection
// when the server runs here, else the server's own figure from /metrics
// (between its collections, so rougher).
func (r *run) heap(ctx context.Context) uint64 {
	if r.cfg.URL == "" {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}
	req, _ := http.NewRequestWithContext(ctx, "GET", r.base+"/metrics", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, "go_memstats_heap_inuse_bytes "); ok {
			var f float64
			fmt.Sscan(v, &f)
			return uint64(f)
		}
	}
	return 0
}

// startServer serves an in-process server on a loopback port with limits
// opened up for one address holding every client.
func (r *run) startServer() (func(), error) {
	srv := server.New(memstore.New(), server.Config{
		Logger: slog.New(slog.DiscardHandler),
		Limits: server.Limits{
			ConnsPerAddr: r.cfg.Clients + 100, MaxConns: r.cfg.Clients + 100,
			ConnRate: 1e9, ConnBurst: 1e9, AddrRate: 1e9, AddrBurst: 1e9, APIRate: 1e9, APIBurst: 1e9,
			OpenTables: 1 << 30,
		},
	})
	if err := srv.Start(context.Background()); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	r.base = "http://" + ln.Addr().String()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		hs.Shutdown(ctx)
	}, nil
}

// createTables makes the tables, two people's seats each.
func (r *run) createTables(ctx context.Context) ([]*tableRun, error) {
	out := make([]*tableRun, r.cfg.Tables)
	for i := range out {
		body := fmt.Sprintf(`{"game":%q,"name":"load 0","seats":[{"kind":"human"},{"kind":"human"}]}`, r.cfg.Game)
		var created struct {
			ID    string `json:"id"`
			Token string `json:"token"`
		}
		if err := r.post(ctx, "/api/tables", body, &created); err != nil {
			return nil, err
		}
		var claim struct {
			Token string `json:"token"`
		}
		if err := r.post(ctx, "/api/tables/"+created.ID+"/seats/1/claim", `{"name":"load 1"}`, &claim); err != nil {
			return nil, err
		}
		out[i] = &tableRun{id: created.ID, tokens: [2]string{created.Token, claim.Token}, sends: map[string]time.Time{}, applied: map[int]string{}}
	}
	return out, nil
}

func (r *run) post(ctx context.Context, path, body string, out any) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", r.base+path, strings.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: %d %s", path, resp.StatusCode, data)
	}
	return json.Unmarshal(data, out)
}
