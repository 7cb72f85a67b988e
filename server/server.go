// Package server is `cardtable serve`'s wiring (docs/server.md,
// "Architecture"): it builds the pieces from a Config — the rooms (package
// room), the relays to other nodes (relay), the accounts (account), the
// analyses (analyse) and the tables' HTTP side (api), with their limits,
// metrics and thinking pool — mounts them on one mux behind the
// request-body timeout and the store's guard, and starts and stops them.
// It holds no feature of its own.
package server

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"runtime"
	"sync/atomic"
	"time"

	"cardtable/engine"
	"cardtable/games"
	"cardtable/server/account"
	"cardtable/server/analyse"
	"cardtable/server/api"
	"cardtable/server/botapi"
	"cardtable/server/clientaddr"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/metrics"
	"cardtable/server/pairing"
	"cardtable/server/ratelimit"
	"cardtable/server/relay"
	"cardtable/server/room"
	"cardtable/server/thinkpool"
	"cardtable/server/tournament"
	"cardtable/store"
	"cardtable/table"
)

// Config is how a server runs. The zero value of every field is a usable
// default.
type Config struct {
	// BotDelay is how long a bot waits before it moves, so people can
	// follow (0: move at once).
	BotDelay time.Duration
	// Logger receives the server's structured logs (nil: discard).
	Logger *slog.Logger
	// Limits bounds what clients may do.
	Limits Limits
	// Assets are the browser's files (package web), served at / and
	// /static/; nil serves a minimal page.
	Assets fs.FS
	// BotWorkers bounds how many bots think at once (0: the number of
	// CPUs), so bots never starve the rooms and connections of CPU: the
	// slots of the thinking pool (thinkpool.go).
	BotWorkers int
	// Cluster shares the tables with other nodes (cluster.go); nil: this
	// process runs every table.
	Cluster room.Cluster
	// IdleUnload is how long an unfinished table nobody is connected to
	// stays in memory while it waits for people (no bot thinking, no slap
	// window open); then it is unloaded, and loaded again from the store
	// when someone comes back (0: 10 minutes). A finished table nobody
	// watches is unloaded after a minute.
	IdleUnload time.Duration
	// Clock is the time table clocks count, and actions are stamped with
	// (nil: the system's). Tests move a clock of their own.
	Clock Clock
	// AwayGrace is how long a person's seat must have had no connection
	// before the table's creator may hand it to a bot (0: a minute).
	AwayGrace time.Duration
	// TrustedProxies are the load balancers and reverse proxies in front
	// of the server: from these peers only, the client's address is read
	// from ProxyHeader (package clientaddr). None: every client is its peer.
	TrustedProxies []netip.Prefix
	// ProxyHeader is the header the trusted proxies set: X-Forwarded-For
	// (the default) or Forwarded. Only one is read, so a client cannot slip
	// in the other through a proxy that passes it on.
	ProxyHeader string
	// Tournaments are the server's own scheduled tournaments
	// (ParseTournamentSlot; docs/tournaments.md).
	Tournaments []TournamentSlot
	// TournamentWalk is how often the tournaments' director walks them
	// besides whenever a tournament game ends or a player joins (0: 1 s).
	TournamentWalk time.Duration
}

// Limits bound clients. Zero fields take the defaults of docs/protocol.md.
type Limits struct {
	// MaxFrame is the largest frame read, in bytes.
	MaxFrame int64
	// ConnRate and ConnBurst bound one connection's commands per second.
	ConnRate  float64
	ConnBurst int
	// AddrRate and AddrBurst bound one address's commands per second.
	AddrRate  float64
	AddrBurst int
	// ConnsPerAddr and MaxConns bound WebSocket connections.
	ConnsPerAddr int
	MaxConns     int
	// APIRate and APIBurst bound one address's lobby writes per second.
	APIRate  float64
	APIBurst int
	// BotRate and BotBurst bound one bot account's quick-pairing requests
	// per second, whatever addresses they come from (default 5 and 30, a
	// person's address's default).
	BotRate  float64
	BotBurst int
	// SendQueue is how many messages wait for a slow client before it is
	// dropped.
	SendQueue int
	// PingEvery is how often a connection is pinged; a ping unanswered
	// within PingTimeout closes it.
	PingEvery   time.Duration
	PingTimeout time.Duration
	// WriteTimeout bounds one write to a client.
	WriteTimeout time.Duration
	// BotCaps bound the bot settings a table may ask for, and BotCaps.Think
	// every bot move (limits.go).
	BotCaps engine.BotCaps
	// BodyTimeout bounds the reading of a request's body, from its headers
	// on (the HTTP server's ReadHeaderTimeout bounds those): a body still
	// arriving then is cut off, answered 408 (body.go).
	BodyTimeout time.Duration
	// OpenTables bounds the unfinished tables one address, or one account,
	// may have created at once (opentables.go).
	OpenTables int
}

func (l Limits) withDefaults() Limits {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	deff := func(v *float64, d float64) {
		if *v <= 0 {
			*v = d
		}
	}
	defd := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if l.MaxFrame <= 0 {
		l.MaxFrame = 4096
	}
	deff(&l.ConnRate, 20)
	def(&l.ConnBurst, 40)
	deff(&l.AddrRate, 200)
	def(&l.AddrBurst, 400)
	def(&l.ConnsPerAddr, 64)
	def(&l.MaxConns, 20000)
	deff(&l.APIRate, 5)
	def(&l.APIBurst, 30)
	deff(&l.BotRate, 5)
	def(&l.BotBurst, 30)
	def(&l.SendQueue, 256)
	defd(&l.PingEvery, 20*time.Second)
	defd(&l.PingTimeout, 40*time.Second)
	defd(&l.WriteTimeout, 10*time.Second)
	defd(&l.BodyTimeout, 10*time.Second)
	def(&l.OpenTables, api.DefaultOpenTables)
	l.BotCaps = room.BotCapsWithDefaults(l.BotCaps)
	return l
}

// Server serves the lobby, the tables and their WebSockets.
type Server struct {
	cfg     Config
	limits  Limits
	store   store.Store
	log     *slog.Logger
	metrics *metrics.Metrics
	games   map[string]engine.Game
	pool    *thinkpool.Pool
	// rooms are the tables running here (package room); relays reach
	// those other nodes run (package relay).
	rooms  *room.Rooms
	relays *relay.Relays

	ctx    context.Context // cancelled at shutdown: analyses and purges stop
	cancel context.CancelFunc

	addrs *clientaddr.Resolver
	conns *ratelimit.Conns
	// connCfg is what every connection shares (package conn).
	connCfg  *conn.Config
	cmdRates *ratelimit.AddrBuckets
	writes   *ratelimit.Writes
	draining atomic.Bool
	// api serves the tables over HTTP (package api).
	api *api.API
	// analyses are the analyses of finished tables (package analyse).
	analyses *analyse.Analyses
	// accounts are the accounts and what hangs on them (package account).
	accounts *account.Accounts
	// pairing is quick pairing (package pairing).
	pairing *pairing.Service
	// tournaments run the tournaments (package tournament); nil over a
	// store that keeps none.
	tournaments *tournament.Service
	// bots serve bot accounts (package botapi); nil over a store that
	// keeps none.
	bots *botapi.API
}

// commitObserver is a store that reports its commits (the SQLite store's
// writer: cardtable_store_batch_writes, cardtable_store_commit_seconds).
type commitObserver interface {
	ObserveCommits(func(writes int, d time.Duration))
}

// New makes a server over st. Call Start to rebuild the unfinished tables,
// then serve Handler.
func New(st store.Store, cfg Config) *Server {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.IdleUnload <= 0 {
		cfg.IdleUnload = 10 * time.Minute
	}
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = runtime.NumCPU()
	}
	if cfg.Clock == nil {
		cfg.Clock = table.SystemTime{}
	}
	if cfg.AwayGrace <= 0 {
		cfg.AwayGrace = time.Minute
	}
	lim := cfg.Limits.withDefaults()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{
		cfg: cfg, limits: lim, store: st, log: cfg.Logger, metrics: metrics.New(),
		games: map[string]engine.Game{}, pool: thinkpool.New(cfg.BotWorkers, thinkpool.BackgroundSlice),
		ctx: ctx, cancel: cancel,
		addrs:    &clientaddr.Resolver{Trusted: cfg.TrustedProxies, Header: cfg.ProxyHeader},
		conns:    ratelimit.NewConns(lim.ConnsPerAddr, lim.MaxConns),
		cmdRates: ratelimit.NewAddrBuckets(lim.AddrRate, lim.AddrBurst),
	}
	s.connCfg = &conn.Config{MaxFrame: lim.MaxFrame, ConnRate: lim.ConnRate, ConnBurst: lim.ConnBurst, AddrRate: lim.AddrRate, AddrRates: s.cmdRates,
		SendQueue: lim.SendQueue, PingEvery: lim.PingEvery, PingTimeout: lim.PingTimeout, WriteTimeout: lim.WriteTimeout, Metrics: s.metrics, Log: s.log}
	s.writes = ratelimit.NewWrites(lim.APIRate, lim.APIBurst, s.addrs.Addr, s.log)
	for _, g := range games.All() {
		s.games[g.Name()] = g
	}
	s.metrics.ThinkPool(s.pool.Stats)
	s.registerGuard()
	if o, ok := st.(commitObserver); ok {
		o.ObserveCommits(s.metrics.ObserveCommit)
	}
	s.rooms = room.NewRooms(room.Config{Store: st, Log: s.log, Metrics: s.metrics, Pool: s.pool, Clock: cfg.Clock, Games: s.games,
		Conn: s.connCfg, Cluster: cfg.Cluster, BotDelay: cfg.BotDelay, IdleUnload: cfg.IdleUnload, AwayGrace: cfg.AwayGrace,
		BotCaps: lim.BotCaps, DayOver: func(day string) bool { return s.accounts.DayOver(day) }})
	s.relays = relay.New(relay.Config{Cluster: cfg.Cluster, Store: st, Metrics: s.metrics, Log: s.log, SendQueue: lim.SendQueue})
	s.accounts = account.New(account.Config{Store: st, Games: s.games, Rooms: s.rooms, Relays: s.relays, Pool: s.pool, Writes: s.writes,
		Metrics: s.metrics, Assets: cfg.Assets, ClientAddr: s.addrs.Addr, Clock: s.rooms.Now, Log: s.log})
	s.api = api.New(api.Config{Store: st, Games: s.games, Rooms: s.rooms, Relays: s.relays, Accounts: s.accounts, Conns: s.conns, Conn: s.connCfg,
		Writes: s.writes, Addrs: s.addrs, OpenTables: lim.OpenTables, Metrics: s.metrics, Assets: cfg.Assets, Log: s.log})
	s.analyses = analyse.New(analyse.Config{Store: st, Rooms: s.rooms, Pool: s.pool, Writes: s.writes, Log: s.log})
	s.pairing = pairing.New(pairing.Config{Store: st, Games: s.games, Rooms: s.rooms, Accounts: s.accounts, Writes: s.writes,
		BotRates: ratelimit.NewAddrBuckets(lim.BotRate, lim.BotBurst),
		Addr:     s.addrs.Addr, Clock: s.rooms.Now, Log: s.log})
	s.sharePairing(st, cfg.Cluster)
	if ts, ok := tournament.New(tournament.Config{Store: st, Games: s.games, Rooms: s.rooms, Relays: s.relays, Accounts: s.accounts,
		Writes: s.writes, Assets: cfg.Assets, Schedule: cfg.Tournaments, Every: cfg.TournamentWalk, Clock: s.rooms.Now, Log: s.log}); ok {
		s.tournaments = ts
		s.rooms.OnTournamentGame(ts.Poke)
	}
	if b, ok := botapi.New(botapi.Config{Assets: cfg.Assets, Store: st, Accounts: s.accounts, Writes: s.writes, Clock: s.rooms.Now, Log: s.log}); ok {
		s.bots = b
	}
	return s
}

// sharePairing makes quick pairing one pool for the whole cluster when
// the node is one of several (docs/pairing.md, "In a cluster").
func (s *Server) sharePairing(st store.Store, cl room.Cluster) {
	pc, ok := cl.(pairing.Cluster)
	ps, ok2 := st.(store.Pairings)
	if !ok || !ok2 {
		return
	}
	if err := s.pairing.Shared(ps, pc); err != nil {
		s.log.Error("quick pairing stays this node's own", "err", err)
	}
}

// Start rebuilds every unfinished table of the store as a running room,
// so games in progress go on (and their bots move) after a restart.
func (s *Server) Start(ctx context.Context) error {
	if err := s.rooms.Start(ctx); err != nil {
		return err
	}
	s.pairing.Start()
	if s.tournaments != nil {
		return s.tournaments.Start(ctx)
	}
	return nil
}

// Shutdown stops the server's rooms: new connections are refused, every
// client is told the server is stopping and closed, bots stop, and the
// rooms finish what they were doing (an action being stored is stored).
// It returns when every room and analysis has stopped or ctx ends. The
// caller then closes the store and the HTTP server.
func (s *Server) Shutdown(ctx context.Context) error {
	s.draining.Store(true)
	s.cancel()
	s.accounts.Stop()
	s.pairing.Stop()
	if s.tournaments != nil {
		s.tournaments.Stop()
	}
	if err := s.rooms.Shutdown(ctx); err != nil {
		return err
	}
	return s.analyses.Shutdown(ctx)
}

// Adopt runs table id on this node if no node owns it (the cluster's
// takeover of an expired lease); it is a no-op when it runs here already.
func (s *Server) Adopt(ctx context.Context, id string) error { return s.rooms.Adopt(ctx, id) }

// Lost stops table id's room: this node's lease of it is gone.
func (s *Server) Lost(id string) { s.rooms.Lost(id) }

// Handler serves the pages, the lobby API, the WebSockets, /metrics and
// /healthz.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.accounts.Routes(mux)
	s.api.Routes(mux)
	s.analyses.Routes(mux)
	s.pairing.Routes(mux)
	if s.tournaments != nil {
		s.tournaments.Routes(mux)
	}
	if s.bots != nil {
		s.bots.Routes(mux)
	}
	mux.Handle("GET /metrics", s.metrics.Handler())
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if s.draining.Load() {
			httpjson.Refuse(w, r, s.log, httpjson.ErrShuttingDown)
			return
		}
		if err := s.guardLost(); err != nil {
			httpjson.Refuse(w, r, s.log, err)
			return
		}
		w.Write([]byte("ok\n"))
	})
	return s.readBodies(s.accounts.Protect(s.accounts.Language(httpjson.Routes(mux, s.log, api.MissingPage))))
}

// TournamentSlot is one of the server's scheduled tournaments.
type TournamentSlot = tournament.Slot

// ParseTournamentSlot reads a scheduled tournament:
// "KIND:GAME[:PRESET]@EVERY" (swiss:watchtower@1h, arena:war:slap@30m).
func ParseTournamentSlot(s string) (TournamentSlot, error) { return tournament.ParseSlot(s) }

// AccountsConfig turns accounts on (UseAccounts).
type AccountsConfig = account.Settings

// UseAccounts turns accounts on; the store must keep them (memory,
// SQLite and PostgreSQL all do). Call it before Handler.
func (s *Server) UseAccounts(cfg AccountsConfig) error { return s.accounts.Use(cfg) }

// Rooms are the server's running tables (package room), for tools and
// tests that look at them.
func (s *Server) Rooms() *room.Rooms { return s.rooms }

// Analyses are the server's analyses (package analyse), for tests.
func (s *Server) Analyses() *analyse.Analyses { return s.analyses }

// Pool is the server's thinking pool (package thinkpool), for tests that
// fire its deadlines.
func (s *Server) Pool() *thinkpool.Pool { return s.pool }
