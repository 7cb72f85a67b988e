package sqlite

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"cardtable/store"
	"cardtable/store/phases"
)

// A write queued while the writer is busy is answered when the store
// closes: stored (nil, and there after a reopen) or errClosed (and not
// there) — never left waiting.
func TestQueuedWriteAnsweredAtClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	s := open(t, path)
	ctx := context.Background()
	createWar(t, s, oneHuman, "t")
	gate, started := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- s.do(ctx, func(context.Context, *txn) error { close(started); <-gate; return nil })
	}()
	<-started // the writer is in the first batch
	queued := make(chan error, 1)
	go func() { queued <- s.Append(ctx, "t", store.Action{Seq: 0, Action: "a", At: time.Now()}) }()
	for len(s.writes) == 0 {
		time.Sleep(time.Millisecond) // until the append waits in the queue
	}
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	<-s.quit
	close(gate)
	if err := <-first; err != nil {
		t.Fatalf("the write under way: %v", err)
	}
	err := <-queued
	if err != nil && !errors.Is(err, errClosed) {
		t.Fatalf("the queued append: %v, want nil or %v", err, errClosed)
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	as, rerr := open(t, path).Actions(ctx, "t")
	if rerr != nil {
		t.Fatal(rerr)
	}
	if stored := len(as) == 1; stored != (err == nil) {
		t.Fatalf("the append answered %v and the file holds %d actions", err, len(as))
	}
}

// A write carrying an action's span (package phases) gets its batch's
// step times: the store's part of the action is split into the writer's
// parts, not a store call without steps.
func TestWriteStampsItsSpan(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "p.db"))
	ctx := context.Background()
	createWar(t, s, oneHuman, "t")
	wctx, end := context.WithCancel(ctx)
	got := make(chan phases.Report, 1)
	go func() { rep, _ := phases.Record(wctx, time.Hour); got <- rep }()
	for phases.Now() == 0 {
		time.Sleep(time.Millisecond)
	}
	sp := phases.Start(time.Now())
	sp.Mark(phases.Handed)
	if err := s.Append(phases.With(ctx, sp), "t", store.Action{Seq: 0, Action: "a", At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	sp.Mark(phases.Resumed)
	sp.Finish()
	end()
	rep := <-got
	all := rep.Groups[0]
	if all.Actions != 1 || all.MeanBatch != 1 {
		t.Fatalf("the window: %+v, want one action in a batch of 1", all)
	}
	parts := map[string]bool{}
	for _, p := range all.Parts {
		parts[p.Part] = true
	}
	if !parts["commit (WAL write and sync)"] || !parts["batch statements"] || parts["store call (a store without step times)"] {
		t.Fatalf("parts %v: want the writer's statements and commit", all.Parts)
	}
}

// A write that fails half way in a batch (its first statement done) is
// undone alone: the batch runs again with a savepoint a write, and the
// writes beside it are kept, before and after it.
func TestHalfDoneWriteUndoneAlone(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "h.db"))
	ctx := context.Background()
	createWar(t, s, oneHuman, "a", "b")
	at := time.Now()
	bad := errors.New("refused after its first statement")
	halfDone := func(ctx context.Context, tx *txn) error {
		if err := appendAction("a", store.Action{Seq: 1, Action: "a1", At: at})(ctx, tx); err != nil {
			return err
		}
		return bad
	}
	batch := []*write{
		{ctx: ctx, fn: appendAction("a", store.Action{Seq: 0, Action: "a0", At: at}), done: make(chan error, 1)},
		{ctx: ctx, fn: halfDone, done: make(chan error, 1)},
		{ctx: ctx, fn: appendAction("b", store.Action{Seq: 0, Action: "b0", At: at}), done: make(chan error, 1)},
	}
	s.commit(batch)
	for i, want := range []error{nil, bad, nil} {
		if err := <-batch[i].done; err != want {
			t.Errorf("write %d: %v, want %v", i, err, want)
		}
	}
	for id, want := range map[string]int{"a": 1, "b": 1} {
		as, err := s.Actions(ctx, id)
		if err != nil || len(as) != want {
			t.Fatalf("table %s holds %d actions (%v), want %d", id, len(as), err, want)
		}
	}
	if err := s.Append(ctx, "a", store.Action{Seq: 1, Action: "a1 again", At: at}); err != nil {
		t.Fatalf("the half-done append's seq is free again: %v", err)
	}
}
