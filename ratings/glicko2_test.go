package ratings

import (
	"errors"
	"math"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a player at 1500 ± 200 (σ 0.06, τ 0.5) beats a 1400 ±
// 30 and loses to a 1550 ± 100 and a 1700 ± 300; after the period the
// paper gives r' = 1464.06, RD' = 151.52, σ' = 0.05999. The paper rounds
// its intermediate figures to three or four digits (E to 0.639, 0.432,
// 0.303), so exact arithmetic lands at 1464.05; the tolerances are the
// paper's rounding, far tighter than any wrong step would land.
func TestGlickmanExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Vol: 0.06}
	got, err := System{Tau: 0.5}.Update(p, []Result{
		{Opponent: Rating{R: 1400, RD: 30, Vol: 0.06}, Score: 1},
		{Opponent: Rating{R: 1550, RD: 100, Vol: 0.06}, Score: 0},
		{Opponent: Rating{R: 1700, RD: 300, Vol: 0.06}, Score: 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !near(got.R, 1464.06, 0.02) || !near(got.RD, 151.52, 0.005) || !near(got.Vol, 0.05999, 0.00001) {
		t.Errorf("Update = %.4f / %.4f / %.6f, want the paper's 1464.06 / 151.52 / 0.05999", got.R, got.RD, got.Vol)
	}
}

// TestGlickmanSteps checks the example's intermediate quantities (the
// paper's g = 0.9955, 0.9531, 0.7242; E = 0.639, 0.432, 0.303; v = 1.7785,
// Δ = -0.4834, φ* = 1.152862, μ' = -0.2069, φ' = 0.8722), so a wrong step
// cannot hide behind a lucky final figure. v and Δ are compared at the
// precision of the paper's rounded E.
func TestGlickmanSteps(t *testing.T) {
	mu, phi := 0.0, 200/scale
	type opp struct{ mu, phi, s float64 }
	opps := []opp{{(1400 - 1500) / scale, 30 / scale, 1}, {(1550 - 1500) / scale, 100 / scale, 0}, {(1700 - 1500) / scale, 300 / scale, 0}}
	wantG, wantE := []float64{0.9955, 0.9531, 0.7242}, []float64{0.639, 0.432, 0.303}
	var vInv, sum float64
	for i, o := range opps {
		gj := g(o.phi)
		e := expected(mu, o.mu, gj)
		if !near(gj, wantG[i], 0.00005) || !near(e, wantE[i], 0.0005) {
			t.Errorf("opponent %d: g %.4f E %.3f, want %.4f, %.3f", i+1, gj, e, wantG[i], wantE[i])
		}
		vInv += gj * gj * e * (1 - e)
		sum += gj * (o.s - e)
	}
	v := 1 / vInv
	delta := v * sum
	if !near(phi, 1.1513, 0.0001) || !near(v, 1.7785, 0.001) || !near(delta, -0.4834, 0.001) {
		t.Errorf("φ %.4f v %.4f Δ %.4f, want 1.1513, 1.7785, -0.4834", phi, v, delta)
	}
	vol := System{Tau: 0.5}.volatility(phi, 0.06, v, delta)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	if !near(phiStar, 1.152862, 0.00001) || !near(phiNew, 0.8722, 0.0001) || !near(muNew, -0.2069, 0.0001) {
		t.Errorf("φ* %.6f φ' %.4f μ' %.4f, want 1.152862, 0.8722, -0.2069", phiStar, phiNew, muNew)
	}
}

func TestNoGamesWidensOnly(t *testing.T) {
	p := Rating{R: 1620, RD: 80, Vol: 0.06}
	got, err := System{}.Update(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Sqrt(math.Pow(80/scale, 2)+0.06*0.06) * scale
	if got.R != p.R || got.Vol != p.Vol || !near(got.RD, want, 1e-9) {
		t.Errorf("Update with no games = %+v, want R and σ kept, RD %.4f", got, want)
	}
}

func TestIdle(t *testing.T) {
	p := Rating{R: 1700, RD: 60, Vol: 0.06}
	if got := Idle(p, 0); got != p {
		t.Errorf("Idle(0) = %+v, want unchanged", got)
	}
	one := Idle(p, 1)
	step, _ := System{}.Update(p, nil)
	if !near(one.RD, step.RD, 1e-9) || one.R != p.R {
		t.Errorf("Idle(1) = %+v, want one empty period %+v", one, step)
	}
	if got := Idle(p, 1e9); got.RD != StartRD {
		t.Errorf("Idle for ages: RD %v, want capped at %v", got.RD, StartRD)
	}
	if a, b := Idle(p, 10), Idle(Idle(p, 4), 6); !near(a.RD, b.RD, 1e-9) {
		t.Errorf("Idle(10) = %v but Idle(4) then Idle(6) = %v", a.RD, b.RD)
	}
}

func TestBadInput(t *testing.T) {
	good := New()
	for _, tc := range []struct {
		name string
		p    Rating
		res  []Result
	}{
		{"NaN rating", Rating{R: math.NaN(), RD: 100, Vol: 0.06}, nil},
		{"zero RD", Rating{R: 1500, RD: 0, Vol: 0.06}, nil},
		{"negative volatility", Rating{R: 1500, RD: 100, Vol: -1}, nil},
		{"score above 1", good, []Result{{Opponent: good, Score: 1.5}}},
		{"NaN score", good, []Result{{Opponent: good, Score: math.NaN()}}},
		{"infinite opponent", good, []Result{{Opponent: Rating{R: math.Inf(1), RD: 50, Vol: 0.06}, Score: 1}}},
	} {
		got, err := System{}.Update(tc.p, tc.res)
		if !errors.Is(err, ErrBad) {
			t.Errorf("%s: Update gave %v, %v; want ErrBad", tc.name, got, err)
		}
	}
}

// TestSymmetry: two equal new players, one game: the winner gains what the
// loser loses, both deviations shrink alike, and a draw changes nothing but
// the deviations.
func TestSymmetry(t *testing.T) {
	s := System{}
	out, err := s.Rate([]Seat{{Rating: New()}, {Rating: New()}}, []float64{1, -1})
	if err != nil {
		t.Fatal(err)
	}
	if !near(out[0].R-Start, Start-out[1].R, 1e-9) || out[0].R <= Start || !near(out[0].RD, out[1].RD, 1e-9) || out[0].RD >= StartRD {
		t.Errorf("after a win between equals: %+v", out)
	}
	draw, err := s.Rate([]Seat{{Rating: New()}, {Rating: New()}}, []float64{0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if !near(draw[0].R, Start, 1e-9) || !near(draw[1].R, Start, 1e-9) {
		t.Errorf("a draw between equals moved the ratings: %+v", draw)
	}
}

func TestRateFixedAndMinRD(t *testing.T) {
	bot := Rating{R: 1800, RD: 40, Vol: 0.06}
	person := Rating{R: 1600, RD: 46, Vol: 0.06}
	out, err := System{}.Rate([]Seat{{Rating: person}, {Rating: bot, Fixed: true}}, []float64{1, -1})
	if err != nil {
		t.Fatal(err)
	}
	if out[1] != bot {
		t.Errorf("the bot's fixed rating moved: %+v", out[1])
	}
	if out[0].R <= person.R || out[0].RD < MinRD {
		t.Errorf("beating a stronger bot: %+v (want a gain, RD at least %v)", out[0], MinRD)
	}
	if _, err := (System{}).Rate([]Seat{{Rating: person}}, []float64{1}); !errors.Is(err, ErrBad) {
		t.Errorf("Rate of one seat: %v, want ErrBad", err)
	}
}

func TestPairScores(t *testing.T) {
	got := PairScores([]float64{-0.5, 1.5, -0.5, -0.5})
	want := [][]float64{{0, 0, 0.5, 0.5}, {1, 0, 1, 1}, {0.5, 0, 0, 0.5}, {0.5, 0, 0.5, 0}}
	for i := range want {
		for j := range want[i] {
			if got[i][j] != want[i][j] {
				t.Fatalf("PairScores = %v, want %v", got, want)
			}
		}
	}
}

// TestThreeSeatWinner: in a three-player game the winner gains and the two
// equal losers lose the same.
func TestThreeSeatWinner(t *testing.T) {
	out, err := System{}.Rate([]Seat{{Rating: New()}, {Rating: New()}, {Rating: New()}}, []float64{-1, 2, -1})
	if err != nil {
		t.Fatal(err)
	}
	if out[1].R <= Start || out[0].R >= Start || !near(out[0].R, out[2].R, 1e-9) {
		t.Errorf("three seats, seat 2 wins: %+v", out)
	}
}

func TestBotRatings(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		def, ok := Bot(Watchtower, "heuristic", n)
		if !ok || def.R != Start || def.RD != BotRD {
			t.Errorf("Watchtower's default bot at %d seats: %+v, %v; want anchored at %v ± %v", n, def, ok, Start, BotRD)
		}
		exp, _ := Bot(Watchtower, "expert", n)
		rnd, _ := Bot(Watchtower, "random", n)
		if !(exp.R > def.R && def.R > rnd.R) {
			t.Errorf("Watchtower bots at %d seats out of the arena's order: expert %v, heuristic %v, random %v", n, exp.R, def.R, rnd.R)
		}
	}
	// Scored pair by pair, a game of three draws the bots closer than a
	// game of two (random is 451 below the default at two seats, 128 at
	// three: the losers' pairs are draws).
	r2, _ := Bot(Watchtower, "random", 2)
	r3, _ := Bot(Watchtower, "random", 3)
	if r3.R <= r2.R {
		t.Errorf("random at three seats %v, at two %v; want it closer to the default at three", r3.R, r2.R)
	}
	if _, ok := Bot(Watchtower, "heuristic", 5); ok {
		t.Error("Watchtower has no five-seat table, yet a bot has a rating there")
	}
	if _, ok := Bot(SlapWar, "expert", 2); ok {
		t.Error("War has no expert bot, yet it has a rating")
	}
	if _, ok := Bot(SlapWar, "random", 3); ok {
		t.Error("Slap War is rated at two seats only, yet a bot has a rating at three")
	}
	if _, ok := Bot("regicide", "expert", 2); ok {
		t.Error("Regicide is not rated, yet a bot has a rating in it")
	}
}
