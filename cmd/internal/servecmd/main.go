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

// exitRequest is how kong's exit (after --help) reaches Main.
type exitRequest int

// Main runs the serve command with the embedded stores only, as the
// program name (its flags at the top level: name --addr ...), and returns
// the exit code: 0, 1 on a failure, 2 on a usage error. An error is one
// line on stderr, in the language of the environment (getenv: LC_ALL,
// LC_MESSAGES, LANG) when it carries a message.
func Main(ctx context.Context, name string, args []string, stdout, stderr io.Writer, getenv func(string) string) (code int) {
	var c Cmd
	parser, err := kong.New(&c,
		kong.Name(name),
		kong.Description("Serve the games in the browser (War, Regicide, Watchtower): lobby, tables, bots, spectators, replays. "+
			"The same as cardtable serve (its flags, docs/deploy.md), with the tables in a SQLite file or in memory; for PostgreSQL and clusters use cardtable serve."),
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { panic(exitRequest(code)) }),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
	)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	defer func() {
		if r := recover(); r != nil {
			req, ok := r.(exitRequest)
			if !ok {
				panic(r)
			}
			code = int(req)
		}
	}()
	if _, err := parser.Parse(args); err != nil {
		fmt.Fprintf(stderr, "%s: %v (see %s --help)\n", name, err, name)
		return 2
	}
	if err := c.Run(Env{Ctx: ctx, Stdout: stdout, Stderr: stderr, Name: name}, nil); err != nil {
		text := err.Error()
		if msg, ok := engine.SaidOf(err); ok {
			if code := i18n.FromEnv(getenv); code != i18n.Default {
				text = i18n.For(code).Say(msg)
			}
		}
		fmt.Fprintf(stderr, "%s: %s\n", name, text)
		if errors.As(err, new(UsageError)) {
			return 2
		}
		return 1
	}
	return 0
}
