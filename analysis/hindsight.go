package analysis

import (
	"context"
	"slices"

	"cardtable/bots/regicidesolver"
	"cardtable/engine"
	"cardtable/record"
)

// hindsight asks the solver about the positions of a finished Regicide
// game (positions[k] after k actions of rec) within the budgets of st.
//
// Winnability only ever gets lost along a game: the solver sees every card
// and the state's generator, so each position has one future per line of
// play, and the action played leads from a position to the next; if the
// next is winnable so is this one. So the positions read won up to some
// position and lost after it, and one action — the losing move — turns
// the one into the other. The search for it is a bisection between the
// last position known won and the first known lost (the game's last
// position, when the rules ended the game; a game the table ended has its
// last position probed first), over the positions not yet probed, each
// probe within st.ProbeNodes and all within st.SolverNodes. A won probe
// whose line starts with the action actually played also settles the next
// position (the rest of its line wins from there), so lo moves on along
// the line as far as the game followed it. A probe that runs out of budget
// leaves its position unknown and the bisection goes on around it.
func hindsight(ctx context.Context, o *Oracle, rec *record.Record, positions []engine.State, st Settings) (*Hindsight, error) {
	n := len(positions) - 1
	h := &Hindsight{Verdicts: make([]Verdict, n+1), LastWon: -1, FirstLost: -1, Probes: []Probe{}}
	end := positions[n]
	if won(end) {
		h.LastWon = n
		h.fill()
		return h, nil
	}
	probed := make([]bool, n+1)
	if end.Terminal() {
		h.FirstLost = n
		probed[n] = true
	}
	spent := int64(0)
	for spent < st.SolverNodes {
		p := h.nextProbe(probed)
		if p < 0 {
			break
		}
		probed[p] = true
		lim := regicidesolver.Limits{Nodes: min(st.ProbeNodes, st.SolverNodes-spent)}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		res, err := o.Winnable(ctx, positions[p], lim)
		if err != nil {
			return nil, err
		}
		if res.Why == "cancelled" {
			return nil, cancelled(ctx)
		}
		spent += res.Nodes
		h.Nodes += res.Nodes
		h.Probes = append(h.Probes, Probe{Position: p, Verdict: verdictOf(res.Verdict), Nodes: res.Nodes, Why: res.Why})
		switch res.Verdict {
		case regicidesolver.Won:
			h.LastWon, h.Line = p, res.Line
			h.followLine(rec, probed)
		case regicidesolver.Lost:
			h.FirstLost = p
		}
	}
	h.fill()
	if h.LosingStep > 0 {
		a := rec.Actions[h.LosingStep-1]
		h.Losing = &a
	}
	return h, nil
}

// won reports whether s is a won end of a game.
func won(s engine.State) bool {
	r := s.Result()
	return r.Over && len(r.Winners) > 0
}

// nextProbe returns the position to probe next, or -1 when none is left:
// the last position first when the table ended the game before its rules
// did (it may still have been winnable), then the middle one of those not
// probed yet strictly between LastWon and FirstLost (the end, when no
// position is known lost).
func (h *Hindsight) nextProbe(probed []bool) int {
	last := len(probed) - 1
	if !probed[last] {
		return last
	}
	hi := h.FirstLost
	if hi < 0 {
		hi = last
	}
	var open []int
	for p := h.LastWon + 1; p < hi; p++ {
		if !probed[p] {
			open = append(open, p)
		}
	}
	if len(open) == 0 {
		return -1
	}
	return open[len(open)/2]
}

// followLine moves LastWon on while the winning line's next action is the
// one the record played there: the rest of the line wins from the next
// position too.
func (h *Hindsight) followLine(rec *record.Record, probed []bool) {
	for len(h.Line) > 1 && h.LastWon < len(rec.Actions) {
		a := rec.Actions[h.LastWon]
		if a.Seat != h.Line[0].Seat || a.Action != h.Line[0].Action {
			return
		}
		h.LastWon++
		h.Line = h.Line[1:]
		probed[h.LastWon] = true
	}
}

// fill writes every position's verdict from LastWon and FirstLost, and
// names the losing step when the two are neighbours.
func (h *Hindsight) fill() {
	for k := range h.Verdicts {
		switch {
		case k <= h.LastWon:
			h.Verdicts[k] = Won
		case h.FirstLost >= 0 && k >= h.FirstLost:
			h.Verdicts[k] = Lost
		default:
			h.Verdicts[k] = Unknown
		}
	}
	if h.LastWon >= 0 && h.FirstLost == h.LastWon+1 {
		h.LosingStep = h.FirstLost
	}
	h.Line = slices.Clip(h.Line)
}
