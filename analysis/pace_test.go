package analysis

import (
	"context"
	"errors"
	"reflect"
	"testing"
)

// Pace is called at safe points throughout the work, solver searches
// included; a paced analysis is the same as an unpaced one, and a pace
// error stops the analysis with that error.
func TestPace(t *testing.T) {
	rec := loadRecord(t, knownLoss)
	plain, err := Analyze(context.Background(), rec, Options{settings: &small})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	paced, err := Analyze(context.Background(), rec, Options{settings: &small, Pace: func(ctx context.Context) error {
		calls++
		return ctx.Err()
	}})
	if err != nil {
		t.Fatal(err)
	}
	plain.Seconds, paced.Seconds = Timing{}, Timing{}
	if !reflect.DeepEqual(plain, paced) {
		t.Error("the paced analysis differs from the unpaced one")
	}
	probes := len(paced.Hindsight.Probes)
	if calls < 2*len(paced.Decisions)+probes || paced.Hindsight.Nodes/4096 > int64(calls) {
		t.Errorf("Pace called %d times for %d decisions, %d probes and %d nodes", calls, len(paced.Decisions), probes, paced.Hindsight.Nodes)
	}
	stop := errors.New("stop")
	for _, after := range []int{3, calls - 5} {
		n := 0
		_, err := Analyze(context.Background(), rec, Options{settings: &small, Pace: func(context.Context) error {
			if n++; n > after {
				return stop
			}
			return nil
		}})
		if !errors.Is(err, stop) {
			t.Errorf("a pace that fails after %d calls: %v, want its error", after, err)
		}
	}
}
