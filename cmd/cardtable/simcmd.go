package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/sim"
	"cardtable/sim/plot"
)

type simCmd struct {
	Game        string   `arg:"" help:"Game name (see cardtable games)."`
	Games       int64    `short:"n" default:"10000" help:"Number of games to play."`
	Seed        uint64   `default:"1" help:"Seed of the run; game i plays with a seed derived from it, so any game can be re-run alone."`
	Workers     int      `default:"0" help:"Games played in parallel (0: one per CPU). The results do not depend on it."`
	Option      []string `short:"o" sep:"none" placeholder:"KEY=VALUE" help:"Game option (repeatable; also KEY=VALUE,KEY=VALUE). See cardtable rules GAME."`
	Bot         []string `placeholder:"SPEC" help:"Bot for every seat, or one per seat, comma-separated; each NAME or NAME:KEY=VALUE:... with that seat's own settings, e.g. expert:iterations=64,expert:iterations=200 (default: the game's default bot). See cardtable bots GAME."`
	BotOpt      []string `sep:"none" placeholder:"KEY=VALUE" help:"Bot setting (repeatable); KEY applies to every seat's bot, NAME.KEY only to the bots called NAME; a seat's own NAME:KEY=VALUE wins."`
	JSON        bool     `help:"Print the report as one JSON document (fields in docs/cli.md)."`
	CSV         string   `placeholder:"FILE" help:"Write one CSV row per game, in game order."`
	Plot        string   `placeholder:"FILE" help:"Draw a histogram (.svg, .png or .pdf) of game lengths, or of the metric the game or --plot-metric names."`
	PlotMetric  string   `placeholder:"NAME" help:"With --plot: the integer metric to draw, one bar per value, or length (default: the game's choice, else length)."`
	Rotate      bool     `help:"Move the bots one seat on each game (game i seats bot (s+i) mod players in seat s), so seat advantages cancel out of the per-bot figures."`
	Quiet       bool     `short:"q" help:"No progress bar."`
	RecordDir   string   `placeholder:"DIR" help:"Save some games as records in DIR (see --record-every)."`
	RecordEvery int64    `default:"1000" placeholder:"K" help:"With --record-dir, save games 0, K, 2K, ..."`
	NoFastPath  bool     `help:"Play every game through the engine's State even when the game has a fast simulator (to check one against the other)."`
	Sweep       []string `sep:"none" placeholder:"KEY=V1,V2,..." help:"Run every value of an option on the same seeds, one row each; two --sweep flags make a grid. With --csv FILE the table goes to FILE, one row per setting."`
	Y           string   `placeholder:"FIGURE" help:"With --sweep and --plot: the figure to draw against the first swept option: share (default), draws, first-player, length, a metric, or end:REASON."`
	Shard       string   `placeholder:"I/N" help:"Play only slice I (from 0) of N of the games; cardtable merge combines the N slices' --json outputs into the whole run's."`
	Lang        string   `placeholder:"LANG" help:"The report's language, en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG; English otherwise). --json, --csv and the plots stay English."`
}

func (simCmd) Help() string {
	return `Plays N seeded games with bots and reports each seat's wins with a 95% Wilson
interval (one team line for a co-operative game), each bot's record, the
distribution of game length, how games ended, the game's own figures (for
War: wars per game) with the distribution of each integer one, and the
bots' time per decision (when games go through the engine's State).

Examples:
  cardtable sim war -n 1000000
  cardtable sim war -n 100000 --seed 7 -o pickup=shuffle
  cardtable sim war -n 100000 -o players=3,auto-war=2 --json
  cardtable sim war -n 200000 --csv games.csv --plot length.svg
  cardtable sim regicide -n 1000 -o players=2 --bot random
  cardtable sim watchtower -n 500 --bot ismcts,random --bot-opt ismcts.iterations=200
  cardtable sim watchtower -n 2000 --bot heuristic,random --rotate
  cardtable sim watchtower -n 100 --bot ismcts:iterations=50,ismcts:iterations=200 --rotate
  cardtable sim regicide -n 5000 -o players=1 --plot enemies.svg --plot-metric enemies
  cardtable sim regicide -n 5000 --plot turns.svg --plot-metric length

Sweeps: --sweep KEY=V1,V2,... runs every value of an option on the same
seeds and prints one table, a row per setting (two --sweep flags make a
grid); --csv FILE then writes that table, --plot FILE --y FIGURE draws a
figure against the first swept option with its 95% band:
  cardtable sim war --sweep underdog=off,2,4,6,8,10 -n 200000
  cardtable sim regicide --sweep players=1,2,3,4 --bot heuristic -n 2000
  cardtable sim war --sweep players=2,3 --sweep auto-war=off,2,5 -n 20000 --plot len.svg --y length

Shards: --shard I/N plays slice I of N of the games (of every setting);
cardtable merge combines the slices' --json outputs into the whole run's:
  cardtable sim war -n 4000000 --json --shard 0/2 > a.json
  cardtable sim war -n 4000000 --json --shard 1/2 > b.json
  cardtable merge a.json b.json`
}

// Run validates everything, plays the games and prints the report.
func (c *simCmd) Run(a *app) error {
	if len(c.Sweep) > 0 {
		return c.runSweep(a)
	}
	if c.Y != "" {
		return servecmd.UsageSay(engine.Say("cli.usage.y-without-sweep", engine.TextArg("value", c.Y)), "--y %s: --y picks a sweep's figure; use it with --sweep, or --plot-metric for one run", c.Y)
	}
	p, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	cfg, err := c.config(a)
	if err != nil {
		return err
	}
	if c.CSV != "" {
		f, err := os.Create(c.CSV)
		if err != nil {
			return fmt.Errorf("cannot write CSV: %w", err)
		}
		defer f.Close()
		cfg.CSV = f
	}
	if c.RecordDir != "" {
		if err := os.MkdirAll(c.RecordDir, 0o755); err != nil {
			return fmt.Errorf("cannot make the record directory: %w", err)
		}
		cfg.Records = sim.RecordConfig{Dir: c.RecordDir, Every: c.RecordEvery}
	}
	bar := newProgress(a, !c.Quiet, fmt.Sprintf("%s ×%d", cfg.Game.Name(), cfg.GamesPlayed()), cfg.GamesPlayed())
	cfg.Progress = bar.add
	rep, err := sim.Run(a.ctx, cfg)
	bar.finish(err == nil)
	if err != nil {
		return err
	}
	if c.Plot != "" {
		if err := c.writePlot(rep, cfg.Game.Title()); err != nil {
			return err
		}
	}
	if c.JSON {
		return writeJSON(a.stdout, rep)
	}
	writeReport(a.stdout, p, cfg.Game, rep)
	return nil
}

// config checks the command line and builds the run's configuration;
// every problem found here is a usage error.
func (c *simCmd) config(a *app) (sim.Config, error) {
	g, err := a.lookup(c.Game)
	if err != nil {
		return sim.Config{}, err
	}
	opts, err := resolveOptions(g, c.Option)
	if err != nil {
		return sim.Config{}, err
	}
	if c.Games < 1 {
		return sim.Config{}, gamesAtLeastOne(c.Games)
	}
	if c.Workers < 0 {
		return sim.Config{}, workersOrZero(c.Workers)
	}
	if c.RecordEvery < 1 {
		return sim.Config{}, servecmd.UsageSay(engine.Say("cli.usage.record-every", engine.NumArg("n", int(c.RecordEvery))), "--record-every %d: give a positive number", c.RecordEvery)
	}
	if err := c.checkPlot(g, opts); err != nil {
		return sim.Config{}, err
	}
	params, err := parseBotOpts(c.BotOpt)
	if err != nil {
		return sim.Config{}, err
	}
	s, err := g.New(opts, engine.Setup{Seed: c.Seed})
	if err != nil {
		return sim.Config{}, servecmd.UsageError{Err: err}
	}
	seats, err := sim.SeatsFromRegistry(g, opts, s.NumSeats(), c.Bot, params)
	if err != nil {
		return sim.Config{}, servecmd.UsageError{Err: err}
	}
	shard, err := parseShard(c.Shard)
	if err != nil {
		return sim.Config{}, err
	}
	cfg := sim.Config{
		Game: g, Options: opts, Games: c.Games, Seed: c.Seed, Workers: c.Workers,
		Seats: seats, NoFastPath: c.NoFastPath, Rotate: c.Rotate, Shard: shard,
	}
	if err := cfg.Check(); err != nil {
		return sim.Config{}, servecmd.UsageError{Err: err}
	}
	return cfg, nil
}

// parseShard reads --shard I/N; empty means the whole run.
func parseShard(text string) (sim.Shard, error) {
	if text == "" {
		return sim.Shard{}, nil
	}
	s, err := sim.ParseShard(text)
	if err != nil {
		return sim.Shard{}, servecmd.UsageError{Err: err}
	}
	return s, nil
}

// checkPlot checks the plot's file name and metric before any game runs.
func (c *simCmd) checkPlot(g engine.Game, opts engine.Options) error {
	if c.Plot == "" {
		if c.PlotMetric != "" {
			return servecmd.UsageSay(engine.Say("cli.usage.plot-metric-without-plot", engine.TextArg("metric", c.PlotMetric)), "--plot-metric %s: say where to draw it with --plot FILE", c.PlotMetric)
		}
		return nil
	}
	if err := plot.CheckPath(c.Plot); err != nil {
		return servecmd.UsageError{Err: err}
	}
	if c.PlotMetric == "" || c.PlotMetric == lengthPlot {
		return nil
	}
	var metrics []string
	if r, ok := g.(engine.Reporter); ok {
		metrics = r.Stats(opts).Metrics
	}
	if !slices.Contains(metrics, c.PlotMetric) {
		list := strings.Join(append([]string{lengthPlot}, metrics...), ", ")
		return servecmd.UsageSay(engine.Say("cli.usage.no-such-metric", engine.TextArg("metric", strconv.Quote(c.PlotMetric)), engine.TextArg("game", g.Name()), engine.TextArg("metrics", list)),
			"--plot-metric %q: %s has no such metric; give %s", c.PlotMetric, g.Name(), list)
	}
	return nil
}

// lengthPlot is the --plot-metric value that asks for game lengths.
const lengthPlot = "length"

// writePlot draws --plot-metric, else the game's plot metric, else length.
func (c *simCmd) writePlot(rep *sim.Report, title string) error {
	metric := c.PlotMetric
	if metric == "" {
		metric = rep.PlotMetric
	}
	if metric == "" || metric == lengthPlot {
		return plot.Lengths(rep, title, c.Plot)
	}
	return plot.Metric(rep, metric, title, c.Plot)
}

// parseBotOpts reads --bot-opt KEY=VALUE flags.
func parseBotOpts(args []string) (map[string]string, error) {
	m := map[string]string{}
	for _, arg := range args {
		k, v, ok := strings.Cut(arg, "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, servecmd.UsageError{Err: errors.New("--bot-opt " + fmt.Sprintf("%q", arg) + ": write bot settings as key=value, e.g. --bot-opt iterations=500")}
		}
		m[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return m, nil
}
