package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
	"golang.org/x/term"

	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/games"
	"cardtable/i18n"
	"cardtable/table"
)

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
	// exitInterrupted is a command stopped by Ctrl-C (SIGINT) or SIGTERM,
	// as shells report a process a SIGINT ended: 128 + 2.
	exitInterrupted = 130
)

// errInterrupted is a command stopped by Ctrl-C (SIGINT) or SIGTERM.
var errInterrupted = errors.New("interrupted")

// cli is the command line. New subcommands (play, serve, solve) go here.
type cli struct {
	Serve    serveCmd    `cmd:"" help:"Serve the games in the browser: lobby, tables, bots, spectators, replays."`
	Play     playCmd     `cmd:"" help:"Play a game in the terminal, or seat outside programs over the agent protocol."`
	Learn    learnCmd    `cmd:"" help:"Learn a game by playing it: a lesson against the Tutor on the terminal table."`
	Sim      simCmd      `cmd:"" help:"Simulate many seeded games and report statistics."`
	Replay   replayCmd   `cmd:"" help:"Replay a game record and print its transcript."`
	Rules    rulesCmd    `cmd:"" help:"Print a game's rules and options."`
	Games    gamesCmd    `cmd:"" help:"List the games."`
	Bots     botsCmd     `cmd:"" help:"List the bots (for one game, or all)."`
	Solve    solveCmd    `cmd:"" help:"Decide with full knowledge whether Regicide deals can be won."`
	Puzzles  puzzlesCmd  `cmd:"" help:"Regicide puzzles: play them (terminal), check them against the solver, or mine new ones."`
	Analyze  analyzeCmd  `cmd:"" help:"Analyse a finished game: the expert's chances, marked mistakes and (Regicide) the solver's losing move."`
	Arena    arenaCmd    `cmd:"" help:"Play every match-up of some bots on the same deals and rate them."`
	Merge    mergeCmd    `cmd:"" help:"Combine the --json outputs of a run's, sweep's or arena's shards into the whole result."`
	Loadtest loadtestCmd `cmd:"" help:"Load a server on loopback with tables of WebSocket clients and report latency."`
}

// app is what commands run against: the streams and the game registry,
// injected so tests can run the CLI in-process.
type app struct {
	ctx      context.Context
	stdin    io.Reader
	stdout   io.Writer
	stderr   io.Writer
	games    func() []engine.Game
	terminal bool
	// getenv reads the environment (LANG and the like).
	getenv func(string) string
	// said is the printer the command chose (words), which says a
	// refusal that carries a message (engine.Said) in its language.
	said *i18n.Printer
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *app {
	return &app{
		stdin: stdin, stdout: stdout, stderr: stderr, games: games.All, getenv: os.Getenv,
		terminal: isTerminal(stdout) && isTerminal(stderr),
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// lookup finds a game by name, or fails with a usage error listing them.
// words is the printer of the language --lang asks for (a code such as
// he, or a tag such as sk-SK), else of the environment's (LC_ALL,
// LC_MESSAGES, LANG; English by default).
func (a *app) words(lang string) (*i18n.Printer, error) {
	code := i18n.FromEnv(a.getenv)
	if lang != "" {
		var err error
		if code, err = i18n.Resolve(lang); err != nil {
			return nil, servecmd.UsageErrorf("--lang: %v", err)
		}
	}
	a.said = i18n.For(code)
	return a.said, nil
}

// errorText is err as the person reads it: in the command's language when
// it carries a message (a game's refusal of an option or a move), else
// its English text.
func (a *app) errorText(err error) string {
	p := a.said
	if p == nil { // refused before the command chose: the environment's
		p = i18n.For(i18n.FromEnv(a.getenv))
	}
	return servecmd.ErrorText(err, p)
}

func (a *app) lookup(name string) (engine.Game, error) {
	var names []string
	for _, g := range a.games() {
		if strings.EqualFold(g.Name(), name) {
			return g, nil
		}
		names = append(names, g.Name())
	}
	list := strings.Join(names, ", ")
	return nil, servecmd.UsageSay(engine.Say("cli.usage.unknown-game", engine.TextArg("name", strconv.Quote(name)), engine.TextArg("games", list)),
		"unknown game %q; games: %s", name, list)
}

// gamesAtLeastOne refuses -n below 1 (sim, play).
func gamesAtLeastOne(n int64) error {
	return servecmd.UsageSay(engine.Say("cli.usage.games-at-least-one", engine.NumArg("n", int(n))), "-n %d: give the number of games, at least 1", n)
}

// workersOrZero refuses --workers below 0 (sim, arena).
func workersOrZero(n int) error {
	return servecmd.UsageSay(engine.Say("cli.usage.workers-or-zero", engine.NumArg("n", n)), "--workers %d: give a positive number, or 0 for one per CPU", n)
}

// seatSaid is a usage error about seat (from 0) whose reason err carries
// a message (a bot's refusal of its settings), else err's English.
func seatSaid(seat int, err error) error {
	return servecmd.UsageError{Err: table.SeatRefused(seat, err)}
}

// flagSaid is a usage error about flag whose reason err carries a message
// (a refusal the engine or the analysis says), else err's English.
func flagSaid(flag string, err error) error {
	if msg, ok := engine.SaidOf(err); ok {
		return servecmd.UsageSay(engine.Say("cli.usage.flag", engine.TextArg("flag", flag), engine.MsgArg("why", msg)), "%s: %v", flag, err)
	}
	return servecmd.UsageErrorf("%s: %v", flag, err)
}

// run parses args, runs the command and returns the exit code. Every error
// is printed to stderr as one line.
func run(ctx context.Context, args []string, a *app) (code int) {
	a.ctx = ctx
	var c cli
	parser, err := kong.New(&c,
		kong.Name("cardtable"),
		kong.Description("Play and study card games: War, Regicide and Watchtower. Every game is reproducible from its seed."),
		kong.Writers(a.stdout, a.stderr),
		servecmd.KongExit(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Bind(a),
	)
	if err != nil {
		fmt.Fprintf(a.stderr, "cardtable: %v\n", err)
		return exitFailure
	}
	defer servecmd.RecoverExit(&code)
	kctx, err := parser.Parse(args)
	if err != nil {
		fmt.Fprintf(a.stderr, "cardtable: %v (see cardtable %s--help)\n", err, commandPath(err))
		return exitUsage
	}
	if err := kctx.Run(); err != nil {
		if ctx.Err() != nil && errors.Is(err, context.Canceled) && !errors.Is(err, errInterrupted) {
			err = errInterrupted // "sim: stopped: context canceled" says less
		}
		fmt.Fprintf(a.stderr, "cardtable: %s\n", a.errorText(err))
		return exitCode(err)
	}
	return exitOK
}

// commandPath names the subcommand a parse error happened in, if any.
func commandPath(err error) string {
	var pe *kong.ParseError
	if !errors.As(err, &pe) || pe.Context == nil || pe.Context.Command() == "" {
		return ""
	}
	return strings.Fields(pe.Context.Command())[0] + " "
}

func exitCode(err error) int {
	if errors.Is(err, errInterrupted) {
		return exitInterrupted
	}
	var u servecmd.UsageError
	if errors.As(err, &u) || errors.Is(err, engine.ErrBadOption) {
		return exitUsage
	}
	return exitFailure
}

// resolveOptions turns -o flags into the game's resolved options.
func resolveOptions(g engine.Game, args []string) (engine.Options, error) {
	given, err := engine.ParseOptionArgs(args)
	if err != nil {
		return engine.Options{}, err
	}
	return engine.ResolveOptions(g.Options(), given)
}
