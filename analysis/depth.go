package analysis

import (
	"fmt"

	"cardtable/bots/regicidebot"
	"cardtable/engine"
)

// Depth is how hard an analysis looks: it sets the solver's and the
// expert's budgets (Settings).
type Depth string

// The depths. DefaultDepth meets the speed targets of docs/analysis.md
// (docs/benchmarks.md has the measurements).
const (
	Quick        Depth = "quick"
	Deep         Depth = "deep"
	DefaultDepth       = Quick
)

// ParseDepth reads a depth's name.
func ParseDepth(s string) (Depth, error) {
	switch d := Depth(s); d {
	case Quick, Deep:
		return d, nil
	}
	return "", fmt.Errorf("analysis: %w: depth %q: want quick or deep", engine.ErrBadOption, s)
}

// settings are d's budgets for game.
func (d Depth) settings(game string) Settings {
	scale := 1
	if d == Deep {
		scale = 8
	}
	switch game {
	case "regicide":
		return Settings{
			SolverNodes: 3_000_000 * int64(scale), ProbeNodes: 1_000_000 * int64(scale),
			Iterations: regicidebot.DefaultIterations * scale, PlayedIterations: 1000 * scale,
		}
	case "watchtower":
		return Settings{Iterations: 500 * scale, PlayedIterations: 500 * scale, Candidates: 4}
	}
	return Settings{}
}
