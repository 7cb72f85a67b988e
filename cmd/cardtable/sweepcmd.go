package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"text/tabwriter"

	"cardtable/bots"
	"cardtable/cmd/internal/servecmd"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/sim"
	"cardtable/sim/plot"
)

// runSweep checks the whole sweep, runs every setting on the same seeds
// and prints one table (or the JSON document), with the table as CSV and
// a plot when asked.
func (c *simCmd) runSweep(a *app) error {
	p, err := a.words(c.Lang)
	if err != nil {
		return err
	}
	plan, err := c.sweepPlan(a)
	if err != nil {
		return err
	}
	g := plan.Sweep.Base.Game
	y := c.Y
	if y == "" {
		y = "share"
	}
	if c.Plot != "" {
		if err := plot.CheckPath(c.Plot); err != nil {
			return servecmd.UsageError{Err: err}
		}
		if figures := sim.SweepFigures(g, plan.Configs); !slices.Contains(figures, y) {
			return servecmd.UsageSay(engine.Say("cli.usage.sweep-no-such-figure", engine.TextArg("y", strconv.Quote(y)), engine.TextArg("game", g.Name()), engine.TextArg("figures", strings.Join(figures, ", "))), "--y %q: the sweep of %s has no such figure; give %s", y, g.Name(), strings.Join(figures, ", "))
		}
	} else if c.Y != "" {
		return servecmd.UsageSay(engine.Say("cli.usage.y-without-plot", engine.TextArg("value", c.Y)), "--y %s: say where to draw it with --plot FILE", c.Y)
	}
	var csv *os.File
	if c.CSV != "" {
		if csv, err = os.Create(c.CSV); err != nil {
			return fmt.Errorf("cannot write CSV: %w", err)
		}
		defer csv.Close()
	}
	var setting atomic.Int64
	rows := int64(len(plan.Configs))
	bar := newNamedProgress(a, !c.Quiet, func() string {
		return fmt.Sprintf("%s sweep, setting %d/%d", g.Name(), min(setting.Load()+1, rows), rows)
	}, plan.Games())
	for i := range plan.Configs {
		plan.Configs[i].Progress = bar.add
	}
	rep, err := plan.Run(a.ctx, func(row int) { setting.Store(int64(row)) })
	bar.finish(err == nil)
	if err != nil {
		return err
	}
	if csv != nil {
		if err := rep.WriteCSV(csv); err != nil {
			return fmt.Errorf("cannot write CSV: %w", err)
		}
		if err := csv.Close(); err != nil {
			return fmt.Errorf("cannot write CSV: %w", err)
		}
	}
	if c.Plot != "" {
		if err := plot.Sweep(rep, y, g.Title(), c.Plot); err != nil {
			return err
		}
	}
	if c.JSON {
		return writeJSON(a.stdout, rep)
	}
	writeSweep(a.stdout, p, g, rep)
	return nil
}

// sweepPlan checks the command line of a sweep and every setting in it;
// every problem found is a usage error.
func (c *simCmd) sweepPlan(a *app) (*sim.SweepPlan, error) {
	g, err := a.lookup(c.Game)
	if err != nil {
		return nil, err
	}
	switch {
	case c.Games < 1:
		return nil, servecmd.UsageSay(engine.Say("cli.usage.games-per-setting", engine.NumArg("n", int(c.Games))), "-n %d: give the number of games per setting, at least 1", c.Games)
	case c.Workers < 0:
		return nil, workersOrZero(c.Workers)
	case c.RecordDir != "":
		return nil, servecmd.UsageSay(engine.Say("cli.usage.sweep-record-dir"), "--record-dir: a sweep does not save records; run one setting with sim -o KEY=VALUE --record-dir")
	case c.PlotMetric != "":
		return nil, servecmd.UsageSay(engine.Say("cli.usage.sweep-plot-metric", engine.TextArg("metric", c.PlotMetric)), "--plot-metric %s: a sweep plots a figure against the setting; pick it with --y", c.PlotMetric)
	}
	given, err := engine.ParseOptionArgs(c.Option)
	if err != nil {
		return nil, err
	}
	sw := sim.Sweep{Given: given}
	for _, text := range c.Sweep {
		axis, err := sim.ParseAxis(text)
		if err != nil {
			return nil, servecmd.UsageError{Err: err}
		}
		sw.Axes = append(sw.Axes, axis)
	}
	if sw.Bots, err = bots.ParseSpecs(c.Bot); err != nil {
		return nil, servecmd.UsageError{Err: err}
	}
	if sw.BotParams, err = parseBotOpts(c.BotOpt); err != nil {
		return nil, err
	}
	shard, err := parseShard(c.Shard)
	if err != nil {
		return nil, err
	}
	sw.Base = sim.Config{Game: g, Games: c.Games, Seed: c.Seed, Workers: c.Workers, NoFastPath: c.NoFastPath, Rotate: c.Rotate, Shard: shard}
	plan, err := sw.Plan()
	if err != nil {
		return nil, servecmd.UsageError{Err: err}
	}
	return plan, nil
}

// writeJSON prints v as one indented JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// maxEndColumns bounds the end reasons a sweep table shows; the rest are
// added up in one "other ends" column (the CSV and JSON have them all).
const maxEndColumns = 6

// writeSweep prints a sweep as one table: a row per setting with the win
// shares (per seat, or the team's) and their intervals, draws, length,
// the share of each end reason and each metric's mean. Ends and metrics
// that are zero in every row are left out.
func writeSweep(w io.Writer, p *i18n.Printer, g engine.Game, r *sim.SweepReport) {
	fmt.Fprintln(w, p.T("cli.sweep.head", engine.TextArg("game", gameTitle(p, g)), engine.NumArg("settings", len(r.Rows)), engine.NounArg("games", int(r.Games), "noun.games"), engine.TextArg("seed", fmt.Sprint(r.Seed))))
	first := r.Rows[0]
	if len(r.Fixed) > 0 {
		var fixed []string
		for k, v := range r.Fixed {
			fixed = append(fixed, k+"="+v)
		}
		slices.Sort(fixed)
		fmt.Fprintln(w, p.T("cli.sweep.fixed", engine.TextArg("options", strings.Join(fixed, ","))))
	}
	if sh := first.Shard; sh != nil {
		fmt.Fprintln(w, p.T("cli.sweep.shard", engine.TextArg("shard", fmt.Sprintf("%d/%d", sh.Index, sh.Of)), engine.NumArg("games", int(first.Games)), engine.NumArg("total", int(sh.GamesTotal))))
	}
	bots := "cli.sweep.bots"
	if first.Rotate {
		bots = "cli.sweep.bots-rotating"
	}
	fmt.Fprintf(w, "%s\n\n", p.T(bots, engine.TextArg("bots", strings.Join(first.Bots, ","))))
	cols := sweepTableColumns(p, r)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	var head []string
	for _, col := range cols {
		head = append(head, col.name)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, row := range r.Rows {
		var cells []string
		for _, col := range cols {
			cells = append(cells, col.cell(row))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%s\n", p.T("cli.sweep.legend", engine.MsgArg("unit", engine.Say("cli.unit."+first.Length.Unit))))
	fmt.Fprintln(w, p.T("cli.arena.time", engine.NounArg("games", int(r.Games)*len(r.Rows), "noun.games"), engine.TextArg("seconds", fmt.Sprintf("%.2f", r.ElapsedS))))
}

type sweepColumn struct {
	name string
	cell func(*sim.SweepRow) string
}

// sweepTableColumns chooses the readable table's columns.
func sweepTableColumns(p *i18n.Printer, r *sim.SweepReport) []sweepColumn {
	var cols []sweepColumn
	for _, a := range r.Sweep {
		cols = append(cols, sweepColumn{a.Key, func(row *sim.SweepRow) string { return row.Setting[a.Key] }})
	}
	share := func(s *sim.Share) string {
		if s == nil {
			return ""
		}
		return fmt.Sprintf("%s [%s, %s]", pct(s.Share), pct(s.CI95[0]), pct(s.CI95[1]))
	}
	seats, draws := 0, false
	for _, row := range r.Rows {
		seats = max(seats, len(row.Seats))
		draws = draws || (row.Draws != nil && *row.Draws > 0)
	}
	if r.Rows[0].Team != nil {
		cols = append(cols, sweepColumn{p.T("cli.sweep.team-wins"), func(row *sim.SweepRow) string { return share(row.Team) }})
	} else {
		for s := 0; s < seats; s++ {
			cols = append(cols, sweepColumn{p.T("cli.sweep.seat-wins", engine.SeatArg("seat", s)), func(row *sim.SweepRow) string {
				if s >= len(row.Seats) {
					return "-"
				}
				st := row.Seats[s]
				return share(&sim.Share{Wins: st.Wins, Share: st.Share, CI95: st.CI95})
			}})
		}
	}
	if draws {
		cols = append(cols, sweepColumn{p.T("cli.sim.draws"), func(row *sim.SweepRow) string { return pct(float64(*row.Draws) / float64(row.Games)) }})
	}
	if r.Rows[0].FirstPlayer != nil {
		cols = append(cols, sweepColumn{p.T("cli.sweep.first-player"), func(row *sim.SweepRow) string { return share(row.FirstPlayer) }})
	}
	cols = append(cols,
		sweepColumn{p.T("cli.sweep.mean"), func(row *sim.SweepRow) string { return fmt.Sprintf("%.1f", row.Length.Mean) }},
		sweepColumn{p.T("cli.sweep.median"), func(row *sim.SweepRow) string { return fmt.Sprint(row.Length.Median) }},
		sweepColumn{"p99", func(row *sim.SweepRow) string { return fmt.Sprint(row.Length.P99) }},
	)
	cols = append(cols, sweepEndColumns(p, r)...)
	for _, m := range r.Rows[0].MetricOrder {
		if m == sim.FirstPlayerMetric || !slices.ContainsFunc(r.Rows, func(row *sim.SweepRow) bool { return row.Metrics[m].Mean != 0 }) {
			continue
		}
		cols = append(cols, sweepColumn{m, func(row *sim.SweepRow) string { return fmt.Sprintf("%.3f", row.Metrics[m].Mean) }})
	}
	return cols
}

// sweepEndColumns are the end reasons some row has, the most frequent
// first when there are more than maxEndColumns (the rest summed).
func sweepEndColumns(p *i18n.Printer, r *sim.SweepReport) []sweepColumn {
	totals := map[string]int64{}
	var ends []string
	for _, row := range r.Rows {
		for _, e := range row.EndOrder {
			if row.Ends[e] > 0 && totals[e] == 0 {
				ends = append(ends, e)
			}
			totals[e] += row.Ends[e]
		}
	}
	var other []string
	if len(ends) > maxEndColumns {
		byCount := slices.Clone(ends)
		slices.SortStableFunc(byCount, func(a, b string) int { return int(totals[b] - totals[a]) })
		keep := byCount[:maxEndColumns-1]
		other = byCount[maxEndColumns-1:]
		ends = slices.DeleteFunc(ends, func(e string) bool { return !slices.Contains(keep, e) })
	}
	var cols []sweepColumn
	for _, e := range ends {
		cols = append(cols, sweepColumn{e, func(row *sim.SweepRow) string { return pct(float64(row.Ends[e]) / float64(row.Games)) }})
	}
	if len(other) > 0 {
		cols = append(cols, sweepColumn{p.T("cli.sweep.other-ends"), func(row *sim.SweepRow) string {
			var n int64
			for _, e := range other {
				n += row.Ends[e]
			}
			return pct(float64(n) / float64(row.Games))
		}})
	}
	return cols
}
