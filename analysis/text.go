package analysis

import (
	"fmt"
	"io"
	"strings"

	"cardtable/record"
)

// The sentences this file adds for people, in one place (for the
// translations to come).
const (
	textNoWin         = "no win found in %s playouts"
	textKeeps         = "kept winnable: %s"
	textHindsightOnly = "you could not have known: the expert rated it as well as its own move from what the seat could see; only the hidden cards made it lose"
	textAccuracy      = "; accuracy %.1f"
)

// WriteText writes d for people: the result, the solver's verdict and the
// losing move with its winning line, the graph as a sparkline, every
// analysed decision with its estimate and mark, and each seat's summary.
func (d *Document) WriteText(w io.Writer) {
	p := &printer{w: w, d: d}
	p.head()
	if d.Hindsight != nil {
		p.hindsight()
	}
	if len(d.Graph.Points) > 0 {
		p.graph()
	}
	p.decisions()
	p.summary()
}

type printer struct {
	w io.Writer
	d *Document
}

func (p *printer) f(format string, args ...any) { fmt.Fprintf(p.w, format, args...) }

// seat names a seat as people read it: its name, or seat N from 1.
func (p *printer) seat(i int) string { return SeatName(p.d.Seats, i) }

// SeatName is seat i's name in the document's seats, or "seat N" (from 1).
func SeatName(seats []record.Seat, i int) string {
	if i >= 0 && i < len(seats) && seats[i].Name != "" {
		return seats[i].Name
	}
	return fmt.Sprintf("seat %d", i+1)
}

func (p *printer) head() {
	d := p.d
	outcome := d.Result.End
	if d.Result.Detail != "" {
		outcome += ": " + d.Result.Detail
	}
	p.f("Analysis of a game of %s (%d actions), %s\n", d.Game, d.Steps, outcome)
	names := make([]string, len(d.Analysed))
	for i, s := range d.Analysed {
		names[i] = p.seat(s)
	}
	p.f("Depth %s; decisions of %s\n", d.Depth, strings.Join(names, ", "))
	if d.Game != "war" {
		p.f("The expert's chances are estimated from the deciding seat's view only (no hidden card).\n")
	}
}

// hindsight writes the solver's verdict, the losing move and the line.
func (p *printer) hindsight() {
	h := p.d.Hindsight
	p.f("\nWith hindsight (the solver sees every card):\n")
	switch {
	case h.FirstLost < 0 && len(p.d.Result.Winners) > 0 && p.d.Ending == nil:
		p.f("  the game was won: every position was winnable.\n")
		return
	case h.FirstLost < 0 && h.LastWon == p.d.Steps:
		p.f("  the game was still winnable when the table ended it (%s).\n", p.d.Ending.By)
	case h.FirstLost < 0:
		p.f("  the solver could not settle the last position within its budget.\n")
	case h.FirstLost == 0:
		p.f("  the deal could not be won by any line of play.\n")
		return
	case h.LosingStep > 0:
		p.f("  still winnable after step %d; lost after step %d.\n", h.LastWon, h.FirstLost)
		p.f("  The losing move: step %d, %s: %s\n", h.LosingStep, p.seat(h.Losing.Seat), h.Losing.Action)
	case h.LastWon < 0:
		p.f("  the solver could not settle whether the deal was winnable (lost from position %d on).\n", h.FirstLost)
		return
	default:
		p.f("  still winnable after step %d; proven lost from step %d on. The positions between\n", h.LastWon, h.FirstLost)
		p.f("  stay unknown within the solver's budget, so the losing move is one of steps %d to %d.\n", h.LastWon+1, h.FirstLost)
	}
	if len(h.Line) > 0 {
		p.f("  A winning line from the position after step %d (%d actions):\n", h.LastWon, len(h.Line))
		for i, st := range h.Line {
			p.f("    %3d. %s: %s\n", h.LastWon+i+1, p.seat(st.Seat), st.Action)
		}
	}
}

// graph writes the sparkline of each analysed seat with its marks below.
func (p *printer) graph() {
	d := p.d
	what := "chance to win after each decision (the expert's estimate)"
	if d.Graph.Measure == "reaction" {
		what = "reaction time of each slap, as a share of the window (▁ fast, █ slow, a miss or a false slap)"
	}
	p.f("\nGraph: %s\n", what)
	for _, seat := range d.Analysed {
		line, marks := Sparkline(d.Graph, seat, 72)
		if line == "" {
			continue
		}
		p.f("  %-10s %s\n", p.seat(seat), line)
		if strings.TrimSpace(marks) != "" {
			p.f("  %-10s %s\n", "", marks)
		}
	}
	p.f("  marks: %s\n", MarkLegend)
}

// decisions writes one line per analysed decision.
func (p *printer) decisions() {
	d := p.d
	if len(d.Decisions) == 0 {
		p.f("\nNo decisions to analyse.\n")
		return
	}
	p.f("\nDecisions:\n")
	for i := range d.Decisions {
		dec := &d.Decisions[i]
		p.f("  %3d. %-10s %-22s %s\n", dec.Step, p.seat(dec.Seat), dec.Action, strings.TrimSpace(describe(dec)))
	}
}

// describe says what the analysis found about one decision.
func describe(dec *Decision) string {
	var parts []string
	switch {
	case dec.Slap != nil:
		parts = append(parts, slapText(dec.Slap))
	case dec.Choices < 2:
		parts = append(parts, "(forced)")
	case dec.Played != nil && dec.Played.NoWin():
		parts = append(parts, percent(*dec.Played))
	case dec.Played != nil:
		parts = append(parts, "chance "+percent(*dec.Played))
	}
	if dec.Played != nil && dec.Best != nil && dec.Loss >= AlternativeMargin {
		parts = append(parts, fmt.Sprintf("expert: %s %s", dec.Best.Action, percent(dec.Best.Estimate)))
	}
	if dec.Before == Won && dec.After == Lost {
		parts = append(parts, "LOSING MOVE (winnable before, lost after)")
		if dec.Keeps != "" {
			parts = append(parts, fmt.Sprintf(textKeeps, dec.Keeps))
		}
		if dec.HindsightOnly {
			parts = append(parts, textHindsightOnly)
		}
	}
	if dec.Mark != "" && dec.Slap == nil {
		parts = append(parts, strings.ToUpper(dec.Mark))
	}
	return strings.Join(parts, "  ")
}

func slapText(s *Slap) string {
	switch {
	case !s.Possible:
		return "FALSE SLAP (no slap card showing)"
	case s.ReactionMS < 0:
		return fmt.Sprintf("MISSED (passed a %d ms window)", s.WindowMS)
	case s.First:
		return fmt.Sprintf("slap after %d ms of %d, first: took the cards", s.ReactionMS, s.WindowMS)
	}
	return fmt.Sprintf("slap after %d ms of %d, beaten", s.ReactionMS, s.WindowMS)
}

// percent writes an estimate as 62% (59-65), or says that its search
// found no win.
func percent(e Estimate) string {
	if e.NoWin() {
		return fmt.Sprintf(textNoWin, thousands(e.Trials))
	}
	return fmt.Sprintf("%.0f%% (%.0f-%.0f)", 100*e.Chance, 100*e.Low, 100*e.High)
}

func (p *printer) summary() {
	d := p.d
	p.f("\nSummary:\n")
	for _, s := range d.Summary {
		if d.Game == "war" {
			mean := "no slaps"
			if s.Slaps > 0 {
				mean = fmt.Sprintf("mean reaction %.0f ms", s.MeanReactionMS)
			}
			p.f("  %s: %d windows, %d slaps (%d first), %d missed, %d false; %s\n",
				p.seat(s.Seat), s.Windows, s.Slaps, s.First, s.Missed, s.False, mean)
			continue
		}
		p.f("  %s: %d decisions, %s, %s, %s", p.seat(s.Seat), s.Decisions,
			plural(s.Inaccuracies, "inaccuracy", "inaccuracies"), plural(s.Mistakes, "mistake", "mistakes"), plural(s.Blunders, "blunder", "blunders"))
		if s.Accuracy != nil {
			p.f(textAccuracy, *s.Accuracy)
		}
		switch {
		case s.LosingStep > 0:
			p.f("; turning point: step %d, the losing move", s.LosingStep)
		case s.TurningPoint > 0:
			p.f("; turning point: step %d", s.TurningPoint)
		}
		p.f("\n")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// thousands writes n with a comma between thousands (1,000).
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
