package servecmd

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/alecthomas/kong"

	"cardtable/engine"
	"cardtable/i18n"
)

// exitRequest is how kong's exit (after --help) reaches the program's
// run function: KongExit panics with it, RecoverExit returns it as the
// exit code.
type exitRequest int

// KongExit is the kong option that turns kong's exit (after --help or a
// version flag) into a panic RecoverExit, deferred by the caller of
// Parse, turns into the exit code — so a command line's run returns its
// code instead of the process ending inside the parser.
func KongExit() kong.Option {
	return kong.Exit(func(code int) { panic(exitRequest(code)) })
}

// RecoverExit, deferred, sets *code to the code of kong's exit; any other
// panic goes on.
func RecoverExit(code *int) {
	if r := recover(); r != nil {
		req, ok := r.(exitRequest)
		if !ok {
			panic(r)
		}
		*code = int(req)
	}
}

// ErrorText is err as a person reads it: said in p's language when it
// carries a message (a refusal said in the catalogue), else its English
// text.
func ErrorText(err error, p *i18n.Printer) string {
	if msg, ok := engine.SaidOf(err); ok && p.Language().Code != i18n.Default {
		return p.Say(msg)
	}
	return err.Error()
}

// embeddedCmd is the serve command as cardtable-serve runs it: the same
// flags, and a help that names the program and the stores it has.
type embeddedCmd struct {
	Cmd `embed:""`
}

// Help is cardtable-serve's help text.
func (embeddedCmd) Help() string {
	return `Serves the games in the browser, as cardtable serve does: a lobby to
create and join tables (with bots, invite links and spectators), the tables
over WebSockets, replays of finished games, /metrics for Prometheus and
/healthz. Every action is stored in the SQLite file before anyone hears of
it; on start the server rebuilds every unfinished table, so a game survives
a restart or a crash. SIGINT or SIGTERM stops it gracefully. The protocol:
docs/protocol.md.

Examples:
  cardtable-serve
  cardtable-serve --addr :8080 --db /var/lib/cardtable.db --log-format json
  cardtable-serve --db :memory: --bot-delay 0

PostgreSQL and clusters of nodes (a postgres:// --db, --nats): cardtable
serve. Deployment: docs/deploy.md.`
}

// Main runs the serve command with the embedded stores only, as the
// program name (its flags at the top level: name --addr ...), and returns
// the exit code: 0, 1 on a failure, 2 on a usage error. An error is one
// line on stderr, in the language of the environment (getenv: LC_ALL,
// LC_MESSAGES, LANG) when it carries a message.
func Main(ctx context.Context, name string, args []string, stdout, stderr io.Writer, getenv func(string) string) (code int) {
	var c embeddedCmd
	parser, err := kong.New(&c,
		kong.Name(name),
		kong.Description("Serve the games in the browser (War, Regicide, Watchtower): lobby, tables, bots, spectators, replays. "+
			"The same as cardtable serve (its flags, docs/deploy.md), with the tables in a SQLite file or in memory; for PostgreSQL and clusters use cardtable serve."),
		kong.Writers(stdout, stderr),
		KongExit(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
	)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	defer RecoverExit(&code)
	if _, err := parser.Parse(args); err != nil {
		fmt.Fprintf(stderr, "%s: %v (see %s --help)\n", name, err, name)
		return 2
	}
	if err := c.Run(Env{Ctx: ctx, Stdout: stdout, Stderr: stderr, Name: name}, nil); err != nil {
		fmt.Fprintf(stderr, "%s: %s\n", name, ErrorText(err, i18n.For(i18n.FromEnv(getenv))))
		if errors.As(err, new(UsageError)) {
			return 2
		}
		return 1
	}
	return 0
}
