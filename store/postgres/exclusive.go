package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// soloLock is the advisory lock key that says how a database is used
// ("cdtbsolo"): a lone server holds it exclusively for as long as its
// store is open (Exclusive); each node of several holds it shared
// (Member). So a lone server and nodes never run on one database at once,
// whichever starts first: a lone server rebuilds and writes every
// unfinished table, and would write to tables the nodes own (they would
// stay stuck on their owner), while the nodes would adopt the lone
// server's tables from under it. PostgreSQL-specific: the advisory lock
// functions and pg_locks.
const soloLock int64 = 0x6364_7462_736f_6c6f

// ErrInUse: the database is in use in a way that excludes this store's
// (Exclusive, Member).
var ErrInUse = errors.New("in use by another cardtable serve")

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
	conn, err := s.lockConn(ctx)
	if err != nil {
		return err
	}
	held := false
	defer func() {
		if !held {
			conn.Close(context.Background())
		}
	}()
	leased := "" // the nodes whose live leases were last seen
	gaveUp := func() error {
		if leased != "" {
			return fmt.Errorf("store: %s: %w: nodes of a cluster (%s) hold live leases on its tables; a server without --nats would write to tables they own. Stop them (a stopped node's leases lapse within its --lease), or start this one as a node of theirs with --nats", s.name, ErrInUse, leased)
		}
		return s.refusal(false)
	}
	for {
		var got bool
		if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, soloLock).Scan(&got); err != nil {
			if ctx.Err() != nil {
				return gaveUp()
			}
			return s.fail(err)
		}
		if got {
			nodes, err := s.liveLeases(ctx)
			if err == nil && nodes == "" {
				s.hold(conn)
				held = true
				return nil
			}
			conn.Exec(context.Background(), `SELECT pg_advisory_unlock($1)`, soloLock)
			if err != nil {
				if ctx.Err() != nil {
					return gaveUp()
				}
				return err
			}
			leased = nodes
		} else if members := s.holders("ShareLock"); members != "" {
			return fmt.Errorf("store: %s: %w: nodes of a cluster run on it (%s); a server without --nats would write to tables they own. Start this one as a node of theirs with --nats, or give it another database", s.name, ErrInUse, members)
		}
		select {
		case <-ctx.Done():
			return gaveUp()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// Member makes this store one node's of several sharing the database: it
// holds the lock shared, so other nodes may too but no lone server, until
// Close. A lone server on the database refuses it at once, naming the
// holder.
func (s *Store) Member(ctx context.Context) error {
	conn, err := s.lockConn(ctx)
	if err != nil {
		return err
	}
	var got bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock_shared($1)`, soloLock).Scan(&got); err != nil {
		conn.Close(context.Background())
		return s.fail(err)
	}
	if !got {
		conn.Close(context.Background())
		return s.refusal(true)
	}
	s.hold(conn)
	return nil
}

// lockConn opens the connection that holds the lock, with server-side TCP
// keepalives (settable per session): the server notices a vanished
// holder's machine in 5 + 3*3 s and drops its lock.
func (s *Store) lockConn(ctx context.Context) (*pgx.Conn, error) {
	cfg := s.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["tcp_keepalives_idle"] = "5"
	cfg.RuntimeParams["tcp_keepalives_interval"] = "3"
	cfg.RuntimeParams["tcp_keepalives_count"] = "3"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, s.fail(err)
	}
	return conn, nil
}

// hold keeps conn, and with it the lock, until Close.
func (s *Store) hold(conn *pgx.Conn) {
	s.mu.Lock()
	s.solo = conn
	s.mu.Unlock()
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

// holders describes the sessions holding the lock in mode (ExclusiveLock:
// a lone server; ShareLock: nodes), "" for none.
func (s *Store) holders(mode string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rows, err := s.pool.Query(ctx, `SELECT a.pid, COALESCE(a.application_name, ''), COALESCE(host(a.client_addr), 'a local socket')
		FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'advisory' AND l.granted AND l.mode = $2 AND ((l.classid::BIGINT << 32) | l.objid::BIGINT) = $1
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
