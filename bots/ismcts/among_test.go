package ismcts_test

import (
	"testing"

	"cardtable/bots/ismcts"
	"cardtable/engine"
)

// SearchAmong with one action spends every iteration on it, so its mean is
// the value of that action alone: at 6 stones taking 2 (leaving 4) wins
// and taking 1 or 3 loses against the search's own replies. Given several
// actions, the statistics come in their order.
func TestSearchAmongValuesTheGivenActions(t *testing.T) {
	s := newState(t, nimGame{}, map[string]string{"stones": "6"}, 1)
	cfg := ismcts.DefaultConfig()
	cfg.Iterations = 2000
	for _, tc := range []struct {
		take engine.Action
		win  bool
	}{{1, false}, {2, true}, {3, false}} {
		stats := newBot(t, cfg, 5).SearchAmong(s, 0, []engine.Action{tc.take})
		if len(stats) != 1 || stats[0].Action != tc.take || stats[0].Visits != cfg.Iterations {
			t.Fatalf("SearchAmong(take %d) = %+v, want one stat with all %d visits", tc.take, stats, cfg.Iterations)
		}
		if got := stats[0].Mean > 0.5; got != tc.win {
			t.Errorf("SearchAmong(take %d): mean %.2f, want a win %v", tc.take, stats[0].Mean, tc.win)
		}
	}
	stats := newBot(t, cfg, 5).SearchAmong(s, 0, []engine.Action{3, 2})
	if len(stats) != 2 || stats[0].Action != 3 || stats[1].Action != 2 || stats[1].Visits <= stats[0].Visits {
		t.Errorf("SearchAmong(3, 2) = %+v, want take 3 then take 2, the winning take 2 most visited", stats)
	}
	if got := newBot(t, cfg, 5).SearchAmong(s, 0, nil); got != nil {
		t.Errorf("SearchAmong(nothing) = %+v, want nil", got)
	}
}
