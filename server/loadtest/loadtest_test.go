package loadtest

import (
	"context"
	"testing"
	"time"
)

// A small run holds every client, plays actions and measures their
// broadcasts, with no errors. The think time keeps the War games going
// past the hold (about 180 battles of two flips each), so a fast machine
// does not finish them all before measuring starts.
func TestSmallRun(t *testing.T) {
	rep, err := Run(context.Background(), Config{Tables: 3, Clients: 10, Think: 20 * time.Millisecond, Hold: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if rep.ClientsHeld != 10 || rep.Actions == 0 || rep.Broadcasts < int(rep.Actions) {
		t.Fatalf("report: %+v", rep)
	}
	if rep.DialErrors+rep.Refused+rep.Dropped != 0 {
		t.Fatalf("errors: %+v", rep)
	}
	// Memory per table is not checked: over three tables the heap's growth
	// is within what a collection frees of earlier garbage.
	if rep.P50ms <= 0 || rep.P99ms < rep.P50ms || rep.MaxMs < rep.P99ms {
		t.Fatalf("figures: %+v", rep)
	}
}
