// Package ismcts chooses moves for any cardtable game by single-observer
// Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse,
// 2012), using nothing but the engine contract.
//
// The searching seat grows one tree whose nodes are its information sets,
// reached by sequences of actions from the position it must play. Each
// iteration samples a determinization of that position with
// State.Determinize (a full state consistent with what the seat may see), so
// the search never reads hidden cards. The descent may only follow children
// whose action is legal in the current determinization; it picks among them
// by UCB1 with availability counts (the exploration term counts how often a
// child was available, not how often its parent was visited), expands one
// untried legal action, plays the rest of the game out with a rollout policy
// (uniform random unless Config.Rollout is set), and credits each node with
// the return of the seat that chose the action leading to it. The move
// played is the most visited root action (ties: the higher mean return, then
// the first in State.Legal order).
//
// A search stops early when the context of ActContext or SearchContext
// ends (a server's deadline, Ctrl-C): the move is then the most visited so
// far, the first legal action (the search game's policy move, for the bots
// built on this package) when no iteration ran. The context is checked
// between iterations, so a decision overruns it by at most one iteration.
//
// Simultaneous windows (ToMove lists several seats) are searched in
// sequence: at the root the searching seat acts first; everywhere below,
// the lowest seat in ToMove acts, then the next one, and so on. Every
// chosen action is legal in the real game, but the tree lets a later seat of
// a window "see" the earlier seats' choices (the limit below).
//
// The limit of single-observer ISMCTS: a node is keyed by the whole action
// sequence leading to it, so the tree models the other seats as if they saw
// the searching seat's earlier actions even when those were hidden (a card
// chosen face down, a choice in a simultaneous window), which makes the
// search pessimistic there. Multiple-observer ISMCTS removes this with a
// tree per seat; it needs each game to say what a seat observes of an
// action, which the engine contract does not express.
//
// Settings (Config, or --bot-opt key=value through ParseParams):
//
//	iterations     iterations per decision (default 1000)
//	time           wall-clock budget per decision, e.g. 500ms; replaces the
//	               iteration budget unless iterations is also given, in which
//	               case the search stops at whichever comes first
//	c              UCB1 exploration constant (default 0.7); it is measured in
//	               units of the game's returns, so games whose returns span
//	               [-1, 1] rather than [0, 1] want about twice as much
//	workers        independent trees searched in parallel (root
//	               parallelism; default 1); their root visit counts are summed
//	rollout-depth  actions played in a rollout before it is scored by the
//	               evaluation function (default 0: play to the end)
//
// Config.StopEarly (no --bot-opt key; off by default) lets a one-worker
// search with an iteration budget end once its move can no longer change.
//
// With an iteration budget a Bot is deterministic: the same seed, position
// (up to what the seat may see) and settings give the same moves, whatever
// the number of workers, because each worker's tree has its own generator
// derived from the bot's seed and a fixed share of the iterations. A time
// budget is not reproducible: how many iterations fit depends on the machine
// and its load.
package ismcts

import (
	"context"
	"fmt"
	"sync"
	"time"

	"cardtable/cards"
	"cardtable/engine"
)

// Policy chooses the action of seat among legal (never empty) during a
// rollout. It may draw on rng and must not keep state of its own: with
// several workers it is called from several goroutines at once.
type Policy func(s engine.State, seat int, legal []engine.Action, rng *cards.RNG) engine.Action

// Evaluator scores a state where a depth-capped rollout stopped, one return
// per seat, on the scale of State.Returns. It is called from several
// goroutines at once when there are several workers.
type Evaluator func(s engine.State) []float64

// Config holds a Bot's settings. The zero value is not usable; start from
// DefaultConfig.
type Config struct {
	// Iterations per decision; 0 means no iteration limit (Time must then
	// be set).
	Iterations int
	// Time is the wall-clock budget per decision; 0 means none.
	Time time.Duration
	// C is the UCB1 exploration constant.
	C float64
	// Workers is the number of independent trees searched in parallel.
	Workers int
	// RolloutDepth caps the actions of one rollout; 0 plays to the end.
	RolloutDepth int
	// Rollout chooses rollout actions; nil plays uniformly at random. It
	// must return one of the legal actions it is given: the rollout plays
	// it through the game's trusted path (engine.ApplyLegal), which does
	// not check it again.
	Rollout Policy
	// Evaluate scores a rollout stopped by RolloutDepth; nil uses
	// State.Returns (all zero before the end of most games, so a depth
	// cap without an evaluator makes every capped rollout a draw).
	Evaluate Evaluator
	// StopEarly ends a one-worker search with an iteration budget as soon
	// as the most visited root action leads every other by more visits
	// than iterations remain: no remaining iteration could change the
	// move Act plays, so the move is the same as without it (Search's
	// statistics are then those of the shorter search). Off by default.
	StopEarly bool
}

// Defaults of Config.
const (
	DefaultIterations = 1000
	DefaultC          = 0.7
	// MaxWorkers bounds Config.Workers.
	MaxWorkers = 256
)

// DefaultConfig returns the default settings: 1000 iterations, c = 0.7, one
// worker, rollouts to the end.
func DefaultConfig() Config {
	return Config{Iterations: DefaultIterations, C: DefaultC, Workers: 1}
}

// Validate reports, wrapping engine.ErrBadOption, a setting out of range.
func (c Config) Validate() error {
	switch {
	case c.Iterations < 0:
		return fmt.Errorf("ismcts: %w: iterations=%d: want a positive number", engine.ErrBadOption, c.Iterations)
	case c.Time < 0:
		return fmt.Errorf("ismcts: %w: time=%v: want a positive duration", engine.ErrBadOption, c.Time)
	case c.Iterations == 0 && c.Time == 0:
		return fmt.Errorf("ismcts: %w: no budget: set iterations or time", engine.ErrBadOption)
	case !(c.C >= 0):
		return fmt.Errorf("ismcts: %w: c=%v: want a number >= 0", engine.ErrBadOption, c.C)
	case c.Workers < 1 || c.Workers > MaxWorkers:
		return fmt.Errorf("ismcts: %w: workers=%d: want 1 to %d", engine.ErrBadOption, c.Workers, MaxWorkers)
	case c.RolloutDepth < 0:
		return fmt.Errorf("ismcts: %w: rollout-depth=%d: want 0 (play to the end) or more", engine.ErrBadOption, c.RolloutDepth)
	}
	return nil
}

// Bot is an ISMCTS player. It implements engine.Bot. A Bot is not safe for
// concurrent use; give each seat its own.
type Bot struct {
	cfg     Config
	rng     cards.RNG
	workers []*worker
	legal   []engine.Action
}

// New returns a Bot with settings cfg whose generator is seeded with seed.
func New(cfg Config, seed uint64) (*Bot, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	b := &Bot{cfg: cfg, rng: cards.NewRNG(seed), workers: make([]*worker, cfg.Workers)}
	for i := range b.workers {
		b.workers[i] = &worker{cfg: &b.cfg}
	}
	return b, nil
}

// Config returns the bot's settings.
func (b *Bot) Config() Config { return b.cfg }

// ActionStat is what the search learnt about one root action.
type ActionStat struct {
	Action engine.Action
	// Visits is how many iterations chose the action, over all workers.
	Visits int
	// Mean is the searching seat's mean return over those iterations.
	Mean float64
}

// Act returns the most visited action of a search from s for seat (ties:
// the higher mean, then the first in s.Legal order). A seat with a single
// legal action gets it without a search. Act panics if seat has no legal
// action, which the engine.Bot contract rules out.
func (b *Bot) Act(s engine.State, seat int) engine.Action {
	return b.ActContext(context.Background(), s, seat)
}

// ActContext is Act with a search that stops when ctx ends; it implements
// engine.ContextBot.
func (b *Bot) ActContext(ctx context.Context, s engine.State, seat int) engine.Action {
	b.legal = s.Legal(seat, b.legal[:0])
	switch len(b.legal) {
	case 0:
		panic(fmt.Sprintf("ismcts: seat %d has no legal action (to move: %v)", seat, s.ToMove(nil)))
	case 1:
		return b.legal[0]
	}
	stats := b.SearchContext(ctx, s, seat)
	best := 0
	for i, st := range stats[1:] {
		top := stats[best]
		if st.Visits > top.Visits || (st.Visits == top.Visits && st.Mean > top.Mean) {
			best = i + 1
		}
	}
	return stats[best].Action
}

// Search runs one search from s for seat and returns the statistics of
// each of seat's legal actions in s.Legal order (nil, without a search,
// when seat has none). It reads s only through Legal and
// Determinize(seat, …), so it sees nothing that seat may not.
func (b *Bot) Search(s engine.State, seat int) []ActionStat {
	return b.SearchContext(context.Background(), s, seat)
}

// SearchContext is Search stopped when ctx ends: the statistics are then
// those of the iterations run so far (all zero if none ran).
func (b *Bot) SearchContext(ctx context.Context, s engine.State, seat int) []ActionStat {
	return b.search(ctx, s, seat, s.Legal(seat, nil), nil)
}

// search runs one search from s for seat whose root offers rootLegal,
// until its budget is spent or ctx ends; root, when not nil, replaces
// s.Legal at the root of every sample (SearchAmong).
func (b *Bot) search(ctx context.Context, s engine.State, seat int, rootLegal, root []engine.Action) []ActionStat {
	if len(rootLegal) == 0 {
		return nil
	}
	callSeed := b.rng.Uint64()
	var deadline time.Time
	if b.cfg.Time > 0 {
		deadline = time.Now().Add(b.cfg.Time)
	}
	done := ctx.Done()
	var wg sync.WaitGroup
	for i, w := range b.workers {
		share := b.iterationShare(i)
		w.reset(cards.SubSeed(callSeed, uint64(i)))
		w.root = root
		if len(b.workers) == 1 {
			w.search(s, seat, share, deadline, done)
			break
		}
		wg.Go(func() { w.search(s, seat, share, deadline, done) })
	}
	wg.Wait()
	return b.merge(rootLegal, seat)
}

// Cap lowers the settings over caps to them (engine.Capper): the
// iterations (a time budget alone gets the iteration cap as well), the
// time and the workers.
func (b *Bot) Cap(caps engine.BotCaps) {
	c := &b.cfg
	if caps.Iterations > 0 && (c.Iterations == 0 || c.Iterations > caps.Iterations) {
		c.Iterations = caps.Iterations
	}
	if caps.Think > 0 && c.Time > caps.Think {
		c.Time = caps.Think
	}
	if caps.Workers > 0 && c.Workers > caps.Workers {
		c.Workers = caps.Workers
		b.workers = b.workers[:c.Workers]
	}
}

// iterationShare is worker i's part of the iteration budget: an equal
// share, the remainder going to the first workers; -1 means no limit (a time
// budget alone).
func (b *Bot) iterationShare(i int) int {
	n, w := b.cfg.Iterations, len(b.workers)
	if n == 0 {
		return -1
	}
	share := n / w
	if i < n%w {
		share++
	}
	return share
}

// merge sums the workers' root statistics by action.
func (b *Bot) merge(rootLegal []engine.Action, seat int) []ActionStat {
	stats := make([]ActionStat, len(rootLegal))
	sums := make([]float64, len(rootLegal))
	for i, a := range rootLegal {
		stats[i].Action = a
	}
	for _, w := range b.workers {
		w.eachRootChild(seat, func(a engine.Action, visits int, reward float64) {
			if i := indexOf(rootLegal, a); i >= 0 {
				stats[i].Visits += visits
				sums[i] += reward
			}
		})
	}
	for i := range stats {
		if stats[i].Visits > 0 {
			stats[i].Mean = sums[i] / float64(stats[i].Visits)
		}
	}
	return stats
}
