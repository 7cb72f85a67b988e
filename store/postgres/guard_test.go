package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"cardtable/store"
	"cardtable/store/postgres/pgtest"
)

// waitGuard waits until s holds its guard again, having lost it lost
// times in all.
func waitGuard(t *testing.T, s *Store, lost uint64) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		held, n := s.Guard()
		if held && n == lost {
			return
		}
		if n > lost {
			t.Fatalf("the guard was lost %d times, want %d", n, lost)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the guard was not taken back: held %v, lost %d times", held, n)
		}
	}
}

// A real PostgreSQL restart ends every session, the nodes' guards among
// them: each node takes its guard back once the database is up, so a lone
// server started afterwards is refused as before; and the node writes
// again. (Before, nobody held the guard after a restart, and a lone server
// was accepted beside the running nodes.)
func TestGuardSurvivesRestart(t *testing.T) {
	srv := pgtest.Current(t)
	dsn := pgtest.DB(t)
	node := open(t, dsn)
	if err := node.Member(ctx, "node1-abcd"); err != nil {
		t.Fatal(err)
	}
	if err := srv.StopServer(); err != nil {
		t.Fatal(err)
	}
	if err := srv.StartServer(); err != nil {
		t.Fatal(err)
	}
	waitGuard(t, node, 1)
	lone := open(t, dsn)
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	err := lone.Exclusive(short)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "nodes of a cluster run on it") || !strings.Contains(err.Error(), `application "cardtable node node1-abcd"`) {
		t.Fatalf("a lone server after the restart: %v; want it refused, naming the node", err)
	}
	tb := store.Table{ID: "after", Game: "war", Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}, Created: time.Now()}
	if err := node.CreateTable(ctx, tb); err != nil {
		t.Fatalf("the node writing once its guard is back: %v", err)
	}
}

// While its guard cannot be taken back (a lone server took the database
// the moment the node's guard session ended) the node writes nothing —
// every write refused with ErrGuardLost, by PostgreSQL itself — but still
// reads; it writes again once it holds the guard.
func TestNoWritesWithoutTheGuard(t *testing.T) {
	dsn := pgtest.DB(t)
	node := open(t, dsn)
	tb := store.Table{ID: "t", Game: "war", Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}, Created: time.Now()}
	if err := node.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	if err := node.Member(ctx, "node1-abcd"); err != nil {
		t.Fatal(err)
	}
	thief, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer thief.Close(ctx)
	took := make(chan error, 1)
	go func() {
		_, err := thief.Exec(ctx, `SELECT pg_advisory_lock($1)`, soloLock) // waits for the node's shared hold
		took <- err
	}()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		var waiting bool
		admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted)`).Scan(&waiting)
		if waiting {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the thief's lock request never queued")
		}
	}
	node.mu.Lock()
	pid := node.solo.PgConn().PID()
	node.mu.Unlock()
	if _, err := admin.Exec(ctx, `SELECT pg_terminate_backend($1)`, pid); err != nil {
		t.Fatal(err)
	}
	if err := <-took; err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if held, lost := node.Guard(); !held && lost == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the node did not notice its guard's session ended")
		}
	}
	act := store.Action{Seq: 0, Seat: 0, Action: "flip", At: time.Now()}
	if err := node.Append(ctx, "t", act); !errors.Is(err, ErrGuardLost) {
		t.Fatalf("an append without the guard: %v, want ErrGuardLost", err)
	}
	if err := node.UpdateSeat(ctx, "t", 1, store.Seat{Name: "bob", Kind: "human"}); !errors.Is(err, ErrGuardLost) {
		t.Fatalf("a seat update without the guard: %v, want ErrGuardLost", err)
	}
	if _, err := node.Table(ctx, "t"); err != nil {
		t.Fatalf("a read without the guard: %v", err)
	}
	if acts, _ := node.Actions(ctx, "t"); len(acts) != 0 {
		t.Fatalf("a refused append was written: %+v", acts)
	}
	if _, err := thief.Exec(ctx, `SELECT pg_advisory_unlock($1)`, soloLock); err != nil {
		t.Fatal(err)
	}
	waitGuard(t, node, 1)
	if err := node.Append(ctx, "t", act); err != nil {
		t.Fatalf("an append once the guard is back: %v", err)
	}
}

// A refusal names the processes of its own database only, not those
// holding the same lock on another database of the PostgreSQL server.
func TestRefusalNamesThisDatabaseOnly(t *testing.T) {
	a, b := pgtest.DB(t), pgtest.DB(t)
	other, here := open(t, a), open(t, b)
	if err := other.Exclusive(ctx); err != nil {
		t.Fatal(err)
	}
	if err := here.Exclusive(ctx); err != nil {
		t.Fatal(err)
	}
	pid := func(s *Store) string {
		s.mu.Lock()
		defer s.mu.Unlock()
		return fmt.Sprintf("backend %d,", s.solo.PgConn().PID())
	}
	late := open(t, b)
	short, cancel := context.WithTimeout(ctx, 600*time.Millisecond)
	defer cancel()
	err := late.Exclusive(short)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), pid(here)) || strings.Contains(err.Error(), pid(other)) {
		t.Fatalf("refused on its database: %v; want it to name %s and not %s", err, pid(here), pid(other))
	}
}
