package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"cardtable/engine"
	"cardtable/sim"
)

// maxDistColumns bounds the values a metric may span for the readable
// report to print its distribution (Regicide's enemies span 13).
const maxDistColumns = 13

// writeReport prints a simulation report for people: seats (or the team)
// with shares and intervals, bots, the first player, length statistics,
// end reasons, metrics and their distributions, decision times and
// throughput.
func writeReport(w io.Writer, g engine.Game, r *sim.Report) {
	path := "state path"
	if r.FastPath {
		path = "fast path"
	}
	fmt.Fprintf(w, "%s: %d games, seed %d (%s)\n", g.Title(), r.Games, r.Seed, path)
	fmt.Fprintf(w, "options: %s\n", r.Options)
	if sh := r.Shard; sh != nil {
		fmt.Fprintf(w, "shard %d/%d: %d of the run's %d games; merge the shards' --json outputs for the whole run\n", sh.Index, sh.Of, r.Games, sh.GamesTotal)
	}
	if r.Rotate {
		fmt.Fprintf(w, "bots rotate: game i seats bot (s+i) mod %d of %s in seat s\n", len(r.Bots), strings.Join(r.Bots, ","))
	}
	fmt.Fprintln(w)
	writePlayers(w, r)
	l := r.Length
	fmt.Fprintf(w, "\nlength (%s): mean %.2f, median %d, p90 %d, p99 %d, min %d, max %d\n", l.Unit, l.Mean, l.Median, l.P90, l.P99, l.Min, l.Max)
	writeLengthBars(w, r)
	fmt.Fprintln(w, "\nends:")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
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
	writeDistributions(w, r)
	writeDecisions(w, r)
	workers := "workers"
	if r.Workers == 1 {
		workers = "worker"
	}
	fmt.Fprintf(w, "\n%d games in %.2f s: %.0f games/s on %d %s\n", r.Games, r.ElapsedS, r.GamesPerS, r.Workers, workers)
}

// writePlayers prints the team line of a co-operative game, or the seats,
// draws and (when bots differ or rotate) each bot's record of a zero-sum
// game, and the first player's record when the game reports it.
func writePlayers(w io.Writer, r *sim.Report) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if r.Team != nil {
		fmt.Fprintln(tw, "team\tbots\twins\tshare\t95% CI")
		seats := "seats"
		if len(r.Seats) == 1 {
			seats = "seat"
		}
		fmt.Fprintf(tw, "%d %s\t%s\t%s\n", len(r.Seats), seats, strings.Join(r.Bots, ","), shareCells(*r.Team))
		tw.Flush()
	} else {
		fmt.Fprintln(tw, "seat\tbot\twins\tshare\t95% CI")
		for _, s := range r.Seats {
			bot := s.Bot
			if r.Rotate {
				bot = "(rotates)"
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\n", s.Seat+1, bot, shareCells(sim.Share{Wins: s.Wins, Share: s.Share, CI95: s.CI95}))
		}
		if r.Draws != nil {
			lo, hi := sim.Wilson(*r.Draws, r.Games, sim.Z95)
			fmt.Fprintf(tw, "draws\t\t%s\n", shareCells(sim.Share{Wins: *r.Draws, Share: float64(*r.Draws) / float64(r.Games), CI95: [2]float64{lo, hi}}))
		}
		tw.Flush()
		if r.Rotate || len(r.BotsSummary) > 1 {
			fmt.Fprintln(w, "\nper bot, over every seat it played (seat-games):")
			tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "bot\tgames\twins\tshare\t95% CI")
			for _, b := range r.BotsSummary {
				fmt.Fprintf(tw, "%s\t%d\t%s\n", b.Bot, b.Games, shareCells(sim.Share{Wins: b.Wins, Share: b.Share, CI95: b.CI95}))
			}
			tw.Flush()
		}
	}
	if fp := r.FirstPlayer; fp != nil {
		fmt.Fprintf(w, "\nfirst player won %d of %d games: %s [%s, %s]\n", fp.Wins, r.Games, pct(fp.Share), pct(fp.CI95[0]), pct(fp.CI95[1]))
	}
}

// shareCells are the wins, share and interval columns of a table row.
func shareCells(s sim.Share) string {
	return fmt.Sprintf("%d\t%s\t[%s, %s]", s.Wins, pct(s.Share), pct(s.CI95[0]), pct(s.CI95[1]))
}

// writeDistributions prints, for each metric with a distribution over 2 to
// maxDistColumns values, the games and share of each value.
func writeDistributions(w io.Writer, r *sim.Report) {
	var names []string
	// Right alignment pads every cell on the left by 2, the indent; the
	// first column is padded here to one width so it reads left-aligned.
	width := len("  games")
	for _, name := range r.MetricOrder {
		d := r.Metrics[name].Dist
		if lo, hi := d.Span(); d != nil && hi > lo && hi-lo < maxDistColumns {
			names = append(names, name)
			width = max(width, len(name))
		}
	}
	if len(names) == 0 {
		return
	}
	fmt.Fprintln(w, "\ndistributions (games per value):")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	for _, name := range names {
		d := r.Metrics[name].Dist
		lo, hi := d.Span()
		values := fmt.Sprintf("%-*s\t", width, name)
		games := fmt.Sprintf("%-*s\t", width, "  games")
		shares := fmt.Sprintf("%-*s\t", width, "  share")
		for v := lo; v <= hi; v++ {
			values += fmt.Sprintf("%d\t", v)
			games += fmt.Sprintf("%d\t", d[v])
			shares += fmt.Sprintf("%.1f%%\t", 100*float64(d[v])/float64(r.Games))
		}
		fmt.Fprintln(tw, values)
		fmt.Fprintln(tw, games)
		fmt.Fprintln(tw, shares)
	}
	tw.Flush()
}

// writeDecisions prints the bots' time per decision, per seat, or per bot
// when the bots rotate. Nothing is printed on the fast path.
func writeDecisions(w io.Writer, r *sim.Report) {
	var decided int64
	for _, s := range r.Seats {
		decided += s.Decisions
	}
	if decided == 0 {
		return
	}
	fmt.Fprintln(w, "\ntime per decision:")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if r.Rotate {
		fmt.Fprintln(tw, "  bot\tdecisions\tmean\tp90\tmax")
		for _, b := range r.BotsSummary {
			fmt.Fprintf(tw, "  %s\t%s\n", b.Bot, decisionCells(b.DecisionStats))
		}
	} else {
		fmt.Fprintln(tw, "  seat\tbot\tdecisions\tmean\tp90\tmax")
		for _, s := range r.Seats {
			fmt.Fprintf(tw, "  %d\t%s\t%s\n", s.Seat+1, s.Bot, decisionCells(s.DecisionStats))
		}
	}
	tw.Flush()
}

func decisionCells(d sim.DecisionStats) string {
	return fmt.Sprintf("%d\t%s\t%s\t%s", d.Decisions, seconds(d.SPerDecision), seconds(d.SPerDecisionP90), seconds(d.SPerDecisionMax))
}

// seconds writes a time in seconds as a duration with three significant
// digits ("1.23ms", "870ns").
func seconds(s float64) string {
	d := time.Duration(s * 1e9)
	unit := time.Duration(1)
	for d/unit >= 1000 {
		unit *= 10
	}
	return d.Round(unit).String()
}

func pct(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

// lengthBarRows and lengthBarWidth size the report's length histogram: at
// most 10 rows, the fullest bar 40 characters.
const (
	lengthBarRows  = 10
	lengthBarWidth = 40
)

// writeLengthBars draws the game lengths as a histogram of text bars
// (sim.Report.LengthBins, the bins --plot draws, fewer): each row a range
// of lengths, its bar, its share of the games.
func writeLengthBars(w io.Writer, r *sim.Report) {
	bins, cut := r.LengthBins(lengthBarRows)
	if len(bins) < 2 {
		return
	}
	var most int64
	for _, b := range bins {
		most = max(most, b.Games)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, b := range bins {
		span := fmt.Sprint(b.Min)
		if b.Max > b.Min {
			span = fmt.Sprintf("%d–%d", b.Min, b.Max)
		}
		n := int((b.Games*lengthBarWidth + most - 1) / most)
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", span, strings.Repeat("█", n), pct(float64(b.Games)/float64(r.Games)))
	}
	tw.Flush()
	if cut {
		fmt.Fprintf(w, "  (the longest 1%% of games, up to %d, not shown)\n", r.Length.Max)
	}
}
