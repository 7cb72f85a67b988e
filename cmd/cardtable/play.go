package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"cardtable/analysis"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
	"cardtable/table"
	"cardtable/tui"
)

type playCmd struct {
	Game      string        `arg:"" optional:"" help:"Game name (see cardtable games); not needed with --record."`
	Option    []string      `short:"o" sep:"none" placeholder:"KEY=VALUE" help:"Game option (repeatable; also KEY=VALUE,KEY=VALUE). See cardtable rules GAME."`
	Seats     string        `placeholder:"SPEC,SPEC" help:"Who sits where, one spec per seat, comma-separated: human or human:NAME, a bot (expert, heuristic, expert:iterations=64; see cardtable bots GAME), or cmd:PROGRAM ARGS (a program speaking docs/protocol-agent.md). Default: you in seat 1, the game's default bot in every other seat."`
	Seed      string        `placeholder:"S" help:"Seed of the deal (default: random; it is printed when the game ends or stops, so the deal can be played again)."`
	Speed     time.Duration `default:"800ms" help:"On the terminal: the pause before each bot or program move lands (0: none)."`
	Protocol  string        `placeholder:"lines|json" help:"Speak to the person's seat in plain text (lines: the default when standard input or output is not a terminal) or in the JSON agent protocol (json, docs/protocol-agent.md) instead of the terminal table."`
	Record    string        `placeholder:"FILE" help:"A game record (docs/records.md) to go on with from its last position, or, when it is finished, to step through."`
	Analysis  string        `placeholder:"FILE" help:"With --record FILE of a finished game, on a terminal: its analysis as saved by cardtable analyze --json, shown in the review without analysing again."`
	Save      string        `placeholder:"FILE" help:"Write the game's record to FILE when the game ends or stops (default with --record: that file)."`
	Games     int64         `short:"n" default:"1" help:"With no person seated: the number of games to play; more than 1 (or --json) prints a report like cardtable sim's."`
	JSON      bool          `help:"With no person seated: print the report as one JSON document (fields in docs/cli.md)."`
	Timeout   time.Duration `default:"10s" help:"How long a program seat may take over one move (0: no limit)."`
	Clock     time.Duration `placeholder:"D" help:"A live clock: each seat that is not a bot has D for each move (5s to 10m), then its --reserve; its turn says the time left (the agent protocol's clock field); the terminal table counts it down in its header."`
	Reserve   time.Duration `placeholder:"D" help:"With --clock: each seat's reserve (0 to 1h), spent once a move takes longer than --clock."`
	OnTimeout string        `name:"on-timeout" placeholder:"bot|lose" help:"With --clock: what a seat whose time runs out comes to: bot (the game's default bot plays on; the default) or lose (two-seat War and Watchtower)."`
	Workers   int           `default:"1" help:"With -n: games played at once (programs are started for each game)."`
	Quiet     bool          `short:"q" help:"With -n: no progress bar."`
	Daily     bool          `help:"Play the daily deal (Regicide solo, docs/accounts.md): with --server and --user, that server's deal of the day, counted (--server alone: a practice deal); alone, the day's offline deal, never counted."`
	Server    string        `placeholder:"URL" help:"With --daily: the cardtable server to play on (http://localhost:8080); it runs the game; this plays your seat in the terminal table (plain text when not on a terminal). With --token: the server a program plays on as a bot account."`
	User      string        `placeholder:"NAME" help:"With --daily --server: sign in as NAME (the password from $CARDTABLE_PASSWORD or asked; the session is kept for the next run in the user's config folder, cardtable/sessions.json) so the attempt counts."`
	Lang      string        `placeholder:"LANG" help:"On the terminal: the language it speaks, en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG; English otherwise). Records and the protocols stay English."`
	Bell      bool          `help:"On the terminal: ring the terminal's bell when it is your move after you waited 2 seconds or more for it (not at each trick against a bot, which answers at once)."`

	botFlags

	// settings are the clock --clock, --reserve and --on-timeout ask for.
	settings table.Settings
	// title names the deal on the terminal table's top line (the offline
	// daily deal's day).
	title string
}

func (playCmd) Help() string {
	return `Seats you at a game against bots, outside programs or other people.

On a terminal it opens the terminal table (? there shows the keys and the
game's rules; cardtable rules GAME prints them too). When standard input or output
is not a terminal (a script, a pipe), on a terminal that cannot draw it
(TERM=dumb), or with --protocol lines, it speaks
plain text: it prints what your seat sees - your view, each action as
"N. seat K: ACTION" with the view after it, your legal actions - and reads
one action per line in the game's notation ("hint ACTION" asks Regicide's
forecast, "legal" lists the actions again). With --protocol json your seat
speaks the JSON agent protocol (docs/protocol-agent.md).

A seat played by cmd:PROGRAM ARGS is an outside program: it gets the JSON
protocol on its standard input and answers on its standard output. A
program that crashes, takes longer than --timeout over a move or writes a
line that is not a command ends the game; the record so far is written to
--save, or to a temporary file whose name is printed.

Seats are numbered from 1 wherever people read them; the JSON protocol
and records count them from 0.

Examples:
  cardtable play regicide                       solo against the Castle
  cardtable play regicide --seats human,expert  two players: you and the expert bot
  cardtable play regicide --seats human:Ann,human:Bob   hot-seat at one terminal
  cardtable play war -o slap=5 --seed 7         Slap War, a fixed deal
  cardtable play watchtower -o players=3 --seats human,expert,heuristic
  cardtable play regicide --save game.json      keep the record ...
  cardtable play --record game.json             ... and go on with it later
  cardtable play regicide --protocol lines < moves.txt
  cardtable play regicide --daily               today's offline deal (never counted)
  cardtable play regicide --daily --server http://localhost:8080 --user ann
                                                today's deal on a server, counted
  cardtable play regicide --seats cmd:python3 examples/regicide_agent.py
  cardtable play regicide -o players=2 --seats cmd:./agent,expert -n 100 --json
  CARDTABLE_BOT_TOKEN=ctbot_... cardtable play --server https://cardtable.example \
      --choice watchtower-2-1m --rated -n 10 --seats cmd:./agent
                                                a program playing rated games on a
                                                server as a bot account`
}

// Run plays (or resumes, or reviews) a game, or many between programs.
func (c *playCmd) Run(a *app) error {
	w, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	if err := c.checkFlags(); err != nil {
		return err
	}
	c.Lang = w.Language().Code
	if c.Daily {
		return c.playDaily(a)
	}
	if c.Token != "" {
		if c.Server == "" {
			return servecmd.UsageSay(engine.Say("cli.usage.token-without-server"), "--token: name the server to play on with --server URL")
		}
		return c.playAsBot(a)
	}
	if c.Server != "" || c.User != "" {
		return servecmd.UsageSay(engine.Say("cli.usage.server-without-daily"), "--server and --user are for --daily, or for a program playing as a bot account with --token")
	}
	if c.Record != "" {
		return c.fromRecord(a)
	}
	if c.Game == "" {
		return servecmd.UsageSay(engine.Say("cli.usage.play-no-game"), "name a game (cardtable games lists them), or a record to go on with: --record FILE")
	}
	g, err := a.lookup(c.Game)
	if err != nil {
		return err
	}
	specs, opts, err := c.seating(g)
	if err != nil {
		return err
	}
	if !hasHuman(specs) && (c.Games > 1 || c.JSON) {
		return c.playMany(a, g, opts, specs)
	}
	if c.Games > 1 || c.JSON {
		return servecmd.UsageSay(engine.Say("cli.usage.many-with-person"), "-n and --json play games between bots and programs; seat no person (--seats expert,cmd:./agent)")
	}
	seed, err := c.seed()
	if err != nil {
		return err
	}
	infos := make([]table.SeatInfo, len(specs))
	for i, s := range specs {
		infos[i] = s.Info(i)
	}
	t, err := table.New(g, opts, engine.Setup{Seed: seed}, infos)
	if err != nil {
		return servecmd.UsageError{Err: err}
	}
	return c.play(a, t, specs, seed, c.Save)
}

func (c *playCmd) checkFlags() error {
	switch c.Protocol {
	case "", protocolLines, protocolJSON:
	default:
		return servecmd.UsageSay(engine.Say("cli.usage.protocol", engine.TextArg("value", strconv.Quote(c.Protocol))), "--protocol %q: give lines (plain text) or json (docs/protocol-agent.md)", c.Protocol)
	}
	switch {
	case c.Games < 1:
		return gamesAtLeastOne(c.Games)
	case c.Speed < 0:
		return servecmd.UsageSay(engine.Say("cli.usage.speed", engine.TextArg("value", c.Speed.String())), "--speed %v: give a pause of 0 or more, e.g. 800ms", c.Speed)
	case c.Timeout < 0:
		return servecmd.UsageSay(engine.Say("cli.usage.timeout", engine.TextArg("value", c.Timeout.String())), "--timeout %v: give a time of 0 (no limit) or more, e.g. 10s", c.Timeout)
	case c.Workers < 1:
		return servecmd.UsageSay(engine.Say("cli.usage.workers-at-least-one", engine.NumArg("n", c.Workers)), "--workers %d: give at least 1", c.Workers)
	case c.Games > 1 && (c.Save != "" || c.Record != ""):
		return servecmd.UsageSay(engine.Say("cli.usage.many-with-save", engine.NumArg("n", int(c.Games))), "-n %d: --save and --record are for one game; drop them, or play one game", c.Games)
	case c.Analysis != "" && c.Record == "":
		return servecmd.UsageSay(engine.Say("cli.usage.analysis-without-record"), "--analysis FILE goes with the record it analyses: --record GAME.json --analysis FILE")
	case c.Record != "" && (c.Game != "" || len(c.Option) > 0 || c.Seed != ""):
		return servecmd.UsageSay(engine.Say("cli.usage.record-with-game"), "--record FILE plays the record's own game, options and deal; drop the game name, -o and --seed")
	}
	return nil
}

const (
	protocolLines = "lines"
	protocolJSON  = "json"
)

// seating reads --seats (or the default seating) and the options; when
// the game has a players option left unset, the number of seats sets it.
func (c *playCmd) seating(g engine.Game) ([]table.SeatSpec, engine.Options, error) {
	var specs []table.SeatSpec
	var err error
	optArgs := c.Option
	if c.Seats != "" {
		if specs, err = table.ParseSeats(c.Seats); err != nil {
			return nil, engine.Options{}, flagSaid("--seats", err)
		}
		if hasOption(g, "players") && !setsOption(c.Option, "players") {
			optArgs = append([]string{"players=" + strconv.Itoa(len(specs))}, optArgs...)
		}
	}
	opts, err := resolveOptions(g, optArgs)
	if err != nil {
		return nil, engine.Options{}, err
	}
	s, err := g.New(opts, engine.Setup{Seed: 1})
	if err != nil {
		return nil, engine.Options{}, servecmd.UsageError{Err: err}
	}
	n := s.NumSeats()
	if specs == nil {
		specs = table.DefaultSeats(g.Name(), n)
	}
	if len(specs) != n {
		return nil, engine.Options{}, servecmd.UsageSay(engine.Say("cli.usage.seats-count", engine.NounArg("seats", len(specs), "noun.seats"), engine.NumArg("n", n)), "--seats: %d seats given for a %d-seat game; give one spec per seat", len(specs), n)
	}
	for i, s := range specs {
		if err := s.Check(g, opts); err != nil {
			return nil, engine.Options{}, flagSaid("--seats", seatSaid(i, err))
		}
	}
	return specs, opts, nil
}

func hasOption(g engine.Game, key string) bool {
	for _, o := range g.Options() {
		if o.Key == key {
			return true
		}
	}
	return false
}

// setsOption reports whether -o arguments set key (also in KEY=V,KEY=V).
func setsOption(args []string, key string) bool {
	for _, arg := range args {
		for _, kv := range strings.Split(arg, ",") {
			if k, _, _ := strings.Cut(kv, "="); strings.TrimSpace(k) == key {
				return true
			}
		}
	}
	return false
}

func hasHuman(specs []table.SeatSpec) bool {
	for _, s := range specs {
		if s.Kind == table.KindHuman {
			return true
		}
	}
	return false
}

func (c *playCmd) seed() (uint64, error) {
	if c.Seed == "" {
		return rand.Uint64(), nil
	}
	s, err := strconv.ParseUint(c.Seed, 10, 64)
	if err != nil {
		return 0, servecmd.UsageSay(engine.Say("cli.usage.seed", engine.TextArg("value", strconv.Quote(c.Seed)), engine.TextArg("max", strconv.FormatUint(1<<64-1, 10))), "--seed %q: give a whole number from 0 to %d", c.Seed, uint64(1<<64-1))
	}
	return s, nil
}

// fromRecord goes on with an unfinished record, or reviews a finished one.
func (c *playCmd) fromRecord(a *app) error {
	f, err := os.Open(c.Record)
	if err != nil {
		return fmt.Errorf("cannot read the record: %w", err)
	}
	rec, err := record.Decode(f)
	f.Close()
	if err != nil {
		return err
	}
	g, err := a.lookup(rec.Game)
	if err != nil {
		return fmt.Errorf("record: game: %s", err.Error())
	}
	var infos []table.SeatInfo
	var specs []table.SeatSpec
	if c.Seats != "" {
		if specs, err = table.ParseSeats(c.Seats); err != nil {
			return flagSaid("--seats", err)
		}
		for i, s := range specs {
			infos = append(infos, s.Info(i))
		}
	}
	t, err := table.Resume(g, rec, infos)
	if err != nil {
		return err
	}
	if specs == nil {
		specs = table.SeatsOfRecord(t.Seats())
		if err := noProgramsFromRecord(specs); err != nil && !t.Over() {
			return err
		}
	}
	for i, s := range specs {
		if err := s.Check(g, t.State().Options()); err != nil {
			return seatSaid(i, err)
		}
	}
	if t.Over() {
		return c.review(a, g, rec)
	}
	if c.Analysis != "" {
		return servecmd.UsageSay(engine.Say("cli.usage.analysis-unfinished", engine.TextArg("analysis", c.Analysis), engine.TextArg("record", c.Record), engine.NumArg("n", len(rec.Actions))), "--analysis %s: %s is unfinished (%d actions), and only a finished game is analysed; play it to its end first", c.Analysis, c.Record, len(rec.Actions))
	}
	save := c.Save
	if save == "" {
		save = c.Record
	}
	var seed uint64
	if rec.Seed != nil {
		seed = *rec.Seed
	}
	return c.play(a, t, specs, seed, save)
}

// noProgramsFromRecord refuses to start the programs a record names: a
// record may come from anywhere, so its programs are seated again only by
// --seats.
func noProgramsFromRecord(specs []table.SeatSpec) error {
	texts := make([]string, len(specs))
	var programs []string
	for i, s := range specs {
		texts[i] = s.String()
		if s.Kind == table.KindProgram {
			programs = append(programs, table.SeatName(i))
		}
	}
	if programs == nil {
		return nil
	}
	who, seats := strings.Join(programs, ", "), strings.Join(texts, ",")
	msg := engine.Say("cli.usage.record-programs", engine.TextArg("who", who), engine.TextArg("seats", seats), engine.TextArg("example", strconv.Quote(seats)))
	return servecmd.UsageSay(msg, "%s played by a program (%s); a record never starts programs: seat every player with --seats, e.g. --seats %q", who, seats, seats)
}

// review steps through a finished record on the terminal, or prints its
// transcript.
func (c *playCmd) review(a *app, g engine.Game, rec *record.Record) error {
	var doc *analysis.Document
	if c.Analysis != "" {
		if !c.onTerminal(a) {
			return servecmd.UsageSay(engine.Say("cli.usage.analysis-off-terminal", engine.TextArg("analysis", c.Analysis), engine.TextArg("record", c.Record)), "--analysis %s: the analysis is shown in the terminal's review; off a terminal, print it with cardtable analyze %s", c.Analysis, c.Record)
		}
		f, err := os.Open(c.Analysis)
		if err != nil {
			return fmt.Errorf("--analysis: %w", err)
		}
		doc, err = analysis.Decode(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("--analysis %s: %w", c.Analysis, err)
		}
		if err := doc.Of(rec); err != nil {
			return fmt.Errorf("--analysis %s is not the analysis of %s: %w; make it with cardtable analyze %s --json", c.Analysis, c.Record, err, c.Record)
		}
	}
	if c.onTerminal(a) {
		return tui.Run(a.ctx, tui.Config{Review: rec, Analysis: doc, In: a.stdin, Out: a.stdout, Lang: c.Lang})
	}
	s, steps, err := record.ReplayGame(g, rec)
	if err != nil {
		return err
	}
	p, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	writeTranscript(a.stdout, p, g, rec, s, steps)
	return nil
}

// onTerminal reports whether the game is for the terminal table: standard
// input and output are terminals that can draw it (not TERM=dumb, which
// gets plain lines) and no protocol was asked for.
func (c *playCmd) onTerminal(a *app) bool {
	in, ok := a.stdin.(*os.File)
	return c.Protocol == "" && ok && isTerminal(in) && isTerminal(a.stdout) && os.Getenv("TERM") != "dumb"
}

// keepRecord writes t's record to path, or, when path is empty, to a new
// temporary file; it returns the file's name.
func keepRecord(t *table.Table, path string) (string, error) {
	var f *os.File
	var err error
	if path == "" {
		f, err = os.CreateTemp("", fmt.Sprintf("cardtable-%s-*.json", t.Game().Name()))
	} else {
		f, err = os.Create(path)
	}
	if err != nil {
		return "", fmt.Errorf("cannot save the record: %w", err)
	}
	if err := t.Record().Write(f); err != nil {
		f.Close()
		return "", fmt.Errorf("cannot save the record: %w", err)
	}
	return f.Name(), f.Close()
}

// withRecord adds to err (a game stopped by a seat's player, or
// interrupted) where t's record was kept and the command, ready to paste,
// that goes on with it: the path quoted for the shell, and the seats given
// again when programs played (a record never starts programs).
func withRecord(err error, t *table.Table, kept string) error {
	return fmt.Errorf("%w; the game so far is in %s (go on with: %s)", err, kept, tui.ResumeCommand(kept, t.Seats()))
}

// writeFinal prints the end of a transcript: the public view, the result
// and how to play the deal again.
func writeFinal(w io.Writer, t *table.Table, seed uint64) {
	fmt.Fprintf(w, "\nfinal:\n%s\n", indent(t.View(engine.Spectator).String()))
	res := t.Result()
	if !res.Over {
		fmt.Fprintf(w, "result: the game is not over after %d actions\n", t.Version())
	} else {
		fmt.Fprintf(w, "result: %s; end: %s; length %d; returns %v\n", i18n.English.Say(winners(res)), res.End, res.Length, res.Returns)
		if res.Detail != "" {
			fmt.Fprintf(w, "%s\n", res.Detail)
		}
	}
	fmt.Fprintf(w, "seed %d (play this deal again with --seed %d)\n", seed, seed)
}
