package analysis

import "slices"

// calibration turns the share of an expert's search's playouts through an
// action that its seat won into the chance that the expert, playing every
// seat on from there, wins. The searches' rollouts are played by a fast
// policy (Regicide's wins far less often than the expert itself) or cut
// short and scored by an evaluation (Watchtower's, whose chances are
// squeezed towards a fair share), so the raw share is not the expert's
// chance. The map is fitted on outcomes, for each game, number of players
// and stage of the game (stageOf), by isotonic regression: the chance
// never falls as the share rises, and where the search won none of its
// playouts the chance is what such positions were observed to give.
// TestFitCalibration refits it from the samples of testdata/ (docs/analysis.md);
// calibration_table.go is the fitted table.
type calibration struct {
	// stages[i] serves positions of stage i (stageOf).
	stages []curve
}

// regicideStages are the first numbers of enemies defeated of Regicide's
// stages: the Jacks, the Queens, the Kings.
var regicideStages = []int{0, 4, 8}

// watchtowerStages are Watchtower's stages by watchtowerStage: the open
// game, and the end (every player still in but one on campaign).
var watchtowerStages = []int{0, 1}

// watchtowerStage is 1 when every one of the in players still in but one
// is on campaign (campaigners of them): the next tower completed starts
// the showdown (WT-22), so a search's playouts mostly reach the game's end
// and its share sees who wins; else 0, the open game, where they are
// mostly cut short and scored by the evaluation.
func watchtowerStage(in, campaigners int) int {
	if in >= 2 && campaigners >= in-1 {
		return 1
	}
	return 0
}

// stageOf is the stage of a position whose measure of progress (enemies
// defeated, rounds) is x, for stages that start at from.
func stageOf(from []int, x int) int {
	st := 0
	for i, f := range from {
		if x >= f {
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

// chance is the calibrated chance of a share at a stage.
func (c *calibration) chance(share float64, stage int) float64 {
	return c.stages[min(stage, len(c.stages)-1)].at(share)
}

// calibrationFor is the calibration of game at depth for a game of
// players players: its own, or where too few games of that number were
// sampled the fit of every number of players together (players 0); a
// depth without a fit of its own uses the quick depth's (Watchtower's
// deep depth, docs/analysis.md). Nil: none.
func calibrationFor(game string, depth Depth, players int) *calibration {
	byDepth := calibrations[game]
	byPlayers := byDepth[depth]
	if byPlayers == nil {
		byPlayers = byDepth[Quick]
	}
	if c := byPlayers[players]; c != nil {
		return c
	}
	return byPlayers[0]
}
