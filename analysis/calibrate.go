package analysis

import "math"

// calibrationFeatures is the number of inputs of a calibration.
const calibrationFeatures = 4

// calibration turns the share of won iterations of the Regicide expert's
// search through an action into the chance that the expert, playing on
// from there, wins. The search's rollouts are played by its fast policy,
// which wins far less often than the expert itself, so the raw share is
// much lower than the expert's real chance early in a game and close to it
// late. A logistic regression on the share's logit, the enemies defeated
// and their product maps one onto the other; TestFitCalibration (run with
// -fit) refits the weights, and docs/analysis.md gives the fit's figures.
type calibration struct{ w [calibrationFeatures]float64 }

// calibrationX are a position's inputs: 1, the logit of the share, the
// share of the Castle defeated and their product.
func calibrationX(share float64, defeated int) [calibrationFeatures]float64 {
	const eps = 1e-3
	s := min(max(share, eps), 1-eps)
	l := math.Log(s / (1 - s))
	f := float64(defeated) / 12
	return [calibrationFeatures]float64{1, l, f, l * f}
}

// chance is the calibrated chance of a share at a number of enemies
// defeated.
func (c calibration) chance(share float64, defeated int) float64 {
	return logistic(dot(c.w, calibrationX(share, defeated)))
}

func logistic(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func dot(w, x [calibrationFeatures]float64) float64 {
	s := 0.0
	for i := range w {
		s += w[i] * x[i]
	}
	return s
}

// calibrations are each depth's fitted weights (TestFitCalibration).
var calibrations = map[Depth]calibration{
	Quick: {w: [calibrationFeatures]float64{5.082654976164165, 0.5499286395513038, -2.069167943898902, 0.6779833438268961}},
	Deep:  {w: [calibrationFeatures]float64{5.488243600905728, 0.6593373319810132, -3.345025733581387, 0.3980265154790446}},
}
