package storetest

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// OpenCluster returns a new, empty store with leases for one test,
// registering its closing with t.Cleanup.
type OpenCluster func(t *testing.T) store.Cluster

// RunLeases runs the lease suite (store.Leases's comments), each contract
// as a subtest. Nothing in it depends on how fast the machine is: a lease
// meant to stay live lasts an hour, one meant to lapse lasts a millisecond
// and the test waits until the store lists it as an orphan.
func RunLeases(t *testing.T, open OpenCluster) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Cluster)
	}{
		{"AcquireRace", testAcquireRace},
		{"AcquireAgainKeepsEpoch", testAcquireAgain},
		{"AcquireMissingTable", testAcquireMissing},
		{"ExpiryTakeover", testTakeover},
		{"RenewAfterExpiry", testRenewExpired},
		{"Release", testRelease},
		{"RenewAll", testRenewAll},
		{"Orphans", testOrphans},
		{"FencedAppendWithoutLease", testFencedNoLease},
		{"FencedAppendConflicts", testFencedConflicts},
		{"FencedAppendRace", testFencedRace},
		{"FencedSeatAndResult", testFencedSeatAndResult},
		{"FencedSettle", testFencedSettle},
		{"FencedEvents", testFencedEvents},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open(t)) })
	}
}

const live = time.Hour

func acquire(t *testing.T, s store.Cluster, table, node string, ttl time.Duration) store.Lease {
	t.Helper()
	l, ok, err := s.Acquire(ctx, table, node, ttl)
	if err != nil || !ok {
		t.Fatalf("Acquire(%s, %s): %+v, %v, %v; want it acquired", table, node, l, ok, err)
	}
	if l.Node != node || l.Table != table || l.Epoch <= 0 {
		t.Fatalf("Acquire(%s, %s) gave lease %+v", table, node, l)
	}
	return l
}

// lapse waits until table's lease has expired by the store's clock: until
// Orphans lists it (bounded, so a store that never expires fails).
func lapse(t *testing.T, s store.Cluster, table string) {
	t.Helper()
	for range 2000 {
		os, err := s.Orphans(ctx, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range os {
			if o.Table == table {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("table %s's 1ms lease never expired (Orphans never lists it)", table)
}

func fencedAppend(t *testing.T, s store.Cluster, table string, epoch int64, seq int) {
	t.Helper()
	if err := s.AppendFenced(ctx, table, epoch, action(seq)); err != nil {
		t.Fatalf("AppendFenced(%s, epoch %d, seq %d): %v", table, epoch, seq, err)
	}
}

// testAcquireRace: nodes racing for one table; exactly one wins, and every
// loser is told the winner's lease.
func testAcquireRace(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	const nodes = 12
	type answer struct {
		l   store.Lease
		ok  bool
		err error
	}
	answers := make([]answer, nodes)
	var wg sync.WaitGroup
	for i := range nodes {
		wg.Go(func() {
			l, ok, err := s.Acquire(ctx, "t", fmt.Sprintf("node%d", i), live)
			answers[i] = answer{l, ok, err}
		})
	}
	wg.Wait()
	var winner *store.Lease
	for i, a := range answers {
		if a.err != nil {
			t.Fatalf("node%d's Acquire: %v", i, a.err)
		}
		if a.ok {
			if winner != nil {
				t.Fatalf("two nodes own table t: %+v and %+v", *winner, a.l)
			}
			winner = &a.l
		}
	}
	if winner == nil {
		t.Fatal("no node acquired table t")
	}
	for i, a := range answers {
		if !a.ok && (a.l.Node != winner.Node || a.l.Epoch != winner.Epoch) {
			t.Errorf("node%d lost the race and was told the owner is %+v, but %+v won", i, a.l, *winner)
		}
	}
	if got, err := s.Lease(ctx, "t"); err != nil || got.Node != winner.Node || got.Epoch != winner.Epoch {
		t.Errorf("Lease(t) = %+v, %v; want the winner's %+v", got, err, *winner)
	}
}

func testAcquireAgain(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	first := acquire(t, s, "t", "a", live)
	again := acquire(t, s, "t", "a", 2*live)
	if again.Epoch != first.Epoch || !again.Expires.After(first.Expires) {
		t.Errorf("a node acquiring its own live lease got %+v after %+v; want the same epoch, extended", again, first)
	}
	if l, ok, err := s.Acquire(ctx, "t", "b", live); err != nil || ok || l.Node != "a" {
		t.Errorf("another node acquired a live lease: %+v, %v, %v", l, ok, err)
	}
}

func testAcquireMissing(t *testing.T, s store.Cluster) {
	_, ok, err := s.Acquire(ctx, "gone", "a", live)
	if ok {
		t.Error("acquired a table that does not exist")
	}
	wantErr(t, "Acquire of a missing table", err, store.ErrNotFound)
	_, err = s.Lease(ctx, "gone")
	wantErr(t, "Lease of a missing table", err, store.ErrNotFound)
	wantErr(t, "AppendFenced to a missing table", s.AppendFenced(ctx, "gone", 1, action(0)), store.ErrNotFound)
	create(t, s, sample("t", epoch))
	if _, _, err := s.Acquire(ctx, "t", "a", 0); err == nil {
		t.Error("Acquire with a zero ttl succeeded")
	}
}

// testTakeover: a lapsed lease is taken over by another node at a greater
// epoch; the old owner's appends and renewals are then refused and write
// nothing, the new owner's go on from where the log is.
func testTakeover(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	old := acquire(t, s, "t", "a", live)
	fencedAppend(t, s, "t", old.Epoch, 0)
	if _, err := s.Renew(ctx, "t", "a", old.Epoch, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	lapse(t, s, "t")
	if l, ok, err := s.Acquire(ctx, "t", "a", live); err != nil || !ok || l.Epoch <= old.Epoch {
		t.Fatalf("the old owner re-acquiring its lapsed lease: %+v, %v, %v; want a greater epoch than %d", l, ok, err, old.Epoch)
	} else {
		old = l // node a's new tenure, which now lapses for good
	}
	if _, err := s.Renew(ctx, "t", "a", old.Epoch, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	lapse(t, s, "t")
	taken := acquire(t, s, "t", "b", live)
	if taken.Epoch <= old.Epoch {
		t.Fatalf("takeover epoch %d, want greater than the lapsed %d", taken.Epoch, old.Epoch)
	}
	stale := action(1)
	stale.Action = "stale"
	wantErr(t, "the old owner's AppendFenced after a takeover", s.AppendFenced(ctx, "t", old.Epoch, stale), store.ErrFenced)
	_, err := s.Renew(ctx, "t", "a", old.Epoch, live)
	wantErr(t, "the old owner's Renew after a takeover", err, store.ErrFenced)
	wantErr(t, "the old owner's Release after a takeover", s.Release(ctx, "t", "a", old.Epoch), store.ErrFenced)
	if d := sameActions(actions(t, s, "t"), 0, 1); d != "" {
		t.Fatalf("after the stale append: %s", d)
	}
	fencedAppend(t, s, "t", taken.Epoch, 1)
	wantErr(t, "the old owner's AppendFenced of the next seq", s.AppendFenced(ctx, "t", old.Epoch, action(2)), store.ErrFenced)
	if l, err := s.Lease(ctx, "t"); err != nil || l.Node != "b" || l.Epoch != taken.Epoch {
		t.Errorf("after the refused writes the lease is %+v (%v), want node b's epoch %d", l, err, taken.Epoch)
	}
	if d := sameActions(actions(t, s, "t"), 0, 2); d != "" {
		t.Errorf("the log after a takeover: %s", d)
	}
}

// testRenewExpired: an owner whose lease lapsed (nobody took it over) can
// neither renew nor append under it: it must acquire a new epoch.
func testRenewExpired(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	l := acquire(t, s, "t", "a", live)
	renewed, err := s.Renew(ctx, "t", "a", l.Epoch, time.Millisecond)
	if err != nil || renewed.Epoch != l.Epoch {
		t.Fatalf("Renew of a live lease: %+v, %v", renewed, err)
	}
	lapse(t, s, "t")
	_, err = s.Renew(ctx, "t", "a", l.Epoch, live)
	wantErr(t, "Renew of a lapsed lease", err, store.ErrFenced)
	wantErr(t, "AppendFenced under a lapsed lease", s.AppendFenced(ctx, "t", l.Epoch, action(0)), store.ErrFenced)
	if as := actions(t, s, "t"); len(as) != 0 {
		t.Fatalf("a fenced append wrote %v", as)
	}
	next := acquire(t, s, "t", "a", live)
	if next.Epoch <= l.Epoch {
		t.Errorf("re-acquired at epoch %d, want greater than %d", next.Epoch, l.Epoch)
	}
	fencedAppend(t, s, "t", next.Epoch, 0)
	_, err = s.Renew(ctx, "t", "b", next.Epoch, live)
	wantErr(t, "Renew by a node that is not the owner", err, store.ErrFenced)
}

// testRelease: a released table is anyone's at once, at a greater epoch,
// and the releasing node cannot write under its old epoch.
func testRelease(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	l := acquire(t, s, "t", "a", live)
	wantErr(t, "Release by another node", s.Release(ctx, "t", "b", l.Epoch), store.ErrFenced)
	if err := s.Release(ctx, "t", "a", l.Epoch); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "AppendFenced after Release", s.AppendFenced(ctx, "t", l.Epoch, action(0)), store.ErrFenced)
	_, err := s.Renew(ctx, "t", "a", l.Epoch, live)
	wantErr(t, "Renew after Release", err, store.ErrFenced)
	b := acquire(t, s, "t", "b", live)
	if b.Epoch <= l.Epoch {
		t.Errorf("after a release the next owner has epoch %d, want greater than %d", b.Epoch, l.Epoch)
	}
}

func testRenewAll(t *testing.T, s store.Cluster) {
	for _, id := range []string{"t0", "t1", "t2", "u"} {
		create(t, s, sample(id, epoch))
	}
	held := map[string]store.Lease{}
	for _, id := range []string{"t0", "t1", "t2"} {
		held[id] = acquire(t, s, id, "a", live)
	}
	acquire(t, s, "u", "b", live)
	if err := s.Release(ctx, "t1", "a", held["t1"].Epoch); err != nil {
		t.Fatal(err)
	}
	got, err := s.RenewAll(ctx, "a", 2*live)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("RenewAll renewed %+v, want node a's live leases of t0 and t2", got)
	}
	for _, l := range got {
		h, ok := held[l.Table]
		if !ok || l.Table == "t1" || l.Node != "a" || l.Epoch != h.Epoch || !l.Expires.After(h.Expires) {
			t.Errorf("RenewAll gave %+v (held %+v)", l, h)
		}
	}
}

func testOrphans(t *testing.T, s store.Cluster) {
	for i, id := range []string{"never", "held", "released", "lapsed", "done"} {
		create(t, s, sample(id, epoch.Add(time.Duration(i)*time.Minute)))
	}
	acquire(t, s, "held", "a", live)
	r := acquire(t, s, "released", "a", live)
	if err := s.Release(ctx, "released", "a", r.Epoch); err != nil {
		t.Fatal(err)
	}
	acquire(t, s, "lapsed", "a", time.Millisecond)
	if err := s.Finish(ctx, "done", engineResult(), epoch); err != nil {
		t.Fatal(err)
	}
	lapse(t, s, "lapsed")
	got, err := s.Orphans(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range got {
		names = append(names, o.Table)
	}
	if w := "[never released lapsed]"; fmt.Sprint(names) != w {
		t.Errorf("Orphans lists %v, want %s (unfinished without a live lease, oldest first)", names, w)
	}
	if len(got) == 3 && (got[0].Epoch != 0 || got[0].Node != "" || got[1].Epoch != r.Epoch) {
		t.Errorf("orphans' leases: %+v", got)
	}
	if one, err := s.Orphans(ctx, 1); err != nil || len(one) != 1 || one[0].Table != "never" {
		t.Errorf("Orphans with limit 1: %+v, %v", one, err)
	}
}

// testFencedNoLease: a table nobody ever leased takes no fenced append.
func testFencedNoLease(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	for _, e := range []int64{0, 1} {
		wantErr(t, fmt.Sprintf("AppendFenced epoch %d to a table never leased", e), s.AppendFenced(ctx, "t", e, action(0)), store.ErrFenced)
	}
	if as := actions(t, s, "t"); len(as) != 0 {
		t.Errorf("fenced appends wrote %v", as)
	}
}

// testFencedConflicts: under a live lease a fenced append keeps Append's
// contract (the next seq, an unfinished table).
func testFencedConflicts(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	l := acquire(t, s, "t", "a", live)
	fencedAppend(t, s, "t", l.Epoch, 0)
	fencedAppend(t, s, "t", l.Epoch, 1)
	wantErr(t, "AppendFenced of a stale seq", s.AppendFenced(ctx, "t", l.Epoch, action(1)), store.ErrConflict)
	wantErr(t, "AppendFenced of a gap", s.AppendFenced(ctx, "t", l.Epoch, action(3)), store.ErrConflict)
	wantErr(t, "AppendFenced under a wrong epoch", s.AppendFenced(ctx, "t", l.Epoch+1, action(2)), store.ErrFenced)
	if err := s.Finish(ctx, "t", engineResult(), epoch); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "AppendFenced to a finished table", s.AppendFenced(ctx, "t", l.Epoch, action(2)), store.ErrConflict)
	if d := sameActions(actions(t, s, "t"), 0, 2); d != "" {
		t.Errorf("refused fenced appends: %s", d)
	}
}

// testFencedRace: an old owner appending as fast as it can while its
// lease lapses and another node takes the table over: every append the old
// owner was told succeeded is in the log the new owner reads, the log has
// no gap and no duplicate, and once the table is taken over the old owner
// never succeeds again.
func testFencedRace(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	old := acquire(t, s, "t", "a", live)
	var stored atomic.Int64
	var oldErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		for seq := 0; ; seq++ {
			err := s.AppendFenced(ctx, "t", old.Epoch, action(seq))
			if errors.Is(err, store.ErrFenced) {
				return
			}
			if err != nil {
				oldErr = err
				return
			}
			stored.Add(1)
		}
	}()
	for stored.Load() < 3 {
		select {
		case <-done:
			t.Fatalf("the old owner stopped after %d appends: %v", stored.Load(), oldErr)
		case <-time.After(time.Millisecond):
		}
	}
	if _, err := s.Renew(ctx, "t", "a", old.Epoch, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	lapse(t, s, "t")
	taken := acquire(t, s, "t", "b", live)
	as := actions(t, s, "t")
	fencedAppend(t, s, "t", taken.Epoch, len(as))
	<-done
	if oldErr != nil {
		t.Fatalf("the old owner's append failed otherwise than fenced: %v", oldErr)
	}
	if int(stored.Load()) != len(as) {
		t.Errorf("the old owner stored %d actions, the new owner read %d after taking over", stored.Load(), len(as))
	}
	wantErr(t, "the old owner after the takeover", s.AppendFenced(ctx, "t", old.Epoch, action(len(as)+1)), store.ErrFenced)
	if d := sameActions(actions(t, s, "t"), 0, len(as)+1); d != "" {
		t.Errorf("the log after the race: %s", d)
	}
}

func engineResult() engine.Result {
	return engine.Result{Over: true, Winners: []int{0}, Returns: []float64{1, -1}}
}

// testFencedSeatAndResult: seat changes and the result are fenced like
// appends. Under the live epoch they are written (and refused as the
// unfenced calls refuse them: a missing seat, a finished table); under an
// old epoch, after a takeover, they are refused with ErrFenced and change
// nothing.
func testFencedSeatAndResult(t *testing.T, s store.Cluster) {
	tb := sample("t", epoch)
	create(t, s, tb)
	wantErr(t, "UpdateSeatFenced of a missing table", s.UpdateSeatFenced(ctx, "gone", 1, 0, tb.Seats[0]), store.ErrNotFound)
	wantErr(t, "FinishFenced of a missing table", s.FinishFenced(ctx, "gone", 1, engine.Result{}, epoch), store.ErrNotFound)
	wantErr(t, "UpdateSeatFenced of a table never leased", s.UpdateSeatFenced(ctx, "t", 1, 0, tb.Seats[0]), store.ErrFenced)
	old := acquire(t, s, "t", "a", live)
	claimed := store.Seat{Name: "Bea", Kind: "human", Token: "hash-bea", Invite: "inv-1"}
	if err := s.UpdateSeatFenced(ctx, "t", old.Epoch, 1, claimed); err != nil {
		t.Fatalf("UpdateSeatFenced under the live epoch: %v", err)
	}
	wantErr(t, "UpdateSeatFenced of a seat the table lacks", s.UpdateSeatFenced(ctx, "t", old.Epoch, 5, claimed), store.ErrNotFound)
	if _, err := s.Renew(ctx, "t", "a", old.Epoch, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	lapse(t, s, "t")
	taken := acquire(t, s, "t", "b", live)
	stolen := store.Seat{Name: "Cy", Kind: "human", Token: "hash-cy"}
	wantErr(t, "the old owner's UpdateSeatFenced after a takeover", s.UpdateSeatFenced(ctx, "t", old.Epoch, 0, stolen), store.ErrFenced)
	res := engine.Result{Over: true, Winners: []int{0, 1}}
	wantErr(t, "the old owner's FinishFenced after a takeover", s.FinishFenced(ctx, "t", old.Epoch, res, epoch), store.ErrFenced)
	got, err := s.Table(ctx, "t")
	if err != nil {
		t.Fatal(err)
	}
	wantTb := want(tb)
	wantTb.Seats[1] = claimed
	if d := sameTable(got, wantTb); d != "" {
		t.Fatalf("after the old owner's refused writes: %s", d)
	}
	if err := s.FinishFenced(ctx, "t", taken.Epoch, res, epoch); err != nil {
		t.Fatalf("FinishFenced under the live epoch: %v", err)
	}
	wantErr(t, "FinishFenced of a finished table", s.FinishFenced(ctx, "t", taken.Epoch, res, epoch), store.ErrConflict)
	if got, err := s.Table(ctx, "t"); err != nil || got.Finished.IsZero() || got.Result == nil {
		t.Fatalf("after FinishFenced: %+v, %v", got, err)
	}
}

// testFencedSettle: a settlement (a result with its rating changes) under
// an epoch that is not the live lease writes nothing; under the live one it
// is written. Stores without accounts skip it.
func testFencedSettle(t *testing.T, s store.Cluster) {
	as, ok := s.(store.Accounts)
	if !ok {
		t.Skipf("%T keeps no accounts", s)
	}
	if err := as.CreateUser(ctx, store.User{ID: "u1", Name: "Ann", Key: "ann", Created: epoch}); err != nil {
		t.Fatal(err)
	}
	create(t, s, sample("t", epoch))
	res := engine.Result{Over: true, Winners: []int{0}, Returns: []float64{1, -1}}
	first := store.Rating{User: "u1", Category: "watchtower", R: 1500, RD: 350, Vol: 0.06}
	settle := func(lease int64) error {
		return as.Settle(ctx, store.Settlement{Table: "t", Epoch: lease, Result: res, At: epoch,
			Ratings: []store.RatingChange{{Before: first, After: store.Rating{R: 1600, RD: 300, Vol: 0.06}}}})
	}
	wantErr(t, "Settle of a table never leased", settle(1), store.ErrFenced)
	old := acquire(t, s, "t", "a", live)
	if _, err := s.Renew(ctx, "t", "a", old.Epoch, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	lapse(t, s, "t")
	taken := acquire(t, s, "t", "b", live)
	wantErr(t, "the old owner's Settle after a takeover", settle(old.Epoch), store.ErrFenced)
	if got, _ := s.Table(ctx, "t"); got.Result != nil {
		t.Fatal("a fenced Settle finished the table")
	}
	if rs, _ := as.Ratings(ctx, "watchtower", []string{"u1"}); len(rs) != 0 {
		t.Fatalf("a fenced Settle wrote a rating: %+v", rs)
	}
	if err := settle(taken.Epoch); err != nil {
		t.Fatalf("Settle under the live epoch: %v", err)
	}
	if rs, _ := as.Ratings(ctx, "watchtower", []string{"u1"}); len(rs) != 1 || rs[0].R != 1600 {
		t.Errorf("after the live Settle: %+v", rs)
	}
}
