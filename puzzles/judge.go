package puzzles

import (
	"context"
	"slices"

	"cardtable/analysis"
	"cardtable/bots/regicidesolver"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// judge asks the solver about every legal action at s and fills p's
// Answer, Line and Legal when exactly one action wins whatever order the
// Hearts shuffles to come put their cards in (uniqueWinner); otherwise it
// returns errNoPuzzle.
func (m *Miner) judge(ctx context.Context, p *Puzzle, s *regicide.State) error {
	answer, line, legal, nodes, err := uniqueWinner(ctx, m.oracle, s, m.lim)
	p.Nodes += nodes
	if err != nil {
		return err
	}
	p.Answer, p.Line, p.Legal = answer, line, legal
	p.Defeated = s.View(0).(*regicide.View).Defeated
	p.Tavern = s.View(0).(*regicide.View).Tavern
	p.Themes = themesOf(s, answer)
	return nil
}

// uniqueWinner returns the one action of s that wins under every order
// the Hearts shuffles to come can take, with a line that wins under all of
// them, the number of legal actions and the nodes spent; errNoPuzzle
// unless exactly one action does and every other is proven lost under
// every order (docs/puzzles.md, "Every order of the shuffles"):
//
//  1. With the shuffles for the player (regicidesolver.ShufflesFor: a
//     line that draws a card a shuffle put back counts as a win), every
//     action but one must be lost: no line wins after it under any order.
//  2. With the shuffles against the player (ShufflesAgainst: such a line
//     counts as a loss), that one action must win: its line never draws
//     such a card, so it plays the same under every order.
func uniqueWinner(ctx context.Context, o *analysis.Oracle, s *regicide.State, lim regicidesolver.Limits) (answer string, line []string, legal int, nodes int64, err error) {
	before := o.Nodes
	defer func() { nodes = o.Nodes - before }()
	tracked := *s
	tracked.TrackHeals()
	lim.Shuffles = regicidesolver.ShufflesFor
	vs, err := o.KeepsWinnable(ctx, &tracked, lim, 2)
	if err != nil {
		return "", nil, 0, 0, err
	}
	if err := ctx.Err(); err != nil {
		return "", nil, 0, 0, err
	}
	seat := s.ToMove(nil)[0]
	legal = len(s.Legal(seat, nil))
	if len(vs) != legal {
		return "", nil, legal, 0, errNoPuzzle // stopped at a second winner
	}
	for _, v := range vs {
		switch v.Result.Verdict {
		case regicidesolver.Won:
			if answer != "" {
				return "", nil, legal, 0, errNoPuzzle
			}
			answer = v.Action
		case regicidesolver.Lost:
		default:
			return "", nil, legal, 0, errNoPuzzle
		}
	}
	if answer == "" {
		return "", nil, legal, 0, errNoPuzzle
	}
	child := tracked
	if err := engine.ApplyText(&child, seat, answer); err != nil {
		return "", nil, legal, 0, err
	}
	lim.Shuffles = regicidesolver.ShufflesAgainst
	res, err := o.Winnable(ctx, &child, lim)
	if err != nil {
		return "", nil, legal, 0, err
	}
	if res.Verdict != regicidesolver.Won {
		return "", nil, legal, 0, errNoPuzzle
	}
	return answer, append([]string{answer}, stepsText(res.Line)...), legal, 0, nil
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
