package ratings

import (
	"fmt"
	"math"
)

// Puzzle ratings (docs/puzzles.md). A counted answer is a game between a
// player and a puzzle: the player scores 1 for the right answer, the
// puzzle 1 for a wrong one, and both ratings move by Glicko-2 (Answer).
// Before anyone has answered it, a puzzle's rating is its seed, fitted from
// which of the mining panel's bots missed it (FitPanel).

// PanelFit is the puzzles' seeds fitted from the panel's answers: a
// Rasch model (Bradley-Terry between each bot and each puzzle, on the
// Glicko scale) in which a puzzle's strength depends only on how many of
// the panel's bots miss it.
type PanelFit struct {
	// Levels[m] is the seed of a puzzle m of the panel's bots miss: the
	// rating and, as its RD, the fit's standard error.
	Levels []Rating
	// Bots[b] is bot b's strength at puzzles on the same scale.
	Bots []float64
}

// FitPanel fits the seeds from missed, one row per puzzle and one column
// per bot of the panel (true: the bot missed it). Each puzzle and each bot
// also counts half a solve and half a miss against the scale's centre, a
// prior that keeps a puzzle every bot solves (or misses) finite, like the
// arena's prior of one drawn game per pair. The scale is anchored so that
// the mean puzzle is Start: a new player is assumed to solve an average
// puzzle half the time.
func FitPanel(missed [][]bool) (PanelFit, error) {
	if len(missed) == 0 || len(missed[0]) == 0 {
		return PanelFit{}, fmt.Errorf("%w: no puzzles or no panel to fit", ErrBad)
	}
	bots := len(missed[0])
	count := make([]float64, bots+1) // puzzles by misses
	solved := make([]float64, bots)  // puzzles solved by bot
	for i, row := range missed {
		if len(row) != bots {
			return PanelFit{}, fmt.Errorf("%w: puzzle %d has %d answers; the panel has %d bots", ErrBad, i+1, len(row), bots)
		}
		m := 0
		for b, miss := range row {
			if miss {
				m++
			} else {
				solved[b]++
			}
		}
		count[m]++
	}
	// In logits (Glicko-2's μ): d[m] a level's strength, a[b] a bot's.
	d, a := make([]float64, bots+1), make([]float64, bots)
	for range 200 {
		for m := range d {
			// The puzzle "beats" the bots that miss it: its expected
			// wins plus the prior's half equal m + ½.
			d[m] = solve(d[m], float64(m)+0.5, func(x float64) (float64, float64) {
				f := logistic(x)
				df := f * (1 - f)
				for _, ab := range a {
					p := logistic(x - ab)
					f, df = f+p, df+p*(1-p)
				}
				return f, df
			})
		}
		for b := range a {
			a[b] = solve(a[b], solved[b]+0.5, func(x float64) (float64, float64) {
				f := logistic(x)
				df := f * (1 - f)
				for m, dm := range d {
					p := logistic(x - dm)
					f, df = f+count[m]*p, df+count[m]*p*(1-p)
				}
				return f, df
			})
		}
		var mean float64
		for m, dm := range d {
			mean += count[m] * dm
		}
		mean /= float64(len(missed))
		for m := range d {
			d[m] -= mean
		}
		for b := range a {
			a[b] -= mean
		}
	}
	fit := PanelFit{Levels: make([]Rating, bots+1), Bots: make([]float64, bots)}
	for m, dm := range d {
		p0 := logistic(dm)
		info := p0 * (1 - p0)
		for _, ab := range a {
			p := logistic(dm - ab)
			info += p * (1 - p)
		}
		rd := math.Min(math.Max(scale/math.Sqrt(info), MinRD), StartRD)
		fit.Levels[m] = Rating{R: Start + scale*dm, RD: rd, Vol: StartVol}
	}
	for b, ab := range a {
		fit.Bots[b] = Start + scale*ab
	}
	return fit, nil
}

// solve is Newton's method from x for f(x) = target, where fn gives f and
// its derivative (increasing in x); a few steps, each at most one logit.
func solve(x, target float64, fn func(float64) (float64, float64)) float64 {
	for range 30 {
		f, df := fn(x)
		step := (f - target) / df
		x -= math.Max(math.Min(step, 1), -1)
		if math.Abs(step) < 1e-10 {
			break
		}
	}
	return x
}

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Answer rates one counted answer as one rating period for both sides:
// the player against the puzzle, scoring 1 when right, and the puzzle
// against the player, scoring 1 when the player was wrong. Both
// deviations stay at MinRD or above.
func (s System) Answer(player, puzzle Rating, correct bool) (newPlayer, newPuzzle Rating, err error) {
	score := 0.0
	if correct {
		score = 1
	}
	if newPlayer, err = s.Update(player, []Result{{Opponent: puzzle, Score: score}}); err != nil {
		return player, puzzle, err
	}
	if newPuzzle, err = s.Update(puzzle, []Result{{Opponent: player, Score: 1 - score}}); err != nil {
		return player, puzzle, err
	}
	newPlayer.RD, newPuzzle.RD = math.Max(newPlayer.RD, MinRD), math.Max(newPuzzle.RD, MinRD)
	return newPlayer, newPuzzle, nil
}
