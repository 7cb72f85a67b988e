// Package postgres is the store on PostgreSQL (github.com/jackc/pgx/v5,
// pooled), for several cardtable nodes sharing one database: the tables
// and their action logs (store.Store, the same portable schema as SQLite's,
// store/migrate) and the leases that give each live table to one node at a
// time, with appends fenced by the owner's epoch (store.Leases).
//
// Open applies the embedded migrations under a PostgreSQL advisory lock,
// so nodes starting together migrate once. Every connection runs with
// synchronous_commit on, so a write returns only once it is durable.
// Each write is one statement or one transaction; an append is a single
// statement that bumps the table's action count on condition that the
// seq is the next one (and, fenced, that the lease epoch is live), with
// (table, seq) the actions' primary key besides.
package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"cardtable/store"
	"cardtable/store/migrate"
	"cardtable/store/sqlaccounts"
	"cardtable/store/sqlpairings"
	"cardtable/store/sqltournaments"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// migrateLock is the advisory lock key Open holds while it migrates
// ("cdtbmigr" as 8 bytes). PostgreSQL-specific: pg_advisory_lock.
const migrateLock int64 = 0x6364_7462_6d69_6772

// Options tune a store; the zero value is the default.
type Options struct {
	// MaxConns caps the pool's connections (default: pgxpool's, the
	// greater of 4 and the number of CPUs). A DSN's pool_max_conns wins.
	MaxConns int32
	// MigrateTimeout bounds the wait for another node's migration (the
	// advisory lock) and our own (default 1 minute).
	MigrateTimeout time.Duration
	// Logger receives what the store says of its guard: lost, taken back,
	// not taken back (nil: discard).
	Logger *slog.Logger
}

// Store is a store.Cluster on PostgreSQL.
type Store struct {
	pool *pgxpool.Pool
	name string // the database as errors name it: user@host/db, no password
	from int    // the schema version Open found
	to   int    // the schema version Open left
	once sync.Once
	log  *slog.Logger
	mu   sync.Mutex
	solo *pgx.Conn // the connection holding the guard (Exclusive, Member)
	// guard is the lock this store holds and its watch (guard.go).
	guard guard
	// The accounts (store.Accounts) run on database/sql over the pool
	// (package sqlaccounts, shared with SQLite).
	db *sql.DB
	*sqlaccounts.Accounts
	// The tournaments (store.Tournaments) too.
	*sqltournaments.Tournaments
	// And quick pairing's shared requests (store.Pairings).
	*sqlpairings.Pairings
}

var (
	_ store.Cluster     = (*Store)(nil)
	_ store.Accounts    = (*Store)(nil)
	_ store.Tournaments = (*Store)(nil)
	_ store.Bots        = (*Store)(nil)
	_ store.Pairings    = (*Store)(nil)
)

// readOnlyTransaction is PostgreSQL's read_only_sql_transaction: a
// write refused because the session is read-only (the guard is lost).
const readOnlyTransaction = "25006"

// IsDSN reports whether s names a PostgreSQL database (a postgres:// or
// postgresql:// URL) rather than a SQLite file.
func IsDSN(s string) bool {
	l := strings.ToLower(s)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// IdleInTransaction is the default idle_in_transaction_session_timeout of
// the store's sessions (a DSN parameter of that name overrides it).
const IdleInTransaction = "30s"

const idleTxKey = "idle_in_transaction_session_timeout"

// Open connects to the database at dsn with the default options.
func Open(ctx context.Context, dsn string) (*Store, error) { return OpenOptions(ctx, dsn, Options{}) }

// OpenOptions connects to the database at dsn (a postgres:// URL; pgx's
// settings such as pool_max_conns in its query), checks it answers and
// brings its schema up to date. Errors name the database, never its
// password.
func OpenOptions(ctx context.Context, dsn string, o Options) (*Store, error) {
	name := Redact(dsn)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store: %s: not a PostgreSQL address (%v); give one like postgres://user:password@host:5432/cardtable", name, redactErr(err, dsn))
	}
	if o.MaxConns > 0 && !strings.Contains(dsn, "pool_max_conns") {
		cfg.MaxConns = o.MaxConns
	}
	// Durability does not rest on the server's default: a commit returns
	// once it is flushed to the WAL on disk (and to synchronous standbys).
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	cfg.ConnConfig.RuntimeParams["application_name"] = "cardtable"
	// A transaction left open — its node paused (SIGSTOP, a VM frozen)
	// or cut off mid-settlement — is ended by the server after this long,
	// releasing the rows it locked (a table's lease among them), so the
	// table can move to another node. Every transaction here lasts
	// milliseconds. The DSN may set another value.
	if _, set := cfg.ConnConfig.RuntimeParams[idleTxKey]; !set {
		cfg.ConnConfig.RuntimeParams[idleTxKey] = IdleInTransaction
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Store{name: name, log: o.Logger}
	cfg.PrepareConn = s.prepareConn
	cfg.BeforeClose = func(c *pgx.Conn) { s.guard.readOnly.Delete(c) }
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", name, redactErr(err, dsn))
	}
	s.pool, s.db = pool, stdlib.OpenDBFromPool(pool)
	s.Accounts = &sqlaccounts.Accounts{Read: s.db, Write: s.inTx, Fence: fenceTx, Wrap: s.fail}
	s.Tournaments = &sqltournaments.Tournaments{Read: s.db, Write: s.inTx, Wrap: s.fail}
	s.Pairings = &sqlpairings.Pairings{Read: s.db, Write: s.inTx, Wrap: s.fail}
	if o.MigrateTimeout <= 0 {
		o.MigrateTimeout = time.Minute
	}
	mctx, cancel := context.WithTimeout(ctx, o.MigrateTimeout)
	defer cancel()
	if err := pool.Ping(mctx); err != nil {
		s.db.Close()
		pool.Close()
		return nil, fmt.Errorf("store: cannot reach PostgreSQL at %s (%v); check that the server runs and the address, user and password are right", name, redactErr(err, dsn))
	}
	if s.from, s.to, err = s.migrate(mctx); err != nil {
		s.db.Close()
		pool.Close()
		return nil, err
	}
	return s, nil
}

// migrate applies the embedded migrations on one connection holding the
// advisory lock: another node opening at the same time waits for it and
// then finds the schema up to date. The lock is the session's, so a node
// dying mid-migration drops it (its migration's transaction rolls back).
func (s *Store) migrate(ctx context.Context) (from, to int, err error) {
	db := stdlib.OpenDBFromPool(s.pool)
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, 0, s.fail(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, migrateLock); err != nil {
		return 0, 0, fmt.Errorf("store: %s: waiting for another node's migration: %w", s.name, err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrateLock)
	from, to, err = migrate.Apply(ctx, conn, migrate.Schema())
	if err != nil {
		return from, to, fmt.Errorf("store: %s: %w", s.name, err)
	}
	return from, to, nil
}

// Schema is the schema version Open found and the one it left (equal when
// the database was up to date).
func (s *Store) Schema() (from, to int) { return s.from, s.to }

// Name is the database as the store's errors name it (no password).
func (s *Store) Name() string { return s.name }

// Close closes the pool; later calls fail. Close may be called more than
// once.
func (s *Store) Close() error {
	var err error
	s.once.Do(func() {
		err = s.closeGuard()
		s.db.Close()
		s.pool.Close()
	})
	return err
}

// fail names the database in an error of PostgreSQL or the pool; the
// store's own errors (not found, conflict, fenced) pass as they are.
func (s *Store) fail(err error) error {
	if err == nil || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrFenced) || errors.Is(err, ErrGuardLost) {
		return err
	}
	if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == readOnlyTransaction {
		if werr := s.writable(); werr != nil {
			return werr
		}
	}
	return fmt.Errorf("store: %s: %w", s.name, err)
}

// Redact is dsn without its password, to log and show: a URL's user
// password and a password= setting are replaced by xxxxx.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.Scheme == "" {
		return "the PostgreSQL address given"
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// redactErr keeps a password out of an error's text.
func redactErr(err error, dsn string) error {
	u, perr := url.Parse(dsn)
	if perr != nil {
		return errors.New("the address could not be read")
	}
	var secrets []string
	if u.User != nil {
		if p, has := u.User.Password(); has && p != "" {
			secrets = append(secrets, p, url.QueryEscape(p), url.PathEscape(p))
		}
	}
	if p := u.Query().Get("password"); p != "" {
		secrets = append(secrets, p, url.QueryEscape(p))
	}
	text := err.Error()
	for _, p := range secrets {
		text = strings.ReplaceAll(text, p, "xxxxx")
	}
	if text == err.Error() {
		return err
	}
	return errors.New(text)
}
