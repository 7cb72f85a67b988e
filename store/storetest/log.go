package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// ids lists the tables' ids.
func ids(ts []store.Table) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.ID
	}
	return out
}

func list(t *testing.T, s store.Store, open bool, limit int) []store.Table {
	t.Helper()
	ts, err := s.Tables(ctx, open, limit)
	if err != nil {
		t.Fatalf("Tables(open %v, limit %d): %v", open, limit, err)
	}
	return ts
}

func testList(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	if ts := list(t, s, false, 0); len(ts) != 0 {
		t.Fatalf("a new store lists %v", ids(ts))
	}
	// Created out of order; b and c share a time, so the id decides.
	for _, c := range []struct {
		id string
		at time.Duration
	}{{"a", 0}, {"d", 3 * time.Minute}, {"b", time.Minute}, {"c", time.Minute}, {"e", 2 * time.Minute}} {
		create(t, s, sample(c.id, epoch.Add(c.at)))
	}
	got := list(t, s, false, 0)
	if w := []string{"d", "e", "c", "b", "a"}; !reflect.DeepEqual(ids(got), w) {
		t.Errorf("Tables lists %v, want %v (newest first, then by id, descending)", ids(got), w)
	}
	for _, tb := range got {
		if d := sameTable(tb, want(sample(tb.ID, tb.Created))); d != "" {
			t.Errorf("Tables gives table %s otherwise than Table: %s", tb.ID, d)
		}
	}
	if w := []string{"d", "e"}; !reflect.DeepEqual(ids(list(t, s, false, 2)), w) {
		t.Errorf("Tables with limit 2 lists %v, want %v", ids(list(t, s, false, 2)), w)
	}
	if n := len(list(t, s, false, 100)); n != 5 {
		t.Errorf("Tables with limit 100 lists %d tables, want all 5", n)
	}
}

func testListOpen(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	for i, id := range []string{"t0", "t1", "t2", "t3", "t4"} {
		create(t, s, sample(id, epoch.Add(time.Duration(i)*time.Minute)))
	}
	for _, id := range []string{"t4", "t1"} {
		if err := s.Finish(ctx, id, engine.Result{Over: true, Winners: []int{0}, Returns: []float64{1, -1}}, epoch); err != nil {
			t.Fatal(err)
		}
	}
	if w := []string{"t3", "t2", "t0"}; !reflect.DeepEqual(ids(list(t, s, true, 0)), w) {
		t.Errorf("open tables: %v, want %v", ids(list(t, s, true, 0)), w)
	}
	if w := []string{"t3", "t2"}; !reflect.DeepEqual(ids(list(t, s, true, 2)), w) {
		t.Errorf("open tables, limit 2: %v, want %v", ids(list(t, s, true, 2)), w)
	}
	if w := []string{"t4", "t3", "t2", "t1", "t0"}; !reflect.DeepEqual(ids(list(t, s, false, 0)), w) {
		t.Errorf("all tables: %v, want %v", ids(list(t, s, false, 0)), w)
	}
	for _, tb := range list(t, s, false, 0) {
		if finished := tb.ID == "t4" || tb.ID == "t1"; finished != (tb.Result != nil) || finished == tb.Finished.IsZero() {
			t.Errorf("table %s listed with result %v, finished %v", tb.ID, tb.Result, tb.Finished)
		}
	}
}

func testUpdateSeat(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	tb := sample("t", epoch)
	create(t, s, tb)
	claimed := store.Seat{Name: "Bob", Kind: "human", Token: "hash-bob", Invite: "inv-1"}
	if err := s.UpdateSeat(ctx, "t", 1, claimed); err != nil {
		t.Fatal(err)
	}
	tb.Seats[1] = claimed
	if d := sameTable(get(t, s, "t"), want(tb)); d != "" {
		t.Errorf("after claiming seat 1: %s", d)
	}
	bot := store.Seat{Name: "expert", Kind: "bot", Bot: "expert", Invite: "inv-0"}
	if err := s.UpdateSeat(ctx, "t", 0, bot); err != nil {
		t.Fatal(err)
	}
	tb.Seats[0] = bot
	if d := sameTable(get(t, s, "t"), want(tb)); d != "" {
		t.Errorf("after handing seat 0 to a bot: %s", d)
	}
}

func testAppendOrder(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	appendAll(t, s, "t", 0, 40)
	if d := sameActions(actions(t, s, "t"), 0, 40); d != "" {
		t.Errorf("Actions after 40 appends: %s", d)
	}
}

func testAppendConflicts(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	appendAll(t, s, "t", 0, 3)
	for _, c := range []struct {
		what string
		seq  int
	}{{"a stale seq", 1}, {"a duplicate of the last seq", 2}, {"a gap", 4}, {"a far gap", 1000}, {"a negative seq", -1}} {
		a := action(c.seq)
		a.Action = "refused"
		wantErr(t, "Append of "+c.what, s.Append(ctx, "t", a), store.ErrConflict)
	}
	if d := sameActions(actions(t, s, "t"), 0, 3); d != "" {
		t.Errorf("refused appends wrote something: %s", d)
	}
	appendAll(t, s, "t", 3, 5)
	if d := sameActions(actions(t, s, "t"), 0, 5); d != "" {
		t.Errorf("appends after refused ones: %s", d)
	}
}

func testAppendApart(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("a", epoch))
	create(t, s, sample("b", epoch))
	appendAll(t, s, "a", 0, 5)
	if as := actions(t, s, "b"); len(as) != 0 {
		t.Fatalf("table b holds table a's actions: %v", as)
	}
	wantErr(t, "Append of seq 5 to table b (which has none)", s.Append(ctx, "b", action(5)), store.ErrConflict)
	appendAll(t, s, "b", 0, 2)
	if d := sameActions(actions(t, s, "a"), 0, 5); d != "" {
		t.Errorf("table a after table b's appends: %s", d)
	}
}

// testAppendRace has goroutines append every seq at once: exactly one wins
// each, the rest get ErrConflict, and the log holds the winners' actions.
func testAppendRace(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	const racers, seqs = 8, 25
	winners := make([][]int, seqs) // winners[seq] = racers whose append succeeded
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make(chan error, racers*seqs)
	for r := range racers {
		wg.Go(func() {
			for seq := 0; seq < seqs; {
				a := store.Action{Seq: seq, Seat: r, Action: fmt.Sprintf("racer %d", r), At: epoch}
				err := s.Append(ctx, "t", a)
				switch {
				case err == nil:
					mu.Lock()
					winners[seq] = append(winners[seq], r)
					mu.Unlock()
					seq++
				case errors.Is(err, store.ErrConflict):
					// Someone else took seq (or a later one): try the next.
					seq++
				default:
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("a racing Append failed otherwise than with a conflict: %v", err)
	}
	got := actions(t, s, "t")
	won := 0
	for seq, w := range winners {
		if len(w) > 1 {
			t.Errorf("seq %d was won by racers %v: two appends of one seq succeeded", seq, w)
		}
		if len(w) == 1 {
			won++
			if seq >= len(got) || got[seq].Seat != w[0] {
				t.Errorf("seq %d was won by racer %d but the log holds %v", seq, w[0], got)
			}
		}
	}
	if won != len(got) {
		t.Errorf("%d appends succeeded, the log holds %d actions", won, len(got))
	}
	for i, a := range got {
		if a.Seq != i {
			t.Errorf("action %d has seq %d: the log has a gap", i, a.Seq)
		}
	}
	if len(got) == 0 {
		t.Error("no racing append succeeded")
	}
}

// testAppendRaceTables appends to many tables at once: none is refused.
func testAppendRaceTables(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	const tables, each = 8, 20
	for i := range tables {
		create(t, s, sample(fmt.Sprintf("t%d", i), epoch))
	}
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		wg.Go(func() {
			id := fmt.Sprintf("t%d", i)
			for seq := range each {
				if err := s.Append(ctx, id, action(seq)); err != nil {
					errs <- fmt.Errorf("table %s, seq %d: %w", id, seq, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range tables {
		if d := sameActions(actions(t, s, fmt.Sprintf("t%d", i)), 0, each); d != "" {
			t.Errorf("table t%d: %s", i, d)
		}
	}
}

func testAppendCancelled(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	c, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.Append(c, "t", action(0)); err == nil {
		t.Error("Append with a cancelled context succeeded")
	}
	if as := actions(t, s, "t"); len(as) != 0 {
		t.Errorf("a cancelled Append wrote %v", as)
	}
	appendAll(t, s, "t", 0, 1)
}

func testFinish(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	tb := sample("t", epoch)
	create(t, s, tb)
	appendAll(t, s, "t", 0, 3)
	res := engine.Result{Over: true, End: "enemies-defeated", Winners: []int{0, 1}, Returns: []float64{1, 1}, Length: 17, Detail: "the King of Spades is beaten"}
	at := epoch.Add(time.Hour)
	if err := s.Finish(ctx, "t", res, at); err != nil {
		t.Fatal(err)
	}
	tb.Result, tb.Finished = &res, at
	if d := sameTable(get(t, s, "t"), want(tb)); d != "" {
		t.Errorf("after Finish: %s", d)
	}
	wantErr(t, "Append to a finished table", s.Append(ctx, "t", action(3)), store.ErrConflict)
	other := engine.Result{Over: true, End: "killed", Winners: []int{}, Returns: []float64{0, 0}}
	wantErr(t, "Finish of a finished table", s.Finish(ctx, "t", other, at.Add(time.Hour)), store.ErrConflict)
	if d := sameTable(get(t, s, "t"), want(tb)); d != "" {
		t.Errorf("refused writes changed a finished table: %s", d)
	}
	if d := sameActions(actions(t, s, "t"), 0, 3); d != "" {
		t.Errorf("a finished table's actions: %s", d)
	}
}

// testReopen closes a store and opens its data again: everything written
// is there and the log goes on from where it was.
func testReopen(t *testing.T, open Open) {
	s, name := fresh(t, open)
	live, done := sample("live", epoch), sample("done", epoch.Add(time.Minute))
	create(t, s, live)
	create(t, s, done)
	appendAll(t, s, "live", 0, 7)
	appendAll(t, s, "done", 0, 2)
	seat := store.Seat{Name: "Cy", Kind: "human", Token: "hash-cy", Invite: "inv-1"}
	if err := s.UpdateSeat(ctx, "live", 1, seat); err != nil {
		t.Fatal(err)
	}
	res := engine.Result{Over: true, Winners: []int{1}, Returns: []float64{-1, 1}, Length: 2}
	if err := s.Finish(ctx, "done", res, epoch); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	r := open(t, name)
	live.Seats[1] = seat
	done.Result, done.Finished = &res, epoch
	if d := sameTable(get(t, r, "live"), want(live)); d != "" {
		t.Errorf("reopened, table live: %s", d)
	}
	if d := sameTable(get(t, r, "done"), want(done)); d != "" {
		t.Errorf("reopened, table done: %s", d)
	}
	if d := sameActions(actions(t, r, "live"), 0, 7); d != "" {
		t.Errorf("reopened, live's actions: %s", d)
	}
	if w := []string{"live"}; !reflect.DeepEqual(ids(list(t, r, true, 0)), w) {
		t.Errorf("reopened, open tables: %v, want %v", ids(list(t, r, true, 0)), w)
	}
	wantErr(t, "reopened, a stale Append", r.Append(ctx, "live", action(6)), store.ErrConflict)
	appendAll(t, r, "live", 7, 9)
	if d := sameActions(actions(t, r, "live"), 0, 9); d != "" {
		t.Errorf("reopened, live's actions after two more: %s", d)
	}
}

func testClosed(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Append(ctx, "t", action(0)); err == nil {
		t.Error("Append on a closed store succeeded")
	}
	if err := s.CreateTable(ctx, sample("u", epoch)); err == nil {
		t.Error("CreateTable on a closed store succeeded")
	}
}
