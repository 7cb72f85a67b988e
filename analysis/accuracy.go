package analysis

import "math"

// Accuracy after Lichess's (lila's AccuracyPercent): a move's accuracy
// falls exponentially with the chance to win it gave away, in percentage
// points, against the expert's own move:
//
//	accuracy = 103.1668 · exp(−0.04354 · loss) − 3.1669 + 1, within 0 to 100
//
// (loss = 100 · max(Loss, 0); the + 1 is Lichess's allowance for an
// imperfect analysis), so a move as good as the expert's scores 100, one
// that gives away 10 points 65, 20 points 41, 50 points 9.5. A seat's
// accuracy over a game is the mean of the arithmetic and the harmonic
// means of its moves' accuracies, as Lichess takes them (without its
// weighting by the position's volatility); the harmonic mean makes a few
// bad moves weigh more than many good ones.
const (
	accuracyScale = 103.1668100711649
	accuracyRate  = 0.04354415386753951
	accuracyShift = -3.166924740191411
	accuracyBonus = 1
)

// moveAccuracy is the accuracy of a move that gave away loss (a share of
// 1; negative counts as none).
func moveAccuracy(loss float64) float64 {
	pts := 100 * max(loss, 0)
	return min(max(accuracyScale*math.Exp(-accuracyRate*pts)+accuracyShift+accuracyBonus, 0), 100)
}

// gameAccuracy is the mean of the arithmetic and harmonic means of a
// seat's move accuracies (each at least 1 in the harmonic mean, as in
// Lichess's), rounded to a tenth.
func gameAccuracy(moves []float64) float64 {
	var sum, inv float64
	for _, a := range moves {
		sum += a
		inv += 1 / max(a, 1)
	}
	n := float64(len(moves))
	return math.Round(10*(sum/n+n/inv)/2) / 10
}
