// Package metrics is the server's Prometheus metrics, on a registry of
// its own (so tests can run several servers in one process), served at
// /metrics.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the server's metrics.
type Metrics struct {
	Reg      *prometheus.Registry
	Rooms    prometheus.Gauge
	Conns    prometheus.Gauge
	Actions  prometheus.Counter
	Finished prometheus.Counter
	Tables   prometheus.Counter
	Rejected *prometheus.CounterVec
	Latency  prometheus.Histogram
	Fenced   prometheus.Counter
	Relayed  prometheus.Gauge
	// The SQLite store's writer (ObserveCommit): the writes committed
	// together, and how long each batch took to be on disk.
	BatchWrites   prometheus.Histogram
	CommitSeconds prometheus.Histogram
}

// New makes the metrics on a registry of their own.
func New() *Metrics {
	m := &Metrics{
		Reg: prometheus.NewRegistry(),
		Rooms: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "cardtable_rooms", Help: "Tables running in memory."}),
		Conns: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "cardtable_connections", Help: "Open WebSocket connections."}),
		Actions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cardtable_actions_total", Help: "Actions accepted and stored."}),
		Finished: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cardtable_games_finished_total", Help: "Games that ended."}),
		Tables: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cardtable_tables_created_total", Help: "Tables created."}),
		Rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cardtable_rejected_commands_total", Help: "Commands refused, by error code."}, []string{"code"}),
		Latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "cardtable_action_broadcast_seconds",
			Help:    "From reading a player's action to its event queued for every client of the table (stored first).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
		}),
	}
	m.Fenced = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "cardtable_tables_lost_total", Help: "Tables this node stopped because its lease was fenced or expired."})
	m.Relayed = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "cardtable_relayed_connections", Help: "Open WebSocket connections to tables another node owns."})
	m.BatchWrites = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "cardtable_store_batch_writes", Help: "Writes the SQLite store committed together, a batch each.",
		Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256}})
	m.CommitSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "cardtable_store_commit_seconds", Help: "From a SQLite batch's start to its commit on disk.",
		Buckets: []float64{.00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1}})
	m.Reg.MustRegister(m.Fenced, m.Relayed, m.BatchWrites, m.CommitSeconds)
	m.Reg.MustRegister(m.Rooms, m.Conns, m.Actions, m.Finished, m.Tables, m.Rejected, m.Latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// ObserveCommit counts one commit of the SQLite store's writer.
func (m *Metrics) ObserveCommit(writes int, d time.Duration) {
	m.BatchWrites.Observe(float64(writes))
	m.CommitSeconds.Observe(d.Seconds())
}

// Handler serves the metrics (GET /metrics).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Reg, promhttp.HandlerOpts{})
}
