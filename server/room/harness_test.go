package room

import (
	"log/slog"
	"runtime"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/server/conn"
	"cardtable/server/metrics"
	"cardtable/server/msgtest"
	"cardtable/server/ratelimit"
	"cardtable/server/thinkpool"
	"cardtable/store"
	"cardtable/table"
)

// hang bounds every wait in these tests: not a timing assertion, a guard
// so a broken room fails the test instead of hanging it.
const hang = 20 * time.Second

// newRooms are a node's rooms over st as a server with the default
// settings of server.Config would make them, each edit applied first.
func newRooms(st store.Store, edit ...func(*Config)) *Rooms {
	m := metrics.New()
	log := slog.New(slog.DiscardHandler)
	cfg := Config{Store: st, Log: log, Metrics: m, Pool: thinkpool.New(runtime.NumCPU(), thinkpool.BackgroundSlice),
		Clock: table.SystemTime{}, Games: map[string]engine.Game{}, IdleUnload: 10 * time.Minute, AwayGrace: time.Minute,
		BotCaps: BotCapsWithDefaults(engine.BotCaps{}), DayOver: func(string) bool { return true },
		Conn: &conn.Config{MaxFrame: 4096, ConnRate: 20, ConnBurst: 40, AddrRate: 200, AddrRates: ratelimit.NewAddrBuckets(200, 400),
			SendQueue: 256, PingEvery: 20 * time.Second, PingTimeout: 40 * time.Second, WriteTimeout: 10 * time.Second, Metrics: m, Log: log}}
	for _, g := range games.All() {
		cfg.Games[g.Name()] = g
	}
	for _, e := range edit {
		e(&cfg)
	}
	return NewRooms(cfg)
}

// wireMsg is a server message as a client decodes it.
type wireMsg = msgtest.Msg

func decodeMsg(t testing.TB, data []byte) wireMsg { return msgtest.Decode(t, data) }
