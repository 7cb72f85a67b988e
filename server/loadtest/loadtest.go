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
	"math/rand/v2"
	"net"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

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
	// Think is a seat's mean pause before answering its turn.
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
	Dropped    int64  `json:"dropped_connections"`
	GamesEnded int64  `json:"games_ended"`
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
	if c.Think <= 0 {
		c.Think = 2 * time.Second
	}
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
	cfg       Config
	base      string
	measuring atomic.Bool
	stopping  atomic.Bool
	refused   atomic.Int64
	dropped   atomic.Int64
	ended     atomic.Int64
	actions   atomic.Int64
	mu        sync.Mutex
	latency   []time.Duration // action sent → event received, every client
	ack       []time.Duration // action sent → its own event, the actor
}

// tableRun is one table: its id, its seats' tokens, and each seat's
// latest action: when it was sent, computed at which version.
type tableRun struct {
	id     string
	tokens [2]string
	mu     sync.Mutex
	last   [2]sent
}

type sent struct {
	at      time.Time
	version int
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
	r.stopping.Store(true)
	cancel()
	wg.Wait()
	r.fill(rep, dialErrs.Load())
	return rep, nil
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

func (r *run) fill(rep *Report, dialErrs int64) {
	rep.ActionsPerSec = float64(rep.Actions) / rep.HoldSeconds
	rep.DialErrors, rep.Refused, rep.Dropped, rep.GamesEnded = dialErrs, r.refused.Load(), r.dropped.Load(), r.ended.Load()
	r.mu.Lock()
	defer r.mu.Unlock()
	rep.Broadcasts = len(r.latency)
	rep.P50ms, rep.P99ms, rep.MaxMs = quantiles(r.latency)
	rep.AckP50ms, rep.AckP99ms, _ = quantiles(r.ack)
}

func quantiles(ds []time.Duration) (p50, p99, most float64) {
	if len(ds) == 0 {
		return 0, 0, 0
	}
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1])
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
		body := fmt.Sprintf(`{"game":%q,"name":"load","seats":[{"kind":"human"},{"kind":"human"}]}`, r.cfg.Game)
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
		if err := r.post(ctx, "/api/tables/"+created.ID+"/seats/1/claim", `{"name":"load"}`, &claim); err != nil {
			return nil, err
		}
		out[i] = &tableRun{id: created.ID, tokens: [2]string{created.Token, claim.Token}}
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

// msg is what a load client reads of a message.
type msg struct {
	Type    string   `json:"type"`
	Version int      `json:"version"`
	Legal   []string `json:"legal"`
	Actor   *int     `json:"actor"`
	Code    string   `json:"code"`
}

// loadClient is one connection: a seat (0, 1) playing, or a spectator
// (-1). Only its read loop touches its fields.
type loadClient struct {
	r        *run
	tb       *tableRun
	seat     int
	conn     *websocket.Conn
	rng      *rand.Rand
	lat, ack []time.Duration
	// pending while this seat's answer is scheduled or unacknowledged: a
	// fresh turn of the same window is not answered twice.
	pending atomic.Bool
	turn    msg // the latest turn
	latest  int // the latest version seen
}

// client connects one client and reads until the run ends.
func (r *run) client(ctx context.Context, tb *tableRun, seat int, held, dialErrs *atomic.Int64) {
	u := "ws" + strings.TrimPrefix(r.base, "http") + "/ws/" + tb.id
	if seat >= 0 {
		u += "?token=" + tb.tokens[seat]
	}
	conn, _, err := websocket.Dial(ctx, u, nil)
	if err != nil {
		if ctx.Err() == nil {
			dialErrs.Add(1)
		}
		return
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	held.Add(1)
	defer held.Add(-1)
	lc := &loadClient{r: r, tb: tb, seat: seat, conn: conn, rng: rand.New(rand.NewPCG(rand.Uint64(), 1))}
	defer func() {
		r.mu.Lock()
		r.latency = append(r.latency, lc.lat...)
		r.ack = append(r.ack, lc.ack...)
		r.mu.Unlock()
	}()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			if ctx.Err() == nil && !r.stopping.Load() {
				r.dropped.Add(1)
			}
			return
		}
		now := time.Now()
		var m msg
		if json.Unmarshal(data, &m) == nil {
			lc.handle(ctx, m, now)
		}
	}
}

// handle serves one message read at now.
func (lc *loadClient) handle(ctx context.Context, m msg, now time.Time) {
	r := lc.r
	if m.Type != "error" {
		lc.latest = max(lc.latest, m.Version)
	}
	switch m.Type {
	case "event":
		lc.event(m, now)
	case "turn":
		lc.turn = m
		if lc.pending.CompareAndSwap(false, true) {
			lc.answer(ctx, m)
		}
	case "error":
		if m.Code != "stale" && m.Code != "not-your-turn" {
			r.refused.Add(1)
		}
		// Each command sent gets one answer, an event or an error, so at
		// most one is ever in flight: try the latest turn again.
		lc.pending.Store(false)
		if lc.turn.Type != "" && lc.turn.Version == lc.latest && lc.pending.CompareAndSwap(false, true) {
			lc.answer(ctx, lc.turn)
		}
	case "end":
		if lc.seat == 0 {
			r.ended.Add(1)
		}
	}
}

// event measures an action's broadcast: from when its seat sent it.
func (lc *loadClient) event(m msg, now time.Time) {
	if m.Actor == nil || *m.Actor < 0 || *m.Actor > 1 {
		return
	}
	lc.tb.mu.Lock()
	last := lc.tb.last[*m.Actor]
	lc.tb.mu.Unlock()
	mine := *m.Actor == lc.seat
	if mine {
		lc.pending.Store(false)
	}
	if !lc.r.measuring.Load() || last.at.IsZero() || m.Version <= last.version {
		return
	}
	lc.lat = append(lc.lat, now.Sub(last.at))
	if mine {
		lc.ack = append(lc.ack, now.Sub(last.at))
		lc.r.actions.Add(1)
	}
}

// answer plays a random legal action of the turn after a think time,
// noting when it was sent.
func (lc *loadClient) answer(ctx context.Context, m msg) {
	think := time.Duration(lc.rng.Float64() * 2 * float64(lc.r.cfg.Think))
	action := m.Legal[lc.rng.IntN(len(m.Legal))]
	tb, seat, conn := lc.tb, lc.seat, lc.conn
	time.AfterFunc(think, func() {
		body := fmt.Sprintf(`{"action":%q,"version":%d,"id":"l%d"}`, action, m.Version, seat)
		tb.mu.Lock()
		tb.last[seat] = sent{at: time.Now(), version: m.Version}
		tb.mu.Unlock()
		wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		conn.Write(wctx, websocket.MessageText, []byte(body))
	})
}
