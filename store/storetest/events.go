package storetest

import (
	"fmt"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// event is the suite's event seq: kinds, seats and data vary with seq, and
// every third has no data (stored as {}).
func event(seq int) store.Event {
	k := (seq%3 + 3) % 3
	e := store.Event{Seq: seq, Version: seq / 2, Kind: []string{"clock", "chat", "resign"}[k], Seat: k - 1,
		At: epoch.Add(time.Duration(seq)*time.Second + 500*time.Nanosecond)}
	if k != 0 {
		e.Data = fmt.Sprintf(`{"text":"line %d é\u202e"}`, seq)
	}
	return e
}

func appendEvents(t *testing.T, s store.Store, id string, from, to int) {
	t.Helper()
	for seq := from; seq < to; seq++ {
		if err := s.AppendEvent(ctx, id, event(seq)); err != nil {
			t.Fatalf("AppendEvent(%s, seq %d): %v", id, seq, err)
		}
	}
}

func events(t *testing.T, s store.Store, id string) []store.Event {
	t.Helper()
	es, err := s.Events(ctx, id)
	if err != nil {
		t.Fatalf("Events(%s): %v", id, err)
	}
	return es
}

// sameEvents reports how got differs from events from..to-1 of event ("" when
// it does not): data "" comes back as {}, times in UTC to the microsecond.
func sameEvents(got []store.Event, from, to int) string {
	if len(got) != to-from {
		return fmt.Sprintf("%d events, want %d", len(got), to-from)
	}
	for i, e := range got {
		w := event(from + i)
		if w.Data == "" {
			w.Data = "{}"
		}
		w.At = w.At.Truncate(time.Microsecond)
		if e.Seq != w.Seq || e.Version != w.Version || e.Kind != w.Kind || e.Seat != w.Seat || e.Data != w.Data || !e.At.Equal(w.At) || e.At.Location() != time.UTC {
			return fmt.Sprintf("event %d is %+v, want %+v (at in UTC)", i, e, w)
		}
	}
	return ""
}

func testEventsInOrder(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	if es := events(t, s, "t"); es == nil || len(es) != 0 {
		t.Errorf("a new table's events are %#v, want an empty list", es)
	}
	appendEvents(t, s, "t", 0, 7)
	if d := sameEvents(events(t, s, "t"), 0, 7); d != "" {
		t.Errorf("events: %s", d)
	}
	if as := actions(t, s, "t"); len(as) != 0 {
		t.Errorf("events showed up as %d actions", len(as))
	}
	appendAll(t, s, "t", 0, 3)
	appendEvents(t, s, "t", 7, 9)
	if d := sameEvents(events(t, s, "t"), 0, 9); d != "" {
		t.Errorf("events after actions in between: %s", d)
	}
	if d := sameActions(actions(t, s, "t"), 0, 3); d != "" {
		t.Errorf("actions between events: %s", d)
	}
}

func testEventConflicts(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	appendEvents(t, s, "t", 0, 3)
	for _, seq := range []int{0, 2, 4, -1} {
		bad := event(seq)
		bad.Kind = "intruder"
		wantErr(t, fmt.Sprintf("AppendEvent with seq %d after 3 events", seq), s.AppendEvent(ctx, "t", bad), store.ErrConflict)
	}
	if d := sameEvents(events(t, s, "t"), 0, 3); d != "" {
		t.Errorf("refused events changed the log: %s", d)
	}
	appendEvents(t, s, "t", 3, 4)
}

func testEventsFinished(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("t", epoch))
	appendEvents(t, s, "t", 0, 2)
	if err := s.Finish(ctx, "t", engine.Result{Over: true, End: "resigned", Winners: []int{0}, Returns: []float64{1, -1}}, epoch); err != nil {
		t.Fatal(err)
	}
	appendEvents(t, s, "t", 2, 4)
	if d := sameEvents(events(t, s, "t"), 0, 4); d != "" {
		t.Errorf("a finished table's events: %s", d)
	}
}

func testEventsApart(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("a", epoch))
	create(t, s, sample("b", epoch))
	appendEvents(t, s, "a", 0, 3)
	appendEvents(t, s, "b", 0, 1)
	if d := sameEvents(events(t, s, "a"), 0, 3); d != "" {
		t.Errorf("table a: %s", d)
	}
	if d := sameEvents(events(t, s, "b"), 0, 1); d != "" {
		t.Errorf("table b: %s", d)
	}
	bare := store.Table{ID: "c", Game: "war", Seats: []store.Seat{{Kind: "human"}}, Created: epoch}
	create(t, s, bare)
	if got := get(t, s, "c"); got.Settings != nil {
		t.Errorf("a table created without settings has %v, want none", got.Settings)
	}
}

// testEventsReopen: events and settings survive closing the store, and
// the events' seq goes on from where it was.
func testEventsReopen(t *testing.T, open Open) {
	s, name := fresh(t, open)
	tb := sample("t", epoch)
	create(t, s, tb)
	appendEvents(t, s, "t", 0, 5)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	r := open(t, name)
	if d := sameTable(get(t, r, "t"), want(tb)); d != "" {
		t.Errorf("reopened: %s", d)
	}
	if d := sameEvents(events(t, r, "t"), 0, 5); d != "" {
		t.Errorf("reopened, events: %s", d)
	}
	wantErr(t, "reopened, a stale AppendEvent", r.AppendEvent(ctx, "t", event(4)), store.ErrConflict)
	appendEvents(t, r, "t", 5, 6)
}

// testFencedEvents: an event is written only under the table's live lease.
func testFencedEvents(t *testing.T, s store.Cluster) {
	create(t, s, sample("t", epoch))
	wantErr(t, "AppendEventFenced of a missing table", s.AppendEventFenced(ctx, "gone", 1, event(0)), store.ErrNotFound)
	wantErr(t, "AppendEventFenced of a table never leased", s.AppendEventFenced(ctx, "t", 1, event(0)), store.ErrFenced)
	old := acquire(t, s, "t", "a", live)
	if err := s.AppendEventFenced(ctx, "t", old.Epoch, event(0)); err != nil {
		t.Fatalf("AppendEventFenced under the live epoch: %v", err)
	}
	wantErr(t, "AppendEventFenced with a stale seq", s.AppendEventFenced(ctx, "t", old.Epoch, event(0)), store.ErrConflict)
	if _, err := s.Renew(ctx, "t", "a", old.Epoch, time.Millisecond); err != nil {
		t.Fatal(err)
	}
	lapse(t, s, "t")
	taken := acquire(t, s, "t", "b", live)
	wantErr(t, "the old owner's AppendEventFenced after a takeover", s.AppendEventFenced(ctx, "t", old.Epoch, event(1)), store.ErrFenced)
	if err := s.AppendEventFenced(ctx, "t", taken.Epoch, event(1)); err != nil {
		t.Fatalf("the new owner's AppendEventFenced: %v", err)
	}
	if d := sameEvents(events(t, s, "t"), 0, 2); d != "" {
		t.Errorf("events under two owners: %s", d)
	}
}
