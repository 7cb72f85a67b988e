package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"cardtable/cluster"
	"cardtable/engine"
	"cardtable/server"
	"cardtable/server/clientaddr"
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
	IdleUnload      time.Duration `default:"10m" help:"How long an unfinished table nobody is connected to stays in memory while it waits for people; it is loaded again from the store when someone comes back. With --nats unfinished tables stay."`
	LogFormat       string        `enum:"text,json" default:"text" help:"Log format on stderr: text or json."`
	MaxConns        int           `default:"20000" help:"Most WebSocket connections in all."`
	MaxConnsPerAddr int           `default:"64" help:"Most WebSocket connections from one address."`
	AddrRate        float64       `default:"200" help:"Most commands a second from one address."`
	APIRate         float64       `default:"5" help:"Most lobby writes (tables created, seats claimed) a second from one address."`
	MaxOpenTables   int           `default:"20" help:"Most unfinished tables one address, or one account, may have created at once."`
	BodyTimeout     time.Duration `default:"10s" help:"How long a request's body may take to arrive after its headers; a slower one is cut off (408)."`
	TrustedProxies  string        `placeholder:"CIDR,..." help:"The load balancers or reverse proxies in front of the server (10.0.0.0/8,192.0.2.7): from them only, the client's address is read from --proxy-header, so per-address limits count clients, not the proxy."`
	ProxyHeader     string        `enum:"X-Forwarded-For,Forwarded" default:"X-Forwarded-For" help:"The header the trusted proxies set: X-Forwarded-For or Forwarded."`
	NATS            string        `name:"nats" placeholder:"URL[,URL]" help:"Run as one node of several: the NATS servers the nodes talk through (nats://host:4222). Needs a postgres:// --db shared by the nodes."`
	Node            string        `placeholder:"NAME" help:"This node's name in logs and leases (default: the host's name); with --nats."`
	Lease           time.Duration `default:"3s" help:"How long a node's hold on a table lasts unrenewed: the longest a table waits for a new owner after its node dies; with --nats."`

	BotMaxThink      time.Duration `default:"2s" help:"The longest a bot thinks over one move (its deadline), and the most a table may ask for with a bot's time setting."`
	BotMaxIterations int           `default:"20000" help:"The most search iterations a table's bot may ask for over one move (iterations); a search on a time budget stops there too."`
	BotMaxWorkers    int           `default:"1" help:"The most parallel search trees a table's bot may ask for (workers): each is a CPU."`
	BotMaxCandidates int           `default:"16" help:"The most actions a table's bot may ask its search to weigh at one decision (Watchtower expert's candidates, Regicide expert's plays and covers)."`
	Origin           []string      `placeholder:"URL" help:"The site's address as browsers see it (https://cards.example.org), repeatable: passkeys are bound to it and only its pages may change anything. Default: http://localhost:PORT and http://127.0.0.1:PORT for a local --addr, else http://ADDR (docs/deploy.md)."`
	RPID             string        `name:"rp-id" placeholder:"DOMAIN" help:"The passkeys' relying party id: the first --origin's host unless set (a passkey made for it works on that domain and its subdomains)."`
	NoAccounts       bool          `help:"Turn accounts off (no sign-in, daily deal or ratings); everyone plays as a guest."`
	Tournament       []string      `placeholder:"KIND:GAME[:PRESET]@EVERY" help:"A tournament the server makes on a schedule, repeatable: swiss:watchtower@1h, arena:war:slap@30m, solo:regicide@24h (each starts on the hour or period, UTC; docs/tournaments.md)."`
	Pprof            string        `placeholder:"HOST:PORT" help:"Also serve Go's profiles (/debug/pprof/: CPU, heap, mutex, block) on this address, for measuring; keep it on loopback (docs/benchmarks.md)."`
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
	if c.NATS != "" && !postgres.IsDSN(c.DB) {
		return usageSay(engine.Say("cli.usage.nats-needs-postgres", engine.TextArg("db", strconv.Quote(c.DB))), "--nats needs the nodes' shared PostgreSQL database as --db (postgres://...), not %q", c.DB)
	}
	if c.MaxOpenTables < 1 || c.BodyTimeout <= 0 {
		return usageSay(engine.Say("cli.usage.open-tables-body-timeout", engine.NumArg("n", c.MaxOpenTables), engine.TextArg("time", c.BodyTimeout.String())), "--max-open-tables %d, --body-timeout %v: give at least 1 table and a time above 0 (e.g. 20, 10s)", c.MaxOpenTables, c.BodyTimeout)
	}
	caps, err := c.botCaps()
	if err != nil {
		return err
	}
	proxies, err := clientaddr.ParseTrustedProxies(c.TrustedProxies)
	if err != nil {
		return usageErrorf("--trusted-proxies: %v", err)
	}
	if len(proxies) > 0 {
		log.Info("trusted proxies", "proxies", c.TrustedProxies, "header", c.ProxyHeader)
	}
	var slots []server.TournamentSlot
	for _, spec := range c.Tournament {
		sl, err := server.ParseTournamentSlot(spec)
		if err != nil {
			return usageErrorf("--tournament: %v", err)
		}
		slots = append(slots, sl)
	}
	if c.Pprof != "" {
		stopPprof, err := servePprof(c.Pprof, log)
		if err != nil {
			return err
		}
		defer stopPprof()
	}
	st, err := openStore(ctx, c.DB, c.NATS == "", log)
	if err != nil {
		return err
	}
	defer st.Close()
	cfg := server.Config{Tournaments: slots,
		BotDelay: c.BotDelay, IdleUnload: c.IdleUnload, Logger: log, Assets: web.Assets,
		TrustedProxies: proxies, ProxyHeader: c.ProxyHeader,
		Limits: server.Limits{MaxConns: c.MaxConns, ConnsPerAddr: c.MaxConnsPerAddr, AddrRate: c.AddrRate, AddrBurst: int(2 * c.AddrRate),
			APIRate: c.APIRate, APIBurst: max(30, int(2*c.APIRate)), BotCaps: caps, OpenTables: c.MaxOpenTables, BodyTimeout: c.BodyTimeout},
	}
	var node *cluster.Node
	if c.NATS != "" {
		if node, err = c.joinCluster(ctx, st, log); err != nil {
			return err
		}
		defer node.Close()
		cfg.Cluster = node
		log.Info("cluster node", "node", node.Node(), "nats", c.NATS, "lease", c.Lease)
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return usageErrorf("--addr %s: %v", c.Addr, err)
	}
	defer ln.Close()
	srv := server.New(st, cfg)
	if !c.NoAccounts {
		if err := srv.UseAccounts(server.AccountsConfig{Origins: c.origins(ln.Addr()), RPID: c.RPID}); err != nil {
			return usageErrorf("--origin, --rp-id: %v", err)
		}
	}
	if err := srv.Start(ctx); err != nil {
		return err
	}
	stopNode := func() {}
	if node != nil {
		nodeCtx, cancel := context.WithCancel(context.Background())
		ran := make(chan struct{})
		go func() { node.Run(nodeCtx, srv); close(ran) }()
		stopNode = func() { cancel(); <-ran }
		defer cancel()
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
	stopNode() // adopt nothing more; the rooms hand their tables on as they stop
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

// joinCluster connects this server to the other nodes: it takes the
// database's guard as one of them (never beside a lone server) and checks
// that it hears the nodes already there on its NATS.
func (c *serveCmd) joinCluster(ctx context.Context, st store.Store, log *slog.Logger) (*cluster.Node, error) {
	pg, ok := st.(*postgres.Store)
	if !ok {
		return nil, usageSay(engine.Say("cli.usage.nats-store", engine.TextArg("db", dbName(c.DB))), "--nats: the store of --db %s cannot share tables between nodes", dbName(c.DB))
	}
	name := c.Node
	if name == "" {
		name, _ = os.Hostname()
	}
	node, err := cluster.New(pg, cluster.Config{Name: name, NATS: c.NATS, Lease: c.Lease, Logger: log})
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	if err := pg.Member(ctx, node.Node()); err != nil {
		node.Close()
		return nil, fmt.Errorf("--db: %w", err)
	}
	peers, err := pg.Members(ctx)
	if err == nil {
		err = node.Hear(ctx, peers, c.NATS)
	}
	if err != nil {
		node.Close()
		return nil, usageErrorf("%v", err)
	}
	return node, nil
}

// botCaps are the caps of the --bot-max flags, each at least 1.
func (c *serveCmd) botCaps() (engine.BotCaps, error) {
	switch {
	case c.BotMaxThink <= 0:
		return engine.BotCaps{}, usageSay(engine.Say("cli.usage.bot-max-think", engine.TextArg("value", c.BotMaxThink.String())), "--bot-max-think %v: give a time above 0, e.g. 2s", c.BotMaxThink)
	case c.BotMaxIterations < 1:
		return engine.BotCaps{}, atLeastOne("--bot-max-iterations", c.BotMaxIterations)
	case c.BotMaxWorkers < 1:
		return engine.BotCaps{}, atLeastOne("--bot-max-workers", c.BotMaxWorkers)
	case c.BotMaxCandidates < 1:
		return engine.BotCaps{}, atLeastOne("--bot-max-candidates", c.BotMaxCandidates)
	}
	return engine.BotCaps{Think: c.BotMaxThink, Iterations: c.BotMaxIterations, Workers: c.BotMaxWorkers, Candidates: c.BotMaxCandidates}, nil
}

// openStore opens the PostgreSQL database of a postgres:// DSN (alone on
// it when alone is set), a store in memory for ":memory:", else the
// SQLite file.
func openStore(ctx context.Context, path string, alone bool, log *slog.Logger) (store.Store, error) {
	if path == ":memory:" {
		return memstore.New(), nil
	}
	if postgres.IsDSN(path) {
		st, err := postgres.OpenOptions(ctx, path, postgres.Options{Logger: log})
		if err != nil {
			return nil, fmt.Errorf("--db: %w", err)
		}
		if !alone {
			return st, nil // a node takes the guard as it joins (joinCluster)
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

// displayAddr is the address to open in a browser: a wildcard or loopback
// host shown as localhost (passkeys work on a name, not an IP address).
func displayAddr(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !(tcp.IP.IsUnspecified() || tcp.IP.IsLoopback()) {
		return a.String()
	}
	return fmt.Sprintf("localhost:%d", tcp.Port)
}

// origins is --origin, or the addresses a browser on this machine (or on
// the network, for a wildcard or network --addr) would use: passkeys need
// a name, not an IP address, so a local server is also offered as
// localhost.
func (c *serveCmd) origins(a net.Addr) []string {
	if len(c.Origin) > 0 {
		return c.Origin
	}
	tcp, ok := a.(*net.TCPAddr)
	if !ok {
		return []string{"http://" + a.String()}
	}
	if tcp.IP.IsLoopback() || tcp.IP.IsUnspecified() {
		return []string{fmt.Sprintf("http://localhost:%d", tcp.Port), fmt.Sprintf("http://127.0.0.1:%d", tcp.Port)}
	}
	return []string{"http://" + a.String()}
}
