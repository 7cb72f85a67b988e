package migrate

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	_ "modernc.org/sqlite"
)

func TestSchemaLoads(t *testing.T) {
	ms := Schema()
	if len(ms) == 0 || ms[0].Version != 1 || Latest(ms) < len(ms) {
		t.Fatalf("schema: %d migrations, latest %d", len(ms), Latest(ms))
	}
	for _, m := range ms {
		for _, st := range m.Statements {
			if strings.Contains(st, "--") || strings.HasSuffix(st, ";") {
				t.Errorf("%s: statement keeps a comment or its semicolon: %q", m.Name, st)
			}
		}
	}
}

func TestLoadRefusesBadFiles(t *testing.T) {
	for name, files := range map[string]fstest.MapFS{
		"a shared number": {"0001_a.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")}, "0001_b.sql": {Data: []byte("CREATE TABLE b (x INTEGER);")}},
		"version 0":       {"0000_a.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")}},
		"a bad name":      {"first.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")}},
		"no statement":    {"0001_a.sql": {Data: []byte("-- nothing\n")}},
	} {
		if _, err := Load(files); err == nil {
			t.Errorf("Load accepted %s", name)
		}
	}
}

func TestSplit(t *testing.T) {
	got := split("-- head\nCREATE TABLE a (\n  x INTEGER\n);\n\nCREATE INDEX i ON a (x);\nINSERT INTO a VALUES (1)")
	want := []string{"CREATE TABLE a (\n  x INTEGER\n)", "CREATE INDEX i ON a (x)", "INSERT INTO a VALUES (1)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("split: %q, want %q", got, want)
	}
}

func TestApply(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	one, err := Load(fstest.MapFS{"0001_a.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")}})
	if err != nil {
		t.Fatal(err)
	}
	if from, to, err := Apply(ctx, db, one); err != nil || from != 0 || to != 1 {
		t.Fatalf("first Apply: %d to %d, %v", from, to, err)
	}
	two, err := Load(fstest.MapFS{
		"0001_a.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")},
		"0002_b.sql": {Data: []byte("CREATE TABLE b (y TEXT);\nINSERT INTO b VALUES ('hi');")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if from, to, err := Apply(ctx, db, two); err != nil || from != 1 || to != 2 {
		t.Fatalf("second Apply: %d to %d, %v", from, to, err)
	}
	if from, to, err := Apply(ctx, db, two); err != nil || from != 2 || to != 2 {
		t.Fatalf("Apply again: %d to %d, %v", from, to, err)
	}
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM b`).Scan(&n); err != nil || n != 1 {
		t.Errorf("migration 2 ran %d times (%v), want once", n, err)
	}
	if _, _, err := Apply(ctx, db, one); !errors.Is(err, ErrNewer) {
		t.Errorf("Apply of an older schema to a newer database: %v, want ErrNewer", err)
	}
}

// TestFailedMigrationLeavesNothing: a failing statement undoes its
// migration whole.
func TestFailedMigrationLeavesNothing(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	bad, err := Load(fstest.MapFS{"0001_a.sql": {Data: []byte("CREATE TABLE a (x INTEGER);\nINSERT INTO nowhere VALUES (1);")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Apply(ctx, db, bad); err == nil || !strings.Contains(err.Error(), "0001_a.sql") {
		t.Fatalf("a failing migration: %v, want an error naming it", err)
	}
	var n int
	db.QueryRow(`SELECT COUNT(*) FROM sqlite_schema WHERE name = 'a'`).Scan(&n)
	if v, _ := Version(ctx, db); n != 0 || v != 0 {
		t.Errorf("a failed migration left table a (%d) or version %d", n, v)
	}
}

// TestGapFilledLater: migrations are numbered ahead, so 0003 may come after
// 0004 was applied; the database then gets 0003 too, and a database with a
// migration the program lacks is refused.
func TestGapFilledLater(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a := []byte("CREATE TABLE a (x INTEGER);")
	c := []byte("CREATE TABLE c (x INTEGER);")
	d := []byte("CREATE TABLE d (x INTEGER);")
	gap, err := Load(fstest.MapFS{"0001_a.sql": {Data: a}, "0004_d.sql": {Data: d}})
	if err != nil {
		t.Fatal(err)
	}
	if from, to, err := Apply(ctx, db, gap); err != nil || from != 0 || to != 4 {
		t.Fatalf("Apply with a gap: %d to %d, %v", from, to, err)
	}
	filled, err := Load(fstest.MapFS{"0001_a.sql": {Data: a}, "0003_c.sql": {Data: c}, "0004_d.sql": {Data: d}})
	if err != nil {
		t.Fatal(err)
	}
	if from, to, err := Apply(ctx, db, filled); err != nil || from != 4 || to != 4 {
		t.Fatalf("Apply of the filled gap: %d to %d, %v", from, to, err)
	}
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM sqlite_schema WHERE name = 'c'`).Scan(&n); err != nil || n != 1 {
		t.Errorf("migration 3, filling the gap, was not applied (%d, %v)", n, err)
	}
	if got, err := Applied(ctx, db); err != nil || len(got) != 3 {
		t.Errorf("Applied = %v, %v; want [1 3 4]", got, err)
	}
	if _, _, err := Apply(ctx, db, gap); !errors.Is(err, ErrNewer) {
		t.Errorf("Apply of a schema lacking migration 3 to a database that has it: %v, want ErrNewer", err)
	}
}
