package ratings

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// panelOf simulates a panel answering puzzles: bot b solves a puzzle of
// strength d with the model's chance, logistic((a_b − d)/scale).
func panelOf(rng *rand.Rand, bots []float64, puzzles []float64) [][]bool {
	out := make([][]bool, len(puzzles))
	for i, d := range puzzles {
		out[i] = make([]bool, len(bots))
		for b, a := range bots {
			out[i][b] = rng.Float64() >= logistic((a-d)/scale)
		}
	}
	return out
}

// TestFitPanelOrder: a puzzle more bots miss is seeded higher, the mean
// puzzle is Start, and the bots come out in the order of their strength,
// the gaps between them near the true ones.
func TestFitPanelOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	truth := []float64{1100, 1400, 1650, 1700}
	puzzles := make([]float64, 4000)
	for i := range puzzles {
		puzzles[i] = 1500 + 300*rng.NormFloat64()
	}
	missed := panelOf(rng, truth, puzzles)
	fit, err := FitPanel(missed)
	if err != nil {
		t.Fatal(err)
	}
	if len(fit.Levels) != 5 || len(fit.Bots) != 4 {
		t.Fatalf("fit: %d levels, %d bots; want 5 and 4", len(fit.Levels), len(fit.Bots))
	}
	for m := 1; m < len(fit.Levels); m++ {
		if fit.Levels[m].R <= fit.Levels[m-1].R {
			t.Errorf("level %d seeded %.0f, not above level %d's %.0f", m, fit.Levels[m].R, m-1, fit.Levels[m-1].R)
		}
	}
	var mean float64
	count := make([]int, 5)
	for _, row := range missed {
		m := 0
		for _, x := range row {
			if x {
				m++
			}
		}
		count[m]++
		mean += fit.Levels[m].R
	}
	if mean /= float64(len(missed)); math.Abs(mean-Start) > 1e-6 {
		t.Errorf("the mean puzzle is %.4f, want %v", mean, Start)
	}
	for b := 1; b < len(truth); b++ {
		if fit.Bots[b] <= fit.Bots[b-1] {
			t.Errorf("bot %d fitted %.0f, not above bot %d's %.0f", b, fit.Bots[b], b-1, fit.Bots[b-1])
		}
	}
	// With four bots a puzzle's strength is known only to a level, so
	// the gaps shrink somewhat; they stay within a third of the truth.
	if gap, want := fit.Bots[3]-fit.Bots[0], truth[3]-truth[0]; math.Abs(gap-want) > want/3 {
		t.Errorf("the strongest and weakest bots are %.0f apart, truly %.0f", gap, want)
	}
	for m, lv := range fit.Levels {
		if lv.RD < MinRD || lv.RD > StartRD || lv.Vol != StartVol {
			t.Errorf("level %d: %+v; want RD within [%v, %v] and the starting volatility", m, lv, MinRD, StartRD)
		}
	}
}

// TestFitPanelSymmetric: equal bots and misses spread symmetrically give
// seeds symmetric about Start, and a level no puzzle has (or that every
// bot misses) stays finite.
func TestFitPanelSymmetric(t *testing.T) {
	var missed [][]bool
	for m, n := range []int{10, 40, 100, 40, 10} {
		for r := range n {
			row := make([]bool, 4)
			for b := range m {
				row[(b+r)%4] = true // each bot misses as many
			}
			missed = append(missed, row)
		}
	}
	fit, err := FitPanel(missed)
	if err != nil {
		t.Fatal(err)
	}
	for m := range 2 {
		lo, hi := fit.Levels[m].R, fit.Levels[4-m].R
		if math.Abs((lo+hi)/2-Start) > 1e-6 || math.Abs(fit.Levels[m].RD-fit.Levels[4-m].RD) > 1e-6 {
			t.Errorf("levels %d and %d: %+v and %+v; want symmetric about %v", m, 4-m, fit.Levels[m], fit.Levels[4-m], Start)
		}
	}
	if math.Abs(fit.Levels[2].R-Start) > 1e-6 {
		t.Errorf("the middle level is %.4f, want %v", fit.Levels[2].R, Start)
	}
	for b := 1; b < 4; b++ {
		if math.Abs(fit.Bots[b]-fit.Bots[0]) > 1e-6 {
			t.Errorf("bots equally good fitted %v", fit.Bots)
		}
	}
	for _, lv := range fit.Levels {
		if lv.Check() != nil {
			t.Errorf("level %+v is not a usable rating", lv)
		}
	}
}

func TestFitPanelBadInput(t *testing.T) {
	for name, missed := range map[string][][]bool{
		"no puzzles":   nil,
		"no bots":      {{}},
		"ragged panel": {{true, false}, {true}},
	} {
		if _, err := FitPanel(missed); !errors.Is(err, ErrBad) {
			t.Errorf("%s: FitPanel gave %v, want ErrBad", name, err)
		}
	}
}

// TestAnswer: a right answer moves the player up and the puzzle down, a
// wrong one the other way, by the same Glicko-2 step as a game; the
// deviations shrink, never below MinRD.
func TestAnswer(t *testing.T) {
	player, puzzle := New(), Rating{R: 1500, RD: 190, Vol: StartVol}
	p1, z1, err := System{}.Answer(player, puzzle, true)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := System{}.Update(player, []Result{{Opponent: puzzle, Score: 1}})
	if p1 != want || p1.R <= player.R || z1.R >= puzzle.R || p1.RD >= player.RD || z1.RD >= puzzle.RD {
		t.Errorf("a right answer: player %v → %v (Update says %v), puzzle %v → %v", player, p1, want, puzzle, z1)
	}
	p2, z2, _ := System{}.Answer(player, puzzle, false)
	if p2.R >= player.R || z2.R <= puzzle.R || math.Abs((p1.R-player.R)+(p2.R-player.R)) > 1e-9 {
		t.Errorf("a wrong answer: player %v, puzzle %v; want the mirror of the right answer's %v", p2, z2, p1)
	}
	sure := Rating{R: 1500, RD: MinRD, Vol: StartVol}
	p3, z3, _ := System{}.Answer(sure, sure, true)
	if p3.RD < MinRD || z3.RD < MinRD {
		t.Errorf("deviations fell below %v: %v, %v", MinRD, p3, z3)
	}
	if _, _, err := (System{}).Answer(Rating{R: math.NaN(), RD: 1, Vol: 1}, puzzle, true); !errors.Is(err, ErrBad) {
		t.Errorf("a NaN rating: %v, want ErrBad", err)
	}
}
