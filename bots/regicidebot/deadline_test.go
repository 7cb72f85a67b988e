package regicidebot_test

import (
	"slices"
	"testing"
	"time"

	"cardtable/bots/bottest"
	"cardtable/bots/regicidebot"
	"cardtable/engine"
)

// The expert with a huge iteration budget stops when its context ends,
// after the iteration that was running, and plays a legal move; with no
// time at all it plays its policy's move.
func TestExpertStopsWhenContextEnds(t *testing.T) {
	s := newState(t, 2, 3)
	seat := s.ToMove(nil)[0]
	legal := s.Legal(seat, nil)
	for _, n := range []int{0, 1, 40} {
		root := bottest.NewCancelAfter(s, n)
		a := newBot(t, 2_000_000_000, 5).ActContext(root.Context(), root, seat)
		if !slices.Contains(legal, a) {
			t.Errorf("cancelled at iteration %d: played %q, not legal", n, s.ActionString(a))
		}
		if got := root.Determinizations(); got != n {
			t.Errorf("cancelled at iteration %d: %d iterations ran", n, got)
		}
		if n == 0 {
			if policy := newBot(t, 0, 5).Act(s, seat); a != policy {
				t.Errorf("with no time the expert played %q, its policy %q", s.ActionString(a), s.ActionString(policy))
			}
		}
	}
}

// Cap lowers plays and covers to the candidates cap and the search's
// settings to theirs; the loss scale costs nothing and stays.
func TestExpertCap(t *testing.T) {
	st := regicidebot.DefaultSettings()
	st.Plays, st.Covers, st.LossScale = 30, 2, 0.3
	st.Search.Iterations, st.Search.Time, st.Search.Workers = 1_000_000, time.Minute, 4
	b, err := regicidebot.New(st, 1)
	if err != nil {
		t.Fatal(err)
	}
	b.Cap(engine.BotCaps{Think: time.Second, Iterations: 500, Workers: 1, Candidates: 6})
	got := b.Settings()
	if got.Plays != 6 || got.Covers != 2 || got.LossScale != 0.3 || got.Search.Iterations != 500 || got.Search.Time != time.Second || got.Search.Workers != 1 {
		t.Errorf("capped settings: plays=%d covers=%d loss=%v iterations=%d time=%v workers=%d; want 6 2 0.3 500 1s 1",
			got.Plays, got.Covers, got.LossScale, got.Search.Iterations, got.Search.Time, got.Search.Workers)
	}
	policy := newBot(t, 0, 1)
	policy.Cap(engine.BotCaps{Iterations: 10, Candidates: 1})
	if got := policy.Settings(); got.Search.Iterations != 0 || got.Plays != 1 {
		t.Errorf("the policy alone, capped: %+v; want no search and plays=1", got)
	}
}
