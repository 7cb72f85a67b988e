package watchtowerbot_test

import (
	"slices"
	"testing"
	"time"

	"cardtable/bots/bottest"
	"cardtable/engine"
)

// The searching expert with a huge iteration budget stops when its
// context ends, after the iteration that was running, and plays a legal
// move; with no time at all it plays its policy's choice.
func TestExpertStopsWhenContextEnds(t *testing.T) {
	s, seat := midgame(t, 5, 40, searched)
	legal := s.Legal(seat, nil)
	st := small()
	st.Search.Iterations = 2_000_000_000
	for _, n := range []int{0, 1, 30} {
		root := bottest.NewCancelAfter(s, n)
		a := newBot(t, st, 5).ActContext(root.Context(), root, seat)
		if !slices.Contains(legal, a) {
			t.Errorf("cancelled at iteration %d: played %q, not legal", n, s.ActionString(a))
		}
		if got := root.Determinizations(); got != n {
			t.Errorf("cancelled at iteration %d: %d iterations ran", n, got)
		}
		if n == 0 {
			alone := st
			alone.Candidates = 1
			if policy := newBot(t, alone, 5).Act(s, seat); a != policy {
				t.Errorf("with no time the expert played %q, its policy %q", s.ActionString(a), s.ActionString(policy))
			}
		}
	}
}

// Cap lowers the candidates and the search's settings to the caps.
func TestExpertCap(t *testing.T) {
	st := small()
	st.Candidates, st.Search.Iterations, st.Search.Workers = 9, 100000, 3
	b := newBot(t, st, 1)
	b.Cap(engine.BotCaps{Think: time.Second, Iterations: 50, Workers: 1, Candidates: 4})
	got := b.Settings()
	if got.Candidates != 4 || got.Search.Iterations != 50 || got.Search.Workers != 1 || got.Search.Time != 0 || got.Margin != st.Margin {
		t.Errorf("capped settings: %+v; want candidates=4, iterations=50, workers=1, no time, margin kept", got)
	}
}
