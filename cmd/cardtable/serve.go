package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"cardtable/server"
	"cardtable/store"
	"cardtable/store/memstore"
	"cardtable/store/postgres"
	"cardtable/store/sqlite"
	"cardtable/web"
)

type serveCmd struct {
	Addr            string        `default:"127.0.0.1:8080" help:"Address to listen on (host:port; port 0 picks a free one)."`
	DB              string        `default:"cardtable.db" placeholder:"FILE|URL" help:"Where the tables are kept: a SQLite file (created if missing), a PostgreSQL database (postgres://user:password@host:5432/cardtable), or :memory: to keep nothing."`
	BotDelay        time.Duration `default:"600ms" help:"How long a bot waits before it moves, so people can follow."`
	LogFormat       string        `enum:"text,json" default:"text" help:"Log format on stderr: text or json."`
	MaxConns        int           `default:"20000" help:"Most WebSocket connections in all."`
	MaxConnsPerAddr int           `default:"64" help:"Most WebSocket connections from one address."`
	AddrRate        float64       `default:"200" help:"Most commands a second from one address."`
	APIRate         float64       `default:"5" help:"Most lobby writes (tables created, seats claimed) a second from one address."`
}

func (serveCmd) Help() string {
	return `Serves the games in the browser: a lobby to create and join tables (with
bots, invite links and spectators), the tables over WebSockets, replays of
finished games, /metrics for Prometheus and /healthz. Every action is
stored (in the SQLite file, or the PostgreSQL database of a postgres://
--db) before anyone hears of it; on start the server rebuilds every
unfinished table, so a game survives a restart or a crash.
SIGINT or SIGTERM stops it gracefully. The protocol: docs/protocol.md.

Examples:
  cardtable serve
  cardtable serve --addr :8080 --db /var/lib/cardtable.db --log-format json
  cardtable serve --db postgres://cardtable:secret@db.internal:5432/cardtable
  cardtable serve --db :memory: --bot-delay 0

Deployment (SQLite, PostgreSQL, settings): docs/deploy.md.`
}

// Run serves until SIGINT or SIGTERM.
func (c *serveCmd) Run(a *app) error {
	ctx, stop := signal.NotifyContext(a.ctx, syscall.SIGTERM)
	defer stop()
	log := c.logger(a.stderr)
	st, err := openStore(ctx, c.DB)
	if err != nil {
		return err
	}
	defer st.Close()
	srv := server.New(st, server.Config{
		BotDelay: c.BotDelay, Logger: log, Assets: web.Assets,
		Limits: server.Limits{MaxConns: c.MaxConns, ConnsPerAddr: c.MaxConnsPerAddr, AddrRate: c.AddrRate, AddrBurst: int(2 * c.AddrRate),
			APIRate: c.APIRate, APIBurst: max(30, int(2*c.APIRate))},
	})
	if err := srv.Start(ctx); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		srv.Shutdown(context.Background())
		return usageErrorf("--addr %s: %v", c.Addr, err)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	fmt.Fprintf(a.stdout, "cardtable serve: open http://%s/ (tables in %s; Ctrl-C stops)\n", displayAddr(ln.Addr()), dbName(c.DB))
	log.Info("serving", "addr", ln.Addr().String(), "db", dbName(c.DB))
	select {
	case <-ctx.Done():
	case err := <-served:
		srv.Shutdown(context.Background())
		return fmt.Errorf("serving: %w", err)
	}
	log.Info("stopping")
	down, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	errRooms := srv.Shutdown(down)
	errHTTP := hs.Shutdown(down)
	if err := errors.Join(errRooms, errHTTP); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}

func (c *serveCmd) logger(w io.Writer) *slog.Logger {
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// openStore opens the PostgreSQL database of a postgres:// DSN, a store
// in memory for ":memory:", else the SQLite file.
func openStore(ctx context.Context, path string) (store.Store, error) {
	if path == ":memory:" {
		return memstore.New(), nil
	}
	if postgres.IsDSN(path) {
		st, err := postgres.Open(ctx, path)
		if err != nil {
			return nil, fmt.Errorf("--db: %w", err)
		}
		// One server alone on the database (a killed one's lock goes with
		// its session; a vanished machine's within about 15 s).
		wait, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := st.Exclusive(wait); err != nil {
			st.Close()
			return nil, fmt.Errorf("--db: %w", err)
		}
		return st, nil
	}
	st, err := sqlite.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--db %s: %w", path, err)
	}
	return st, nil
}

// dbName is --db as shown and logged: a DSN without its password.
func dbName(db string) string {
	if postgres.IsDSN(db) {
		return postgres.Redact(db)
	}
	return db
}

// displayAddr is the address to open in a browser: a wildcard host shown
// as localhost.
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return a.String()
	}
	return fmt.Sprintf("localhost:%d", tcp.Port)
}
