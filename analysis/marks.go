package analysis

// The expert's marks, after Lichess's: a decision whose estimated chance
// to win after the move played is below the chance after the expert's own
// best move by at least these shares (percentage points / 100) is an
// inaccuracy, a mistake or a blunder. docs/analysis.md documents them.
const (
	InaccuracyLoss = 0.10
	MistakeLoss    = 0.20
	BlunderLoss    = 0.30
)

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
// the two estimates' 95% intervals do not overlap, so a loss within the
// estimates' noise is never marked, whatever its size.
func markOf(d *Decision) string {
	if d.Played == nil || d.Best == nil || d.Played.High >= d.Best.Low {
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
