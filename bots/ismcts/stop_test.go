package ismcts_test

import (
	"slices"
	"testing"
)

// StopEarly plays the same games move for move as the full search (it stops
// only when no remaining iteration could change the most visited action),
// and it does stop early: at Nim's decided positions the root visits add up
// to fewer than the budget, with a lead larger than what was left.
func TestStopEarlyPlaysTheSameMoves(t *testing.T) {
	for _, g := range testGames {
		full := config(300, 1)
		early := full
		early.StopEarly = true
		for seed := uint64(1); seed <= 5; seed++ {
			if a, b := selfPlay(t, g, full, seed), selfPlay(t, g, early, seed); !slices.Equal(a, b) {
				t.Errorf("%s seed=%d: full search played %v, stopping early %v", g.Name(), seed, a, b)
			}
		}
	}
	cfg := config(1000, 1)
	cfg.StopEarly = true
	s := newState(t, nimGame{}, map[string]string{"stones": "5"}, 1)
	stats := newBot(t, cfg, 3).Search(s, 0)
	sum, first, second := 0, 0, 0
	for _, st := range stats {
		sum += st.Visits
		if st.Visits > first {
			first, second = st.Visits, first
		} else if st.Visits > second {
			second = st.Visits
		}
	}
	if sum >= 1000 || first-second <= 1000-sum {
		t.Errorf("stopping early: %d of 1000 iterations, lead %d: want fewer iterations and a lead above the %d left", sum, first-second, 1000-sum)
	}
}
