package server

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, on a registry of its own
// (so tests can run several servers in one process).
type metrics struct {
	reg      *prometheus.Registry
	rooms    prometheus.Gauge
	conns    prometheus.Gauge
	actions  prometheus.Counter
	finished prometheus.Counter
	tables   prometheus.Counter
	rejected *prometheus.CounterVec
	latency  prometheus.Histogram
	fenced   prometheus.Counter
	relayed  prometheus.Gauge
}

func newMetrics() *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		rooms: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "cardtable_rooms", Help: "Tables running in memory."}),
		conns: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "cardtable_connections", Help: "Open WebSocket connections."}),
		actions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cardtable_actions_total", Help: "Actions accepted and stored."}),
		finished: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cardtable_games_finished_total", Help: "Games that ended."}),
		tables: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cardtable_tables_created_total", Help: "Tables created."}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cardtable_rejected_commands_total", Help: "Commands refused, by error code."}, []string{"code"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "cardtable_action_broadcast_seconds",
			Help:    "From reading a player's action to its event queued for every client of the table (stored first).",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, 1},
		}),
	}
	m.fenced = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "cardtable_tables_lost_total", Help: "Tables this node stopped because its lease was fenced or expired."})
	m.relayed = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "cardtable_relayed_connections", Help: "Open WebSocket connections to tables another node owns."})
	m.reg.MustRegister(m.fenced, m.relayed)
	m.reg.MustRegister(m.rooms, m.conns, m.actions, m.finished, m.tables, m.rejected, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}
