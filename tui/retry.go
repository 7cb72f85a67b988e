package tui

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"cardtable/analysis"
	"cardtable/engine"
)

// retryPane is "learn from your mistakes": the review goes back to the
// position before a marked decision (or the losing move), shows it from
// the deciding seat's view and lets the person try another action, which
// the expert (and in Regicide the solver, with hindsight) then judges.
type retryPane struct {
	step, seat int
	choices    []string
	cursor     int
	judging    bool
	result     *analysis.Retry
	err        error
}

// retryMsg is a judgement of a tried action.
type retryMsg struct {
	r   *analysis.Retry
	err error
}

// startRetry opens the pane at the decision of step at, or at the next
// marked one after it.
func (m *Model) startRetry() tea.Cmd {
	r := m.review
	p := &r.analysis
	if p.doc == nil {
		return nil
	}
	step := r.at
	if !p.isMark(step) {
		step = p.nextMark(r.at, true, len(r.frames)-1)
	}
	if !p.isMark(step) {
		m.setStatus(m.say("tui.retry.none"), false)
		return nil
	}
	dec := p.decision(step)
	_, choices, err := analysis.RetryChoices(p.rec, step)
	if err != nil {
		m.setStatus(m.refusal(err), true)
		return nil
	}
	r.at = step
	p.retry = &retryPane{step: step, seat: dec.Seat, choices: choices}
	return nil
}

// retryKey handles a key while the pane is open.
func (m *Model) retryKey(k string) tea.Cmd {
	r := m.review
	p := &r.analysis
	rp := p.retry
	switch k {
	case "esc", "q":
		p.retry = nil
	case "up", "k":
		rp.cursor = (rp.cursor + len(rp.choices) - 1) % len(rp.choices)
	case "down", "j":
		rp.cursor = (rp.cursor + 1) % len(rp.choices)
	case "]", "n":
		next := p.nextMark(rp.step, true, len(r.frames)-1)
		if next != rp.step {
			p.retry = nil
			r.at = next
			return m.startRetry()
		}
	case "enter":
		if rp.judging {
			return nil
		}
		rp.judging, rp.result, rp.err = true, nil, nil
		return judge(m.ctx, p, rp.step, rp.choices[rp.cursor])
	}
	return nil
}

// judge judges action at step off the UI goroutine.
func judge(ctx context.Context, p *analysisPane, step int, action string) tea.Cmd {
	rec, doc := p.rec, p.doc
	return func() tea.Msg {
		res, err := analysis.Judge(ctx, rec, doc, step, action)
		return retryMsg{r: res, err: err}
	}
}

// retryDone takes a judgement.
func (m *Model) retryDone(msg retryMsg) tea.Cmd {
	if m.review == nil || m.review.analysis.retry == nil {
		return nil
	}
	rp := m.review.analysis.retry
	rp.judging, rp.result, rp.err = false, msg.r, msg.err
	return nil
}

// rows draws the pane: the question, the choices around the cursor, and
// the judgement of the last try.
func (rp *retryPane) rows(t teller, p *analysisPane, played string, height int) []string {
	out := []string{styleTitle.Render(t.say("tui.retry.title", engine.NumArg("n", rp.step), engine.SeatArg("seat", rp.seat), engine.TextArg("action", prettyAction(played))))}
	n := max(3, min(len(rp.choices), height))
	from := max(0, min(rp.cursor-n/2, len(rp.choices)-n))
	for i := from; i < len(rp.choices) && i < from+n; i++ {
		line := "  " + prettyAction(rp.choices[i])
		if i == rp.cursor {
			line = styleSelected.Render("▶ " + prettyAction(rp.choices[i]))
		}
		if rp.choices[i] == played {
			line += styleDim.Render("  " + t.say("tui.retry.played"))
		}
		out = append(out, line)
	}
	switch {
	case rp.judging:
		out = append(out, styleDim.Render(t.say("tui.retry.judging", engine.TextArg("action", prettyAction(rp.choices[rp.cursor])))))
	case rp.err != nil:
		out = append(out, styleStatusErr.Render(t.refusal(rp.err)))
	case rp.result != nil:
		out = append(out, rp.judgement(p)...)
	}
	return append(out, styleKeys.Render(t.say("tui.retry.keys")))
}

// judgement says what the solver and the expert think of the try.
func (rp *retryPane) judgement(p *analysisPane) []string {
	res := rp.result
	var out []string
	head := prettyAction(res.Action) + ": "
	switch res.Verdict {
	case analysis.Won:
		first := ""
		if len(res.Line) > 0 {
			first = prettyAction(res.Line[0].Action)
		}
		out = append(out, styleWin.Render(head+p.say("tui.retry.won", engine.TextArg("action", first))))
	case analysis.Lost:
		out = append(out, styleStatusErr.Render(head+p.say("tui.retry.lost")))
	case analysis.Unknown:
		out = append(out, head+p.say("tui.retry.unknown"))
	}
	if res.Estimate != nil && res.Best != nil {
		verdict := p.say("tui.retry.better")
		switch {
		case res.Mark != "":
			mark := res.Mark
			if id, ok := markIDs[res.Mark]; ok {
				mark = strings.ToLower(p.say(id))
			}
			verdict = p.say("tui.retry.worse", engine.TextArg("points", fmt.Sprintf("%.0f", 100*res.Loss)), engine.TextArg("mark", mark))
		case res.Loss >= analysis.AlternativeMargin:
			verdict = p.say("tui.retry.close")
		}
		out = append(out, p.say("tui.retry.expert", engine.TextArg("chance", p.pct(*res.Estimate)), engine.TextArg("action", prettyAction(res.Best.Action)),
			engine.TextArg("best", p.pct(res.Best.Estimate)), engine.TextArg("verdict", verdict)))
	}
	return out
}

// isMark reports whether step is a marked decision or the losing move.
func (p *analysisPane) isMark(step int) bool {
	d := p.decision(step)
	return d != nil && d.Best != nil && (d.Mark != "" || d.Losing)
}

// decision is the analysed decision at step, or nil.
func (p *analysisPane) decision(step int) *analysis.Decision {
	for i := range p.doc.Decisions {
		if p.doc.Decisions[i].Step == step {
			return &p.doc.Decisions[i]
		}
	}
	return nil
}

// retryView draws the review while the pane is open: the position before
// the decision from the deciding seat's view, then the pane.
func (r *reviewer) retryView(w, h int) string {
	rp := r.analysis.retry
	f := r.frames[rp.step-1]
	head := styleTitle.Render(r.say("tui.review.title", engine.TextArg("game", r.words.Game(r.game.Name())))) + styleDim.Render(" · ") +
		r.say("tui.review.before-action", engine.NumArg("n", rp.step)) + styleDim.Render(" · ") + r.say("tui.review.view-of", engine.TextArg("who", r.labels[rp.seat]))
	sc := scene{view: f.views[rp.seat+1], viewer: rp.seat, labels: r.labels, options: r.options, game: r.game, lastActor: -1, width: w, words: r.words}
	board := wrapBoard(r.ui.board(sc), w)
	played := r.analysis.decision(rp.step).Action
	lines := rp.rows(r.teller(), &r.analysis, played, max(h/3, 3))
	body := clip(board, h-len(lines)-3)
	return head + "\n" + body + "\n" + styleLabel.Render(strings.Repeat("─", min(w, 60))) + "\n" + strings.Join(lines, "\n")
}
