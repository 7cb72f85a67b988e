// Package ratings is the Glicko-2 rating system (Mark Glickman, "Example
// of the Glicko-2 system", 2013) for cardtable's rated games: a player's
// rating, its deviation (how sure we are of it) and its volatility, updated
// from the results of a rating period. cardtable rates each game as its own
// period (Rate), and lets the deviation grow with the days a player does
// not play (Idle); games of more than two seats are scored pair by pair
// from the seats' returns (PairScores). The bots carry fixed ratings on the
// same scale (bots.go), measured by cardtable arena.
//
// The package is pure: no clock, no store. docs/accounts.md describes how
// the server uses it.
package ratings

import (
	"errors"
	"fmt"
	"math"
)

// Rating is a player's Glicko-2 rating on the Glicko scale (a new player
// is 1500 ± 350; 400 points of difference are odds of 10 to 1, as in Elo).
type Rating struct {
	// R is the rating.
	R float64 `json:"rating"`
	// RD is the rating deviation: R ± 2 RD holds the player's strength
	// with about 95% confidence.
	RD float64 `json:"rd"`
	// Vol is the volatility σ: how erratic the player's results are.
	Vol float64 `json:"volatility"`
}

// The Glicko-2 constants cardtable uses.
const (
	// Start is a new player's rating.
	Start = 1500.0
	// StartRD is a new player's deviation, and the most it grows back to.
	StartRD = 350.0
	// StartVol is a new player's volatility.
	StartVol = 0.06
	// Tau constrains how fast volatility changes; Glickman suggests 0.3 to
	// 1.2. 0.5 is his example's value and a usual choice.
	Tau = 0.5
	// MinRD is the least deviation a player keeps, so a rating never
	// freezes however many games are played.
	MinRD = 45.0
	// ProvisionalRD marks a rating shown with a "?": its deviation is
	// still above this.
	ProvisionalRD = 110.0
)

// Scale converts between the Glicko scale and Glicko-2's (173.7178 =
// 400 / ln 10).
const Scale = 400 / math.Ln10

const scale = Scale

// epsilon is the convergence tolerance of the volatility's iteration.
const epsilon = 1e-6

// New is a new player's rating.
func New() Rating { return Rating{R: Start, RD: StartRD, Vol: StartVol} }

// Provisional reports whether r is still uncertain (RD above ProvisionalRD).
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

func (r Rating) String() string {
	mark := ""
	if r.Provisional() {
		mark = "?"
	}
	return fmt.Sprintf("%.0f%s ± %.0f", r.R, mark, r.RD)
}

// ErrBad is a rating or result that cannot be rated (not a number, a
// negative deviation, a score outside 0..1).
var ErrBad = errors.New("ratings: bad input")

// Check reports whether r is a rating the system can work with.
func (r Rating) Check() error {
	if !finite(r.R) || !finite(r.RD) || !finite(r.Vol) || r.RD <= 0 || r.Vol <= 0 {
		return fmt.Errorf("%w: rating %v/%v/%v; want finite numbers with RD and volatility above 0", ErrBad, r.R, r.RD, r.Vol)
	}
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Result is one game of a rating period: the opponent's rating before the
// period and the player's score against them (1 a win, 0.5 a draw, 0 a
// loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// System is Glicko-2 with its constant τ. The zero value uses Tau.
type System struct {
	Tau float64
}

func (s System) tau() float64 {
	if s.Tau > 0 {
		return s.Tau
	}
	return Tau
}

// Update is Glicko-2's steps 2 to 8 exactly as the paper gives them: the
// player's rating after one rating period with results. A period without
// results only widens the deviation (step 6 alone).
func (s System) Update(p Rating, results []Result) (Rating, error) {
	if err := p.Check(); err != nil {
		return p, err
	}
	mu, phi := (p.R-Start)/scale, p.RD/scale
	if len(results) == 0 {
		return Rating{R: p.R, RD: math.Sqrt(phi*phi+p.Vol*p.Vol) * scale, Vol: p.Vol}, nil
	}
	var vInv, sum float64
	for _, res := range results {
		if err := res.Opponent.Check(); err != nil {
			return p, err
		}
		if !(res.Score >= 0 && res.Score <= 1) {
			return p, fmt.Errorf("%w: score %v; want 0 (a loss) to 1 (a win)", ErrBad, res.Score)
		}
		muJ, phiJ := (res.Opponent.R-Start)/scale, res.Opponent.RD/scale
		gJ := g(phiJ)
		e := expected(mu, muJ, gJ)
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	vol := s.volatility(phi, p.Vol, v, delta)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Rating{R: muNew*scale + Start, RD: phiNew * scale, Vol: vol}, nil
}

// g is the paper's g(φ): how much an opponent's uncertainty damps a
// result's weight.
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is E(μ, μj, φj): the player's expected score.
func expected(mu, muJ, gJ float64) float64 { return 1 / (1 + math.Exp(-gJ*(mu-muJ))) }

// volatility is step 5: the new σ by the Illinois algorithm on f.
func (s System) volatility(phi, sigma, v, delta float64) float64 {
	tau := s.tau()
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Idle is p after periods rating periods without a game (step 6 alone,
// that many times): the deviation grows back towards StartRD, never past
// it. Fractions of a period count in proportion.
func Idle(p Rating, periods float64) Rating {
	if periods <= 0 || p.Check() != nil {
		return p
	}
	phi := p.RD / scale
	rd := math.Sqrt(phi*phi+periods*p.Vol*p.Vol) * scale
	p.RD = math.Min(rd, math.Max(p.RD, StartRD))
	return p
}
