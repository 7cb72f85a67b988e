package puzzles

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"cardtable/bots"
)

// MineConfig is one mining run (cardtable puzzles regicide --mine).
type MineConfig struct {
	Header
	// Workers plays games in parallel (0: one per CPU). The puzzles do not
	// depend on it: they are those of the first games in order.
	Workers int
	// MaxGames bounds the games played (0: 100 games per puzzle asked).
	MaxGames int
	// Progress, when set, is called after each game in order with the
	// games looked at and the puzzles found so far.
	Progress func(games, found int)
}

// DefaultPanel lists the bots that rate a puzzle, weakest first.
var DefaultPanel = []string{"heuristic", "ismcts", "expert:iterations=200", "expert"}

// Mine plays games 0, 1, 2, … of the run and returns the puzzles of the
// first games that have one, Count of them, numbered from 1, with the
// header that describes the run.
func Mine(ctx context.Context, c MineConfig) (*Set, error) {
	bot, panel, err := c.specs()
	if err != nil {
		return nil, err
	}
	maxGames := c.MaxGames
	if maxGames <= 0 {
		maxGames = 100 * c.Count
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	miners := make([]*Miner, workers)
	for w := range miners {
		if miners[w], err = newMiner(&c.Header, bot, panel); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	done, wait := playGames(ctx, miners, maxGames)
	set, games, err := c.collect(ctx, done, maxGames)
	cancel()
	wait()
	if err != nil {
		return nil, err
	}
	if len(set.Puzzles) < c.Count {
		return nil, fmt.Errorf("puzzles: only %d puzzles in %d games; raise the games allowed (--max-games) or ask for fewer", len(set.Puzzles), maxGames)
	}
	set.Header.Games = games
	return set, nil
}

// outcome is one game's puzzle, or why it has none.
type outcome struct {
	i   int
	p   *Puzzle
	err error
}

// playGames hands games 0 to maxGames-1 to the miners, one goroutine
// each, and returns their outcomes as they finish (in any order) and a
// function that waits for the goroutines once ctx is cancelled.
func playGames(ctx context.Context, miners []*Miner, maxGames int) (<-chan outcome, func()) {
	next := make(chan int)
	done := make(chan outcome)
	var wg sync.WaitGroup
	for _, m := range miners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p, err := m.game(ctx, i)
				select {
				case done <- outcome{i, p, err}:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(next)
		for i := 0; i < maxGames; i++ {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	return done, wg.Wait
}

// collect takes the outcomes in game order until Count puzzles are in,
// and returns them with the number of games looked at.
func (c *MineConfig) collect(ctx context.Context, done <-chan outcome, maxGames int) (*Set, int, error) {
	set := &Set{Header: c.Header}
	pending := map[int]outcome{}
	cursor := 0
	for cursor < maxGames && len(set.Puzzles) < c.Count {
		select {
		case o := <-done:
			pending[o.i] = o
		case <-ctx.Done():
			return nil, cursor, ctx.Err()
		}
		for ; len(set.Puzzles) < c.Count; cursor++ {
			o, ok := pending[cursor]
			if !ok {
				break
			}
			delete(pending, cursor)
			switch {
			case o.err == nil:
				o.p.ID = len(set.Puzzles) + 1
				set.Puzzles = append(set.Puzzles, *o.p)
			case !errors.Is(o.err, errNoPuzzle):
				return nil, cursor, fmt.Errorf("puzzles: game %d: %w", o.i, o.err)
			}
			if c.Progress != nil {
				c.Progress(cursor+1, len(set.Puzzles))
			}
		}
	}
	return set, cursor, nil
}

// specs parses the game bot and the panel, so that a bad one is refused
// before any game is played.
func (c *MineConfig) specs() (bots.Spec, []bots.Spec, error) {
	if c.Count < 1 {
		return bots.Spec{}, nil, fmt.Errorf("puzzles: %d puzzles asked; ask for 1 or more", c.Count)
	}
	if c.Nodes < 1 {
		return bots.Spec{}, nil, fmt.Errorf("puzzles: a node budget of %d; give 1 or more (verdicts must be settled within it)", c.Nodes)
	}
	opts, err := c.resolved()
	if err != nil {
		return bots.Spec{}, nil, err
	}
	if opts.Int("players") != 1 {
		return bots.Spec{}, nil, fmt.Errorf("puzzles: players=%d; puzzles are solo (players=1): other hands cannot be shown", opts.Int("players"))
	}
	bot, err := bots.ParseSpec(c.Bot)
	if err != nil {
		return bots.Spec{}, nil, err
	}
	panel, err := bots.ParseSpecs(c.Panel)
	if err != nil {
		return bots.Spec{}, nil, err
	}
	for _, s := range append([]bots.Spec{bot}, panel...) {
		if _, err := s.Bot(regicideGame, opts, 1); err != nil {
			return bots.Spec{}, nil, err
		}
	}
	return bot, panel, nil
}
