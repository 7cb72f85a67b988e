package watchtower

import (
	"testing"

	"cardtable/engine"
)

// WT-24: the outcome names why the game ended and counts turns, rounds and
// the first player's win.
func TestOutcomeWT24(t *testing.T) {
	spec := Game{}.Stats(engine.MustResolve(Game{}, nil))
	if len(spec.Metrics) != numMetrics || numMetrics > engine.MaxMetrics || len(spec.EndReasons) != 4 {
		t.Fatalf("stats spec %+v: want %d metrics (at most %d) and 4 end reasons", spec, numMetrics, engine.MaxMetrics)
	}
	opts := engine.MustResolve(Game{}, map[string]string{"max-rounds": "2"})
	st, _ := Game{}.New(opts, engine.Setup{Seed: 8})
	s := st.(*State)
	for !s.Terminal() {
		if s.phase == phaseSetup {
			do(t, s, "done")
		} else {
			do(t, s, "end")
		}
	}
	o := Game{}.Outcome(s)
	r := s.Result()
	if spec.EndReasons[o.End] != "round cap" || o.Length != 4 || r.Length != 4 || o.Metrics[metricRounds] != 2 {
		t.Errorf("outcome %+v: want round cap after 4 turns and 2 rounds", o)
	}
	won := 0.0
	for _, w := range r.Winners {
		if !o.Won[w] {
			t.Errorf("winner %d not marked won", w)
		}
		if w == s.first {
			won = 1
		}
	}
	if o.Metrics[metricFirstPlayerWin] != won {
		t.Errorf("first-player-win = %v, want %v", o.Metrics[metricFirstPlayerWin], won)
	}
	sum := 0.0
	for _, x := range o.Returns[:o.Seats] {
		sum += x
	}
	if sum != 0 {
		t.Errorf("returns %v do not add up to zero", o.Returns)
	}
}
