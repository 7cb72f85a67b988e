package watchtowerbot

import (
	"math"
	"testing"

	"cardtable/cards"
)

// The policy's estimates draw a rival's hidden cards leaning high: from a
// pool of four 2s and four aces an ace comes e^0.9 / (e^0.9 + e^−0.9) ≈
// 86 % of the time; drawn evenly (the heuristic's), half of the time.
func TestLeanPickFavoursHighRanks(t *testing.T) {
	pool := list(t, "2C 2D 2H 2S AC AD AH AS")
	rng := cards.NewRNG(3)
	const n = 4000
	for _, c := range []struct {
		name     string
		w        *rankWeights
		min, max float64
	}{{"even", nil, 0.46, 0.54}, {"leaning", &leanWeights, 0.83, 0.89}} {
		aces := 0
		for range n {
			if pool[c.w.pick(pool, &rng)].Rank() == cards.Ace {
				aces++
			}
		}
		if f := float64(aces) / n; f < c.min || f > c.max {
			t.Errorf("%s: aces drawn %.3f of the time, want %.2f to %.2f", c.name, f, c.min, c.max)
		}
	}
	if want := math.Exp(hiddenLean); math.Abs(leanWeights[9]/leanWeights[8]-want) > 1e-12 {
		t.Errorf("weight of a 9 over an 8 = %v, want %v", leanWeights[9]/leanWeights[8], want)
	}
}
