package arena

import (
	"math"
	"math/rand/v2"
	"testing"
)

// synthetic plays games among bots of known log-strengths by the model
// itself: pairs, and with three bots a share of three-player games.
func synthetic(theta []float64, games int, seed uint64) []Result {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Result
	k := len(theta)
	play := func(players []int) {
		var sum float64
		for _, p := range players {
			sum += math.Exp(theta[p])
		}
		x := rng.Float64() * sum
		for _, p := range players {
			if x -= math.Exp(theta[p]); x < 0 || p == players[len(players)-1] {
				out = append(out, Result{Players: players, Winners: []int{p}, Games: 1})
				return
			}
		}
	}
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			for n := 0; n < games; n++ {
				play([]int{i, j})
			}
		}
	}
	for n := 0; n < games; n++ {
		play([]int{0, 1, 2})
	}
	return out
}

func TestFitRecoversKnownStrengths(t *testing.T) {
	truth := []float64{-1.0, -0.3, 0.4, 0.9} // mean 0, as the fit reports
	for seed := uint64(1); seed <= 5; seed++ {
		fit, err := FitRatings(len(truth), synthetic(truth, 600, seed), 1)
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(truth); i++ {
			if fit.Theta[i] <= fit.Theta[i-1] {
				t.Errorf("seed %d: θ = %.3f, want the order of the truth %v", seed, fit.Theta, truth)
			}
		}
		for i, want := range truth {
			se := math.Sqrt(fit.Cov.At(i, i))
			if math.Abs(fit.Theta[i]-want) > 1.96*se*1.5 {
				t.Errorf("seed %d: bot %d: θ = %.3f ± %.3f (95%%), truth %.3f outside", seed, i, fit.Theta[i], 1.96*se, want)
			}
			if se < 0.02 || se > 0.2 {
				t.Errorf("seed %d: bot %d: standard error %.3f for ~2000 games, want about 0.05", seed, i, se)
			}
		}
	}
}

// Counted over many synthetic studies, the 95% intervals cover the truth
// about 95% of the time.
func TestRatingIntervalsCoverTheTruth(t *testing.T) {
	truth := []float64{-0.5, 0, 0.5}
	covered, total := 0, 0
	for seed := uint64(1); seed <= 100; seed++ {
		fit, err := FitRatings(len(truth), synthetic(truth, 150, seed), 0)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range truth {
			total++
			if math.Abs(fit.Theta[i]-want) <= 1.96*math.Sqrt(fit.Cov.At(i, i)) {
				covered++
			}
		}
	}
	if share := float64(covered) / float64(total); share < 0.90 || share > 0.99 {
		t.Errorf("95%% intervals covered the truth in %d of %d cases (%.1f%%), want about 95%%", covered, total, 100*share)
	}
}

func TestDrawsCountHalf(t *testing.T) {
	// Bot 0 wins 30, bot 1 wins 10, 20 draws: 40 of 60 points against 20,
	// so γ0/γ1 = 2 exactly.
	results := []Result{
		{Players: []int{0, 1}, Winners: []int{0}, Games: 30},
		{Players: []int{0, 1}, Winners: []int{1}, Games: 10},
		{Players: []int{0, 1}, Games: 20},
	}
	fit, err := FitRatings(2, results, 0)
	if err != nil {
		t.Fatal(err)
	}
	if d := fit.Theta[0] - fit.Theta[1]; math.Abs(d-math.Ln2) > 1e-9 {
		t.Errorf("θ0 − θ1 = %.6f, want ln 2 = %.6f", d, math.Ln2)
	}
}

func TestUnbeatenBotGetsAFiniteRatingWithThePrior(t *testing.T) {
	results := []Result{{Players: []int{0, 1}, Winners: []int{0}, Games: 50}}
	fit, err := FitRatings(2, results, 1)
	if err != nil {
		t.Fatal(err)
	}
	// 50.5 points of 51: γ0/γ1 = 101.
	if d := fit.Theta[0] - fit.Theta[1]; math.Abs(d-math.Log(101)) > 1e-6 {
		t.Errorf("θ0 − θ1 = %.4f, want ln 101", d)
	}
	if _, err := FitRatings(3, results, 0); err == nil {
		t.Error("a bot that never played was rated")
	}
}

func TestSignTest(t *testing.T) {
	for _, tc := range []struct {
		a, b int64
		want float64
	}{
		{0, 0, 1}, {5, 5, 1}, {10, 0, 2.0 / 1024}, {0, 10, 2.0 / 1024}, {8, 2, 2 * 56.0 / 1024},
	} {
		if got := SignTest(tc.a, tc.b); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("SignTest(%d, %d) = %.6f, want %.6f", tc.a, tc.b, got, tc.want)
		}
	}
}
