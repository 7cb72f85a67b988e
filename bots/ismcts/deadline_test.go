package ismcts_test

import (
	"slices"
	"testing"
	"time"

	"cardtable/bots/bottest"
	"cardtable/bots/ismcts"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// A search with a huge iteration budget stops when its context ends,
// within one iteration per worker, and plays a legal move; with the
// context ended from the start it runs no iteration at all.
func TestStopsWhenContextEnds(t *testing.T) {
	g := regicide.Game{}
	s, err := g.New(engine.MustResolve(g, map[string]string{"players": "2"}), engine.Setup{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seat := s.ToMove(nil)[0]
	legal := s.Legal(seat, nil)
	for _, workers := range []int{1, 3} {
		for _, n := range []int{0, 1, 25} {
			cfg := ismcts.DefaultConfig()
			cfg.Iterations, cfg.Workers = 2_000_000_000, workers
			root := bottest.NewCancelAfter(s, n)
			a := newBot(t, cfg, 1).ActContext(root.Context(), root, seat)
			if !slices.Contains(legal, a) {
				t.Errorf("workers=%d, cancelled at iteration %d: played %q, not legal", workers, n, s.ActionString(a))
			}
			if got := root.Determinizations(); got < n || got > max(n, n+workers-1) {
				t.Errorf("workers=%d, cancelled at iteration %d: %d iterations ran, want %d to %d", workers, n, got, n, max(n, n+workers-1))
			}
		}
	}
}

// Cap lowers the settings over the caps, and the search then runs no more
// iterations than the cap — also a search on a time budget alone, which
// stops at the iteration cap long before its hour is up.
func TestCapBoundsTheSearch(t *testing.T) {
	s := newState(t, nimGame{}, map[string]string{"stones": "9"}, 1)
	caps := engine.BotCaps{Think: time.Second, Iterations: 100, Workers: 2, Candidates: 1}
	for _, tc := range []struct {
		name      string
		iter      int
		time      time.Duration
		workers   int
		wantIter  int
		wantTime  time.Duration
		wantWorks int
	}{
		{"over every cap", 5000, 10 * time.Second, 4, 100, time.Second, 2},
		{"time alone", 0, time.Hour, 1, 100, time.Second, 1},
		{"under the caps", 60, 0, 1, 60, 0, 1},
	} {
		cfg := ismcts.DefaultConfig()
		cfg.Iterations, cfg.Time, cfg.Workers = tc.iter, tc.time, tc.workers
		b := newBot(t, cfg, 2)
		b.Cap(caps)
		got := b.Config()
		if got.Iterations != tc.wantIter || got.Time != tc.wantTime || got.Workers != tc.wantWorks {
			t.Errorf("%s: capped to iterations=%d time=%v workers=%d, want %d %v %d", tc.name, got.Iterations, got.Time, got.Workers, tc.wantIter, tc.wantTime, tc.wantWorks)
		}
		visits := 0
		for _, st := range b.Search(s, 0) {
			visits += st.Visits
		}
		if visits != tc.wantIter {
			t.Errorf("%s: the capped search ran %d iterations, want %d", tc.name, visits, tc.wantIter)
		}
	}
	b := newBot(t, ismcts.Config{Iterations: 5000, Time: time.Hour, C: 1, Workers: 8}, 3)
	b.Cap(engine.BotCaps{})
	if got := b.Config(); got.Iterations != 5000 || got.Time != time.Hour || got.Workers != 8 {
		t.Errorf("zero caps (none) changed the settings: %+v", got)
	}
}
