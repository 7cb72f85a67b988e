package watchtowerbot_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"cardtable/bots/ismcts"
	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
)

// Appraise reports the policy's candidates with means on the scale of the
// returns (−1 to n−1), given actions exactly those, even one the policy
// does not rank among its best; and it reads only what the seat sees: a
// redeal of the cards the seat cannot see gets the same statistics.
func TestAppraise(t *testing.T) {
	st := small()
	st.Search.Iterations = 40
	rng := rand.New(rand.NewPCG(3, 4))
	s := newState(t, 3, 7)
	appraised, outside := 0, 0
	for step := 0; step < 120 && !s.Terminal(); step++ {
		seat := s.ToMove(nil)[0]
		legal := s.Legal(seat, nil)
		if step%5 == 0 && len(legal) > 1 {
			stats := newBot(t, st, 5).Appraise(s, seat, nil)
			visits := 0
			for _, x := range stats {
				if x.Mean < -1 || x.Mean > 2 {
					t.Fatalf("step %d: %q: mean %v outside -1..2", step, s.ActionString(x.Action), x.Mean)
				}
				visits += x.Visits
			}
			if len(stats) == 0 || len(stats) > st.Candidates || visits != st.Search.Iterations {
				t.Fatalf("step %d: %d candidates with %d visits, want 1 to %d with %d", step, len(stats), visits, st.Candidates, st.Search.Iterations)
			}
			last := legal[len(legal)-1]
			if !slices.ContainsFunc(stats, func(x ismcts.ActionStat) bool { return x.Action == last }) {
				outside++
			}
			one := newBot(t, st, 5).Appraise(s, seat, []engine.Action{last})
			if len(one) != 1 || one[0].Action != last || one[0].Visits != st.Search.Iterations {
				t.Fatalf("step %d: Appraise(%q) = %+v, want it alone with every visit", step, s.ActionString(last), one)
			}
			d := s.Determinize(seat, rng)
			if again := newBot(t, st, 5).Appraise(d, seat, nil); !slices.Equal(stats, again) {
				t.Fatalf("step %d: seat %d: %+v in the real game, %+v in a redeal it cannot tell apart", step, seat, stats, again)
			}
			appraised++
		}
		if err := s.Apply(seat, newBot(t, watchtowerbot.DefaultSettings(), 1).Act(s, seat)); err != nil {
			t.Fatal(err)
		}
	}
	if appraised < 10 || outside == 0 {
		t.Fatalf("%d positions appraised, %d with an action outside the candidates: want 10 and 1", appraised, outside)
	}
}
