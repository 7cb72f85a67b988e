// Package metrics is the server's Prometheus metrics, on a registry of
// its own (so tests can run several servers in one process), served at
// /metrics in Prometheus' text format with the standard library alone:
// the families, names, types, help, labels and buckets are those the
// Prometheus Go client wrote before (its Go runtime and process
// collectors included), without that client's build cost.
package metrics

import (
	"compress/gzip"
	"net/http"
	"strings"
	"time"
)

// Metrics are the server's metrics.
type Metrics struct {
	Reg      *Registry
	Rooms    *Gauge
	Conns    *Gauge
	Actions  *Counter
	Finished *Counter
	Tables   *Counter
	Rejected *CounterVec
	Latency  *Histogram
	Fenced   *Counter
	Relayed  *Gauge
	// The SQLite store's writer (ObserveCommit): the writes committed
	// together, and how long each batch took to be on disk.
	BatchWrites   *Histogram
	CommitSeconds *Histogram
}

// New makes the metrics on a registry of their own.
func New() *Metrics {
	m := &Metrics{
		Reg:      NewRegistry(),
		Rooms:    NewGauge("cardtable_rooms", "Tables running in memory."),
		Conns:    NewGauge("cardtable_connections", "Open WebSocket connections."),
		Actions:  NewCounter("cardtable_actions_total", "Actions accepted and stored."),
		Finished: NewCounter("cardtable_games_finished_total", "Games that ended."),
		Tables:   NewCounter("cardtable_tables_created_total", "Tables created."),
		Rejected: NewCounterVec("cardtable_rejected_commands_total", "Commands refused, by error code.", "code"),
		Latency: NewHistogram("cardtable_action_broadcast_seconds",
			"From reading a player's action to its event queued for every client of the table (stored first).",
			[]float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1}),
		Fenced:  NewCounter("cardtable_tables_lost_total", "Tables this node stopped because its lease was fenced or expired."),
		Relayed: NewGauge("cardtable_relayed_connections", "Open WebSocket connections to tables another node owns."),
		BatchWrites: NewHistogram("cardtable_store_batch_writes", "Writes the SQLite store committed together, a batch each.",
			[]float64{1, 2, 4, 8, 16, 32, 64, 128, 256}),
		CommitSeconds: NewHistogram("cardtable_store_commit_seconds", "From a SQLite batch's start to its commit on disk.",
			[]float64{.00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1}),
	}
	m.Reg.MustRegister(m.Fenced, m.Relayed, m.BatchWrites, m.CommitSeconds)
	m.Reg.MustRegister(m.Rooms, m.Conns, m.Actions, m.Finished, m.Tables, m.Rejected, m.Latency,
		NewGoCollector(), NewProcessCollector())
	return m
}

// ThinkPool adds the thinking pool's gauges, read from stats at each
// scrape: jobs waiting for a slot, and keys with a job running.
func (m *Metrics) ThinkPool(stats func() (waiting, running int)) {
	m.Reg.MustRegister(
		NewGaugeFunc("cardtable_think_waiting", "Jobs (bot moves, background work) waiting for a thinking slot.",
			func() float64 { w, _ := stats(); return float64(w) }),
		NewGaugeFunc("cardtable_think_running", "Keys (tables, background work) with a job thinking.",
			func() float64 { _, r := stats(); return float64(r) }),
	)
}

// ObserveCommit counts one commit of the SQLite store's writer.
func (m *Metrics) ObserveCommit(writes int, d time.Duration) {
	m.BatchWrites.Observe(float64(writes))
	m.CommitSeconds.Observe(d.Seconds())
}

// contentType is the text format's, as the Prometheus client sends it.
const contentType = "text/plain; version=0.0.4; charset=utf-8; escaping=underscores"

// Handler serves the metrics (GET /metrics), gzipped when the client
// accepts it.
func (m *Metrics) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", contentType)
		h.Add("Vary", "Accept")
		h.Add("Vary", "Accept-Encoding")
		if !acceptsGzip(r.Header.Get("Accept-Encoding")) {
			m.Reg.WriteText(w)
			return
		}
		h.Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		m.Reg.WriteText(zw)
		zw.Close()
	})
}

// acceptsGzip reports whether an Accept-Encoding header takes gzip (named
// without q=0).
func acceptsGzip(header string) bool {
	for part := range strings.SplitSeq(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
