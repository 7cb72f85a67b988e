package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"cardtable/engine"
	"cardtable/sim"
)

// writeReport prints a simulation report for people: seats with shares and
// intervals, length statistics, end reasons, metrics and throughput.
func writeReport(w io.Writer, g engine.Game, r *sim.Report) {
	path := "state path"
	if r.FastPath {
		path = "fast path"
	}
	fmt.Fprintf(w, "%s: %d games, seed %d (%s)\n", g.Title(), r.Games, r.Seed, path)
	fmt.Fprintf(w, "options: %s\n\n", r.Options)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "seat\tbot\twins\tshare\t95% CI")
	for _, s := range r.Seats {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t[%s, %s]\n", s.Seat, s.Bot, s.Wins, pct(s.Share), pct(s.CI95[0]), pct(s.CI95[1]))
	}
	if r.Draws != nil {
		lo, hi := sim.Wilson(*r.Draws, r.Games, sim.Z95)
		fmt.Fprintf(tw, "draws\t\t%d\t%s\t[%s, %s]\n", *r.Draws, pct(float64(*r.Draws)/float64(r.Games)), pct(lo), pct(hi))
	}
	tw.Flush()
	l := r.Length
	fmt.Fprintf(w, "\nlength (%s): mean %.2f, median %d, p90 %d, p99 %d, min %d, max %d\n", l.Unit, l.Mean, l.Median, l.P90, l.P99, l.Min, l.Max)
	fmt.Fprintln(w, "\nends:")
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, name := range r.EndOrder {
		n := r.Ends[name]
		fmt.Fprintf(tw, "  %s\t%d\t%s\n", name, n, pct(float64(n)/float64(r.Games)))
	}
	tw.Flush()
	if len(r.MetricOrder) > 0 {
		fmt.Fprintln(w, "\nper game (mean ± sd):")
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, name := range r.MetricOrder {
			m := r.Metrics[name]
			fmt.Fprintf(tw, "  %s\t%.3f\t± %.3f\n", name, m.Mean, m.SD)
		}
		tw.Flush()
	}
	workers := "workers"
	if r.Workers == 1 {
		workers = "worker"
	}
	fmt.Fprintf(w, "\n%d games in %.2f s: %.0f games/s on %d %s\n", r.Games, r.ElapsedS, r.GamesPerS, r.Workers, workers)
}

func pct(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }
