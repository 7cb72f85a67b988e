package arena

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// EloPerNat converts a log-strength to the Elo scale: a difference of 400
// Elo means odds of 10 to 1 in a two-player game.
const EloPerNat = 400 / math.Ln10

// Result is a number of games among some players (indices of the rated
// bots) that ended with the same winners; no winners is a draw.
type Result struct {
	Players []int
	Winners []int
	Games   float64
}

// shares returns each player's part of one game: 1/|winners| to every
// winner, or 1/|players| to everyone in a draw, so a game's shares add up
// to 1 and a two-player draw is half a win each.
func (r Result) shares() map[int]float64 {
	out := map[int]float64{}
	if len(r.Winners) == 0 {
		for _, p := range r.Players {
			out[p] = 1 / float64(len(r.Players))
		}
		return out
	}
	for _, w := range r.Winners {
		out[w] = 1 / float64(len(r.Winners))
	}
	return out
}

// Fit is a rating fit: each bot's log-strength θ (mean 0) and their
// covariance.
type Fit struct {
	Theta []float64
	Cov   *mat.SymDense
}

// FitRatings fits the Bradley–Terry model generalised to several players
// (Luce's choice model: the winner of a game among players S is i with
// probability γ_i / Σ_{j∈S} γ_j) to the results by maximum likelihood,
// with Hunter's MM iteration. A tie among winners or a draw gives each
// its share of the game (Result.shares), the usual half a win for a
// two-player draw. prior adds that many drawn two-player games between
// every pair of bots, so that a bot winning every game still gets a
// finite rating; with many games it changes the fit very little. The
// covariance is the inverse of the observed information on the
// mean-zero plane.
func FitRatings(k int, results []Result, prior float64) (Fit, error) {
	if k < 2 {
		return Fit{}, fmt.Errorf("arena: %d bots to rate; rate at least 2", k)
	}
	all := append([]Result(nil), results...)
	if prior > 0 {
		for i := 0; i < k; i++ {
			for j := i + 1; j < k; j++ {
				all = append(all, Result{Players: []int{i, j}, Games: prior})
			}
		}
	}
	won := make([]float64, k)
	for _, r := range all {
		for p, s := range r.shares() {
			won[p] += s * r.Games
		}
	}
	gamma := make([]float64, k)
	for i := range gamma {
		gamma[i] = 1
	}
	next := make([]float64, k)
	for iter := 0; iter < 100000; iter++ {
		den := make([]float64, k)
		for _, r := range all {
			var sum float64
			for _, p := range r.Players {
				sum += gamma[p]
			}
			for _, p := range r.Players {
				den[p] += r.Games / sum
			}
		}
		var logMean float64
		for i := range next {
			next[i] = won[i] / den[i]
			logMean += math.Log(next[i]) / float64(k)
		}
		var change float64
		for i := range next {
			next[i] /= math.Exp(logMean)
			change = math.Max(change, math.Abs(math.Log(next[i]/gamma[i])))
		}
		gamma, next = next, gamma
		if change < 1e-12 {
			break
		}
	}
	theta := make([]float64, k)
	for i, g := range gamma {
		theta[i] = math.Log(g)
	}
	cov, err := covariance(k, all, gamma)
	if err != nil {
		return Fit{}, err
	}
	return Fit{Theta: theta, Cov: cov}, nil
}

// covariance inverts the observed information of the log-strengths,
// H_ij = Σ_games (δ_ij p_i − p_i p_j) with p the win probabilities, on
// the plane Σθ = 0: H has the all-ones direction as its null space, and
// (H + 11ᵀ/k)⁻¹ − 11ᵀ/k is its pseudo-inverse.
func covariance(k int, results []Result, gamma []float64) (*mat.SymDense, error) {
	h := mat.NewSymDense(k, nil)
	for _, r := range results {
		var sum float64
		for _, p := range r.Players {
			sum += gamma[p]
		}
		for _, a := range r.Players {
			pa := gamma[a] / sum
			for _, b := range r.Players {
				if b < a {
					continue
				}
				v := -pa * gamma[b] / sum
				if a == b {
					v += pa
				}
				h.SetSym(a, b, h.At(a, b)+r.Games*v)
			}
		}
	}
	for i := 0; i < k; i++ {
		for j := i; j < k; j++ {
			h.SetSym(i, j, h.At(i, j)+1/float64(k))
		}
	}
	var chol mat.Cholesky
	if ok := chol.Factorize(h); !ok {
		return nil, fmt.Errorf("arena: the results do not connect every bot to the others, so their ratings cannot be compared")
	}
	var inv mat.SymDense
	if err := chol.InverseTo(&inv); err != nil {
		return nil, fmt.Errorf("arena: inverting the information: %w", err)
	}
	for i := 0; i < k; i++ {
		for j := i; j < k; j++ {
			inv.SetSym(i, j, inv.At(i, j)-1/float64(k))
		}
	}
	return &inv, nil
}

// SignTest is the two-sided exact sign test of a against b deals: the
// probability, when either bot is as likely as the other to be the one
// that wins a deal only one of them wins, of a split at least this
// uneven. No such deals give 1.
func SignTest(a, b int64) float64 {
	n := a + b
	if n == 0 {
		return 1
	}
	tail := distuv.Binomial{N: float64(n), P: 0.5}.CDF(float64(min(a, b)))
	return math.Min(1, 2*tail)
}
