package war

import (
	"math"

	"cardtable/cards"
)

// Reaction times of War's default player (bots/warbot), which Simulate
// plays in every seat: lognormal with this median and log-scale spread, so
// half of its slaps come within 350 ms, 95% within about 630 ms, and a 2 s
// window is almost never missed.
const (
	ReactionMedianMS = 350
	reactionSigma    = 0.3
)

// ReactionMS draws one reaction time of the default player in whole
// milliseconds: a lognormal from a Box-Muller normal using two draws of
// rng. The default player and Simulate both draw their slaps with it, so
// the fast path reproduces the player exactly.
func ReactionMS(rng *cards.RNG) int {
	u1 := 1 - rng.Float64()
	u2 := rng.Float64()
	z := math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
	return int(ReactionMedianMS * math.Exp(reactionSigma*z))
}
