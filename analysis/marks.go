package analysis

import "math"

// The expert's marks, after Lichess's: a decision whose estimated chance
// to win after the move played is below the chance after the expert's own
// best move by at least these shares (percentage points / 100) is an
// inaccuracy, a mistake or a blunder. docs/analysis.md documents them.
const (
	InaccuracyLoss = 0.10
	MistakeLoss    = 0.20
	BlunderLoss    = 0.30
)

// HighChance is the least chance the expert gave a losing move for the
// analysis to say "you could not have known" (Decision.HindsightOnly).
const HighChance = 0.5

// AlternativeMargin is the least Loss at which a review shows the expert's
// best action beside the one played: below it the two are within the
// estimates' noise.
const AlternativeMargin = 0.05

// The marks a decision can carry.
const (
	MarkInaccuracy = "inaccuracy"
	MarkMistake    = "mistake"
	MarkBlunder    = "blunder"
	// MarkLosing names the hindsight's losing move in a sparkline's
	// marks (Point.Losing).
	MarkLosing = "losing"
	// MarkMissed and MarkFalse are Slap War's: a window the seat could
	// have slapped in and passed, a slap with no slap card showing.
	MarkMissed = "missed"
	MarkFalse  = "false"
)

// markOf classes a decision by its Loss. A decision is marked only when
// the two searches' shares differ significantly (significant), so a loss
// within the estimates' noise is never marked, whatever its size.
func markOf(d *Decision) string {
	if d.Played == nil || d.Best == nil || !significant(d.Best.Estimate, *d.Played) {
		return ""
	}
	switch {
	case d.Loss >= BlunderLoss:
		return MarkBlunder
	case d.Loss >= MistakeLoss:
		return MarkMistake
	case d.Loss >= InaccuracyLoss:
		return MarkInaccuracy
	}
	return ""
}

// significantZ is the z of a two-proportion test a mark needs: 1.96, two
// sided at 95%.
const significantZ = 1.96

// significant reports whether best's share is above played's by more than
// the searches' noise: a two-proportion z-test on the raw shares over their
// trials (for Regicide the share of won playouts, a binomial proportion;
// for Watchtower a mean return in [0, 1], whose variance is at most the
// binomial one, so the test is conservative there).
func significant(best, played Estimate) bool {
	nb, np := float64(best.Trials), float64(played.Trials)
	if nb == 0 || np == 0 || best.Share <= played.Share {
		return false
	}
	p := (best.Share*nb + played.Share*np) / (nb + np)
	se := math.Sqrt(p * (1 - p) * (1/nb + 1/np))
	return se > 0 && (best.Share-played.Share)/se >= significantZ
}
