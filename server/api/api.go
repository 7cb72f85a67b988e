// Package api is the HTTP side of cardtable serve's tables
// (docs/protocol.md): the lobby API (games, create, list, a table, claim a
// seat, hand a seat to a bot), the WebSocket endpoint that joins a
// connection to its table's room (or the relay to the node that owns it),
// "my games", records and replays, and the pages (the lobby, a table, a
// replay, the rules, the missing-table page, the browser's files).
package api

import (
	"io/fs"
	"log/slog"
	"net/http"

	"cardtable/engine"
	"cardtable/server/account"
	"cardtable/server/clientaddr"
	"cardtable/server/conn"
	"cardtable/server/httpjson"
	"cardtable/server/metrics"
	"cardtable/server/ratelimit"
	"cardtable/server/relay"
	"cardtable/server/room"
	"cardtable/store"
)

// Config is what the tables' HTTP side needs of the rest of the server.
type Config struct {
	Store store.Store
	Games map[string]engine.Game
	// Rooms run the tables here; Relays reach those other nodes run.
	Rooms  *room.Rooms
	Relays *relay.Relays
	// Accounts say who is signed in and what a rated table takes.
	Accounts *account.Accounts
	// Conns count the WebSockets; Conn is what each shares; Writes bound
	// an address's lobby writes; Addrs read a request's address.
	Conns  *ratelimit.Conns
	Conn   *conn.Config
	Writes *ratelimit.Writes
	Addrs  *clientaddr.Resolver
	// OpenTables bounds the unfinished tables an address or an account
	// may have created at once (opentables.go).
	OpenTables int
	Metrics    *metrics.Metrics
	// Assets are the browser's files (nil: a placeholder page).
	Assets fs.FS
	Log    *slog.Logger
}

// API serves the tables' HTTP routes.
type API struct {
	cfg      Config
	store    store.Store
	games    map[string]engine.Game
	rooms    *room.Rooms
	relays   *relay.Relays
	accounts *account.Accounts
	conns    *ratelimit.Conns
	connCfg  *conn.Config
	writes   *ratelimit.Writes
	addrs    *clientaddr.Resolver
	metrics  *metrics.Metrics
	log      *slog.Logger
	// open counts the unfinished tables each address and account created
	// (opentables.go).
	open openTables
}

// New makes the tables' HTTP side.
func New(cfg Config) *API {
	return &API{cfg: cfg, store: cfg.Store, games: cfg.Games, rooms: cfg.Rooms, relays: cfg.Relays, accounts: cfg.Accounts,
		conns: cfg.Conns, connCfg: cfg.Conn, writes: cfg.Writes, addrs: cfg.Addrs, metrics: cfg.Metrics, log: cfg.Log}
}

// Routes adds the tables' routes and the pages to mux.
func (s *API) Routes(mux *http.ServeMux) {
	s.routePages(mux)
	mux.HandleFunc("GET /i18n/{file}", s.handleCatalogue)
	mux.HandleFunc("GET /api/games", s.handleGames)
	mux.HandleFunc("POST /api/tables", s.handleCreate)
	mux.HandleFunc("GET /api/tables", s.handleList)
	mux.HandleFunc("GET /api/tables/{id}", s.handleTable)
	mux.HandleFunc("POST /api/tables/{id}/seats/{n}/claim", s.handleClaim)
	mux.HandleFunc("POST /api/tables/{id}/seats/{n}/bot", s.handleBotSeat)
	mux.HandleFunc("GET /api/tables/{id}/record", s.handleRecord)
	mux.HandleFunc("GET /api/tables/{id}/replay", s.handleReplay)
	mux.HandleFunc("GET /api/tables/{id}/replay/{step}", s.handleReplayStep)
	mux.HandleFunc("POST /api/mine", s.handleMine)
	mux.HandleFunc("GET /api/learn", s.handleLessons)
	mux.HandleFunc("POST /api/learn/{lesson}", s.handleLearn)
	mux.HandleFunc("GET /ws/{id}", s.handleWS)
}

// apiError answers a refused request (httpjson.Refuse).
func (s *API) apiError(w http.ResponseWriter, r *http.Request, err error) {
	httpjson.Refuse(w, r, s.log, err)
}
