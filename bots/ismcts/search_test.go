package ismcts_test

import (
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/bots/ismcts"
	"cardtable/cards"
	"cardtable/engine"
)

func config(iterations, workers int) ismcts.Config {
	cfg := ismcts.DefaultConfig()
	cfg.Iterations, cfg.Workers = iterations, workers
	return cfg
}

// selfPlay plays one game of g between two ISMCTS bots seeded from seed.
func selfPlay(t *testing.T, g engine.Game, cfg ismcts.Config, seed uint64) []string {
	t.Helper()
	players := []engine.Bot{newBot(t, cfg, engine.BotSeed(seed, 0)), newBot(t, cfg, engine.BotSeed(seed, 1))}
	return playGame(t, newState(t, g, nil, seed), players, seed)
}

// With an iteration budget, a seed fixes every move, however many workers
// share the iterations and however the goroutines are scheduled.
func TestDeterministicForSeedWhateverWorkers(t *testing.T) {
	for _, g := range testGames {
		for _, workers := range []int{1, 2, 3, 4} {
			cfg := config(200, workers)
			for seed := uint64(1); seed <= 3; seed++ {
				first := selfPlay(t, g, cfg, seed)
				for range 2 {
					if again := selfPlay(t, g, cfg, seed); !slices.Equal(again, first) {
						t.Errorf("%s workers=%d seed=%d: played %v, then %v", g.Name(), workers, seed, first, again)
					}
				}
			}
		}
	}
}

// The statistics themselves are reproducible, and depend on the seed (so
// the test above compares something that could differ).
func TestSearchStatisticsReproducible(t *testing.T) {
	s := newState(t, nimGame{}, map[string]string{"stones": "21"}, 1)
	for _, workers := range []int{1, 3} {
		cfg := config(500, workers)
		a := newBot(t, cfg, 5).Search(s, 0)
		b := newBot(t, cfg, 5).Search(s, 0)
		if !slices.Equal(a, b) {
			t.Errorf("workers=%d: same seed gave %v and %v", workers, a, b)
		}
		if c := newBot(t, cfg, 6).Search(s, 0); slices.Equal(a, c) {
			t.Errorf("workers=%d: seeds 5 and 6 gave the same statistics %v", workers, a)
		}
	}
}

// Every iteration passes through exactly one root action, so the root
// visits add up to the iteration budget, whatever the split over workers
// (10 iterations over 4 workers: 3, 3, 2, 2; 3 over 4: one idle worker).
func TestRootVisitsAddUpToIterations(t *testing.T) {
	for _, g := range testGames {
		s := newState(t, g, nil, 3)
		seat := s.ToMove(nil)[0]
		for _, c := range []struct{ iterations, workers int }{{1, 1}, {3, 4}, {10, 4}, {1000, 1}, {1001, 2}} {
			stats := newBot(t, config(c.iterations, c.workers), 1).Search(s, seat)
			sum := 0
			for _, st := range stats {
				sum += st.Visits
			}
			if sum != c.iterations {
				t.Errorf("%s iterations=%d workers=%d: root visits add up to %d", g.Name(), c.iterations, c.workers, sum)
			}
			if got, want := actionsOf(stats), s.Legal(seat, nil); !slices.Equal(got, want) {
				t.Errorf("%s: statistics for %v, want seat %d's legal actions %v in order", g.Name(), got, seat, want)
			}
		}
	}
}

func actionsOf(stats []ismcts.ActionStat) []engine.Action {
	out := make([]engine.Action, len(stats))
	for i, st := range stats {
		out[i] = st.Action
	}
	return out
}

// Whatever the settings, every move is legal (playGame checks it), also in
// simultaneous windows where the bot's seat is not the lowest to move.
func TestAlwaysPlaysLegalActions(t *testing.T) {
	firstLegal := func(_ engine.State, _ int, legal []engine.Action, _ *cards.RNG) engine.Action { return legal[0] }
	configs := map[string]ismcts.Config{
		"one iteration":       config(1, 1),
		"more workers":        config(7, 8),
		"no exploration":      {Iterations: 50, C: 0, Workers: 2},
		"depth cap":           {Iterations: 50, C: 1, Workers: 1, RolloutDepth: 1},
		"rollout policy":      {Iterations: 50, C: 1, Workers: 2, Rollout: firstLegal},
		"time budget":         {Time: time.Millisecond, C: 0.7, Workers: 2},
		"time and iterations": {Iterations: 20, Time: time.Second, C: 0.7, Workers: 1},
	}
	for name, cfg := range configs {
		for _, g := range testGames {
			for seed := uint64(1); seed <= 5; seed++ {
				selfPlay(t, g, cfg, seed)
			}
			t.Logf("%s: %s ok", name, g.Name())
		}
	}
}

// In the simultaneous test game the bot is asked to move as seat 1 both
// before and after seat 0 has chosen its face-down card.
func TestActsInSimultaneousWindowsForEitherSeat(t *testing.T) {
	s := newState(t, revealGame{}, nil, 1)
	if got := s.ToMove(nil); !slices.Equal(got, []int{0, 1}) {
		t.Fatalf("reveal starts with ToMove %v, want [0 1]", got)
	}
	for _, seat := range []int{1, 0} {
		a := newBot(t, config(200, 1), 1).Act(s, seat)
		if !slices.Contains(s.Legal(seat, nil), a) {
			t.Fatalf("seat %d chose illegal %v", seat, s.ActionString(a))
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	if v := s.View(engine.Spectator).(revealView); len(v.Played) != 1 {
		t.Errorf("after both seats chose, %d rounds revealed, want 1", len(v.Played))
	}
}

// The rollout policy replaces random rollouts; the evaluator scores
// rollouts cut by the depth cap. With take-away's perfect play as the
// policy (leave a multiple of 4 when possible) and its exact evaluation (a
// multiple of 4 is lost for the seat to move) after one rollout action, a
// small search finds winning moves from piles far deeper than random
// rollouts resolve.
func TestRolloutPolicyAndEvaluatorAreUsed(t *testing.T) {
	var policyCalls, evalCalls atomic.Int64
	cfg := ismcts.Config{Iterations: 200, C: ismcts.DefaultC, Workers: 2, RolloutDepth: 1}
	cfg.Rollout = func(s engine.State, _ int, legal []engine.Action, _ *cards.RNG) engine.Action {
		policyCalls.Add(1)
		if k := engine.Action(s.(*nimState).left % 4); slices.Contains(legal, k) {
			return k
		}
		return legal[0]
	}
	cfg.Evaluate = func(s engine.State) []float64 {
		evalCalls.Add(1)
		n := s.(*nimState)
		if n.left%4 == 0 {
			return engine.WinReturns(2, []int{1 - n.turn})
		}
		return engine.WinReturns(2, []int{n.turn})
	}
	for _, stones := range []int{37, 38, 39} {
		s := newState(t, nimGame{}, map[string]string{"stones": fmt.Sprint(stones)}, 1)
		if got, want := newBot(t, cfg, 1).Act(s, 0), engine.Action(stones%4); got != want {
			t.Errorf("stones=%d: took %d, want %d", stones, got, want)
		}
	}
	if policyCalls.Load() == 0 || evalCalls.Load() == 0 {
		t.Errorf("rollout policy called %d times, evaluator %d times; want both used", policyCalls.Load(), evalCalls.Load())
	}
}

// A time budget alone stops the search; it runs at least one iteration
// per worker.
func TestTimeBudgetStops(t *testing.T) {
	cfg := ismcts.Config{Time: 5 * time.Millisecond, C: ismcts.DefaultC, Workers: 2}
	s := newState(t, nimGame{}, map[string]string{"stones": "40"}, 1)
	sum := 0
	for _, st := range newBot(t, cfg, 1).Search(s, 0) {
		sum += st.Visits
	}
	if sum < 2 {
		t.Errorf("time budget: %d iterations, want at least one per worker", sum)
	}
}

// A seat with one legal action gets it at once.
func TestSingleLegalActionNeedsNoSearch(t *testing.T) {
	s := newState(t, nimGame{}, map[string]string{"stones": "1"}, 1)
	if got := newBot(t, config(1000, 1), 1).Act(s, 0); got != 1 {
		t.Errorf("one stone left: took %d, want 1", got)
	}
}

// Availability counts: a child is counted as available each time its
// action was legal when the search passed its parent after the child was
// made, so visits <= avail <= the parent's visits. Seat 0's actions are
// always available, so they miss only the parent's first passes (at most
// one per action, while the parent's actions are being expanded). Seat
// 1's face-down card is hidden from seat 0, so in the next round seat 1's
// hand differs between determinizations and its cards are unavailable in
// many more passes.
func TestAvailabilityCounts(t *testing.T) {
	s := newState(t, revealGame{}, nil, 1)
	if err := engine.ApplyText(s, 1, "3H"); err != nil {
		t.Fatal(err)
	}
	b := newBot(t, config(3000, 1), 1)
	b.Search(s, 0)
	partial := 0
	for _, n := range ismcts.TreeStats(b, 0) {
		if n.Visits > n.Avail || n.Avail > n.ParentVisits || n.ChildVisits > n.Visits {
			t.Errorf("node %+v: want visits <= avail <= parent visits and child visits <= visits", n)
		}
		missed := n.ParentVisits - n.Avail
		if n.Seat == 0 && missed > len(revealHands[0]) {
			t.Errorf("seat 0's own action %v unavailable in %d of %d passes, want at most 3", s.ActionString(n.Action), missed, n.ParentVisits)
		}
		if n.Seat == 1 && missed > 100 {
			partial++
		}
	}
	if partial == 0 {
		t.Error("no action of seat 1 was unavailable in more than 100 passes, though its hand is hidden")
	}
}

// A seat that may not act, or a finished game, gets no search.
func TestSearchWithoutLegalActions(t *testing.T) {
	s := newState(t, kuhnGame{}, nil, 1)
	b := newBot(t, config(100, 2), 1)
	if stats := b.Search(s, 1); stats != nil {
		t.Errorf("seat 1, not to move: Search = %v, want nil", stats)
	}
	for _, a := range []string{"pass", "pass"} {
		if err := engine.ApplyText(s, s.ToMove(nil)[0], a); err != nil {
			t.Fatal(err)
		}
	}
	if stats := b.Search(s, 0); stats != nil {
		t.Errorf("game over: Search = %v, want nil", stats)
	}
}
