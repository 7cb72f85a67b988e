package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// soloLock is the advisory lock key a lone server holds for as long as its
// store is open ("cdtbsolo"). PostgreSQL-specific: pg_try_advisory_lock.
const soloLock int64 = 0x6364_7462_736f_6c6f

// ErrInUse: another lone server holds the database (Exclusive).
var ErrInUse = errors.New("in use by another cardtable serve")

// Exclusive makes this store the only lone server's on the database: a
// server that runs by itself (no other nodes, so no leases) rebuilds and
// writes every unfinished table, and a second one doing the same would
// fork the games. It holds a session advisory lock on a connection of its
// own until Close. PostgreSQL drops the lock when that session ends: at
// once when the holder's process dies, within about 15 s when its machine
// does (the connection sets TCP keepalives for that). While another holds
// the lock Exclusive tries again until ctx ends, then returns ErrInUse
// naming the holder. Several nodes sharing a database use leases instead
// and never call Exclusive.
func (s *Store) Exclusive(ctx context.Context) error {
	cfg := s.pool.Config().ConnConfig.Copy()
	// Server-side TCP keepalives (settable per session): the server
	// notices a vanished holder's machine in 5 + 3*3 s and drops its lock.
	cfg.RuntimeParams["tcp_keepalives_idle"] = "5"
	cfg.RuntimeParams["tcp_keepalives_interval"] = "3"
	cfg.RuntimeParams["tcp_keepalives_count"] = "3"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return s.fail(err)
	}
	for {
		var got bool
		if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, soloLock).Scan(&got); err != nil {
			conn.Close(context.Background())
			if ctx.Err() != nil {
				break
			}
			return s.fail(err)
		}
		if got {
			s.mu.Lock()
			s.solo = conn
			s.mu.Unlock()
			return nil
		}
		select {
		case <-ctx.Done():
		case <-time.After(250 * time.Millisecond):
			continue
		}
		break
	}
	holder := s.soloHolder()
	conn.Close(context.Background())
	return fmt.Errorf("store: %s: %w (%s holds its lock); stop that server, or give this one another database", s.name, ErrInUse, holder)
}

// soloHolder describes the session holding the lone server's lock.
func (s *Store) soloHolder() string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var pid int
	var app, addr string
	err := s.pool.QueryRow(ctx, `SELECT a.pid, COALESCE(a.application_name, ''), COALESCE(host(a.client_addr), 'a local socket')
		FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'advisory' AND l.granted AND ((l.classid::BIGINT << 32) | l.objid::BIGINT) = $1`, soloLock).Scan(&pid, &app, &addr)
	if err != nil {
		return "another session"
	}
	return fmt.Sprintf("PostgreSQL backend %d, application %q, from %s", pid, app, addr)
}
