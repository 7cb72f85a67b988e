package tui

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"cardtable/analysis"
	"cardtable/engine"
	"cardtable/i18n"
	"cardtable/record"
)

// analysisPane is the review's analysis (package analysis): asked for with
// a, computed off the UI goroutine, then drawn under the log as a
// sparkline of the chance to win with a row of marks, the current step's
// verdicts and estimates; [ and ] jump between marked decisions.
type analysisPane struct {
	rec     *record.Record
	doc     *analysis.Document
	err     error
	running bool
	// retry is "learn from your mistakes", while open (retry.go).
	retry *retryPane
	// done and total count the decisions appraised so far, written by the
	// analysis's goroutine.
	done, total atomic.Int64
	// words speak the reader's language.
	words *i18n.Printer
}

// say writes message id with args in the pane's language.
func (p *analysisPane) say(id string, args ...engine.Arg) string { return p.words.T(id, args...) }

// analysisMsg reports the analysis: finished (doc or err set) or still
// running (a tick that redraws its progress).
type analysisMsg struct {
	doc *analysis.Document
	err error
}

// analysisTick is how often the progress is redrawn while it runs.
const analysisTick = 250 * time.Millisecond

// analysisKey handles the review's analysis keys.
func (m *Model) analysisKey(key string) tea.Cmd {
	r := m.review
	p := &r.analysis
	switch key {
	case "a":
		if p.doc != nil || p.running || p.rec == nil {
			return nil
		}
		p.running, p.err = true, nil
		return tea.Batch(p.run(m.ctx), m.after(analysisTick, analysisMsg{}))
	case "]", "[":
		if p.doc != nil {
			r.at = p.nextMark(r.at, key == "]", len(r.frames)-1)
		}
	case "t":
		return m.startRetry()
	}
	return nil
}

// run analyses the record at the default depth.
func (p *analysisPane) run(ctx context.Context) tea.Cmd {
	rec := p.rec
	return func() tea.Msg {
		doc, err := analysis.Analyze(ctx, rec, analysis.Options{Progress: func(done, total int) {
			p.done.Store(int64(done))
			p.total.Store(int64(total))
		}})
		return analysisMsg{doc: doc, err: err}
	}
}

// analysisDone takes the analysis's report: the document, an error, or a
// tick to redraw the progress while it runs.
func (m *Model) analysisDone(msg analysisMsg) tea.Cmd {
	if m.review == nil {
		return nil
	}
	p := &m.review.analysis
	switch {
	case msg.doc != nil:
		p.doc, p.running = msg.doc, false
	case msg.err != nil:
		p.err, p.running = msg.err, false
	case p.running:
		return m.after(analysisTick, analysisMsg{})
	}
	return nil
}

// nextMark returns the step of the next (or previous) marked decision
// from at, or at when there is none that way.
func (p *analysisPane) nextMark(at int, forward bool, last int) int {
	best := at
	for _, d := range p.doc.Decisions {
		if d.Mark == "" && !d.Losing {
			continue
		}
		switch {
		case forward && d.Step > at && (best == at || d.Step < best):
			best = d.Step
		case !forward && d.Step < at && (best == at || d.Step > best):
			best = d.Step
		}
	}
	return min(best, last)
}

// rows draws the pane for step at of the review, seen by viewer, in w
// columns.
func (p *analysisPane) rows(at, viewer, w int) []string {
	switch {
	case p.rec == nil:
		return nil
	case p.err != nil:
		return []string{styleStatusErr.Render(p.err.Error())}
	case p.running:
		return []string{styleDim.Render(p.say("tui.analysis.running", engine.NumArg("done", int(p.done.Load())), engine.NumArg("total", int(p.total.Load()))))}
	case p.doc == nil:
		return []string{styleDim.Render(p.say("tui.analysis.ask"))}
	}
	if p.retry != nil {
		return nil
	}
	seat := p.focus(viewer)
	width := max(10, min(w-24, 64))
	line, marks := analysis.Sparkline(p.doc.Graph, seat, width)
	label := p.say("tui.analysis.chance")
	if p.doc.Graph.Measure == "reaction" {
		label = p.say("tui.analysis.reaction")
	}
	out := []string{}
	if line != "" {
		col := p.column(seat, width, at)
		out = append(out, styleLabel.Render(padRight(label, 9)+" ")+highlightColumn(line, col)+styleKeys.Render("  "+p.say("tui.analysis.keys")),
			strings.Repeat(" ", 10)+styleStatusErr.Render(marks)+styleDim.Render(p.accuracy(seat)))
	}
	return append(out, p.stepLine(at))
}

// accuracy is the seat's accuracy for the game, as words ("" for none).
func (p *analysisPane) accuracy(seat int) string {
	for _, s := range p.doc.Summary {
		if s.Seat == seat && s.Accuracy != nil {
			return "  " + p.say("tui.analysis.accuracy", engine.TextArg("n", fmt.Sprintf("%.1f", *s.Accuracy)))
		}
	}
	return ""
}

// focus is the seat whose series is drawn: the viewer's when analysed,
// else the first analysed seat.
func (p *analysisPane) focus(viewer int) int {
	for _, s := range p.doc.Analysed {
		if s == viewer {
			return s
		}
	}
	if len(p.doc.Analysed) > 0 {
		return p.doc.Analysed[0]
	}
	return 0
}

// column is the sparkline column of the latest point of seat at or before
// step at (-1: none yet).
func (p *analysisPane) column(seat, width, at int) int {
	var steps []int
	for _, pt := range p.doc.Graph.Points {
		if pt.Seat == seat {
			steps = append(steps, pt.Step)
		}
	}
	i := -1
	for k, s := range steps {
		if s <= at {
			i = k
		}
	}
	if i < 0 {
		return -1
	}
	cols := min(len(steps), width)
	for c := range cols {
		if i < (c+1)*len(steps)/cols {
			return c
		}
	}
	return cols - 1
}

// highlightColumn draws line with column col selected.
func highlightColumn(line string, col int) string {
	r := []rune(line)
	if col < 0 || col >= len(r) {
		return line
	}
	return string(r[:col]) + styleSelected.Render(string(r[col])) + string(r[col+1:])
}

// stepLine says what the analysis found at step at: the decision's
// estimates and marks, or the solver's verdict on the position.
func (p *analysisPane) stepLine(at int) string {
	d := p.doc
	for _, dec := range d.Decisions {
		if dec.Step != at {
			continue
		}
		text := p.say("tui.analysis.step", engine.NumArg("n", at), engine.TextArg("text", p.decisionText(dec)))
		if dec.Mark != "" || dec.Losing {
			return styleStatusErr.Render(text)
		}
		return text
	}
	if h := d.Hindsight; h != nil && at < len(h.Verdicts) {
		return p.say("tui.analysis.position", engine.NumArg("n", at), engine.TextArg("verdict", p.verdictText(h.Verdicts[at])))
	}
	return styleDim.Render(p.say("tui.analysis.not-analysed", engine.NumArg("n", at)))
}

// markIDs name the analysis's marks in the reader's language (shown in
// capitals where the language has them).
var markIDs = map[string]string{
	analysis.MarkInaccuracy: "tui.analysis.mark.inaccuracy", analysis.MarkMistake: "tui.analysis.mark.mistake",
	analysis.MarkBlunder: "tui.analysis.mark.blunder",
}

// decisionText is one decision's analysis in a line.
func (p *analysisPane) decisionText(dec analysis.Decision) string {
	var parts []string
	switch {
	case dec.Slap != nil && !dec.Slap.Possible:
		parts = append(parts, p.say("tui.analysis.false-slap"))
	case dec.Slap != nil && dec.Slap.ReactionMS < 0:
		parts = append(parts, p.say("tui.analysis.missed", engine.NumArg("n", dec.Slap.WindowMS)))
	case dec.Slap != nil:
		parts = append(parts, p.say("tui.analysis.slap-after", engine.NumArg("n", dec.Slap.ReactionMS)))
	case dec.Played != nil && dec.Played.NoWin():
		parts = append(parts, p.pct(*dec.Played))
	case dec.Played != nil:
		parts = append(parts, p.say("tui.analysis.chance-of", engine.TextArg("chance", p.pct(*dec.Played))))
	case dec.Choices < 2:
		parts = append(parts, p.say("tui.analysis.forced"))
	}
	if dec.Losing {
		parts = append(parts, p.say("tui.analysis.losing-move"))
		if dec.Keeps != "" {
			parts = append(parts, p.say("tui.analysis.keeps", engine.TextArg("action", prettyAction(dec.Keeps))))
		}
		if dec.HindsightOnly {
			parts = append(parts, p.say("tui.analysis.hindsight"))
		}
	}
	if dec.Mark != "" && dec.Slap == nil {
		mark := strings.ToUpper(dec.Mark)
		if id, ok := markIDs[dec.Mark]; ok {
			mark = p.say(id)
		}
		parts = append(parts, mark)
	}
	switch {
	case dec.Best != nil && dec.Mark != "" && dec.Slap == nil:
		parts = append(parts, p.say("tui.analysis.better", engine.TextArg("action", prettyAction(dec.Best.Action)), engine.TextArg("chance", p.pct(dec.Best.Estimate))))
	case dec.Best != nil && dec.Loss >= analysis.AlternativeMargin:
		parts = append(parts, p.say("tui.analysis.expert", engine.TextArg("action", prettyAction(dec.Best.Action)), engine.TextArg("chance", p.pct(dec.Best.Estimate))))
	}
	if dec.Before != "" {
		parts = append(parts, p.say("tui.analysis.solver", engine.TextArg("before", p.verdictText(dec.Before)), engine.TextArg("after", p.verdictText(dec.After))))
	}
	return strings.Join(parts, " · ")
}

// pct writes an estimate: the chance and its interval in percent.
func (p *analysisPane) pct(e analysis.Estimate) string {
	if e.NoWin() {
		return p.say("tui.analysis.no-win", engine.CountArg(e.Trials))
	}
	pc := func(x float64) string { return fmt.Sprintf("%.0f", 100*x) }
	return p.say("tui.analysis.percent", engine.TextArg("chance", pc(e.Chance)), engine.TextArg("low", pc(e.Low)), engine.TextArg("high", pc(e.High)))
}

// verdictIDs name the solver's verdicts.
var verdictIDs = map[analysis.Verdict]string{analysis.Won: "tui.analysis.verdict.won", analysis.Lost: "tui.analysis.verdict.lost", analysis.Unknown: "tui.analysis.verdict.unknown"}

func (p *analysisPane) verdictText(v analysis.Verdict) string {
	if id, ok := verdictIDs[v]; ok {
		return p.say(id)
	}
	return string(v)
}

// padRight pads s with spaces to n cells.
func padRight(s string, n int) string {
	if w := ansi.StringWidth(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
