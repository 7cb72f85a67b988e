package postgres

import (
	"context"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"cardtable/store"
	"cardtable/store/migrate"
	"cardtable/store/postgres/pgtest"
	"cardtable/store/storetest"
)

// TestMain starts one throwaway PostgreSQL for the package's tests.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

var ctx = context.Background()

func open(t *testing.T, dsn string) *Store {
	t.Helper()
	s, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// byName opens a store on one database per store name (a suite's stores
// of one name share their database).
func byName() storetest.Open {
	var mu sync.Mutex
	dsns := map[string]string{}
	return func(t *testing.T, name string) store.Store {
		mu.Lock()
		dsn, ok := dsns[name]
		if !ok {
			dsn = pgtest.DB(t)
			dsns[name] = dsn
		}
		mu.Unlock()
		return open(t, dsn)
	}
}

// TestSuite runs the store's shared suite, one database per store name.
func TestSuite(t *testing.T) {
	storetest.Run(t, byName())
}

// TestAccounts runs the accounts suite, one database per store name.
func TestAccounts(t *testing.T) {
	storetest.RunAccounts(t, byName())
}

// TestTournaments runs the tournaments suite, one database per store name.
func TestTournaments(t *testing.T) {
	var mu sync.Mutex
	dsns := map[string]string{}
	storetest.RunTournaments(t, func(t *testing.T, name string) store.Store {
		mu.Lock()
		dsn, ok := dsns[name]
		if !ok {
			dsn = pgtest.DB(t)
			dsns[name] = dsn
		}
		mu.Unlock()
		return open(t, dsn)
	})
}

// TestBots runs the bot accounts suite, one database per store name.
func TestBots(t *testing.T) {
	var mu sync.Mutex
	dsns := map[string]string{}
	storetest.RunBots(t, func(t *testing.T, name string) store.Store {
		mu.Lock()
		dsn, ok := dsns[name]
		if !ok {
			dsn = pgtest.DB(t)
			dsns[name] = dsn
		}
		mu.Unlock()
		return open(t, dsn)
	})
}

// TestLeases runs the shared lease suite.
func TestLeases(t *testing.T) {
	storetest.RunLeases(t, func(t *testing.T) store.Cluster { return open(t, pgtest.DB(t)) })
}

// TestMigrateOnce opens many stores on a new database at once: every open
// succeeds, exactly one of them migrates (from version 0), the others
// find the schema up to date, and each migration is recorded once.
func TestMigrateOnce(t *testing.T) {
	dsn := pgtest.DB(t)
	const nodes = 8
	var wg sync.WaitGroup
	stores := make([]*Store, nodes)
	errs := make([]error, nodes)
	for i := range nodes {
		wg.Go(func() { stores[i], errs[i] = Open(ctx, dsn) })
	}
	wg.Wait()
	latest := migrate.Latest(migrate.Schema())
	migrated := 0
	for i, s := range stores {
		if errs[i] != nil {
			t.Fatalf("open %d of %d at once: %v", i, nodes, errs[i])
		}
		defer s.Close()
		from, to := s.Schema()
		if to != latest {
			t.Errorf("open %d left schema version %d, want %d", i, to, latest)
		}
		switch from {
		case 0:
			migrated++
		case latest:
		default:
			t.Errorf("open %d found schema version %d: it saw a migration half done", i, from)
		}
	}
	if migrated != 1 {
		t.Errorf("%d of %d opens migrated the new database, want exactly 1", migrated, nodes)
	}
	var rows, distinct int
	if err := stores[0].pool.QueryRow(ctx, `SELECT COUNT(*), COUNT(DISTINCT version) FROM cardtable_schema`).Scan(&rows, &distinct); err != nil {
		t.Fatal(err)
	}
	if n := len(migrate.Schema()); rows != n || distinct != n {
		t.Errorf("cardtable_schema holds %d rows (%d versions), want one for each of the %d migrations", rows, distinct, n)
	}
}

// TestNewerSchema: a database migrated by a newer cardtable is refused by
// name and left as it is.
func TestNewerSchema(t *testing.T) {
	dsn := pgtest.DB(t)
	s := open(t, dsn)
	if _, err := s.pool.Exec(ctx, `INSERT INTO cardtable_schema (version, name, applied) VALUES (99, '0099_future.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err := Open(ctx, dsn)
	if !errors.Is(err, migrate.ErrNewer) || !strings.Contains(err.Error(), "version 99") {
		t.Errorf("opening a database at schema 99: %v, want migrate.ErrNewer naming version 99", err)
	}
}

// TestBadAddress: an unreadable DSN and an unreachable server are refused
// with errors that say what is wrong and never show the password.
func TestBadAddress(t *testing.T) {
	dir := pgtest.Current(t).Dir()
	for _, c := range []struct{ dsn, want string }{
		{"postgres://ann:s3cret@host:notaport/db", "not a PostgreSQL address"},
		{"postgres://ann:s3cret@/nodb?host=" + dir + "&port=5432&connect_timeout=5", "cannot reach PostgreSQL"},
		{"postgres://ann:s3cret@/db?host=" + t.TempDir() + "&connect_timeout=5", "cannot reach PostgreSQL"},
	} {
		_, err := Open(ctx, c.dsn)
		if err == nil {
			t.Errorf("Open(%s) succeeded", c.dsn)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Open(%s): %v; want an error saying %q without the password", c.dsn, err, c.want)
		}
	}
}

func TestIsDSN(t *testing.T) {
	for s, want := range map[string]bool{
		"postgres://h/db": true, "postgresql://u@h/db": true, "POSTGRES://h/db": true,
		"cardtable.db": false, ":memory:": false, "/var/lib/postgres.db": false, "postgres.db": false,
	} {
		if IsDSN(s) != want {
			t.Errorf("IsDSN(%q) = %v, want %v", s, !want, want)
		}
	}
}

func TestRedact(t *testing.T) {
	for in, want := range map[string]string{
		"postgres://ann:s3cret@h:5432/db":     "postgres://ann:xxxxx@h:5432/db",
		"postgres://ann@h/db?password=s3cret": "postgres://ann@h/db?password=xxxxx",
		"postgres://h/db?sslmode=disable":     "postgres://h/db?sslmode=disable",
	} {
		if got := Redact(in); got != want {
			t.Errorf("Redact(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestExclusive: one lone server holds a database; a second is refused
// naming the holder until the first closes its store.
func TestExclusive(t *testing.T) {
	dsn := pgtest.DB(t)
	first, second := open(t, dsn), open(t, dsn)
	if err := first.Exclusive(ctx); err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 600*time.Millisecond)
	defer cancel()
	err := second.Exclusive(short)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), `application "cardtable"`) {
		t.Fatalf("a second lone server on the database: %v; want ErrInUse naming the holder", err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if err := second.Exclusive(ctx); err != nil {
		t.Errorf("after the first store closed, the second is refused: %v", err)
	}
}

// TestDatabaseGoesAway: while PostgreSQL is down writes fail (not as a
// conflict) and write nothing; once it is back the same store carries on
// from where its log is, with nothing lost.
func TestDatabaseGoesAway(t *testing.T) {
	srv := pgtest.Current(t)
	s := open(t, pgtest.DB(t))
	tb := store.Table{ID: "t", Game: "war", Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}, Created: time.Now()}
	if err := s.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	act := func(seq int) store.Action {
		return store.Action{Seq: seq, Seat: seq % 2, Action: "flip", At: time.Now()}
	}
	if err := s.Append(ctx, "t", act(0)); err != nil {
		t.Fatal(err)
	}
	if err := srv.StopServer(); err != nil {
		t.Fatal(err)
	}
	down, cancel := context.WithTimeout(ctx, 5*time.Second)
	err := s.Append(down, "t", act(1))
	cancel()
	if err == nil || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append with the database down: %v, want a failure that is not a conflict", err)
	}
	if err := srv.StartServer(); err != nil {
		t.Fatal(err)
	}
	if err := s.Append(ctx, "t", act(1)); err != nil {
		t.Fatalf("Append once the database is back: %v", err)
	}
	as, err := s.Actions(ctx, "t")
	if err != nil || len(as) != 2 || as[1].Seq != 1 {
		t.Errorf("after the database came back the log is %+v (%v), want seqs 0 and 1", as, err)
	}
}

// TestLoneServerBesideNodes: a lone server and the nodes of a cluster
// never share a database, whichever comes first. Nodes share it among
// themselves; a lone server is refused at once while nodes hold it, and a
// node while a lone server does, each naming the other and what to do;
// live leases of nodes that are gone keep a lone server out until they
// lapse.
func TestLoneServerBesideNodes(t *testing.T) {
	dsn := pgtest.DB(t)
	node1, node2, lone := open(t, dsn), open(t, dsn), open(t, dsn)
	if err := node1.Member(ctx, "node1"); err != nil {
		t.Fatal(err)
	}
	if err := node2.Member(ctx, "node2"); err != nil {
		t.Fatalf("a second node: %v", err)
	}
	long, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	start := time.Now()
	err := lone.Exclusive(long)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "nodes of a cluster run on it") || !strings.Contains(err.Error(), "--nats") {
		t.Fatalf("a lone server beside nodes: %v", err)
	}
	if long.Err() != nil {
		t.Fatalf("the lone server waited for the nodes for %v instead of refusing at once", time.Since(start))
	}
	node1.Close()
	node2.Close()

	if err := lone.Exclusive(ctx); err != nil {
		t.Fatalf("the lone server once the nodes stopped: %v", err)
	}
	node3 := open(t, dsn)
	err = node3.Member(ctx, "node3")
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "a server without --nats runs on it") || !strings.Contains(err.Error(), `application "cardtable"`) {
		t.Fatalf("a node beside a lone server: %v", err)
	}
	lone.Close()

	// A node that died holding leases: its leases keep a lone server out
	// until they lapse (here: until released).
	tb := store.Table{ID: "t1", Game: "war", Seats: []store.Seat{{Kind: "human"}, {Kind: "human"}}, Created: time.Now()}
	dead := open(t, dsn)
	if err := dead.CreateTable(ctx, tb); err != nil {
		t.Fatal(err)
	}
	l, ok, err := dead.Acquire(ctx, "t1", "node-gone", time.Hour)
	if err != nil || !ok {
		t.Fatalf("acquire: %v %v", ok, err)
	}
	lone2 := open(t, dsn)
	short, cancel2 := context.WithTimeout(ctx, 800*time.Millisecond)
	defer cancel2()
	err = lone2.Exclusive(short)
	if !errors.Is(err, ErrInUse) || !strings.Contains(err.Error(), "(node-gone) hold live leases") {
		t.Fatalf("a lone server beside live leases: %v", err)
	}
	if err := dead.Release(ctx, "t1", "node-gone", l.Epoch); err != nil {
		t.Fatal(err)
	}
	if err := lone2.Exclusive(ctx); err != nil {
		t.Fatalf("once the leases are gone: %v", err)
	}
}

// TestAnalyses runs the analyses suite, one database per store name.
func TestAnalyses(t *testing.T) {
	storetest.RunAnalyses(t, byName())
}

// TestIdleInTransaction: the store's sessions end a transaction left idle
// (its node paused mid-settlement) after IdleInTransaction, releasing its
// locks; a DSN parameter of that name sets another time.
func TestIdleInTransaction(t *testing.T) {
	db := pgtest.DB(t)
	for _, c := range []struct{ dsn, want string }{
		{db, IdleInTransaction},
		{db + "&idle_in_transaction_session_timeout=2s", "2s"},
	} {
		s := open(t, c.dsn)
		var got string
		if err := s.db.QueryRowContext(ctx, "SHOW idle_in_transaction_session_timeout").Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("with %s: idle_in_transaction_session_timeout %q, want %q", Redact(c.dsn), got, c.want)
		}
	}
}

// TestHeartbeats runs the heartbeats suite, one database per store name.
func TestHeartbeats(t *testing.T) {
	storetest.RunHeartbeats(t, byName(), true)
}

// TestPairings runs the shared quick-pairing suite.
func TestPairings(t *testing.T) {
	storetest.RunPairings(t, func(t *testing.T, name string) store.Store { return open(t, pgtest.DB(t)) })
}
