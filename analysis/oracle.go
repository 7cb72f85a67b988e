package analysis

import (
	"context"
	"fmt"

	"cardtable/bots/regicidesolver"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// Oracle answers full-knowledge questions about Regicide positions with the
// clairvoyant solver (bots/regicidesolver): is this position winnable, and
// which of the legal actions keep it winnable. It sees every card, so its
// answers are hindsight: for a finished game, for a puzzle's maker, never
// for a seat still playing. Every answer is a solver verdict (won, lost or
// unknown when the budget ran out), never a guess. One Oracle serves one
// goroutine; it reuses the solver's table from one call to the next.
type Oracle struct {
	solver *regicidesolver.Solver
	// Nodes counts the actions all its searches applied.
	Nodes int64
}

// NewOracle returns an Oracle whose solver has a transposition table of
// 2^tableBits entries (regicidesolver.DefaultTableBits is a good size).
func NewOracle(tableBits int) (*Oracle, error) {
	s, err := regicidesolver.New(tableBits)
	if err != nil {
		return nil, err
	}
	return &Oracle{solver: s}, nil
}

// Winnable decides whether s, a Regicide state, can still be won by
// players who see everything; a won result carries a line from s that
// replays to a win. s is not changed.
func (o *Oracle) Winnable(ctx context.Context, s engine.State, lim regicidesolver.Limits) (regicidesolver.Result, error) {
	res, err := o.solver.Solve(ctx, s, lim)
	o.Nodes += res.Nodes
	return res, err
}

// ActionVerdict is one legal action and whether the position it leads to
// is winnable.
type ActionVerdict struct {
	Action string                `json:"action"`
	Result regicidesolver.Result `json:"result"`
}

// KeepsWinnable solves the position after each legal action of the seat
// to move in s, in the engine's Legal order, each within lim, and returns
// the verdicts. It stops early once stopAfter actions (0: no limit) are
// found to keep the game winnable: a puzzle miner asking whether exactly
// one action wins passes 2. Actions are written in the game's notation.
func (o *Oracle) KeepsWinnable(ctx context.Context, s engine.State, lim regicidesolver.Limits, stopAfter int) ([]ActionVerdict, error) {
	st, ok := s.(*regicide.State)
	if !ok {
		return nil, fmt.Errorf("analysis: %w: only Regicide positions can be solved, not %s", engine.ErrBadOption, s.Game().Name())
	}
	toMove := st.ToMove(nil)
	if len(toMove) == 0 {
		return nil, nil
	}
	seat := toMove[0]
	var out []ActionVerdict
	won := 0
	for _, a := range st.Legal(seat, nil) {
		child := *st
		if err := child.Apply(seat, a); err != nil {
			return nil, fmt.Errorf("analysis: the legal action %q was refused: %w", st.ActionString(a), err)
		}
		res, err := o.Winnable(ctx, &child, lim)
		if err != nil {
			return nil, err
		}
		out = append(out, ActionVerdict{Action: st.ActionString(a), Result: res})
		if res.Verdict == regicidesolver.Won {
			won++
			if stopAfter > 0 && won >= stopAfter {
				break
			}
		}
	}
	return out, nil
}
