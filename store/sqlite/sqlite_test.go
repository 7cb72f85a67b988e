package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cardtable/store"
	"cardtable/store/migrate"
	"cardtable/store/storetest"
)

func TestSuite(t *testing.T) {
	dir := t.TempDir()
	storetest.Run(t, func(t *testing.T, name string) store.Store {
		s, err := Open(filepath.Join(dir, name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestAccounts runs the accounts suite.
func TestAccounts(t *testing.T) {
	dir := t.TempDir()
	storetest.RunAccounts(t, func(t *testing.T, name string) store.Store {
		s, err := Open(filepath.Join(dir, name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestTournaments runs the tournaments suite.
func TestTournaments(t *testing.T) {
	dir := t.TempDir()
	storetest.RunTournaments(t, func(t *testing.T, name string) store.Store {
		s, err := Open(filepath.Join(dir, name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestBots runs the bot accounts suite.
func TestBots(t *testing.T) {
	dir := t.TempDir()
	storetest.RunBots(t, func(t *testing.T, name string) store.Store {
		s, err := Open(filepath.Join(dir, name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestSuiteNormal runs the suite with synchronous=NORMAL too.
func TestSuiteNormal(t *testing.T) {
	dir := t.TempDir()
	storetest.Run(t, func(t *testing.T, name string) store.Store {
		s, err := OpenOptions(filepath.Join(dir, name+".db"), Options{Synchronous: "normal", MaxBatch: 3})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func open(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// The seats of the War tables the tests create.
var (
	oneHuman = []store.Seat{{Kind: "human"}}
	twoBots  = []store.Seat{{Kind: "bot"}, {Kind: "bot"}}
)

// createWar stores a War table of seats for each of ids.
func createWar(t *testing.T, s *Store, seats []store.Seat, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if err := s.CreateTable(context.Background(), store.Table{ID: id, Game: "war", Seats: seats, Created: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSettings checks the connection settings the durability rests on.
func TestSettings(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "x.db"))
	ctx := context.Background()
	pragma := func(db *sql.DB, name string) string {
		var v string
		if err := db.QueryRowContext(ctx, "PRAGMA "+name).Scan(&v); err != nil {
			t.Fatalf("PRAGMA %s: %v", name, err)
		}
		return v
	}
	for _, db := range []*sql.DB{s.writer, s.reader} {
		for name, want := range map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "5000"} {
			if got := pragma(db, name); got != want {
				t.Errorf("PRAGMA %s is %s, want %s", name, got, want)
			}
		}
	}
	if got := pragma(s.reader, "query_only"); got != "1" {
		t.Errorf("the read pool is not read-only (query_only %s)", got)
	}
	if got := pragma(s.writer, "application_id"); got != fmt.Sprint(applicationID) {
		t.Errorf("application_id %s, want cardtable's", got)
	}
	if s.writer.Stats().MaxOpenConnections != 1 {
		t.Errorf("the writer has up to %d connections, want one", s.writer.Stats().MaxOpenConnections)
	}
	v, err := migrate.Version(ctx, s.writer)
	if err != nil || v != migrate.Latest(migrate.Schema()) {
		t.Errorf("schema version %d (%v), want %d", v, err, migrate.Latest(migrate.Schema()))
	}
	// A seat of a missing table is refused by the foreign key, too.
	_, err = s.writer.ExecContext(ctx, `INSERT INTO seats (table_id, seat, name, kind, bot, token, invite) VALUES ('none', 0, '', '', '', '', '')`)
	if err == nil {
		t.Error("the schema let a seat point to no table")
	}
}

func TestReadOnlyPool(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "x.db"))
	if _, err := s.reader.Exec(`DELETE FROM game_tables`); err == nil {
		t.Error("the read pool wrote")
	}
}

// openErr opens path expecting a refusal whose message holds each of want.
func openErr(t *testing.T, path string, want ...string) {
	t.Helper()
	s, err := Open(path)
	if err == nil {
		s.Close()
		t.Fatalf("Open(%s) succeeded", path)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("Open(%s): %q does not say %q", path, err, w)
		}
	}
}

func TestOpenRefusals(t *testing.T) {
	dir := t.TempDir()
	t.Run("missing folder", func(t *testing.T) {
		path := filepath.Join(dir, "nowhere", "x.db")
		openErr(t, path, path, filepath.Join(dir, "nowhere"), "does not exist")
	})
	t.Run("folder", func(t *testing.T) {
		openErr(t, dir, dir, "is a folder")
	})
	t.Run("empty path", func(t *testing.T) { openErr(t, "", "no database file") })
	t.Run("uri", func(t *testing.T) { openErr(t, filepath.Join(dir, "x.db?mode=ro"), "may not contain") })
	t.Run("text file", func(t *testing.T) {
		path := filepath.Join(dir, "notes.db")
		os.WriteFile(path, []byte(strings.Repeat("shopping list: eggs, milk\n", 200)), 0o644)
		openErr(t, path, path, "not a SQLite database")
		if b, _ := os.ReadFile(path); !strings.HasPrefix(string(b), "shopping list") {
			t.Error("the refused file was changed")
		}
	})
	t.Run("another program's database", func(t *testing.T) {
		path := filepath.Join(dir, "other.db")
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Exec(`CREATE TABLE invoices (n INTEGER)`); err != nil {
			t.Fatal(err)
		}
		db.Close()
		openErr(t, path, path, "another program", "invoices")
	})
	t.Run("another application id", func(t *testing.T) {
		path := filepath.Join(dir, "app.db")
		db, _ := sql.Open("sqlite", path)
		if _, err := db.Exec(`PRAGMA application_id = 42`); err != nil {
			t.Fatal(err)
		}
		db.Close()
		openErr(t, path, path, "another program", "0x2a")
	})
	t.Run("newer schema", func(t *testing.T) {
		path := filepath.Join(dir, "newer.db")
		s := open(t, path)
		if _, err := s.writer.Exec(`INSERT INTO cardtable_schema (version, name, applied) VALUES (99, '0099_future.sql', 0)`); err != nil {
			t.Fatal(err)
		}
		s.Close()
		openErr(t, path, path, "schema version 99", "newer cardtable")
	})
}

// TestOpenDamaged overwrites pages inside a database: opening it says the
// file is damaged instead of serving wrong data.
func TestOpenDamaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	s := open(t, path)
	ctx := context.Background()
	for i := range 200 {
		tb := store.Table{ID: strings.Repeat("t", 30) + string(rune('a'+i%26)) + string(rune('a'+i/26)), Game: "war",
			Seats: []store.Seat{{Kind: "human", Name: strings.Repeat("n", 100)}}, Created: time.Now()}
		if err := s.CreateTable(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 8*4096 {
		t.Fatalf("the database is %d bytes (%v); want several pages (checkpointed at close)", len(b), err)
	}
	for i := 3 * 4096; i < len(b)-4096; i++ {
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	openErr(t, path, path, "damaged")
}

// TestBatchKeepsOutcomesApart commits a refused write between good ones in
// one batch: only the refused one is undone.
func TestBatchKeepsOutcomesApart(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "x.db"))
	ctx := context.Background()
	createWar(t, s, oneHuman, "a", "b")
	at := time.Now()
	batch := []*write{
		{ctx: ctx, fn: appendAction("a", store.Action{Seq: 0, Action: "a0", At: at}), done: make(chan error, 1)},
		{ctx: ctx, fn: appendAction("a", store.Action{Seq: 5, Action: "a5", At: at}), done: make(chan error, 1)},
		{ctx: ctx, fn: appendAction("b", store.Action{Seq: 0, Action: "b0", At: at}), done: make(chan error, 1)},
		{ctx: ctx, fn: appendAction("a", store.Action{Seq: 1, Action: "a1", At: at}), done: make(chan error, 1)},
	}
	s.commit(batch)
	for i, want := range []error{nil, store.ErrConflict, nil, nil} {
		if err := <-batch[i].done; !errors.Is(err, want) || (want == nil && err != nil) {
			t.Errorf("write %d of the batch: %v, want %v", i, err, want)
		}
	}
	for id, want := range map[string][]string{"a": {"a0", "a1"}, "b": {"b0"}} {
		as, err := s.Actions(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, a := range as {
			got = append(got, a.Action)
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("table %s holds %v, want %v", id, got, want)
		}
	}
}

// TestSecondOpenRefused: a file in use by one store is refused to a
// second, and free again once the first is closed.
func TestSecondOpenRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	s := open(t, path)
	openErr(t, path, path, "in use by another cardtable")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	open(t, path)
}

// TestPanickingWrite: a write that panics fails alone; the writer goes on.
func TestPanickingWrite(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "x.db"))
	ctx := context.Background()
	err := s.do(ctx, func(context.Context, *txn) error { panic("boom") })
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("a panicking write: %v", err)
	}
	if err := s.CreateTable(ctx, store.Table{ID: "t", Game: "war", Seats: []store.Seat{{Kind: "human"}}, Created: time.Now()}); err != nil {
		t.Fatalf("a write after the panic: %v", err)
	}
}

// TestAnalyses runs the analyses suite.
func TestAnalyses(t *testing.T) {
	dir := t.TempDir()
	storetest.RunAnalyses(t, func(t *testing.T, name string) store.Store {
		s, err := Open(filepath.Join(dir, name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestHeartbeats runs the heartbeats suite, kept across a reopen.
func TestHeartbeats(t *testing.T) {
	dir := t.TempDir()
	storetest.RunHeartbeats(t, func(t *testing.T, name string) store.Store {
		s, err := Open(filepath.Join(dir, name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}, true)
}

// TestPairings runs the shared quick-pairing suite.
func TestPairings(t *testing.T) {
	dir := t.TempDir()
	storetest.RunPairings(t, func(t *testing.T, name string) store.Store {
		s, err := Open(filepath.Join(dir, name+".db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
