package loadtest

import (
	"context"
	"math/rand/v2"
	"net/http/httptest"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/store/memstore"
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
	if rep.DialErrors+rep.Refused+rep.Dropped+rep.Unmatched != 0 {
		t.Fatalf("errors: %+v", rep)
	}
	// Memory per table is not checked: over three tables the heap's growth
	// is within what a collection frees of earlier garbage.
	if rep.P50ms <= 0 || rep.P99ms < rep.P50ms || rep.MaxMs < rep.P99ms {
		t.Fatalf("figures: %+v", rep)
	}
	if rep.ServerWithin10ms == nil || *rep.ServerWithin10ms <= 0 || *rep.ServerWithin10ms > 1 || rep.ServerP99ms == nil {
		t.Fatalf("the server's own figures: %v %v", rep.ServerWithin10ms, rep.ServerP99ms)
	}
}

// --think 0 means no thinking: a seat answers its turn at once (it used
// to mean the 2 s default).
func TestThinkZero(t *testing.T) {
	cfg := Config{Think: 0}
	cfg.defaults()
	lc := &loadClient{r: &run{cfg: cfg}, rng: rand.New(rand.NewPCG(1, 2))}
	if cfg.Think != 0 || lc.think() != 0 {
		t.Fatalf("think 0 became %v (a seat thinks %v)", cfg.Think, lc.think())
	}
	// Two Regicide games between random seats last some tens of actions:
	// at once they end within the run; at 2 s a move they could not.
	rep, err := Run(context.Background(), Config{Game: "regicide", Tables: 2, Clients: 4, Think: 0, Hold: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if rep.GamesEnded != 2 || rep.Refused+rep.Dropped+rep.Unmatched != 0 {
		t.Fatalf("report: %+v", rep)
	}
}

// A command refused rate-limited is sent again after the server's
// retry_after_ms, not at once: against a server allowing 10 commands a
// second per connection, seats that never think are refused now and then
// but never kicked for hammering (the server closes a connection whose
// commands keep coming over the limit), and keep playing.
func TestRateLimitedRetriedLater(t *testing.T) {
	srv := server.New(memstore.New(), server.Config{
		Limits: server.Limits{ConnRate: 10, ConnBurst: 2, APIRate: 1000, APIBurst: 1000},
	})
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	defer srv.Shutdown(context.Background())
	rep, err := Run(context.Background(), Config{URL: hs.URL, Tables: 2, Clients: 4, Think: 0, Hold: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if rep.RateLimited == 0 || rep.Dropped != 0 || rep.Actions == 0 || rep.Refused != rep.RateLimited || rep.Unmatched != 0 {
		t.Fatalf("report: %+v", rep)
	}
}

// Every event received is matched to when its command was sent, even
// when a spectator reads it after the seat has already sent its next
// command, or before the actor's own copy arrived: no sample is dropped
// or measured from the wrong send.
func TestEveryReceiptMatched(t *testing.T) {
	t0 := time.Unix(1000, 0)
	ms := func(n int) time.Time { return t0.Add(time.Duration(n) * time.Millisecond) }
	tb := &tableRun{
		sends:   map[string]time.Time{"l0-1": ms(0), "l0-2": ms(5), "l1-1": ms(1)},
		applied: map[int]string{1: "l0-1", 2: "l1-1", 3: "l0-2"},
	}
	r := &run{receipts: []receipt{
		{tb, 1, ms(2)},  // seat 0's own event
		{tb, 1, ms(9)},  // the spectator, after seat 0 sent l0-2 at 5 ms
		{tb, 2, ms(3)},  // seat 1's event, read by the spectator before seat 1
		{tb, 3, ms(12)}, //
		{tb, 4, ms(20)}, // an event no seat claimed: counted, not hidden
	}}
	rep := &Report{HoldSeconds: 1}
	r.fill(rep, 0)
	if rep.Broadcasts != 4 || rep.Unmatched != 1 {
		t.Fatalf("broadcasts %d, unmatched %d; want 4, 1", rep.Broadcasts, rep.Unmatched)
	}
	// Latencies 2, 9, 2, 7 ms: the median of four is the third (7), the
	// max 9 (the spectator's late read of l0-1, not 4 from l0-2).
	if rep.MaxMs != 9 || rep.P50ms != 7 {
		t.Fatalf("p50 %v, max %v; want 7, 9", rep.P50ms, rep.MaxMs)
	}
}
