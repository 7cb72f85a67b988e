package analysis

import (
	"fmt"
	"io"
	"strings"

	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
)

// WriteText writes d for people in English: the result, the solver's
// verdict and the losing move with its winning line, the graph as a
// sparkline, every analysed decision with its estimate and mark, and
// each seat's summary.
func (d *Document) WriteText(w io.Writer) { d.WriteTextIn(w, i18n.English) }

// WriteTextIn is WriteText in words's language (analysis.text.*): the
// actions stay in the game's notation, numbers as they are.
func (d *Document) WriteTextIn(w io.Writer, words *i18n.Printer) {
	p := &printer{w: w, d: d, words: words}
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
	w     io.Writer
	d     *Document
	words *i18n.Printer
}

func (p *printer) f(format string, args ...any) { fmt.Fprintf(p.w, format, args...) }

// t is message id with args in the reader's language.
func (p *printer) t(id string, args ...engine.Arg) string { return p.words.T(id, args...) }

// line writes message id with args on a line of its own after indent.
func (p *printer) line(indent, id string, args ...engine.Arg) {
	p.f("%s%s\n", indent, p.t(id, args...))
}

// seat names a seat as people read it: its name, or seat N from 1 in
// the reader's words (a record names an unnamed seat "seat N").
func (p *printer) seat(i int) string {
	if name := SeatName(p.d.Seats, i); name != fmt.Sprintf("seat %d", i+1) {
		return name
	}
	return p.words.SeatName(i)
}

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
	switch {
	case !d.Result.DetailI18n.IsZero():
		outcome += ": " + p.words.Say(d.Result.DetailI18n)
	case d.Result.Detail != "":
		outcome += ": " + d.Result.Detail
	}
	p.line("", "analysis.text.head", engine.TextArg("game", p.words.Game(d.Game)), engine.NounArg("actions", d.Steps, "noun.actions"), engine.TextArg("outcome", outcome))
	names := make([]string, len(d.Analysed))
	for i, s := range d.Analysed {
		names[i] = p.seat(s)
	}
	p.line("", "analysis.text.depth", engine.MsgArg("depth", engine.Say("analysis.text.depth."+string(d.Depth))), engine.TextArg("seats", p.words.List(names)))
	if d.Game != "war" {
		p.line("", "analysis.text.view-only")
	}
}

// hindsight writes the solver's verdict, the losing move and the line.
func (p *printer) hindsight() {
	h := p.d.Hindsight
	p.f("\n")
	p.line("", "analysis.text.hindsight")
	step := func(name string, n int) engine.Arg { return engine.NumArg(name, n) }
	switch {
	case h.FirstLost < 0 && len(p.d.Result.Winners) > 0 && p.d.Ending == nil:
		p.line("  ", "analysis.text.won")
		return
	case h.FirstLost < 0 && h.LastWon == p.d.Steps:
		p.line("  ", "analysis.text.ended-winnable", engine.TextArg("by", p.d.Ending.By))
	case h.FirstLost < 0:
		p.line("  ", "analysis.text.unsettled")
	case h.FirstLost == 0:
		p.line("  ", "analysis.text.never")
		return
	case h.LosingStep > 0:
		p.line("  ", "analysis.text.lost-after", step("won", h.LastWon), step("lost", h.FirstLost))
		p.line("  ", "analysis.text.losing-move", step("step", h.LosingStep), engine.TextArg("seat", p.seat(h.Losing.Seat)), engine.TextArg("action", h.Losing.Action))
	case h.LastWon < 0:
		p.line("  ", "analysis.text.unknown-winnable", step("lost", h.FirstLost))
		return
	default:
		p.line("  ", "analysis.text.between", step("won", h.LastWon), step("lost", h.FirstLost), step("from", h.LastWon+1))
	}
	if len(h.Line) > 0 {
		p.line("  ", "analysis.text.line", step("step", h.LastWon), engine.NounArg("actions", len(h.Line), "noun.actions"))
		for i, st := range h.Line {
			p.f("    %3d. %s: %s\n", h.LastWon+i+1, p.seat(st.Seat), st.Action)
		}
	}
}

// graph writes the sparkline of each analysed seat with its marks below.
func (p *printer) graph() {
	d := p.d
	what := "analysis.text.graph-chance"
	if d.Graph.Measure == "reaction" {
		what = "analysis.text.graph-reaction"
	}
	p.f("\n")
	p.line("", "analysis.text.graph", engine.MsgArg("what", engine.Say(what)))
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
	p.line("  ", "analysis.text.marks")
}

// decisions writes one line per analysed decision.
func (p *printer) decisions() {
	d := p.d
	p.f("\n")
	if len(d.Decisions) == 0 {
		p.line("", "analysis.text.no-decisions")
		return
	}
	p.line("", "analysis.text.decisions")
	for i := range d.Decisions {
		dec := &d.Decisions[i]
		p.f("  %3d. %-10s %-22s %s\n", dec.Step, p.seat(dec.Seat), dec.Action, strings.TrimSpace(p.describe(dec)))
	}
}

// describe says what the analysis found about one decision.
func (p *printer) describe(dec *Decision) string {
	var parts []string
	switch {
	case dec.Slap != nil:
		parts = append(parts, p.slapText(dec.Slap))
	case dec.Choices < 2:
		parts = append(parts, p.t("analysis.text.forced"))
	case dec.Played != nil && dec.Played.NoWin():
		parts = append(parts, p.percent(*dec.Played))
	case dec.Played != nil:
		parts = append(parts, p.t("analysis.text.chance", engine.TextArg("chance", p.percent(*dec.Played))))
	}
	if dec.Played != nil && dec.Best != nil && dec.Loss >= AlternativeMargin {
		parts = append(parts, p.t("analysis.text.expert", engine.TextArg("action", dec.Best.Action), engine.TextArg("chance", p.percent(dec.Best.Estimate))))
	}
	if dec.Before == Won && dec.After == Lost {
		parts = append(parts, p.t("analysis.text.losing"))
		if dec.Keeps != "" {
			parts = append(parts, p.t("analysis.text.keeps", engine.TextArg("action", dec.Keeps)))
		}
		if dec.HindsightOnly {
			parts = append(parts, p.t("analysis.text.hindsight-only"))
		}
	}
	if dec.Mark != "" && dec.Slap == nil {
		parts = append(parts, strings.ToUpper(p.t("web.analysis.mark."+dec.Mark)))
	}
	return strings.Join(parts, "  ")
}

func (p *printer) slapText(s *Slap) string {
	switch {
	case !s.Possible:
		return p.t("analysis.text.slap-false")
	case s.ReactionMS < 0:
		return p.t("analysis.text.slap-missed", engine.NumArg("window", s.WindowMS))
	case s.First:
		return p.t("analysis.text.slap-first", engine.NumArg("ms", s.ReactionMS), engine.NumArg("window", s.WindowMS))
	}
	return p.t("analysis.text.slap-beaten", engine.NumArg("ms", s.ReactionMS), engine.NumArg("window", s.WindowMS))
}

// percent writes an estimate as 62% (59-65), or says that its search
// found no win.
func (p *printer) percent(e Estimate) string {
	if e.NoWin() {
		return p.t("analysis.text.no-win", engine.TextArg("playouts", thousands(e.Trials)))
	}
	return fmt.Sprintf("%.0f%% (%.0f-%.0f)", 100*e.Chance, 100*e.Low, 100*e.High)
}

func (p *printer) summary() {
	d := p.d
	p.f("\n")
	p.line("", "analysis.text.summary")
	for _, s := range d.Summary {
		if d.Game == "war" {
			mean := p.t("analysis.text.no-slaps")
			if s.Slaps > 0 {
				mean = p.t("analysis.text.mean-reaction", engine.TextArg("ms", fmt.Sprintf("%.0f", s.MeanReactionMS)))
			}
			p.line("  ", "analysis.text.war-summary", engine.TextArg("seat", p.seat(s.Seat)), engine.NounArg("windows", s.Windows, "noun.slap-windows"),
				engine.NounArg("slaps", s.Slaps, "noun.slaps"), engine.NumArg("first", s.First), engine.NumArg("missed", s.Missed), engine.NumArg("false", s.False), engine.TextArg("mean", mean))
			continue
		}
		text := p.t("analysis.text.seat-summary", engine.TextArg("seat", p.seat(s.Seat)), engine.NounArg("decisions", s.Decisions, "noun.decisions"),
			engine.NounArg("inaccuracies", s.Inaccuracies, "noun.inaccuracies"), engine.NounArg("mistakes", s.Mistakes, "noun.mistakes"), engine.NounArg("blunders", s.Blunders, "noun.blunders"))
		if s.Accuracy != nil {
			text += p.t("analysis.text.accuracy", engine.TextArg("accuracy", fmt.Sprintf("%.1f", *s.Accuracy)))
		}
		switch {
		case s.LosingStep > 0:
			text += p.t("analysis.text.turning-losing", engine.NumArg("step", s.LosingStep))
		case s.TurningPoint > 0:
			text += p.t("analysis.text.turning", engine.NumArg("step", s.TurningPoint))
		}
		p.f("  %s\n", text)
	}
}

// thousands writes n with a comma between thousands (1,000).
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
