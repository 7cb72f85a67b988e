package puzzles

import (
	"context"
	"errors"
	"fmt"

	"cardtable/analysis"
	"cardtable/bots"
	"cardtable/bots/regicidesolver"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// Miner finds puzzles in seeded games (docs/puzzles.md, "How puzzles are
// mined"). One Miner serves one goroutine.
type Miner struct {
	opts   engine.Options
	seed   uint64
	bot    bots.Spec
	panel  []bots.Spec
	lim    regicidesolver.Limits
	oracle *analysis.Oracle
}

// errNoPuzzle says why a game gave no puzzle; it is not a failure.
var errNoPuzzle = errors.New("no puzzle")

func newMiner(h *Header, bot bots.Spec, panel []bots.Spec) (*Miner, error) {
	opts, err := h.resolved()
	if err != nil {
		return nil, err
	}
	o, err := analysis.NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		return nil, err
	}
	return &Miner{opts: opts, seed: h.Seed, bot: bot, panel: panel,
		lim: regicidesolver.Limits{Nodes: h.Nodes}, oracle: o}, nil
}

// game plays game i of the run with the bot and returns its puzzle, or
// errNoPuzzle when the game has none.
func (m *Miner) game(ctx context.Context, i int) (*Puzzle, error) {
	seed := cards.SubSeed(m.seed, uint64(i))
	positions, actions, err := m.play(seed)
	if err != nil {
		return nil, err
	}
	last := positions[len(positions)-1]
	if r := last.Result(); len(r.Winners) > 0 {
		return nil, errNoPuzzle
	}
	k, nodes, err := m.losingStep(ctx, positions)
	if err != nil {
		return nil, err
	}
	p := &Puzzle{Game: i, Seed: seed, Actions: actions[:k], BotChoice: actions[k], Nodes: nodes}
	if err := m.judge(ctx, p, positions[k]); err != nil {
		return nil, err
	}
	if p.Answer == p.BotChoice {
		return nil, fmt.Errorf("puzzles: game %d: the bot's losing move %q was found winning", i, p.BotChoice)
	}
	m.rate(p, positions[k])
	return p, nil
}

// play plays a whole solo game from seed with the miner's bot and returns
// every position (positions[k] after k actions) and the actions.
func (m *Miner) play(seed uint64) ([]*regicide.State, []string, error) {
	s, err := regicide.Game{}.New(m.opts, engine.Setup{Seed: seed})
	if err != nil {
		return nil, nil, err
	}
	st := s.(*regicide.State)
	b, err := m.bot.Bot(regicide.Game{}, m.opts, cards.SubSeed(seed, 1))
	if err != nil {
		return nil, nil, err
	}
	positions := []*regicide.State{st.Clone().(*regicide.State)}
	var actions []string
	for !st.Terminal() {
		if len(actions) > 2000 {
			return nil, nil, fmt.Errorf("puzzles: game of seed %d did not end in 2000 actions", seed)
		}
		seat := st.ToMove(nil)[0]
		a := b.Act(st.Clone(), seat)
		actions = append(actions, st.ActionString(a))
		if err := st.Apply(seat, a); err != nil {
			return nil, nil, fmt.Errorf("puzzles: the bot's action %q was refused: %w", actions[len(actions)-1], err)
		}
		positions = append(positions, st.Clone().(*regicide.State))
	}
	return positions, actions, nil
}

// losingStep finds the bot's losing move in a lost game: the k such that
// positions[k] is winnable and positions[k+1] is not. Winnability is only
// ever lost along a game (analysis's hindsight), so walking back from the
// end, the first winnable position is it. The walk goes back from the end
// because bots lose late (a few moves before the end) and proving a late
// position lost is cheap, where a bisection would ask about the middle of
// the game, whose losses the budget rarely settles. A verdict the budget
// could not settle ends the walk without a puzzle.
func (m *Miner) losingStep(ctx context.Context, positions []*regicide.State) (int, int64, error) {
	var nodes int64
	for k := len(positions) - 2; k >= 0; k-- {
		res, err := m.oracle.Winnable(ctx, positions[k], m.lim)
		if err != nil {
			return 0, nodes, err
		}
		nodes += res.Nodes
		switch res.Verdict {
		case regicidesolver.Won:
			return k, nodes, nil
		case regicidesolver.Lost:
		default:
			return 0, nodes, errNoPuzzle
		}
	}
	return 0, nodes, errNoPuzzle
}
