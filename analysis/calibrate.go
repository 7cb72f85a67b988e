package analysis

import "slices"

// calibration turns the share of won iterations of the Regicide expert's
// search through an action into the chance that the expert, playing every
// seat on from there, wins. The search's rollouts are played by its fast
// policy, which wins far less often than the expert itself, so the raw
// share is much lower than the expert's real chance early in a game and
// close to it late. The map is fitted on outcomes, for each number of
// players and each stage of the game (enemies defeated), by isotonic
// regression: the chance never falls as the share rises, and where the
// search won none of its games the chance is what such positions were
// observed to give. TestFitCalibration refits it from the samples of
// testdata/calibration.jsonl (docs/analysis.md); calibration_table.go is
// the fitted table.
type calibration struct {
	// stages[i] serves positions with stageFrom[i] to stageFrom[i+1]-1
	// enemies defeated (the last: to the end).
	stages [len(stageFrom)]curve
}

// stageFrom are the first numbers of enemies defeated of the stages: the
// Jacks, the Queens, the Kings.
var stageFrom = [...]int{0, 4, 8}

// stageOf is the stage of a position with defeated enemies defeated.
func stageOf(defeated int) int {
	st := 0
	for i, from := range stageFrom {
		if defeated >= from {
			st = i
		}
	}
	return st
}

// curve is a monotone map from a share to a chance: knots at rising
// shares with chances that never fall, joined by straight lines, flat
// beyond the first and the last.
type curve struct{ Share, Chance []float64 }

// at is the curve's chance at share.
func (c curve) at(share float64) float64 {
	n := len(c.Share)
	switch {
	case n == 0:
		return share
	case share <= c.Share[0]:
		return c.Chance[0]
	case share >= c.Share[n-1]:
		return c.Chance[n-1]
	}
	i, _ := slices.BinarySearch(c.Share, share)
	lo, hi := c.Share[i-1], c.Share[i]
	f := (share - lo) / (hi - lo)
	return c.Chance[i-1] + f*(c.Chance[i]-c.Chance[i-1])
}

// chance is the calibrated chance of a share at a number of enemies
// defeated.
func (c *calibration) chance(share float64, defeated int) float64 {
	return c.stages[stageOf(defeated)].at(share)
}

// calibrationFor is the calibration of depth for a game of players
// players: its own, or where too few games of that number were sampled the
// fit of every number of players together (players 0).
func calibrationFor(depth Depth, players int) *calibration {
	if c := calibrations[depth][players]; c != nil {
		return c
	}
	return calibrations[depth][0]
}
