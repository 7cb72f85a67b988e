package tui

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"cardtable/analysis"
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
}

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
		return []string{styleDim.Render(fmt.Sprintf("analysing… %d of %d decisions", p.done.Load(), p.total.Load()))}
	case p.doc == nil:
		return []string{styleDim.Render("a: analyse the game (a few seconds) — chances, mistakes, the losing move")}
	}
	if p.retry != nil {
		return nil
	}
	seat := p.focus(viewer)
	width := max(10, min(w-24, 64))
	line, marks := analysis.Sparkline(p.doc.Graph, seat, width)
	label := "chance"
	if p.doc.Graph.Measure == "reaction" {
		label = "reaction"
	}
	out := []string{}
	if line != "" {
		col := p.column(seat, width, at)
		out = append(out, styleLabel.Render(fmt.Sprintf("%-9s ", label))+highlightColumn(line, col)+styleKeys.Render("  [/] marks · t try again"),
			strings.Repeat(" ", 10)+styleStatusErr.Render(marks)+styleDim.Render(p.accuracy(seat)))
	}
	return append(out, p.stepLine(at))
}

// accuracy is the seat's accuracy for the game, as words ("" for none).
func (p *analysisPane) accuracy(seat int) string {
	for _, s := range p.doc.Summary {
		if s.Seat == seat && s.Accuracy != nil {
			return fmt.Sprintf(analysisWordAccuracy, *s.Accuracy)
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
		text := fmt.Sprintf("step %d: %s", at, decisionText(dec))
		if dec.Mark != "" || dec.Losing {
			return styleStatusErr.Render(text)
		}
		return text
	}
	if h := d.Hindsight; h != nil && at < len(h.Verdicts) {
		return fmt.Sprintf("position %d: %s with hindsight", at, verdictText(h.Verdicts[at]))
	}
	return styleDim.Render(fmt.Sprintf("step %d: not a decision analysed", at))
}

// decisionText is one decision's analysis in a line.
func decisionText(dec analysis.Decision) string {
	var parts []string
	switch {
	case dec.Slap != nil && !dec.Slap.Possible:
		parts = append(parts, "false slap")
	case dec.Slap != nil && dec.Slap.ReactionMS < 0:
		parts = append(parts, fmt.Sprintf("missed a %d ms window", dec.Slap.WindowMS))
	case dec.Slap != nil:
		parts = append(parts, fmt.Sprintf("slap after %d ms", dec.Slap.ReactionMS))
	case dec.Played != nil && dec.Played.NoWin():
		parts = append(parts, pct(*dec.Played))
	case dec.Played != nil:
		parts = append(parts, "chance "+pct(*dec.Played))
	case dec.Choices < 2:
		parts = append(parts, "forced")
	}
	if dec.Losing {
		parts = append(parts, "THE LOSING MOVE")
		if dec.Keeps != "" {
			parts = append(parts, fmt.Sprintf(analysisWordKeeps, prettyAction(dec.Keeps)))
		}
		if dec.HindsightOnly {
			parts = append(parts, analysisWordHindsight)
		}
	}
	if dec.Mark != "" && dec.Slap == nil {
		parts = append(parts, strings.ToUpper(dec.Mark))
	}
	switch {
	case dec.Best != nil && dec.Mark != "" && dec.Slap == nil:
		parts = append(parts, fmt.Sprintf(analysisWordBetter, prettyAction(dec.Best.Action), pct(dec.Best.Estimate)))
	case dec.Best != nil && dec.Loss >= analysis.AlternativeMargin:
		parts = append(parts, fmt.Sprintf("expert: %s %s", prettyAction(dec.Best.Action), pct(dec.Best.Estimate)))
	}
	if dec.Before != "" {
		parts = append(parts, fmt.Sprintf("solver: %s → %s", verdictText(dec.Before), verdictText(dec.After)))
	}
	return strings.Join(parts, " · ")
}

// The review's new sentences, in one place (for the translations to come).
const (
	analysisWordAccuracy  = "  accuracy %.1f"
	analysisWordKeeps     = "kept winnable: %s"
	analysisWordHindsight = "you could not have known: the expert rated it as well as its own move; only the hidden cards made it lose"
	analysisWordBetter    = "better: %s %s"
	analysisWordNoWin     = "no win found in %d playouts"
)

func pct(e analysis.Estimate) string {
	if e.NoWin() {
		return fmt.Sprintf(analysisWordNoWin, e.Trials)
	}
	return fmt.Sprintf("%.0f%% (%.0f–%.0f)", 100*e.Chance, 100*e.Low, 100*e.High)
}

func verdictText(v analysis.Verdict) string {
	if v == analysis.Won {
		return "winnable"
	}
	return string(v)
}
