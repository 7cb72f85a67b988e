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
	if len(ms) == 0 || ms[0].Version != 1 || Latest(ms) != len(ms) {
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
		"a gap":        {"0001_a.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")}, "0003_c.sql": {Data: []byte("CREATE TABLE c (x INTEGER);")}},
		"a bad name":   {"first.sql": {Data: []byte("CREATE TABLE a (x INTEGER);")}},
		"no statement": {"0001_a.sql": {Data: []byte("-- nothing\n")}},
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
