package sqlite

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
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
	createWar(t, s, twoBots, "t")
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

// Under writes that never pause the WAL still starts over: the writer
// finishes the checkpointer's passes, so the WAL's file stays near
// restartFrames pages instead of holding every commit (a passive
// checkpoint alone never catches up with a writer that keeps committing).
func TestWALStartsOverUnderLoad(t *testing.T) {
	every, frames := checkpointEvery, restartFrames
	checkpointEvery, restartFrames = 5*time.Millisecond, 64
	t.Cleanup(func() { checkpointEvery, restartFrames = every, frames })
	path := filepath.Join(t.TempDir(), "w.db")
	s := open(t, path)
	ctx := context.Background()
	const tables, each = 16, 250
	for i := range tables {
		createWar(t, s, twoBots, fmt.Sprint("t", i))
	}
	pad := strings.Repeat("x", 2000) // 16 × 250 × 2 KB: 8 MB through the WAL
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			for seq := range each {
				if err := s.Append(ctx, fmt.Sprint("t", i), store.Action{Seq: seq, Seat: seq % 2, Action: pad, At: time.Now()}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	// Without the writer's finishing step the WAL held every commit (26
	// MB); with it, a few times restartFrames — more while the machine is
	// so busy that the checkpointer's passes come late (3.7 MB seen at a
	// load of 20), so the bound is loose and the restarts below decide.
	if fi.Size() > 8<<20 {
		t.Errorf("the WAL is %d bytes after 8 MB of appends: it did not start over", fi.Size())
	}
	h := make([]byte, 16)
	f, err := os.Open(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.ReadAt(h, 0); err != nil {
		t.Fatal(err)
	}
	// The WAL header's checkpoint sequence number counts its restarts.
	if n := binary.BigEndian.Uint32(h[12:]); n < 3 {
		t.Errorf("the WAL started over %d times during 8 MB of appends, want several", n)
	}
}

// ObserveCommits hears of every commit: the writes of all the batches add
// up to the writes made, each batch took some time, and concurrent
// appends share commits.
func TestObserveCommits(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "o.db"))
	ctx := context.Background()
	const tables, each = 16, 20
	for i := range tables {
		createWar(t, s, twoBots, fmt.Sprint("t", i))
	}
	var mu sync.Mutex
	var writes, batches int
	s.ObserveCommits(func(n int, d time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		if n < 1 || d <= 0 {
			t.Errorf("a commit of %d writes in %v", n, d)
		}
		writes += n
		batches++
	})
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			for seq := range each {
				if err := s.Append(ctx, fmt.Sprint("t", i), store.Action{Seq: seq, Seat: seq % 2, Action: "flip", At: time.Now()}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if writes != tables*each {
		t.Errorf("the commits observed hold %d writes, want %d", writes, tables*each)
	}
	if batches >= writes {
		t.Errorf("%d commits for %d writes from %d tables at once: none shared", batches, writes, tables)
	}
}
