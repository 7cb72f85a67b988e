package watchtowerbot

import (
	"flag"
	"math"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

var fit = flag.Bool("fit", false, "refit the evaluation's weights to game outcomes and print them (about 10 s)")

// position is one sampled position's features for seat 0 (on campaign
// minus the rival's; showdown share 2s − 1), the evaluation's return for
// seat 0, and whether seat 0 went on to win.
type position struct {
	x    [2]float64
	eval float64
	won  float64
}

// TestFitEvaluation, run with -fit, refits the evaluation's weights: it
// plays 3,000 two-player games between the Policy and the heuristic (the
// Policy in alternate seats), samples every seventh position where a
// player is to act with nothing pending, fits a logistic regression of
// seat 0's win on the two features with Newton's method over the first two
// thirds, and prints the weights with the Brier scores over the last third
// (a coin's 0.25; the evaluation's).
func TestFitEvaluation(t *testing.T) {
	if !*fit {
		t.Skip("run with -fit to refit the evaluation")
	}
	data := samplePositions(t, 3000)
	train, test := data[:len(data)*2/3], data[len(data)*2/3:]
	w := fitLogistic(train)
	brier := func(p func(position) float64) float64 {
		b := 0.0
		for _, d := range test {
			b += (p(d) - d.won) * (p(d) - d.won)
		}
		return b / float64(len(test))
	}
	t.Logf("%d positions; weights: campaign %.3f, share %.3f", len(data), w[0], w[1])
	t.Logf("held-out Brier: coin 0.25, fitted %.4f, evaluate %.4f",
		brier(func(d position) float64 { return logistic(w[0]*d.x[0] + w[1]*d.x[1]) }),
		brier(func(d position) float64 { return (d.eval + 1) / 2 }))
}

func samplePositions(t *testing.T, games int) []position {
	rng, armies := cards.NewRNG(5), make([][]cards.Card, 2)
	var data []position
	for g := range games {
		s, err := watchtower.New().New(engine.MustResolve(watchtower.New(), nil), engine.Setup{Seed: uint64(g + 1000)})
		if err != nil {
			t.Fatal(err)
		}
		bots := [2]engine.Bot{NewPolicy(uint64(g), DefaultCompleteOdds), NewHeuristic(uint64(g))}
		if g%2 == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		start := len(data)
		for i := 0; !s.Terminal(); i++ {
			seat := s.ToMove(nil)[0]
			if i%7 == 3 && watchtower.ViewOf(s, seat).Pending == nil {
				data = append(data, features(s, &rng, armies))
			}
			if err := s.Apply(seat, bots[seat].Act(s, seat)); err != nil {
				t.Fatal(err)
			}
		}
		for i := start; i < len(data); i++ {
			data[i].won = max(0, math.Copysign(1, s.Returns()[0]))
		}
	}
	return data
}

func features(s engine.State, rng *cards.RNG, armies [][]cards.Card) position {
	var d position
	for seat := range 2 {
		p := &watchtower.ViewOf(s, seat).Players[seat]
		armies[seat] = projectArmy(p, armies[seat][:0])
		if p.Campaign {
			d.x[0] += float64(1 - 2*seat)
		}
	}
	shares := watchtower.ShowdownShares(armies, 40, rng, make([]float64, 2))
	d.x[1] = 2*shares[0] - 1
	d.eval = evaluate(s, rng, armies, nil)[0]
	return d
}

func logistic(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// fitLogistic fits weights w (no intercept: the seats are symmetric) of
// P(won) = logistic(w·x) by Newton's method.
func fitLogistic(data []position) [2]float64 {
	var w [2]float64
	for range 20 {
		var g [2]float64
		var h [2][2]float64
		for _, d := range data {
			p := logistic(w[0]*d.x[0] + w[1]*d.x[1])
			for j := range 2 {
				g[j] += (p - d.won) * d.x[j]
				for k := range 2 {
					h[j][k] += p * (1 - p) * d.x[j] * d.x[k]
				}
			}
		}
		det := h[0][0]*h[1][1] - h[0][1]*h[1][0]
		w[0] -= (h[1][1]*g[0] - h[0][1]*g[1]) / det
		w[1] -= (h[0][0]*g[1] - h[1][0]*g[0]) / det
	}
	return w
}
