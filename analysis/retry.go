package analysis

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"cardtable/bots/regicidesolver"
	"cardtable/engine"
	"cardtable/record"
)

// Retry is the judgement of another action tried at a decision of an
// analysed game ("learn from your mistakes"): the expert's estimate after
// it, against its own move's, and in Regicide the solver's verdict on the
// position it leads to, with a winning line when there is one.
type Retry struct {
	Step   int    `json:"step"`
	Seat   int    `json:"seat"`
	Action string `json:"action"`
	// Played is the action the game played there.
	Played string `json:"played"`
	// Estimate is the expert's estimate after Action (from the seat's
	// view only, searched as the analysis searched the move played);
	// Best is the expert's move and its estimate from the analysis, Loss
	// Best's chance less Estimate's and Mark what the analysis would have
	// marked.
	Estimate *Estimate    `json:"estimate,omitempty"`
	Best     *Alternative `json:"best,omitempty"`
	Loss     float64      `json:"loss"`
	Mark     string       `json:"mark,omitempty"`
	// Verdict is the solver's on the position after Action (Regicide):
	// won (still winnable), lost or unknown; Line wins from there.
	Verdict Verdict               `json:"verdict,omitempty"`
	Line    []regicidesolver.Step `json:"line,omitempty"`
}

// RetryChoices returns the position before step (its decision) and the
// legal actions of the seat that decided there, in the game's notation.
func RetryChoices(rec *record.Record, step int) (engine.State, []string, error) {
	if step < 1 || step > len(rec.Actions) {
		return nil, nil, badRetry(engine.Say("analysis.step-range", engine.NumArg("step", step), engine.NumArg("last", len(rec.Actions))),
			"step %d: the game has steps 1 to %d", step, len(rec.Actions))
	}
	start, _, err := replayEnds(rec)
	if err != nil {
		return nil, nil, err
	}
	s := start.Clone()
	for i, a := range rec.Actions[:step-1] {
		if err := engine.ApplyText(s, a.Seat, a.Action); err != nil {
			return nil, nil, fmt.Errorf("analysis: actions[%d]: %w", i, err)
		}
	}
	seat := rec.Actions[step-1].Seat
	var out []string
	for _, a := range s.Legal(seat, nil) {
		out = append(out, s.ActionString(a))
	}
	return s, out, nil
}

// Judge judges action, tried by the seat that decided at step of the game
// doc analyses (rec), at doc's depth. The step must be an appraised
// decision of doc; the action must be legal there. Like the analysis it
// reads the whole record (hindsight), so the game must be finished.
func Judge(ctx context.Context, rec *record.Record, doc *Document, step int, action string) (*Retry, error) {
	if err := doc.Of(rec); err != nil {
		return nil, err
	}
	i := slices.IndexFunc(doc.Decisions, func(d Decision) bool { return d.Step == step })
	if i < 0 || doc.Decisions[i].Best == nil {
		return nil, badRetry(engine.Say("analysis.not-appraised", engine.NumArg("step", step)), "step %d is not a decision the analysis appraised", step)
	}
	dec := doc.Decisions[i]
	s, _, err := RetryChoices(rec, step)
	if err != nil {
		return nil, err
	}
	a, err := s.ParseAction(dec.Seat, action)
	if err != nil {
		why, _ := engine.SaidOf(err)
		return nil, badRetry(engine.Say("analysis.unreadable", engine.NumArg("step", step), engine.MsgArg("why", why)), "%q at step %d: %v", action, step, err)
	}
	if !slices.Contains(s.Legal(dec.Seat, nil), a) {
		return nil, badRetry(engine.Say("analysis.not-legal", engine.TextArg("action", strconv.Quote(action)), engine.NumArg("step", step)), "%q is not legal at step %d", action, step)
	}
	x, err := doc.expertFor(s)
	if err != nil {
		return nil, err
	}
	stat, err := x.searchOne(s, dec.Seat, a, expertSeed(step))
	if err != nil {
		return nil, err
	}
	e := x.estimate(s, dec.Seat, *stat)
	best := *dec.Best
	r := &Retry{Step: step, Seat: dec.Seat, Action: s.ActionString(a), Played: dec.Action, Estimate: &e, Best: &best, Loss: best.Chance - e.Chance}
	r.Mark = markOf(&Decision{Played: &e, Best: &best, Loss: r.Loss})
	if rec.Game == "regicide" {
		if err := r.solve(ctx, s, dec.Seat, a, doc.Settings); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// expertFor is the expert of doc's game and depth.
func (doc *Document) expertFor(s engine.State) (*expert, error) {
	switch doc.Game {
	case "regicide":
		return regicideExpert(doc.Settings, calibrationFor("regicide", doc.Depth, s.NumSeats())), nil
	case "watchtower":
		return watchtowerExpert(doc.Settings, calibrationFor("watchtower", doc.Depth, s.NumSeats())), nil
	}
	return nil, badRetry(engine.Say("analysis.no-expert", engine.TextArg("game", doc.Game)), "no expert for %s", doc.Game)
}

// solve asks the solver about the position after a, within one probe's
// budget.
func (r *Retry) solve(ctx context.Context, s engine.State, seat int, a engine.Action, st Settings) error {
	after := s.Clone()
	if err := after.Apply(seat, a); err != nil {
		return err
	}
	o, err := NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		return err
	}
	res, err := o.Winnable(ctx, after, regicidesolver.Limits{Nodes: st.ProbeNodes})
	if err != nil {
		return err
	}
	if res.Why == "cancelled" {
		return cancelled(ctx)
	}
	r.Verdict, r.Line = verdictOf(res.Verdict), res.Line
	return nil
}

// badRetry refuses a retried step or action: msg for people, the English
// format after "analysis: invalid option: " for programs.
func badRetry(msg engine.Msg, format string, args ...any) error {
	return fmt.Errorf("analysis: %w", engine.SayErr(engine.ErrBadOption, msg, format, args...))
}
