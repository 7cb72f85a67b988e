// Package storetest is the one test suite every store implementation
// passes: Run tests each method's contract (store.Store's comments) on
// stores an implementation's test opens, including reopening a closed
// store on the same data and appends racing from many goroutines.
//
// An implementation's test gives Run a way to open a store by name; the
// SQLite one keeps one file per name:
//
//	func TestSuite(t *testing.T) {
//		dir := t.TempDir()
//		storetest.Run(t, func(t *testing.T, name string) store.Store {
//			s, err := sqlite.Open(filepath.Join(dir, name+".db"))
//			if err != nil {
//				t.Fatal(err)
//			}
//			t.Cleanup(func() { s.Close() })
//			return s
//		})
//	}
//
// A PostgreSQL store would map a name to a database (or a schema) of a
// server the test started, creating it the first time.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// Open returns the store called name, empty the first time a name is
// given; the same name again (once the earlier store is closed) opens the
// same data. Open registers the store's closing with t.Cleanup (closing
// twice must be harmless) and fails t if the store cannot be opened. The
// names Run gives are unique across its tests and are plain lower-case
// words and digits.
type Open func(t *testing.T, name string) store.Store

var names atomic.Int64

// fresh is a new, empty store for one test, and its name.
func fresh(t *testing.T, open Open) (store.Store, string) {
	name := fmt.Sprintf("suite%d", names.Add(1))
	return open(t, name), name
}

// Run runs the suite, each contract as a subtest.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(t *testing.T, open Open)
	}{
		{"CreateAndGet", testCreateAndGet},
		{"CreateConflict", testCreateConflict},
		{"CreateRefusesNoSeats", testCreateNoSeats},
		{"NotFound", testNotFound},
		{"ListNewestFirst", testList},
		{"ListOpenAndLimit", testListOpen},
		{"UpdateSeat", testUpdateSeat},
		{"AppendInOrder", testAppendOrder},
		{"AppendRefusesWrongSeq", testAppendConflicts},
		{"AppendKeepsTablesApart", testAppendApart},
		{"AppendRace", testAppendRace},
		{"AppendRaceAcrossTables", testAppendRaceTables},
		{"AppendCancelled", testAppendCancelled},
		{"Finish", testFinish},
		{"Reopen", testReopen},
		{"EventsInOrder", testEventsInOrder},
		{"EventsRefuseWrongSeq", testEventConflicts},
		{"EventsOfFinishedTable", testEventsFinished},
		{"EventsKeepTablesApart", testEventsApart},
		{"EventsReopen", testEventsReopen},
		{"Closed", testClosed},
		{"RandomOps", testRandomOps},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open) })
	}
}

var ctx = context.Background()

// epoch is a base time with a sub-microsecond part, which stores drop.
var epoch = time.Date(2026, 12, 1, 20, 0, 0, 123456789, time.FixedZone("CET", 3600))

// sample is a table with every field of its header set.
func sample(id string, created time.Time) store.Table {
	return store.Table{
		ID: id, Game: "regicide",
		Options: map[string]string{"players": "2", "jesters": "true"},
		Seed:    1<<63 | 12345, // the high bit must survive a signed column
		Seats: []store.Seat{
			{Name: "Ann", Kind: "human", Token: "hash-ann", Invite: "inv-0"},
			{Name: "expert", Kind: "bot", Bot: "expert:iterations=64", Invite: "inv-1"},
		},
		Creator:  "hash-creator",
		Created:  created,
		Rated:    true,
		Daily:    "2026-12-01",
		Settings: map[string]string{"pace": "live", "move": "20s", "chat": "phrases"},
	}
}

// want is t as a store gives it back: times in UTC to the microsecond.
func want(t store.Table) store.Table {
	t.Created = t.Created.Truncate(time.Microsecond).UTC()
	if !t.Finished.IsZero() {
		t.Finished = t.Finished.Truncate(time.Microsecond).UTC()
	}
	return t
}

// sameTable reports how got differs from want ("" when it does not).
func sameTable(got, want store.Table) string {
	var diffs []string
	check := func(field string, ok bool, g, w any) {
		if !ok {
			diffs = append(diffs, fmt.Sprintf("%s: got %v, want %v", field, g, w))
		}
	}
	check("ID", got.ID == want.ID, got.ID, want.ID)
	check("Game", got.Game == want.Game, got.Game, want.Game)
	check("Options", maps.Equal(got.Options, want.Options), got.Options, want.Options)
	check("Seed", got.Seed == want.Seed, got.Seed, want.Seed)
	check("Seats", reflect.DeepEqual(got.Seats, want.Seats), got.Seats, want.Seats)
	check("Creator", got.Creator == want.Creator, got.Creator, want.Creator)
	check("Created", got.Created.Equal(want.Created) && got.Created.Location() == time.UTC, got.Created, want.Created)
	check("Finished", got.Finished.Equal(want.Finished) && (got.Finished.IsZero() || got.Finished.Location() == time.UTC), got.Finished, want.Finished)
	check("Result", reflect.DeepEqual(got.Result, want.Result), got.Result, want.Result)
	check("Settings", maps.Equal(got.Settings, want.Settings), got.Settings, want.Settings)
	check("Rated", got.Rated == want.Rated, got.Rated, want.Rated)
	check("Daily", got.Daily == want.Daily, got.Daily, want.Daily)
	return strings.Join(diffs, "; ")
}

func create(t *testing.T, s store.Store, tb store.Table) {
	t.Helper()
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatalf("CreateTable(%s): %v", tb.ID, err)
	}
}

func get(t *testing.T, s store.Store, id string) store.Table {
	t.Helper()
	tb, err := s.Table(ctx, id)
	if err != nil {
		t.Fatalf("Table(%s): %v", id, err)
	}
	return tb
}

func actions(t *testing.T, s store.Store, id string) []store.Action {
	t.Helper()
	as, err := s.Actions(ctx, id)
	if err != nil {
		t.Fatalf("Actions(%s): %v", id, err)
	}
	return as
}

func action(seq int) store.Action {
	return store.Action{Seq: seq, Seat: seq % 2, Action: fmt.Sprintf("play %dH", seq%10+1), At: epoch.Add(time.Duration(seq) * time.Second)}
}

func appendAll(t *testing.T, s store.Store, id string, from, to int) {
	t.Helper()
	for seq := from; seq < to; seq++ {
		if err := s.Append(ctx, id, action(seq)); err != nil {
			t.Fatalf("Append(%s, seq %d): %v", id, seq, err)
		}
	}
}

// sameActions reports how got differs from the actions from..to-1 of
// action ("" when it does not).
func sameActions(got []store.Action, from, to int) string {
	if len(got) != to-from {
		return fmt.Sprintf("%d actions, want %d", len(got), to-from)
	}
	for i, a := range got {
		w := action(from + i)
		if a.Seq != w.Seq || a.Seat != w.Seat || a.Action != w.Action || !a.At.Equal(w.At.Truncate(time.Microsecond)) || a.At.Location() != time.UTC {
			return fmt.Sprintf("action %d is %+v, want %+v (at in UTC)", i, a, w)
		}
	}
	return ""
}

func wantErr(t *testing.T, what string, err, sentinel error) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Errorf("%s: got error %v, want %v", what, err, sentinel)
	}
}

func testCreateAndGet(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	tb := sample("t1", epoch)
	create(t, s, tb)
	if d := sameTable(get(t, s, "t1"), want(tb)); d != "" {
		t.Errorf("Table gives back another table: %s", d)
	}
	bare := store.Table{ID: "t2", Game: "war", Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}, Created: epoch}
	create(t, s, bare)
	if d := sameTable(get(t, s, "t2"), want(bare)); d != "" {
		t.Errorf("a table without options, seed or names: %s", d)
	}
	ignored := sample("t3", epoch)
	ignored.Result = &engine.Result{Over: true}
	ignored.Finished = epoch
	create(t, s, ignored)
	if got := get(t, s, "t3"); got.Result != nil || !got.Finished.IsZero() {
		t.Errorf("a new table came back finished (%v, %v); CreateTable ignores Result and Finished", got.Result, got.Finished)
	}
	if as := actions(t, s, "t1"); as == nil || len(as) != 0 {
		t.Errorf("a new table's actions are %#v, want an empty list", as)
	}
}

func testCreateConflict(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	first := sample("dup", epoch)
	create(t, s, first)
	second := sample("dup", epoch.Add(time.Hour))
	second.Game, second.Seats = "war", second.Seats[:1]
	wantErr(t, "CreateTable of an existing id", s.CreateTable(ctx, second), store.ErrConflict)
	if d := sameTable(get(t, s, "dup"), want(first)); d != "" {
		t.Errorf("a refused CreateTable changed the table: %s", d)
	}
	if ts, err := s.Tables(ctx, false, 0); err != nil || len(ts) != 1 {
		t.Errorf("after a refused CreateTable, Tables lists %d tables (%v), want 1", len(ts), err)
	}
}

func testCreateNoSeats(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	if err := s.CreateTable(ctx, store.Table{ID: "empty", Game: "war", Created: epoch}); err == nil {
		t.Fatal("CreateTable of a table without seats succeeded")
	}
	if _, err := s.Table(ctx, "empty"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a refused table is there: Table gives %v", err)
	}
}

func testNotFound(t *testing.T, open Open) {
	s, _ := fresh(t, open)
	create(t, s, sample("here", epoch))
	_, err := s.Table(ctx, "gone")
	wantErr(t, "Table", err, store.ErrNotFound)
	_, err = s.Actions(ctx, "gone")
	wantErr(t, "Actions", err, store.ErrNotFound)
	wantErr(t, "Append", s.Append(ctx, "gone", action(0)), store.ErrNotFound)
	wantErr(t, "UpdateSeat", s.UpdateSeat(ctx, "gone", 0, store.Seat{Kind: "human"}), store.ErrNotFound)
	wantErr(t, "Finish", s.Finish(ctx, "gone", engine.Result{Over: true}, epoch), store.ErrNotFound)
	wantErr(t, "AppendEvent", s.AppendEvent(ctx, "gone", event(0)), store.ErrNotFound)
	_, err = s.Events(ctx, "gone")
	wantErr(t, "Events", err, store.ErrNotFound)
	wantErr(t, "UpdateSeat of seat 2 of 2", s.UpdateSeat(ctx, "here", 2, store.Seat{Kind: "human"}), store.ErrNotFound)
	wantErr(t, "UpdateSeat of seat -1", s.UpdateSeat(ctx, "here", -1, store.Seat{Kind: "human"}), store.ErrNotFound)
	if _, err := s.Table(ctx, "gone"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("writes to a missing table created it: %v", err)
	}
}
