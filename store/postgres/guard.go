package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// soloLock is the advisory lock key that says how a database is used
// ("cdtbsolo"), the guard: a lone server holds it exclusively for as long
// as its store is open (Exclusive); each node of several holds it shared
// (Member). So a lone server and nodes never run on one database at once,
// whichever starts first: a lone server rebuilds and writes every
// unfinished table, and would write to tables the nodes own (they would
// stay stuck on their owner), while the nodes would adopt the lone
// server's tables from under it. PostgreSQL-specific: the advisory lock
// functions and pg_locks.
//
// The lock is the session's: it goes when the connection holding it ends
// (a PostgreSQL restart, a dropped connection, the backend terminated).
// The store watches that connection; when it ends, the store takes no
// writes (its sessions turn read-only) until it holds the lock again on a
// new connection, which it tries every guardRetry. While another server
// holds the lock in the other mode, it stays read-only and says so.
const soloLock int64 = 0x6364_7462_736f_6c6f

// guardRetry is how often a store that lost its guard tries to take it
// back; guardPing how often a quiet guard connection is checked.
const (
	guardRetry = 500 * time.Millisecond
	guardPing  = 5 * time.Second
)

// ErrInUse: the database is in use in a way that excludes this store's
// (Exclusive, Member).
var ErrInUse = errors.New("in use by another cardtable serve")

// ErrGuardLost: the store lost its guard (the connection holding it ended)
// and takes no writes until it has it back; nothing was written.
var ErrGuardLost = errors.New("this server lost its hold on the database")

// guard is the lock a store holds (Exclusive or Member), and its watch.
type guard struct {
	mode string // "": none; "exclusive" or "shared"
	app  string // the application_name of the lock's connection
	held atomic.Bool
	lost atomic.Uint64
	// readOnly says, by pool connection, whether it was last set
	// read-only (PrepareConn sets it to what held says).
	readOnly sync.Map
	stop     chan struct{}
	done     chan struct{}
}

// Guard reports whether the store holds its guard (true too for a store
// that takes none) and how many times it lost it.
func (s *Store) Guard() (held bool, lost uint64) {
	return s.guard.mode == "" || s.guard.held.Load(), s.guard.lost.Load()
}

// writable is nil while the store may write.
func (s *Store) writable() error {
	if held, _ := s.Guard(); !held {
		return fmt.Errorf("store: %s: %w (the connection holding its guard ended); it takes no writes until it has it back", s.name, ErrGuardLost)
	}
	return nil
}

// prepareConn makes a pool connection read-only while the guard is lost
// (and writable again once it is back), before it is used: PostgreSQL
// itself then refuses every write, whatever the statement.
func (s *Store) prepareConn(ctx context.Context, conn *pgx.Conn) (bool, error) {
	want := s.writable() != nil
	if was, ok := s.guard.readOnly.Load(conn); ok && was.(bool) == want {
		return true, nil
	}
	if !want {
		if _, ok := s.guard.readOnly.Load(conn); !ok {
			s.guard.readOnly.Store(conn, false) // a new connection: writable
			return true, nil
		}
	}
	set := "off"
	if want {
		set = "on"
	}
	if _, err := conn.Exec(ctx, "SET default_transaction_read_only = "+set); err != nil {
		return false, nil // a broken connection: another one
	}
	s.guard.readOnly.Store(conn, want)
	return true, nil
}

// Exclusive makes this store the only lone server's on the database: a
// server that runs by itself (no other nodes, so no leases) rebuilds and
// writes every unfinished table, and a second one doing the same would
// fork the games. It holds the lock exclusively on a connection of its
// own until Close. PostgreSQL drops the lock when that session ends: at
// once when the holder's process dies, within about 15 s when its machine
// does (the connection sets TCP keepalives for that). While another lone
// server holds the lock Exclusive tries again until ctx ends, then returns
// ErrInUse naming the holder. Nodes of a cluster (Member) on the database
// are refused at once: they run until someone stops them. So are live
// leases of nodes (nodes stopped less than a lease ago, or of a cardtable
// without Member): Exclusive waits for them to lapse until ctx ends.
func (s *Store) Exclusive(ctx context.Context) error {
	leased := "" // the nodes whose live leases were last seen
	gaveUp := func() error {
		if leased != "" {
			return fmt.Errorf("store: %s: %w: nodes of a cluster (%s) hold live leases on its tables; a server without --nats would write to tables they own. Stop them (a stopped node's leases lapse within its --lease), or start this one as a node of theirs with --nats", s.name, ErrInUse, leased)
		}
		return s.refusal(false)
	}
	for {
		conn, err := s.takeExclusive(ctx, "cardtable")
		switch {
		case err == nil:
			s.hold(conn, "exclusive", "cardtable")
			return nil
		case errors.Is(err, errLeased):
			leased = strings.TrimPrefix(err.Error(), errLeased.Error()+": ")
		case errors.Is(err, errNodes):
			return err
		case errors.Is(err, errHeld):
		case ctx.Err() != nil:
			return gaveUp()
		default:
			return err
		}
		select {
		case <-ctx.Done():
			return gaveUp()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Why takeExclusive did not take the lock.
var (
	errHeld   = errors.New("held by another lone server")
	errNodes  = errors.New("held by nodes")
	errLeased = errors.New("nodes hold live leases")
)

// tryLock takes the lock with fn (pg_try_advisory_lock, or its _shared
// form) on a new connection named app: nil while another session holds it
// in the other mode.
func (s *Store) tryLock(ctx context.Context, app, fn string) (*pgx.Conn, error) {
	conn, err := s.lockConn(ctx, app)
	if err != nil {
		return nil, err
	}
	var got bool
	if err := conn.QueryRow(ctx, `SELECT `+fn+`($1)`, soloLock).Scan(&got); err != nil {
		conn.Close(context.Background())
		return nil, s.fail(err)
	}
	if !got {
		conn.Close(context.Background())
		return nil, nil
	}
	return conn, nil
}

// takeExclusive takes the lock exclusively on a new connection named app,
// on condition that no node holds a live lease.
func (s *Store) takeExclusive(ctx context.Context, app string) (*pgx.Conn, error) {
	conn, err := s.tryLock(ctx, app, "pg_try_advisory_lock")
	if err != nil {
		return nil, err
	}
	if conn == nil {
		if members := s.holders("ShareLock"); members != "" {
			return nil, fmt.Errorf("store: %s: %w: nodes of a cluster run on it (%s); a server without --nats would write to tables they own. Start this one as a node of theirs with --nats, or give it another database: %w", s.name, ErrInUse, members, errNodes)
		}
		return nil, errHeld
	}
	nodes, err := s.liveLeases(ctx)
	if err == nil && nodes != "" {
		err = fmt.Errorf("%w: %s", errLeased, nodes)
	}
	if err != nil {
		conn.Close(context.Background()) // drops the lock
		return nil, err
	}
	return conn, nil
}

// Member makes this store the one of node (its id, shown to the other
// servers on the database), one of several sharing the database: it holds
// the lock shared, so other nodes may too but no lone server, until Close.
// A lone server on the database refuses it at once, naming the holder.
func (s *Store) Member(ctx context.Context, node string) error {
	app := nodeApp + node
	if len(app) > maxApp {
		app = app[:maxApp]
	}
	conn, err := s.takeShared(ctx, app)
	if err != nil {
		return err
	}
	s.hold(conn, "shared", app)
	return nil
}

// nodeApp starts the application_name of a node's guard connection; the
// node's id follows (cut to PostgreSQL's 63 bytes).
const (
	nodeApp = "cardtable node "
	maxApp  = 63
)

// takeShared takes the lock shared on a new connection named app.
func (s *Store) takeShared(ctx context.Context, app string) (*pgx.Conn, error) {
	conn, err := s.tryLock(ctx, app, "pg_try_advisory_lock_shared")
	if err == nil && conn == nil {
		err = s.refusal(true)
	}
	return conn, err
}

// Members are the ids of the nodes (Member) on the database besides this
// store's, as their guard connections name them (an id longer than
// PostgreSQL keeps is cut short).
func (s *Store) Members(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE `+guardLockWhere+` AND l.mode = 'ShareLock' AND a.application_name LIKE $2 AND a.application_name <> $3
		ORDER BY 1`, soloLock, nodeApp+"%", s.guard.app)
	if err != nil {
		return nil, s.fail(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, s.fail(err)
	}
	for i, n := range names {
		names[i] = strings.TrimPrefix(n, nodeApp)
	}
	return names, nil
}

// guardLockWhere picks the guard's granted locks in pg_locks: this
// database's only (advisory locks of other databases on the same
// PostgreSQL server are other cardtables').
const guardLockWhere = `l.locktype = 'advisory' AND l.granted
	AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
	AND ((l.classid::BIGINT << 32) | l.objid::BIGINT) = $1`

// lockConn opens a connection for the lock, named app, with server-side
// TCP keepalives (settable per session): the server notices a vanished
// holder's machine in 5 + 3*3 s and drops its lock.
func (s *Store) lockConn(ctx context.Context, app string) (*pgx.Conn, error) {
	cfg := s.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["tcp_keepalives_idle"] = "5"
	cfg.RuntimeParams["tcp_keepalives_interval"] = "3"
	cfg.RuntimeParams["tcp_keepalives_count"] = "3"
	cfg.RuntimeParams["application_name"] = app
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, s.fail(err)
	}
	return conn, nil
}

// hold keeps conn, and with it the lock in mode, until Close, and watches
// it: whenever it ends the lock is taken again.
func (s *Store) hold(conn *pgx.Conn, mode, app string) {
	s.mu.Lock()
	s.solo = conn
	s.mu.Unlock()
	g := &s.guard
	g.mode, g.app = mode, app
	g.held.Store(true)
	g.stop, g.done = make(chan struct{}), make(chan struct{})
	go s.watchGuard(conn)
}

// watchGuard waits for the guard's connection to end, then takes the lock
// back on a new one (read-only meanwhile), until Close.
func (s *Store) watchGuard(conn *pgx.Conn) {
	g := &s.guard
	defer close(g.done)
	for {
		err := s.waitEnd(conn)
		if err == nil {
			return // closing
		}
		g.held.Store(false)
		g.lost.Add(1)
		s.log.Warn("database guard lost: this server takes no writes until it holds it again", "db", s.name, "mode", g.mode, "err", err)
		// The session that held the guard ended; the pool's sessions
		// opened before it most likely ended with it (a database restart):
		// drop them all, so the first write once the guard is back does
		// not meet a dead connection.
		s.pool.Reset()
		if conn = s.retake(); conn == nil {
			return
		}
		s.mu.Lock()
		s.solo = conn
		s.mu.Unlock()
		g.held.Store(true)
		s.log.Info("database guard taken back: writing again", "db", s.name, "mode", g.mode)
	}
}

// waitEnd waits until conn ends (its error) or the store closes (nil).
func (s *Store) waitEnd(conn *pgx.Conn) error {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), guardPing)
		go func() {
			select {
			case <-s.guard.stop:
				cancel()
			case <-ctx.Done():
			}
		}()
		_, err := conn.WaitForNotification(ctx)
		closing := false
		select {
		case <-s.guard.stop:
			closing = true
		default:
		}
		cancel()
		switch {
		case closing:
			return nil
		case err == nil || pgconn.Timeout(err):
			pctx, pcancel := context.WithTimeout(context.Background(), guardPing)
			err = conn.Ping(pctx)
			pcancel()
			if err != nil {
				return err
			}
		default:
			return err
		}
	}
}

// retake takes the lock again on a new connection, trying every
// guardRetry until it does (nil once the store closes).
func (s *Store) retake() *pgx.Conn {
	g := &s.guard
	said := ""
	for {
		ctx, cancel := context.WithTimeout(context.Background(), guardPing)
		var conn *pgx.Conn
		var err error
		if g.mode == "exclusive" {
			conn, err = s.takeExclusive(ctx, g.app)
		} else {
			conn, err = s.takeShared(ctx, g.app)
		}
		cancel()
		if err == nil {
			return conn
		}
		if errors.Is(err, ErrInUse) || errors.Is(err, errHeld) || errors.Is(err, errLeased) {
			if why := err.Error(); why != said {
				s.log.Error("database guard not taken back: another server holds it; this one stays read-only", "db", s.name, "err", err)
				said = why
			}
		}
		select {
		case <-g.stop:
			return nil
		case <-time.After(guardRetry):
		}
	}
}

// refusal is the error for a lone server holding the lock (member: to a
// node; else to another lone server).
func (s *Store) refusal(member bool) error {
	holder := s.holders("ExclusiveLock")
	if holder == "" {
		holder = "another session"
	}
	if member {
		return fmt.Errorf("store: %s: %w: a server without --nats runs on it (%s holds its lock); a node would take its tables from under it. Stop that server first (the nodes then adopt its tables), or give the nodes another database", s.name, ErrInUse, holder)
	}
	return fmt.Errorf("store: %s: %w (%s holds its lock); stop that server, or give this one another database", s.name, ErrInUse, holder)
}

// holders describes the sessions of this database holding the lock in
// mode (ExclusiveLock: a lone server; ShareLock: nodes), "" for none.
func (s *Store) holders(mode string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT a.pid, COALESCE(a.application_name, ''), COALESCE(host(a.client_addr), 'a local socket')
		FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE `+guardLockWhere+` AND l.mode = $2
		ORDER BY a.pid`, soloLock, mode)
	if err != nil {
		return ""
	}
	var out []string
	for rows.Next() {
		var pid int
		var app, addr string
		if rows.Scan(&pid, &app, &addr) == nil {
			out = append(out, fmt.Sprintf("PostgreSQL backend %d, application %q, from %s", pid, app, addr))
		}
	}
	if rows.Err() != nil {
		return ""
	}
	return strings.Join(out, "; ")
}

// liveLeases names the nodes holding live leases, "" for none.
func (s *Store) liveLeases(ctx context.Context) (string, error) {
	var nodes string
	err := s.pool.QueryRow(ctx, `SELECT COALESCE(string_agg(DISTINCT node, ', '), '') FROM leases WHERE node <> '' AND expires > `+dbNow).Scan(&nodes)
	if err != nil {
		return "", s.fail(err)
	}
	return nodes, nil
}

// closeGuard stops the watch and ends the lock's session, releasing the
// lock first so that it is free when Close returns (a connection's end
// alone lets its backend linger a moment, still holding it).
func (s *Store) closeGuard() error {
	if s.guard.stop != nil {
		close(s.guard.stop)
		<-s.guard.done
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.solo == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	s.solo.Exec(ctx, `SELECT pg_advisory_unlock_all()`)
	return s.solo.Close(ctx)
}
