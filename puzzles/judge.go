package puzzles

import (
	"context"
	"slices"

	"cardtable/analysis"
	"cardtable/bots/regicidesolver"
	"cardtable/cards"
	"cardtable/games/regicide"
)

// judge asks the solver about every legal action at s, under the game's
// own generator and then under m.resd others (the shuffles to come are
// not revealed, so the answer must not depend on them). It fills p's
// Answer, Line and Legal when exactly one action keeps the game winnable
// every time and every other verdict is settled (lost); otherwise it
// returns errNoPuzzle.
func (m *Miner) judge(ctx context.Context, p *Puzzle, s *regicide.State) error {
	answer, line, legal, nodes, err := uniqueWinner(ctx, m.oracle, s, m.lim)
	p.Nodes += nodes
	if err != nil {
		return err
	}
	for k := 1; k <= m.resd; k++ {
		alt := *s
		alt.Reseed(reseed(p.Seed, k))
		a, _, _, n, err := uniqueWinner(ctx, m.oracle, &alt, m.lim)
		p.Nodes += n
		if err != nil {
			return err
		}
		if a != answer {
			return errNoPuzzle
		}
	}
	p.Answer, p.Line, p.Legal = answer, line, legal
	p.Defeated = s.View(0).(*regicide.View).Defeated
	p.Tavern = s.View(0).(*regicide.View).Tavern
	return nil
}

// uniqueWinner returns the one action of s that keeps the game winnable
// and its winning line, with the number of legal actions and the nodes
// spent; errNoPuzzle when none, several, or a verdict the budget left
// unknown.
func uniqueWinner(ctx context.Context, o *analysis.Oracle, s *regicide.State, lim regicidesolver.Limits) (answer string, line []string, legal int, nodes int64, err error) {
	before := o.Nodes
	vs, err := o.KeepsWinnable(ctx, s, lim, 2)
	nodes = o.Nodes - before
	if err != nil {
		return "", nil, 0, nodes, err
	}
	if err := ctx.Err(); err != nil {
		return "", nil, 0, nodes, err
	}
	legal = len(s.Legal(s.ToMove(nil)[0], nil))
	if len(vs) != legal {
		return "", nil, legal, nodes, errNoPuzzle // stopped at a second winner
	}
	for _, v := range vs {
		switch v.Result.Verdict {
		case regicidesolver.Won:
			if answer != "" {
				return "", nil, legal, nodes, errNoPuzzle
			}
			answer = v.Action
			line = append([]string{v.Action}, stepsText(v.Result.Line)...)
		case regicidesolver.Lost:
		default:
			return "", nil, legal, nodes, errNoPuzzle
		}
	}
	if answer == "" {
		return "", nil, legal, nodes, errNoPuzzle
	}
	return answer, line, legal, nodes, nil
}

func stepsText(steps []regicidesolver.Step) []string {
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = st.Action
	}
	return out
}

// rate lets every bot of the panel choose at s, from the seat's view as
// in a game, and counts those that miss the answer.
func (m *Miner) rate(p *Puzzle, s *regicide.State) {
	p.MissedBy = []string{}
	for i, spec := range m.panel {
		b, err := spec.Bot(regicide.Game{}, m.opts, cards.SubSeed(p.Seed, uint64(2000+i)))
		if err != nil {
			continue // the panel was checked when the run started
		}
		a := b.Act(s.Clone(), 0)
		if s.ActionString(a) != p.Answer {
			p.MissedBy = append(p.MissedBy, spec.String())
		}
	}
	p.Misses = len(p.MissedBy)
	p.MissedBy = slices.Clip(p.MissedBy)
}
