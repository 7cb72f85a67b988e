// Package servecmd is the serve command, shared by the two programs that
// serve the games in the browser: `cardtable serve` (every store:
// embedded, PostgreSQL, a cluster of nodes over NATS) and `cardtable-serve`
// (the embedded stores only, and the quickest first build from a clone:
// the README's first command). Both have the same flags and behaviour on
// the embedded stores; a program without a Remote refuses a PostgreSQL
// --db and --nats, naming `cardtable serve`.
package servecmd

import (
	// embedstore first: go builds a program's packages depth-first in the
	// sorted order of its imports, and this import leads to SQLite's
	// generated Go, the longest chain of compiles in the build (about
	// 25 s of CPU); reached first, it compiles beside the rest instead
	// of alone at the end (docs/benchmarks.md, "First game from a clone").
	"cardtable/cmd/internal/embedstore"

	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"cardtable/engine"
	"cardtable/server"
	"cardtable/server/clientaddr"
	"cardtable/server/room"
	"cardtable/store"
	"cardtable/web"
)

// Cmd is the serve command's flags (kong tags) and its run.
type Cmd struct {
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

// Help is the command's help text.
func (Cmd) Help() string {
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

// Env is what the command runs against: the context whose end stops it
// (Ctrl-C), and its output streams.
type Env struct {
	Ctx            context.Context
	Stdout, Stderr io.Writer
	// Name is the command as its first line names it ("cardtable serve").
	Name string
}

// Remote is what `cardtable serve` adds to the embedded stores: a
// PostgreSQL database (--db postgres://...) and this server as one node
// of a cluster over NATS (--nats). cardtable-serve has none.
type Remote interface {
	// IsDSN reports whether --db names a PostgreSQL database.
	IsDSN(db string) bool
	// Redact is a DSN without its password, to show and log.
	Redact(dsn string) string
	// Open opens the database (alone: as the only server on it).
	Open(ctx context.Context, dsn string, alone bool, log *slog.Logger) (store.Store, error)
	// Join makes this server one node of the cluster of the flags.
	Join(ctx context.Context, st store.Store, j Join, log *slog.Logger) (Node, error)
}

// Join is the cluster's flags: the NATS servers, this node's name (the
// host's when empty), the lease, and --db as shown.
type Join struct {
	NATS, Node, DB string
	Lease          time.Duration
}

// Node is this server as one node of a cluster.
type Node interface {
	room.Cluster
	// Run adopts and hands on tables until ctx ends.
	Run(ctx context.Context, srv *server.Server)
	Close()
}

// Run serves until env.Ctx ends (SIGINT) or SIGTERM, with the stores of
// remote beside the embedded ones (none when remote is nil).
func (c *Cmd) Run(env Env, remote Remote) error {
	ctx, stop := signal.NotifyContext(env.Ctx, syscall.SIGTERM)
	defer stop()
	log := c.logger(env.Stderr)
	if err := c.embeddedOnly(remote); err != nil {
		return err
	}
	if c.NATS != "" && !remote.IsDSN(c.DB) {
		return UsageSay(engine.Say("cli.usage.nats-needs-postgres", engine.TextArg("db", strconv.Quote(c.DB))), "--nats needs the nodes' shared PostgreSQL database as --db (postgres://...), not %q", c.DB)
	}
	if c.MaxOpenTables < 1 || c.BodyTimeout <= 0 {
		return UsageSay(engine.Say("cli.usage.open-tables-body-timeout", engine.NumArg("n", c.MaxOpenTables), engine.TextArg("time", c.BodyTimeout.String())), "--max-open-tables %d, --body-timeout %v: give at least 1 table and a time above 0 (e.g. 20, 10s)", c.MaxOpenTables, c.BodyTimeout)
	}
	caps, err := c.botCaps()
	if err != nil {
		return err
	}
	proxies, err := clientaddr.ParseTrustedProxies(c.TrustedProxies)
	if err != nil {
		return UsageErrorf("--trusted-proxies: %v", err)
	}
	if len(proxies) > 0 {
		log.Info("trusted proxies", "proxies", c.TrustedProxies, "header", c.ProxyHeader)
	}
	var slots []server.TournamentSlot
	for _, spec := range c.Tournament {
		sl, err := server.ParseTournamentSlot(spec)
		if err != nil {
			return UsageErrorf("--tournament: %v", err)
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
	st, err := c.openStore(ctx, remote, log)
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
	var node Node
	if c.NATS != "" {
		if node, err = remote.Join(ctx, st, Join{NATS: c.NATS, Node: c.Node, DB: c.dbName(remote), Lease: c.Lease}, log); err != nil {
			return err
		}
		defer node.Close()
		cfg.Cluster = node
		log.Info("cluster node", "node", node.Node(), "nats", c.NATS, "lease", c.Lease)
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return UsageErrorf("--addr %s: %v", c.Addr, err)
	}
	defer ln.Close()
	srv := server.New(st, cfg)
	if !c.NoAccounts {
		if err := srv.UseAccounts(server.AccountsConfig{Origins: c.origins(ln.Addr()), RPID: c.RPID}); err != nil {
			return UsageErrorf("--origin, --rp-id: %v", err)
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
	fmt.Fprintf(env.Stdout, "%s: open http://%s/ (tables in %s; Ctrl-C stops)\n", env.Name, displayAddr(ln.Addr()), c.dbName(remote))
	log.Info("serving", "addr", ln.Addr().String(), "db", c.dbName(remote))
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

func (c *Cmd) logger(w io.Writer) *slog.Logger {
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

// botCaps are the caps of the --bot-max flags, each at least 1.
func (c *Cmd) botCaps() (engine.BotCaps, error) {
	switch {
	case c.BotMaxThink <= 0:
		return engine.BotCaps{}, UsageSay(engine.Say("cli.usage.bot-max-think", engine.TextArg("value", c.BotMaxThink.String())), "--bot-max-think %v: give a time above 0, e.g. 2s", c.BotMaxThink)
	case c.BotMaxIterations < 1:
		return engine.BotCaps{}, atLeastOne("--bot-max-iterations", c.BotMaxIterations)
	case c.BotMaxWorkers < 1:
		return engine.BotCaps{}, atLeastOne("--bot-max-workers", c.BotMaxWorkers)
	case c.BotMaxCandidates < 1:
		return engine.BotCaps{}, atLeastOne("--bot-max-candidates", c.BotMaxCandidates)
	}
	return engine.BotCaps{Think: c.BotMaxThink, Iterations: c.BotMaxIterations, Workers: c.BotMaxWorkers, Candidates: c.BotMaxCandidates}, nil
}

// embeddedOnly refuses, in a program without a Remote, what only
// `cardtable serve` has: --nats, and a --db that is an address
// (postgres://...) rather than a file.
func (c *Cmd) embeddedOnly(remote Remote) error {
	const elsewhere = "use cardtable serve for it (go run ./cmd/cardtable serve); this program keeps its tables in a SQLite file, or in memory with --db :memory:"
	switch {
	case remote != nil:
		return nil
	case c.NATS != "":
		return UsageSay(engine.Say("cli.usage.serve-embedded-nats", engine.TextArg("nats", c.NATS)),
			"--nats %s: a cluster of nodes needs PostgreSQL and NATS; %s", c.NATS, elsewhere)
	case strings.Contains(c.DB, "://"):
		shown := "the address given"
		if u, err := url.Parse(c.DB); err == nil {
			shown = u.Redacted()
		}
		return UsageSay(engine.Say("cli.usage.serve-embedded-db", engine.TextArg("db", shown)),
			"--db %s: a database server (PostgreSQL) is not built into this program; %s", shown, elsewhere)
	}
	return nil
}

// openStore opens --db: remote's PostgreSQL database for a postgres://
// DSN (alone on it unless this is a cluster's node), else an embedded
// store.
func (c *Cmd) openStore(ctx context.Context, remote Remote, log *slog.Logger) (store.Store, error) {
	if remote != nil && remote.IsDSN(c.DB) {
		return remote.Open(ctx, c.DB, c.NATS == "", log)
	}
	return embedstore.Open(c.DB)
}

// dbName is --db as shown and logged: a DSN without its password.
func (c *Cmd) dbName(remote Remote) string {
	if remote != nil && remote.IsDSN(c.DB) {
		return remote.Redact(c.DB)
	}
	return c.DB
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
func (c *Cmd) origins(a net.Addr) []string {
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

// UsageError marks a mistake in how the command was called (exit code 2),
// in cardtable-serve and in every cardtable command.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// UsageErrorf is a usage error of the English format.
func UsageErrorf(format string, args ...any) error {
	return UsageError{fmt.Errorf(format, args...)}
}

// UsageSay is a usage error whose reason is msg for people, said in the
// command's language, and the English format.
func UsageSay(msg engine.Msg, format string, args ...any) error {
	return UsageError{engine.SayErr(nil, msg, format, args...)}
}

// atLeastOne refuses flag's n below 1 (the bot caps).
func atLeastOne(flag string, n int) error {
	return UsageSay(engine.Say("cli.usage.at-least-one", engine.TextArg("flag", flag), engine.NumArg("n", n)), "%s %d: give 1 or more", flag, n)
}
