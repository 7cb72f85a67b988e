package server

import (
	"net/http"

	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/server/metrics"
	"cardtable/server/room"
)

// guardedStore is a store whose hold on its database can be lost and
// taken back (store/postgres: the advisory lock that keeps a lone server
// and a cluster's nodes apart): while it is lost the store takes no
// writes, /healthz says so and /metrics counts it.
type guardedStore interface {
	Guard() (held bool, lost uint64)
}

// registerGuard adds the store's guard to /metrics when it has one.
func (s *Server) registerGuard() {
	g, ok := s.store.(guardedStore)
	if !ok {
		return
	}
	s.metrics.Reg.MustRegister(
		metrics.NewGaugeFunc("cardtable_store_guard_held",
			"1 while this server holds its database's guard (it writes), 0 while it lost it (it takes no writes until it has it back).",
			func() float64 {
				if held, _ := g.Guard(); held {
					return 1
				}
				return 0
			}),
		metrics.NewCounterFunc("cardtable_store_guard_lost_total",
			"Times this server lost its database's guard (the connection holding it ended: a restart of PostgreSQL, a dropped connection).",
			func() float64 { _, lost := g.Guard(); return float64(lost) }),
	)
}

// guardLost is /healthz's answer while the store's guard is lost (nil
// while it is held, or for a store without one).
func (s *Server) guardLost() error {
	if g, ok := s.store.(guardedStore); ok {
		if held, _ := g.Guard(); !held {
			return httpjson.Sayf(http.StatusServiceUnavailable, room.CodeUnavailable, engine.Say("api.guard-lost"), "this server lost its hold on the database and takes no writes until it has it back")
		}
	}
	return nil
}
