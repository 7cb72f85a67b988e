package puzzles

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"cardtable/analysis"
	"cardtable/bots/regicidesolver"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// CheckConfig says which puzzles of a set to check and with what budget.
type CheckConfig struct {
	// Nodes is the solver's budget for one verdict (0: the set's).
	Nodes int64
	// Every checks puzzles 1, 1+Every, 1+2·Every, … (0 or 1: all).
	Every int
	// Workers checks puzzles in parallel (0: one per CPU).
	Workers int
}

// CheckReport is what CheckSet found.
type CheckReport struct {
	Checked  int
	Failures []string
}

// CheckSet checks puzzles of s against the solver (Check), in parallel.
func CheckSet(ctx context.Context, s *Set, c CheckConfig) (*CheckReport, error) {
	every := max(c.Every, 1)
	nodes := c.Nodes
	if nodes <= 0 {
		nodes = s.Header.Nodes
	}
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	var ids []int
	for id := 1; id <= len(s.Puzzles); id += every {
		ids = append(ids, id)
	}
	fails := make([]error, len(ids))
	next := make(chan int)
	var wg sync.WaitGroup
	var firstErr error
	var mu sync.Mutex
	for w := 0; w < workers; w++ {
		o, err := analysis.NewOracle(regicidesolver.DefaultTableBits)
		if err != nil {
			return nil, err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				err := Check(ctx, o, s, &s.Puzzles[ids[k]-1], regicidesolver.Limits{Nodes: nodes})
				if err != nil && ctx.Err() != nil {
					mu.Lock()
					firstErr = ctx.Err()
					mu.Unlock()
					return
				}
				fails[k] = err
			}
		}()
	}
	for k := range ids {
		if ctx.Err() != nil {
			break
		}
		next <- k
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	rep := &CheckReport{Checked: len(ids)}
	for _, err := range fails {
		if err != nil {
			rep.Failures = append(rep.Failures, err.Error())
		}
	}
	return rep, nil
}

// Check replays puzzle p of s to its position and checks it: the solver
// finds exactly one action keeping the game winnable, the puzzle's answer,
// every other verdict settled, under the game's generator and the set's
// reseeds; and p's line replays to a win from the position.
func Check(ctx context.Context, o *analysis.Oracle, s *Set, p *Puzzle, lim regicidesolver.Limits) error {
	pos, err := p.Position(s.Options())
	if err != nil {
		return err
	}
	if err := ReplaysToWin(pos, p.Line); err != nil {
		return fmt.Errorf("puzzle %d: its line: %w", p.ID, err)
	}
	for k := 0; k <= s.Header.Reseeds; k++ {
		alt := *pos
		if k > 0 {
			alt.Reseed(reseed(p.Seed, k))
		}
		answer, _, _, _, err := uniqueWinner(ctx, o, &alt, lim)
		switch {
		case errors.Is(err, errNoPuzzle):
			return fmt.Errorf("puzzle %d (generator %d): the solver does not find exactly one winning action with every verdict settled", p.ID, k)
		case err != nil:
			return err
		case answer != p.Answer:
			return fmt.Errorf("puzzle %d (generator %d): the one winning action is %q, not the answer %q", p.ID, k, answer, p.Answer)
		}
	}
	return nil
}

// ReplaysToWin applies line to a copy of pos (the solo seat's actions)
// and reports whether it ends in a win.
func ReplaysToWin(pos *regicide.State, line []string) error {
	s := *pos
	for i, a := range line {
		if err := engine.ApplyText(&s, 0, a); err != nil {
			return fmt.Errorf("action %d %q: %w", i+1, a, err)
		}
	}
	r := s.Result()
	if !r.Over || len(r.Winners) == 0 {
		return fmt.Errorf("it ends %q (%s), not in a win", r.End, r.Detail)
	}
	return nil
}
