package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cardtable/store"
)

// The writer's commits never checkpoint the WAL (wal_autocheckpoint 0 on
// its connection); the checkpointer copies what they wrote into the
// database file after them, with no help from a checkpoint of SQLite's
// own (the writes stay far below its 1,000 pages).
func TestCheckpointOffTheCommitPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.db")
	s := open(t, path)
	ctx := context.Background()
	var auto int
	if err := s.writer.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writer's wal_autocheckpoint is %d (%v), want 0", auto, err)
	}
	if err := s.CreateTable(ctx, store.Table{ID: "t", Game: "war", Seats: []store.Seat{{Kind: "bot"}, {Kind: "bot"}}, Created: time.Now()}); err != nil {
		t.Fatal(err)
	}
	size := func() int64 {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	pad := strings.Repeat("x", 1000)
	for seq := range 300 { // about 300 KB
		if err := s.Append(ctx, "t", store.Action{Seq: seq, Seat: seq % 2, Action: pad, At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(20 * time.Second) // a guard against hanging, not a timing assertion
	for size() < before+256<<10 {
		if time.Now().After(deadline) {
			t.Fatalf("the database file grew from %d to %d bytes: the WAL was not checkpointed", before, size())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
