package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/sim"
)

// maxDistColumns bounds the values a metric may span for the readable
// report to print its distribution (Regicide's enemies span 13).
const maxDistColumns = 13

// writeReport prints a simulation report for people: seats (or the team)
// with shares and intervals, bots, the first player, length statistics,
// end reasons, metrics and their distributions, decision times and
// throughput.
func writeReport(w io.Writer, p *i18n.Printer, g engine.Game, r *sim.Report) {
	path := "cli.sim.state-path"
	if r.FastPath {
		path = "cli.sim.fast-path"
	}
	fmt.Fprintln(w, p.T("cli.sim.head", engine.TextArg("game", gameTitle(p, g)), engine.NounArg("games", int(r.Games), "noun.games"),
		engine.TextArg("seed", fmt.Sprint(r.Seed)), engine.MsgArg("path", engine.Say(path))))
	fmt.Fprintln(w, p.T("cli.sim.options", engine.TextArg("options", r.Options.String())))
	if sh := r.Shard; sh != nil {
		fmt.Fprintln(w, p.T("cli.sim.shard", engine.TextArg("shard", fmt.Sprintf("%d/%d", sh.Index, sh.Of)), engine.NumArg("games", int(r.Games)), engine.NumArg("total", int(sh.GamesTotal))))
	}
	if r.Rotate {
		fmt.Fprintln(w, p.T("cli.sim.rotate", engine.NumArg("n", len(r.Bots)), engine.TextArg("bots", strings.Join(r.Bots, ","))))
	}
	fmt.Fprintln(w)
	writePlayers(w, p, r)
	l := r.Length
	fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.length", engine.MsgArg("unit", engine.Say("cli.unit."+l.Unit)), engine.TextArg("mean", fmt.Sprintf("%.2f", l.Mean)),
		engine.NumArg("median", l.Median), engine.NumArg("p90", l.P90), engine.NumArg("p99", l.P99), engine.NumArg("min", l.Min), engine.NumArg("max", l.Max)))
	writeLengthBars(w, p, r)
	fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.ends"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, name := range r.EndOrder {
		n := r.Ends[name]
		fmt.Fprintf(tw, "  %s\t%d\t%s\n", name, n, pct(float64(n)/float64(r.Games)))
	}
	tw.Flush()
	if len(r.MetricOrder) > 0 {
		fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.per-game"))
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, name := range r.MetricOrder {
			m := r.Metrics[name]
			fmt.Fprintf(tw, "  %s\t%.3f\t± %.3f\n", name, m.Mean, m.SD)
		}
		tw.Flush()
	}
	writeDistributions(w, p, r)
	writeDecisions(w, p, r)
	fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.speed", engine.NounArg("games", int(r.Games), "noun.games"), engine.TextArg("seconds", fmt.Sprintf("%.2f", r.ElapsedS)),
		engine.TextArg("rate", fmt.Sprintf("%.0f", r.GamesPerS)), engine.NounArg("workers", r.Workers, "noun.workers")))
}

// gameTitle is g's name in p's language, its own title for a game the
// catalogues do not know (a test's).
func gameTitle(p *i18n.Printer, g engine.Game) string {
	if _, ok := i18n.Messages(i18n.Default)["game."+g.Name()+".title"]; ok {
		return p.Game(g.Name())
	}
	return g.Title()
}

// writePlayers prints the team line of a co-operative game, or the seats,
// draws and (when bots differ or rotate) each bot's record of a zero-sum
// game, and the first player's record when the game reports it.
func writePlayers(w io.Writer, p *i18n.Printer, r *sim.Report) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if r.Team != nil {
		fmt.Fprintln(tw, p.T("cli.sim.team-header"))
		fmt.Fprintf(tw, "%s\t%s\t%s\n", p.T("noun.seats", engine.CountArg(len(r.Seats))), strings.Join(r.Bots, ","), shareCells(*r.Team))
		tw.Flush()
	} else {
		fmt.Fprintln(tw, p.T("cli.sim.seat-header"))
		for _, s := range r.Seats {
			bot := s.Bot
			if r.Rotate {
				bot = p.T("cli.sim.rotates")
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\n", s.Seat+1, bot, shareCells(sim.Share{Wins: s.Wins, Share: s.Share, CI95: s.CI95}))
		}
		if r.Draws != nil {
			lo, hi := sim.Wilson(*r.Draws, r.Games, sim.Z95)
			fmt.Fprintf(tw, "%s\t\t%s\n", p.T("cli.sim.draws"), shareCells(sim.Share{Wins: *r.Draws, Share: float64(*r.Draws) / float64(r.Games), CI95: [2]float64{lo, hi}}))
		}
		tw.Flush()
		if r.Rotate || len(r.BotsSummary) > 1 {
			fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.per-bot"))
			tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, p.T("cli.sim.bot-header"))
			for _, b := range r.BotsSummary {
				fmt.Fprintf(tw, "%s\t%d\t%s\n", b.Bot, b.Games, shareCells(sim.Share{Wins: b.Wins, Share: b.Share, CI95: b.CI95}))
			}
			tw.Flush()
		}
	}
	if fp := r.FirstPlayer; fp != nil {
		fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.first-player", engine.NumArg("wins", int(fp.Wins)), engine.NounArg("games", int(r.Games), "noun.games"),
			engine.TextArg("share", fmt.Sprintf("%s [%s, %s]", pct(fp.Share), pct(fp.CI95[0]), pct(fp.CI95[1])))))
	}
}

// shareCells are the wins, share and interval columns of a table row.
func shareCells(s sim.Share) string {
	return fmt.Sprintf("%d\t%s\t[%s, %s]", s.Wins, pct(s.Share), pct(s.CI95[0]), pct(s.CI95[1]))
}

// writeDistributions prints, for each metric with a distribution over 2 to
// maxDistColumns values, the games and share of each value.
func writeDistributions(w io.Writer, p *i18n.Printer, r *sim.Report) {
	var names []string
	// Right alignment pads every cell on the left by 2, the indent; the
	// first column is padded here to one width so it reads left-aligned.
	gamesRow, sharesRow := "  "+p.T("cli.sim.games"), "  "+p.T("cli.sim.share")
	width := max(utf8.RuneCountInString(gamesRow), utf8.RuneCountInString(sharesRow))
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
	fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.distributions"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	for _, name := range names {
		d := r.Metrics[name].Dist
		lo, hi := d.Span()
		values := fmt.Sprintf("%-*s\t", width, name)
		games := fmt.Sprintf("%-*s\t", width, gamesRow)
		shares := fmt.Sprintf("%-*s\t", width, sharesRow)
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
func writeDecisions(w io.Writer, p *i18n.Printer, r *sim.Report) {
	var decided int64
	for _, s := range r.Seats {
		decided += s.Decisions
	}
	if decided == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", p.T("cli.sim.time-per-decision"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if r.Rotate {
		fmt.Fprintln(tw, "  "+p.T("cli.sim.decisions-bot-header"))
		for _, b := range r.BotsSummary {
			fmt.Fprintf(tw, "  %s\t%s\n", b.Bot, decisionCells(b.DecisionStats))
		}
	} else {
		fmt.Fprintln(tw, "  "+p.T("cli.sim.decisions-seat-header"))
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
func writeLengthBars(w io.Writer, p *i18n.Printer, r *sim.Report) {
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
		fmt.Fprintf(w, "  %s\n", p.T("cli.sim.longest-cut", engine.NumArg("max", r.Length.Max)))
	}
}
