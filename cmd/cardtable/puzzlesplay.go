package main

import (
	"cardtable/puzzles"
	"cardtable/tui"
)

// play shows the puzzles on the terminal, from --puzzle.
func (c *puzzlesCmd) play(a *app, set *puzzles.Set) error {
	start := c.Puzzle
	if start == 0 {
		start = 1
	}
	if start < 1 || start > len(set.Puzzles) {
		return usageErrorf("--puzzle %d: puzzles are 1 to %d", c.Puzzle, len(set.Puzzles))
	}
	return tui.RunPuzzles(a.ctx, tui.PuzzlesConfig{Set: set, Start: start, In: a.stdin, Out: a.stdout})
}
