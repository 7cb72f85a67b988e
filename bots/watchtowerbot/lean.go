package watchtowerbot

import (
	"math"

	"cardtable/cards"
)

// hiddenLean is how far the policy's showdown estimates expect a rival's
// unseen army cards to lean high: a card of rank r is drawn for them with
// weight e^(hiddenLean·(r−8)), about 1.16 times as likely as a card one
// rank lower. Players keep their good cards in hand (the heuristic cycles
// its low ones for draws and burns, a campaigner keeps what it won), so
// drawn evenly from the unseen cards a rival's army came out too weak and
// the last player off campaign's estimate of the showdown it starts too
// high: of 2,000 games against the heuristic it won 59 % of those it put
// at 0.6–0.7, 66 % at 0.7–0.8 and 74 % at 0.8–0.9; with the lean 66 %,
// 73 % and 79 % (docs/watchtower.md).
const hiddenLean = 0.15

// rankWeights weighs a card by its rank when one is drawn from a pool.
type rankWeights [cards.Ace + 1]float64

// leanWeights are hiddenLean's weights.
var leanWeights = func() (w rankWeights) {
	for r := range w {
		w[r] = math.Exp(hiddenLean * float64(r-8))
	}
	return w
}()

// pick returns the index in pool (not empty) of a card drawn with the
// weight of its rank, or uniformly when w is nil.
func (w *rankWeights) pick(pool []cards.Card, rng *cards.RNG) int {
	if w == nil {
		return rng.IntN(len(pool))
	}
	total := 0.0
	for _, c := range pool {
		total += w[c.Rank()]
	}
	x := rng.Float64() * total
	for j, c := range pool {
		if x -= w[c.Rank()]; x < 0 {
			return j
		}
	}
	return len(pool) - 1
}
