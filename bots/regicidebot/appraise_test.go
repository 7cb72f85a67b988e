package regicidebot_test

import (
	"math"
	"slices"
	"testing"

	"cardtable/bots/ismcts"
	"cardtable/bots/regicidebot"
	"cardtable/engine"
)

// appraiser is an expert whose search returns 1 for a won game and 0 for a
// lost one, so its means are shares of won iterations.
func appraiser(t *testing.T, iterations int, seed uint64) *regicidebot.Bot {
	t.Helper()
	st := regicidebot.DefaultSettings()
	st.Search.Iterations, st.Search.StopEarly, st.LossScale = iterations, false, 0
	b, err := regicidebot.New(st, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Appraise reports the search's candidates with shares of won games as
// means (a whole number of wins over the visits), and, given actions,
// exactly those: one action gets every iteration, even one the search
// game prunes (a Step 4 cover that is not minimal).
func TestAppraiseReportsWonShares(t *testing.T) {
	s := newState(t, 1, 3)
	step4 := false
	for step := 0; step < 40 && !s.Terminal(); step++ {
		legal := s.Legal(0, nil)
		if len(legal) > 1 {
			stats := appraiser(t, 200, 9).Appraise(s, 0, nil)
			visits := 0
			for _, st := range stats {
				wins := st.Mean * float64(st.Visits)
				if st.Mean < 0 || st.Mean > 1 || math.Abs(wins-math.Round(wins)) > 1e-6 {
					t.Fatalf("step %d: %q: mean %v over %d visits is not a share of wins", step, s.ActionString(st.Action), st.Mean, st.Visits)
				}
				visits += st.Visits
			}
			if visits != 200 {
				t.Fatalf("step %d: %d visits over the candidates, want 200", step, visits)
			}
			last := legal[len(legal)-1]
			if s.ActionString(last) != "power" && len(legal) > 8 {
				step4 = step4 || slices.IndexFunc(stats, func(st ismcts.ActionStat) bool { return st.Action == last }) < 0
			}
			one := appraiser(t, 50, 9).Appraise(s, 0, []engine.Action{last})
			if len(one) != 1 || one[0].Action != last || one[0].Visits != 50 {
				t.Fatalf("step %d: Appraise(%q) = %+v, want it alone with 50 visits", step, s.ActionString(last), one)
			}
		}
		if err := s.Apply(0, newBot(t, 0, 1).Act(s, 0)); err != nil {
			t.Fatal(err)
		}
	}
	if !step4 {
		t.Error("no position had an action the search game prunes: the test did not appraise one")
	}
}

// Appraise reads what the seat sees only: two deals the seat cannot tell
// apart get the same statistics from searches of one seed. The control, a
// search that sees the real Tavern, must tell them apart somewhere.
func TestAppraiseDoesNotPeek(t *testing.T) {
	differs := 0
	for seed := uint64(1); seed <= 4; seed++ {
		a, b := twins(t, seed)
		x, y := appraiser(t, 300, seed).Appraise(a, 0, nil), appraiser(t, 300, seed).Appraise(b, 0, nil)
		if !slices.Equal(x, y) {
			t.Errorf("deal %d: %+v and %+v for positions the seat cannot tell apart", seed, x, y)
		}
		if !slices.Equal(appraiser(t, 300, seed).Appraise(peeking{a}, 0, nil), appraiser(t, 300, seed).Appraise(peeking{b}, 0, nil)) {
			differs++
		}
	}
	if differs == 0 {
		t.Error("a search that sees the Tavern appraised the twins alike: the test cannot detect peeking")
	}
}
