package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"cardtable/bots/regicidesolver"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/record"
)

type solveCmd struct {
	Game     string        `arg:"" help:"Game to solve (only regicide can be solved)."`
	Option   []string      `short:"o" sep:"none" placeholder:"KEY=VALUE" help:"Game option (repeatable; also KEY=VALUE,KEY=VALUE). See cardtable rules regicide."`
	Seed     uint64        `default:"1" help:"Seed of the run: deal i uses the seed derived from it exactly as game i of cardtable sim does."`
	Deals    int           `default:"1" help:"Number of deals to solve (deals 0 to N-1 of the run)."`
	GameSeed *uint64       `placeholder:"X" help:"Solve the one deal New(options, seed X) instead of the run's deals."`
	Workers  int           `default:"0" help:"Deals solved in parallel (0: one per CPU). With --nodes alone the results do not depend on it."`
	Nodes    int64         `default:"2000000" placeholder:"LIMIT" help:"Most actions one deal's search may apply (0: no limit)."`
	Time     time.Duration `default:"0s" placeholder:"LIMIT" help:"Longest one deal's search may run, e.g. 2s (0: no limit). Verdicts then depend on the machine."`
	JSON     bool          `help:"Print one JSON document (fields in docs/solver.md)."`
	Record   string        `placeholder:"FILE" help:"Write the winning line of a single won deal as a game record (see cardtable replay)."`
}

func (solveCmd) Help() string {
	return `Decides, seeing every card (both decks, every hand and every later Hearts
shuffle), whether a Regicide deal can be won, and prints a winning line when
one exists. Verdicts: won (with a line), lost (proven by an exhaustive search
that used only sound reductions), unknown (a budget ran out). For several
deals it reports the winnable share with 95% Wilson intervals, counting
unknown deals as lost and as won.

Examples:
  cardtable solve regicide --game-seed 42
  cardtable solve regicide --seed 1 --deals 1000
  cardtable solve regicide -o players=2 --deals 100 --json
  cardtable solve regicide --game-seed 42 --record win.json && cardtable replay win.json`
}

// solveReport is the --json output of solve.
type solveReport struct {
	Game    string                      `json:"game"`
	Options engine.Options              `json:"options"`
	Seed    *uint64                     `json:"seed,omitempty"`
	Nodes   int64                       `json:"node_limit"`
	Time    float64                     `json:"time_limit_s"`
	Workers int                         `json:"workers"`
	Elapsed float64                     `json:"elapsed_s"`
	Summary regicidesolver.Summary      `json:"summary"`
	Results []regicidesolver.DealResult `json:"results"`
}

// Run checks the flags, solves the deals and prints the verdicts.
func (c *solveCmd) Run(a *app) error {
	opts, err := c.check(a)
	if err != nil {
		return err
	}
	lim := regicidesolver.Limits{Nodes: c.Nodes, Time: c.Time}
	start := time.Now()
	var results []regicidesolver.DealResult
	if c.GameSeed != nil {
		results, err = c.solveOne(a, opts, lim)
	} else {
		bar := newProgress(a, c.Deals > 1, fmt.Sprintf("regicide ×%d", c.Deals), int64(c.Deals))
		results, err = regicidesolver.RunBatch(a.ctx, regicidesolver.Batch{
			Options: opts, Seed: c.Seed, Deals: c.Deals, Workers: c.Workers, Limits: lim,
			Done: func(regicidesolver.DealResult) { bar.add(1) },
		})
		bar.finish(err == nil)
	}
	if err != nil {
		return err
	}
	if c.Record != "" {
		if err := c.writeRecord(a, opts, results[0]); err != nil {
			return err
		}
	}
	rep := solveReport{
		Game: "regicide", Options: opts, Nodes: c.Nodes, Time: c.Time.Seconds(), Workers: c.Workers,
		Elapsed: time.Since(start).Seconds(), Summary: regicidesolver.Summarize(results), Results: results,
	}
	if c.GameSeed == nil {
		rep.Seed = &c.Seed
	}
	if c.JSON {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	c.print(a.stdout, rep)
	return nil
}

func (c *solveCmd) check(a *app) (engine.Options, error) {
	g, err := a.lookup(c.Game)
	if err != nil {
		return engine.Options{}, err
	}
	if g.Name() != "regicide" {
		return engine.Options{}, servecmd.UsageSay(engine.Say("cli.usage.solve-game", engine.TextArg("game", g.Name())), "cannot solve %s: only regicide can be solved", g.Name())
	}
	opts, err := resolveOptions(g, c.Option)
	if err != nil {
		return engine.Options{}, err
	}
	switch {
	case c.Deals < 1:
		return opts, servecmd.UsageSay(engine.Say("cli.usage.deals", engine.NumArg("n", c.Deals)), "--deals %d: solve at least 1 deal", c.Deals)
	case c.GameSeed != nil && c.Deals != 1:
		return opts, servecmd.UsageSay(engine.Say("cli.usage.game-seed"), "--game-seed solves one deal: drop --deals, or use --seed with --deals")
	case c.Nodes < 0 || c.Time < 0:
		return opts, servecmd.UsageSay(engine.Say("cli.usage.limits"), "--nodes and --time are limits: give 0 (none) or a positive value")
	case c.Workers < 0:
		return opts, servecmd.UsageSay(engine.Say("cli.usage.workers-zero-or-more", engine.NumArg("n", c.Workers)), "--workers %d: give 0 (one per CPU) or more", c.Workers)
	case c.Record != "" && c.Deals != 1:
		return opts, servecmd.UsageSay(engine.Say("cli.usage.solve-record"), "--record writes one deal's line: use it with --game-seed or --deals 1")
	}
	if _, err := regicidesolver.NewDeal(opts, 0); err != nil {
		return opts, err
	}
	return opts, nil
}

func (c *solveCmd) solveOne(a *app, opts engine.Options, lim regicidesolver.Limits) ([]regicidesolver.DealResult, error) {
	s, err := regicidesolver.NewDeal(opts, *c.GameSeed)
	if err != nil {
		return nil, err
	}
	solver, err := regicidesolver.New(regicidesolver.DefaultTableBits)
	if err != nil {
		return nil, err
	}
	res, err := solver.Solve(a.ctx, s, lim)
	if err != nil {
		return nil, err
	}
	if err := a.ctx.Err(); err != nil {
		return nil, err
	}
	return []regicidesolver.DealResult{{Seed: *c.GameSeed, Result: res}}, nil
}

// writeRecord saves a won deal's line as a record that replays to the win.
func (c *solveCmd) writeRecord(a *app, opts engine.Options, d regicidesolver.DealResult) error {
	if d.Verdict != regicidesolver.Won {
		fmt.Fprintf(a.stderr, "cardtable: no record written: the deal's verdict is %s, so there is no winning line\n", d.Verdict)
		return nil
	}
	setup := engine.Setup{Seed: d.Seed}
	s, err := regicidesolver.NewDeal(opts, d.Seed)
	if err != nil {
		return err
	}
	seats := make([]record.Seat, s.NumSeats())
	for i := range seats {
		seats[i] = record.Seat{Name: "solver", Bot: "regicidesolver"}
	}
	rec := record.FromGame(s.Game(), opts, setup, seats)
	for _, st := range d.Line {
		rec.Actions = append(rec.Actions, record.Action{Seat: st.Seat, Action: st.Action})
		if err := engine.ApplyText(s, st.Seat, st.Action); err != nil {
			return fmt.Errorf("the solver's line does not replay: %w", err)
		}
	}
	rec.Finish(s)
	f, err := os.Create(c.Record)
	if err != nil {
		return fmt.Errorf("cannot write the record: %w", err)
	}
	if err := rec.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the record: %w", err)
	}
	return f.Close()
}

func (c *solveCmd) print(w io.Writer, rep solveReport) {
	lim := "no node limit"
	if c.Nodes > 0 {
		lim = fmt.Sprintf("node limit %d", c.Nodes)
	}
	if c.Time > 0 {
		lim += fmt.Sprintf(", time limit %v", c.Time)
	}
	fmt.Fprintf(w, "options: %s\n%s per deal\n", rep.Options, lim)
	if len(rep.Results) == 1 {
		printDeal(w, c, rep.Results[0])
		return
	}
	sum := rep.Summary
	fmt.Fprintf(w, "Regicide: %d deals, seed %d (deal i uses the seed of game i of cardtable sim)\n", sum.Deals, c.Seed)
	fmt.Fprintf(w, "won %d, lost %d, unknown %d\n", sum.Won, sum.Lost, sum.Unknown)
	if sum.Unknown == 0 {
		fmt.Fprintf(w, "winnable share %.4f (95%% CI %.4f-%.4f)\n", sum.WinShareLow, sum.CI95Low[0], sum.CI95Low[1])
	} else {
		fmt.Fprintf(w, "winnable share, unknown as lost: %.4f (95%% CI %.4f-%.4f)\n", sum.WinShareLow, sum.CI95Low[0], sum.CI95Low[1])
		fmt.Fprintf(w, "winnable share, unknown as won:  %.4f (95%% CI %.4f-%.4f)\n", sum.WinShareHigh, sum.CI95High[0], sum.CI95High[1])
		fmt.Fprintf(w, "bound: the winnable share lies in %.4f-%.4f (95%%)\n", sum.CI95Bound[0], sum.CI95Bound[1])
	}
	fmt.Fprintf(w, "nodes per deal: mean %.0f, p90 %.0f, max %.0f\n", sum.Nodes.Mean, sum.Nodes.P90, sum.Nodes.Max)
	fmt.Fprintf(w, "seconds per deal: mean %.3f, p90 %.3f, max %.3f\n", sum.Seconds.Mean, sum.Seconds.P90, sum.Seconds.Max)
	fmt.Fprintf(w, "total %.1f s\n", rep.Elapsed)
}

func printDeal(w io.Writer, c *solveCmd, d regicidesolver.DealResult) {
	if c.GameSeed != nil {
		fmt.Fprintf(w, "Regicide deal with game seed %d\n", d.Seed)
	} else {
		fmt.Fprintf(w, "Regicide deal %d of seed %d (game seed %d)\n", d.Deal, c.Seed, d.Seed)
	}
	fmt.Fprintf(w, "verdict: %s after %d nodes in %.3f s (deepest: %d enemies defeated)", d.Verdict, d.Nodes, d.Elapsed.Seconds(), d.Deepest)
	if d.Why != "" {
		fmt.Fprintf(w, "; stopped by the %s", d.Why)
	}
	fmt.Fprintln(w)
	if len(d.Line) > 0 {
		fmt.Fprintf(w, "winning line (%d actions):\n", len(d.Line))
		for _, st := range d.Line {
			fmt.Fprintf(w, "seat %d: %s\n", st.Seat, st.Action)
		}
	}
}
