package main

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"text/tabwriter"

	"cardtable/arena"
	"cardtable/bots"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/i18n"
)

type arenaCmd struct {
	Game    string   `arg:"" help:"Game name (see cardtable games)."`
	Bots    []string `required:"" placeholder:"SPEC" help:"The bots that meet, comma-separated; each NAME or NAME:KEY=VALUE:..., so two settings of one bot can meet (expert:iterations=64,expert:iterations=200). See cardtable bots GAME."`
	Against []string `placeholder:"SPEC" help:"Reference opponents (e.g. the degenerate players pass,never-place,...): each bot of --bots meets each of them alone, in k seats of the table against the opponent in the others, for every k and every choice of seats, instead of meeting the other bots."`
	Games   int64    `short:"n" default:"100" help:"Deals each match-up plays in every seat arrangement (each bot plays, in a co-operative game)."`
	Seed    uint64   `default:"1" help:"Seed of the arena; deal i is the same for every match-up and arrangement."`
	Workers int      `default:"0" help:"Games played in parallel (0: one per CPU). The results do not depend on it."`
	Option  []string `short:"o" sep:"none" placeholder:"KEY=VALUE" help:"Game option (repeatable; also KEY=VALUE,KEY=VALUE). See cardtable rules GAME."`
	BotOpt  []string `sep:"none" placeholder:"KEY=VALUE" help:"Bot setting for every entry (repeatable); NAME.KEY only for the bots called NAME; an entry's own NAME:KEY=VALUE wins."`
	JSON    bool     `help:"Print the result as one JSON document (fields in docs/cli.md)."`
	Shard   string   `placeholder:"I/N" help:"Play only slice I (from 0) of N of the deals; cardtable merge combines the N slices' --json outputs."`
	Quiet   bool     `short:"q" help:"No progress bar."`
	Lang    string   `placeholder:"LANG" help:"The report's language, en, he, sk, cy or hy (default: LC_ALL, LC_MESSAGES or LANG; English otherwise). --json stays English."`
}

func (arenaCmd) Help() string {
	return `Plays every match-up of the bots on the same deals and rates them. In a
zero-sum game (War, Watchtower) every set of as many bots as the game has
players meets in every seat arrangement (players! orders, every rotation
among them) on deals 0..n-1, and the report fits Bradley-Terry ratings
(Elo scale, 95% intervals; a draw counts half a win) to all results, with
the head-to-head matrix. In Regicide, a co-operative game, each bot plays
every seat of the same deals: the report gives each bot's win share and,
for each pair, the deals only one of them won with a sign test.

With --against, the bots do not meet one another: each meets each reference
opponent alone, at tables where the bot plays k of the seats and the opponent
the others, for every k from 1 to players-1 and every choice of the k seats,
on the same deals; the report gives, for each k, the share of games the bot's
side won with no seat of the opponent among the winners.

Examples:
  cardtable arena war --bots heuristic,random -n 2000
  cardtable arena watchtower --bots random,heuristic,expert,ismcts:iterations=100 -n 10
  cardtable arena watchtower --bots ismcts:iterations=50,ismcts:iterations=200,heuristic -n 20
  cardtable arena watchtower -o players=3 --bots random,heuristic,expert -n 50
  cardtable arena regicide --bots heuristic,expert,random -n 200 --bot-opt expert.iterations=100
  cardtable arena watchtower -o players=3 --bots heuristic,expert --against pass,never-place,always-challenge,hoard,last-trim -n 200`
}

// Run checks the arena, plays it and prints the ratings.
func (c *arenaCmd) Run(a *app) error {
	p, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	g, err := a.lookup(c.Game)
	if err != nil {
		return err
	}
	if c.Games < 1 {
		return servecmd.UsageSay(engine.Say("cli.usage.deals-at-least-one", engine.NumArg("n", int(c.Games))), "-n %d: give the number of deals, at least 1", c.Games)
	}
	if c.Workers < 0 {
		return workersOrZero(c.Workers)
	}
	opts, err := resolveOptions(g, c.Option)
	if err != nil {
		return err
	}
	entries, err := bots.ParseSpecs(c.Bots)
	if err != nil {
		return servecmd.UsageError{Err: err}
	}
	against, err := bots.ParseSpecs(c.Against)
	if err != nil {
		return servecmd.UsageError{Err: err}
	}
	params, err := parseBotOpts(c.BotOpt)
	if err != nil {
		return err
	}
	shard, err := parseShard(c.Shard)
	if err != nil {
		return err
	}
	cfg := arena.Config{Game: g, Options: opts, Entries: entries, Against: against, BotParams: params, Deals: c.Games, Seed: c.Seed, Workers: c.Workers, Shard: shard}
	// The plan's runs report progress through bar, which is drawn once
	// the plan knows how many games there are.
	var bar *progress
	cfg.Progress = func(games int) { bar.add(games) }
	plan, err := arena.NewPlan(cfg)
	if err != nil {
		return servecmd.UsageError{Err: err}
	}
	var run atomic.Int64
	runs := int64(plan.Runs())
	bar = newNamedProgress(a, !c.Quiet, func() string {
		return p.T("cli.arena.progress", engine.TextArg("game", gameTitle(p, g)), engine.NumArg("run", int(min(run.Load()+1, runs))), engine.NumArg("runs", int(runs)))
	}, plan.Games())
	rep, err := plan.Run(a.ctx, func(i int) { run.Store(int64(i)) })
	bar.finish(err == nil)
	if err != nil {
		return err
	}
	if c.JSON {
		return writeJSON(a.stdout, rep)
	}
	writeArena(a.stdout, p, g, rep)
	return nil
}

// writeArena prints the ratings and head-to-head matrix of a zero-sum
// arena, or the teams and pairs of a co-operative one, in p's language.
func writeArena(w io.Writer, p *i18n.Printer, g engine.Game, r *arena.Report) {
	noun := func(name string, n int, id string) engine.Arg { return engine.NounArg(name, n, id) }
	fmt.Fprintln(w, p.T("cli.arena.head", engine.TextArg("game", gameTitle(p, g)), noun("bots", len(r.Bots), "noun.bots"), noun("players", r.Players, "noun.players"), engine.TextArg("seed", fmt.Sprint(r.Seed))))
	fmt.Fprintln(w, p.T("cli.sim.options", engine.TextArg("options", r.Options.String())))
	if sh := r.Shard; sh != nil {
		fmt.Fprintln(w, p.T("cli.arena.shard", engine.TextArg("shard", fmt.Sprintf("%d/%d", sh.Index, sh.Of)), engine.NumArg("deals", int(r.Deals)), engine.NumArg("total", int(sh.DealsTotal))))
	}
	switch {
	case len(r.Gauntlet) > 0:
		fmt.Fprintf(w, "%s\n\n", p.T("cli.arena.gauntlet", engine.TextArg("bots", strings.Join(r.Bots, ", ")), engine.TextArg("against", strings.Join(r.Against, ", ")),
			noun("deals", int(r.Deals), "noun.deals"), noun("games", int(r.Games), "noun.games")))
		writeGauntlet(w, p, r)
	case len(r.Ratings) > 0:
		fmt.Fprintf(w, "%s\n\n", p.T("cli.arena.matchups", noun("matchups", len(r.Matchups), "noun.matchups"), noun("arrangements", r.Arrangements, "noun.arrangements"),
			noun("deals", int(r.Deals), "noun.deals"), noun("games", int(r.Games), "noun.games")))
		writeRatings(w, p, r)
		fmt.Fprintf(w, "\n%s\n", p.T("cli.arena.head-to-head"))
		writeHeadToHead(w, r)
	default:
		fmt.Fprintf(w, "%s\n\n", p.T("cli.arena.teams", noun("deals", int(r.Deals), "noun.deals")))
		writeTeams(w, p, r)
	}
	fmt.Fprintf(w, "\n%s\n", p.T("cli.arena.time", noun("games", int(r.Games), "noun.games"), engine.TextArg("seconds", fmt.Sprintf("%.2f", r.ElapsedS))))
}

func writeRatings(w io.Writer, p *i18n.Printer, r *arena.Report) {
	fmt.Fprintln(w, p.T("cli.arena.ratings", engine.TextArg("prior", fmt.Sprintf("%g", r.Prior))))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, p.T("cli.arena.ratings-header"))
	for _, rt := range r.Ratings {
		e := entryOf(r, rt.Bot)
		fmt.Fprintf(tw, "%d\t%s\t%+.0f\t[%+.0f, %+.0f]\t%d\t%d\t%d\t%s\t%s\n", rt.Rank, rt.Bot, rt.Elo, rt.CI95[0], rt.CI95[1], e.Games, e.Wins, e.Draws, pct(e.Points/float64(max(e.Games, 1))), decisionTime(e))
	}
	tw.Flush()
}

func writeHeadToHead(w io.Writer, r *arena.Report) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	order := make([]string, len(r.Ratings))
	for i, rt := range r.Ratings {
		order[i] = rt.Bot
	}
	fmt.Fprintln(tw, "\t"+strings.Join(order, "\t"))
	for _, a := range order {
		cells := []string{a}
		for _, b := range order {
			cell := "-"
			for _, h := range r.HeadToHead {
				if h.Bot == a && h.Opponent == b {
					cell = fmt.Sprintf("%s [%s, %s]", pct(h.Share), pct(h.CI95[0]), pct(h.CI95[1]))
				}
			}
			cells = append(cells, cell)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
}

func writeTeams(w io.Writer, p *i18n.Printer, r *arena.Report) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, p.T("cli.arena.teams-header"))
	for _, e := range r.Entries {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t[%s, %s]\t%s\n", e.Bot, e.Deals, e.DealsWon, pct(e.WinShare), pct(e.WinCI95[0]), pct(e.WinCI95[1]), decisionTime(&e))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s\n", p.T("cli.arena.pairs"))
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, p.T("cli.arena.pairs-header"))
	for _, p := range r.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%d\t%.3g\n", p.A, p.B, p.OnlyA, p.OnlyB, p.Both, p.Neither, p.PValue)
	}
	tw.Flush()
}

// writeGauntlet prints, for each number of the bot's seats, the share of
// games each bot's side won alone against each reference opponent.
func writeGauntlet(w io.Writer, p *i18n.Printer, r *arena.Report) {
	for k := 1; k < r.Players; k++ {
		fmt.Fprintln(w, p.T("cli.arena.gauntlet-seats", engine.NumArg("k", k), engine.NumArg("players", r.Players), engine.NounArg("others", r.Players-k, "noun.seats")))
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "\t"+strings.Join(r.Against, "\t"))
		for _, b := range r.Bots {
			cells := []string{b}
			for _, o := range r.Against {
				for _, g := range r.Gauntlet {
					if g.Bot == b && g.Opponent == o && g.BotSeats == k {
						cells = append(cells, fmt.Sprintf("%s [%s, %s] (%d / %d)", pct(g.Share), pct(g.CI95[0]), pct(g.CI95[1]), g.Losses, g.Shared))
					}
				}
			}
			fmt.Fprintln(tw, strings.Join(cells, "\t"))
		}
		tw.Flush()
		fmt.Fprintln(w)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, p.T("cli.arena.decisions-header"))
	for _, e := range r.Entries {
		fmt.Fprintf(tw, "%s\t%d\t%s\n", e.Bot, e.Decisions, decisionTime(&e))
	}
	tw.Flush()
}

func entryOf(r *arena.Report, bot string) *arena.Entry {
	for i := range r.Entries {
		if r.Entries[i].Bot == bot {
			return &r.Entries[i]
		}
	}
	return &arena.Entry{}
}

func decisionTime(e *arena.Entry) string {
	if e.Decisions == 0 {
		return "-"
	}
	return seconds(e.SPerDecision)
}
