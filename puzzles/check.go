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
	// Passed are the puzzles that passed, in order, each with the line the
	// check found (it wins under every order of the shuffles) and its
	// themes: what Prune keeps.
	Passed []Puzzle
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
	var ids []int // indices into s.Puzzles
	for i := 0; i < len(s.Puzzles); i += every {
		ids = append(ids, i)
	}
	fails := make([]error, len(ids))
	passed := make([]*Puzzle, len(ids))
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
				p, err := Recheck(ctx, o, s, &s.Puzzles[ids[k]], regicidesolver.Limits{Nodes: nodes})
				if err != nil && ctx.Err() != nil {
					mu.Lock()
					firstErr = ctx.Err()
					mu.Unlock()
					return
				}
				fails[k], passed[k] = err, p
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
	for k, err := range fails {
		if err != nil {
			rep.Failures = append(rep.Failures, err.Error())
		} else {
			rep.Passed = append(rep.Passed, *passed[k])
		}
	}
	return rep, nil
}

// Check replays puzzle p of s to its position and checks it under the
// rule of uniqueWinner: its answer is the only action that wins whatever
// order the Hearts shuffles to come take, every other verdict settled; and
// p's line replays to a win from the position.
func Check(ctx context.Context, o *analysis.Oracle, s *Set, p *Puzzle, lim regicidesolver.Limits) error {
	_, err := Recheck(ctx, o, s, p, lim)
	return err
}

// Recheck is Check returning a copy of p with the line the check found
// (it wins under every order of the shuffles) and the answer's themes.
func Recheck(ctx context.Context, o *analysis.Oracle, s *Set, p *Puzzle, lim regicidesolver.Limits) (*Puzzle, error) {
	pos, err := p.Position(s.Options())
	if err != nil {
		return nil, err
	}
	if err := ReplaysToWin(pos, p.Line); err != nil {
		return nil, fmt.Errorf("puzzle %d: its line: %w", p.ID, err)
	}
	answer, line, _, _, err := uniqueWinner(ctx, o, pos, lim)
	switch {
	case errors.Is(err, errNoPuzzle):
		return nil, fmt.Errorf("puzzle %d: the solver does not find exactly one action that wins under every order of the Hearts shuffles to come, with every verdict settled", p.ID)
	case err != nil:
		return nil, err
	case answer != p.Answer:
		return nil, fmt.Errorf("puzzle %d: the one winning action is %q, not the answer %q", p.ID, answer, p.Answer)
	}
	out := *p
	out.Line, out.Themes = line, themesOf(pos, answer)
	return &out, nil
}

// Prune returns the set of s's puzzles that passed rep's check, ids
// unchanged, with the header's rule, the count mined and command, the
// command that pruned it.
func (s *Set) Prune(rep *CheckReport, command string) *Set {
	out := &Set{Header: s.Header, Puzzles: rep.Passed, opts: s.opts}
	if out.Header.Mined == 0 {
		out.Header.Mined = s.Header.Count
	}
	out.Header.Count, out.Header.Rule, out.Header.Pruned = len(rep.Passed), RuleEveryOrder, command
	return out
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
