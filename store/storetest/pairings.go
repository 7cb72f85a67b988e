package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"cardtable/store"
)

// PairingStore is a store with shared quick pairing.
type PairingStore interface {
	store.Store
	store.Pairings
}

// RunPairings runs the shared quick-pairing contract.
func RunPairings(t *testing.T, open Open) {
	t.Run("Requests", func(t *testing.T) { testPairingRequests(t, open) })
	t.Run("Pair", func(t *testing.T) { testPair(t, open) })
	t.Run("PairRace", func(t *testing.T) { testPairRace(t, open) })
}

func freshPairings(t *testing.T, open Open) PairingStore {
	t.Helper()
	s, _ := fresh(t, open)
	ps, ok := s.(PairingStore)
	if !ok {
		t.Fatalf("%T does not implement store.Pairings", s)
	}
	return ps
}

func pairingRequest(id, player string, at time.Time) store.PairingRequest {
	return store.PairingRequest{ID: id, Choice: "watchtower-2-1m", Player: player, Name: player, Address: "a-" + player,
		Rating: 1500, Min: 1300, Max: 1700, Bots: true, BotAfter: 30 * time.Second, At: at, Opponent: "opp-" + player, Owner: "own-" + player}
}

func testPairingRequests(t *testing.T, open Open) {
	s := freshPairings(t, open)
	for i, p := range []string{"ann", "bob"} {
		if err := s.AddPairing(ctx, pairingRequest("r"+p, p, epoch.Add(time.Duration(i)*time.Second)), 2); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddPairing(ctx, pairingRequest("r2ann", "ann", epoch), 0); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a second request of a waiting player: %v, want ErrConflict", err)
	}
	if err := s.AddPairing(ctx, pairingRequest("rcid", "cid", epoch), 2); !errors.Is(err, store.ErrLimit) {
		t.Errorf("a third request with 2 at most: %v, want ErrLimit", err)
	}
	ws, err := s.WaitingPairings(ctx, 0)
	if err != nil || len(ws) != 2 || ws[0].ID != "rann" || ws[1].ID != "rbob" {
		t.Fatalf("waiting: %+v, %v; want rann then rbob", ws, err)
	}
	want := pairingRequest("rann", "ann", epoch)
	want.Status, want.At = store.PairingWaiting, epoch.UTC().Truncate(time.Microsecond)
	if ws[0] != want {
		t.Errorf("read back %+v\nwant %+v", ws[0], want)
	}
	if ok, err := s.EndPairing(ctx, "rann", store.PairingCancelled, "", epoch.Add(time.Minute)); !ok || err != nil {
		t.Errorf("cancel: %v, %v", ok, err)
	}
	if ok, err := s.EndPairing(ctx, "rann", store.PairingDropped, "late", epoch.Add(time.Minute)); ok || err != nil {
		t.Errorf("ending an ended request: %v, %v; want false", ok, err)
	}
	if err := s.AddPairing(ctx, pairingRequest("r2ann", "ann", epoch), 0); err != nil {
		t.Errorf("asking again after a cancel: %v", err)
	}
	if r, err := s.PairingRequest(ctx, "rann"); err != nil || r.Status != store.PairingCancelled {
		t.Errorf("rann: %+v, %v", r, err)
	}
	if _, err := s.PairingRequest(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no such request: %v", err)
	}
	if n, err := s.PrunePairings(ctx, epoch.Add(2*time.Minute)); n != 1 || err != nil {
		t.Errorf("prune: %d, %v; want the cancelled one", n, err)
	}
	if ws, _ := s.WaitingPairings(ctx, 1); len(ws) != 1 {
		t.Errorf("limit 1: %d", len(ws))
	}
}

// pairingOf seats requests ids at table id, at seats 1, 0, ...
func pairingOf(id string, ids ...string) store.Pairing {
	tb := twoPlayer(id)
	p := store.Pairing{Table: tb, Bots: 0, At: epoch.Add(time.Second)}
	for i, r := range ids {
		p.Seats = append(p.Seats, store.PairedSeat{Request: r, Seat: 1 - i, Token: "tok-" + r})
	}
	return p
}

func testPair(t *testing.T, open Open) {
	s := freshPairings(t, open)
	for _, p := range []string{"ann", "bob", "cid"} {
		if err := s.AddPairing(ctx, pairingRequest("r"+p, p, epoch), 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.EndPairing(ctx, "rcid", store.PairingCancelled, "", epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.Pair(ctx, pairingOf("t1", "rann", "rcid")); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("pairing a cancelled request: %v, want ErrConflict", err)
	}
	if _, err := s.Table(ctx, "t1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the refused pairing's table was written: %v", err)
	}
	if r, _ := s.PairingRequest(ctx, "rann"); r.Status != store.PairingWaiting {
		t.Errorf("the refused pairing changed ann's request: %+v", r)
	}
	if acc, ok := s.(store.Accounts); ok {
		if err := acc.CreateUser(ctx, user("u0", "Bob")); err != nil {
			t.Fatal(err)
		}
	}
	paired := pairingOf("t2", "rann", "rbob")
	paired.Links = []store.SeatAccount{{Table: "t2", Seat: 0, User: "u0"}}
	if err := s.Pair(ctx, paired); err != nil {
		t.Fatal(err)
	}
	r, err := s.PairingRequest(ctx, "rbob")
	if err != nil || r.Status != store.PairingPaired || r.Table != "t2" || r.Seat != 0 || r.Token != "tok-rbob" || !r.Rated {
		t.Errorf("bob after the pairing: %+v, %v", r, err)
	}
	if tb, err := s.Table(ctx, "t2"); err != nil || len(tb.Seats) != 2 {
		t.Errorf("the paired table: %+v, %v", tb, err)
	}
	if ws, _ := s.WaitingPairings(ctx, 0); len(ws) != 0 {
		t.Errorf("still waiting: %+v", ws)
	}
}

// testPairRace: nodes pairing overlapping requests at once seat each
// request once.
func testPairRace(t *testing.T, open Open) {
	s := freshPairings(t, open)
	const n = 6
	for i := range n {
		p := fmt.Sprint("p", i)
		if err := s.AddPairing(ctx, pairingRequest("r"+p, p, epoch), 0); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := map[string]int{}
	for k := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, b := fmt.Sprint("rp", k), fmt.Sprint("rp", (k+1)%n)
			err := s.Pair(ctx, pairingOf(fmt.Sprint("race", k), a, b))
			if err != nil && !errors.Is(err, store.ErrConflict) {
				t.Error(err)
			}
			if err == nil {
				mu.Lock()
				won[a]++
				won[b]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(won) == 0 {
		t.Fatal("no pairing won")
	}
	for r, c := range won {
		if c != 1 {
			t.Errorf("request %s seated %d times", r, c)
		}
		got, _ := s.PairingRequest(ctx, r)
		if got.Status != store.PairingPaired {
			t.Errorf("%s won a table but reads %+v", r, got)
		}
	}
}
