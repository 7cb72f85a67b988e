// Package sqlite is the store on one SQLite file (modernc.org/sqlite, pure
// Go): WAL journal, a busy timeout, foreign keys, the embedded migrations
// applied at open, one writer connection and a pool of read-only ones.
//
// Every write goes through one goroutine that owns the writer connection
// and commits the writes waiting for it together (group commit), each in
// its own savepoint, so one refused write never undoes another. With
// synchronous=FULL (the default) a commit reaches the disk before any of
// its writes returns: an appended action survives kill -9 and a power cut.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"cardtable/store"
	"cardtable/store/migrate"
	"cardtable/store/sqlaccounts"
	"cardtable/store/sqlpairings"
	"cardtable/store/sqltournaments"

	sqlite3 "modernc.org/sqlite"
)

// applicationID marks a cardtable database in the SQLite header
// (PRAGMA application_id): "CdTb".
const applicationID = 0x43645462

// Options tune a store; the zero value is the default.
type Options struct {
	// Synchronous is SQLite's synchronous setting: "FULL" (the default:
	// each commit is synced to disk) or "NORMAL" (in WAL mode a commit
	// survives a crash of the process but not of the machine).
	Synchronous string
	// BusyTimeout is how long a connection waits for a lock held by another
	// process (default 5 s).
	BusyTimeout time.Duration
	// MaxBatch caps the writes committed together (default 256).
	MaxBatch int
	// Readers caps the read connections (default 4).
	Readers int
}

func (o Options) withDefaults() (Options, error) {
	switch strings.ToUpper(o.Synchronous) {
	case "":
		o.Synchronous = "FULL"
	case "FULL", "NORMAL":
		o.Synchronous = strings.ToUpper(o.Synchronous)
	default:
		return o, fmt.Errorf("sqlite: synchronous %q: want FULL or NORMAL", o.Synchronous)
	}
	if o.BusyTimeout <= 0 {
		o.BusyTimeout = 5 * time.Second
	}
	if o.MaxBatch <= 0 {
		o.MaxBatch = 256
	}
	if o.Readers <= 0 {
		o.Readers = 4
	}
	return o, nil
}

// Store is a store.Store on one SQLite file.
type Store struct {
	path   string
	lock   *os.File
	prep   map[string]*sql.Stmt
	writer *sql.DB
	reader *sql.DB
	writes chan *write
	quit   chan struct{}
	done   chan struct{}
	// The checkpointer (checkpoint.go): its connection, the writer's
	// signal that it committed, and closed when it has stopped.
	ckpt         *sql.DB
	committed    chan struct{}
	checkpointed chan struct{}
	finish       atomic.Bool // the checkpointer asks the writer to finish a checkpoint
	// The writer's end of work and its finishing checkpoint's start, on
	// package phases' clock (0 unless a profiler records).
	freeAt, ckptAt int64
	// observe, when set (ObserveCommits), hears of every commit.
	observe atomic.Pointer[func(writes int, d time.Duration)]
	once    sync.Once
	max     int
	// The accounts (store.Accounts) share the writer and the readers.
	*sqlaccounts.Accounts
	// The tournaments (store.Tournaments) too.
	*sqltournaments.Tournaments
	// And quick pairing's shared requests (store.Pairings).
	*sqlpairings.Pairings
}

var (
	_ store.Store       = (*Store)(nil)
	_ store.Accounts    = (*Store)(nil)
	_ store.Tournaments = (*Store)(nil)
	_ store.Bots        = (*Store)(nil)
	_ store.Pairings    = (*Store)(nil)
)

// errClosed is returned by a write after Close.
var errClosed = errors.New("sqlite: the store is closed")

// Open opens (or creates) the database at path with the default options.
func Open(path string) (*Store, error) { return OpenOptions(path, Options{}) }

// OpenOptions opens (or creates) the database at path. A missing folder, a
// file that is not a SQLite database, one of another program, a damaged
// one, or one written by a newer cardtable is refused with an error naming
// the file and what is wrong.
func OpenOptions(path string, o Options) (*Store, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := checkPath(path); err != nil {
		return nil, err
	}
	lock, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	writer, reader, err := openPools(path, o)
	if err != nil {
		unlock(lock)
		return nil, err
	}
	prep, err := prepareHot(writer)
	var ckpt *sql.DB
	if err == nil {
		ckpt, err = sql.Open("sqlite", dsn(path, o, false))
	}
	if err != nil {
		reader.Close()
		writer.Close()
		unlock(lock)
		return nil, fileError(path, err)
	}
	ckpt.SetMaxOpenConns(1)
	s := &Store{path: path, lock: lock, prep: prep, writer: writer, reader: reader, writes: make(chan *write, o.MaxBatch),
		quit: make(chan struct{}), done: make(chan struct{}), max: o.MaxBatch,
		ckpt: ckpt, committed: make(chan struct{}, 1), checkpointed: make(chan struct{})}
	s.Accounts = &sqlaccounts.Accounts{Read: reader, Write: s.doAccounts, Wrap: s.wrapRead}
	s.Tournaments = &sqltournaments.Tournaments{Read: reader, Write: s.doAccounts, Wrap: s.wrapRead}
	s.Pairings = &sqlpairings.Pairings{Read: reader, Write: s.doAccounts, Wrap: s.wrapRead}
	go s.loop()
	go s.checkpointer(ckpt)
	return s, nil
}

// openPools opens the writer (checking the file and migrating it) and the
// read pool.
func openPools(path string, o Options) (writer, reader *sql.DB, err error) {
	writer, err = sql.Open("sqlite", dsn(path, o, false))
	if err != nil {
		return nil, nil, fmt.Errorf("store: %s: %w", path, err)
	}
	writer.SetMaxOpenConns(1)
	writer.SetConnMaxIdleTime(0)
	if err := prepare(path, writer); err != nil {
		writer.Close()
		return nil, nil, err
	}
	reader, err = sql.Open("sqlite", dsn(path, o, true))
	if err != nil {
		writer.Close()
		return nil, nil, fmt.Errorf("store: %s: %w", path, err)
	}
	reader.SetMaxOpenConns(o.Readers)
	return writer, reader, nil
}

func unlock(f *os.File) {
	if f != nil {
		f.Close() // closing the file drops its flock
	}
}

// checkPath refuses a path whose folder is missing, a folder, or a path
// the driver would misread.
func checkPath(path string) error {
	if path == "" {
		return errors.New("store: no database file named; give a path such as cardtable.db")
	}
	if strings.ContainsAny(path, "?#") || strings.HasPrefix(path, "file:") || path == ":memory:" {
		return fmt.Errorf("store: %q: a database path may not contain '?' or '#' nor be a URI; name a plain file such as cardtable.db", path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("store: cannot create the database %s: the folder %s does not exist; create it first or choose a path in an existing folder", path, dir)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("store: %s is a folder, not a database file; name a file such as %s", path, filepath.Join(path, "cardtable.db"))
	}
	return nil
}

func dsn(path string, o Options, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", o.BusyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "synchronous("+o.Synchronous+")")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "wal_autocheckpoint(0)") // checkpoint.go
		q.Set("_txlock", "immediate")
	}
	return path + "?" + q.Encode()
}

// prepare checks that the file is a healthy cardtable database (or a new
// one) and applies the migrations.
func prepare(path string, db *sql.DB) error {
	ctx := context.Background()
	if err := db.PingContext(ctx); err != nil {
		return fileError(path, err)
	}
	var id int64
	if err := db.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&id); err != nil {
		return fileError(path, err)
	}
	if err := checkHealth(ctx, path, db); err != nil {
		return err
	}
	if id != applicationID {
		if err := claim(ctx, path, db, id); err != nil {
			return err
		}
	}
	if _, _, err := migrate.Apply(ctx, db, migrate.Schema()); err != nil {
		if errors.Is(err, migrate.ErrNewer) {
			return fmt.Errorf("store: %s: %w", path, err)
		}
		return fileError(path, err)
	}
	return nil
}

// checkHealth runs SQLite's quick integrity check.
func checkHealth(ctx context.Context, path string, db *sql.DB) error {
	var verdict string
	if err := db.QueryRowContext(ctx, `PRAGMA quick_check(1)`).Scan(&verdict); err != nil {
		return fileError(path, err)
	}
	if verdict != "ok" {
		return fmt.Errorf("store: %s is damaged (SQLite's integrity check: %s); restore a backup or start with a new file", path, verdict)
	}
	return nil
}

// claim marks a new database as cardtable's; a database of another
// program (another application id, or tables of its own) is refused.
func claim(ctx context.Context, path string, db *sql.DB, id int64) error {
	if id != 0 {
		return fmt.Errorf("store: %s is the database of another program (SQLite application id %#x, cardtable's is %#x); cardtable will not write into it: name another file", path, id, applicationID)
	}
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	if err != nil {
		return fileError(path, err)
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return fileError(path, err)
		}
		names = append(names, n)
	}
	rows.Close()
	if len(names) > 0 {
		return fmt.Errorf("store: %s is a SQLite database of another program (its tables: %s); cardtable will not write into it: name another file", path, strings.Join(names, ", "))
	}
	if _, err := db.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d`, applicationID)); err != nil {
		return fileError(path, err)
	}
	return nil
}

// fileError names the file and says what is wrong with it.
func fileError(path string, err error) error {
	var se *sqlite3.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case 26: // SQLITE_NOTADB
			return fmt.Errorf("store: %s is not a SQLite database (%v); name another file, or move this one away to start a new database", path, err)
		case 11: // SQLITE_CORRUPT
			return fmt.Errorf("store: %s is damaged (%v); restore a backup or start with a new file", path, err)
		case 14: // SQLITE_CANTOPEN
			return fmt.Errorf("store: cannot open %s (%v); check that the file and its folder are readable and writable", path, err)
		case 8: // SQLITE_READONLY
			return fmt.Errorf("store: %s is read-only (%v); cardtable needs to write to it and its folder", path, err)
		}
	}
	return fmt.Errorf("store: %s: %w", path, err)
}

// ObserveCommits makes the writer call f after each commit with the
// number of writes committed together and the time from the batch's
// start to its commit on disk (serve's /metrics:
// cardtable_store_batch_writes, cardtable_store_commit_seconds). f runs
// in the writer: it must be quick.
func (s *Store) ObserveCommits(f func(writes int, d time.Duration)) { s.observe.Store(&f) }

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close finishes the writes under way and closes the database. Later
// writes fail; Close may be called more than once.
func (s *Store) Close() error {
	var err error
	s.once.Do(func() {
		close(s.quit)
		<-s.done
		<-s.checkpointed
		err = errors.Join(s.ckpt.Close(), s.reader.Close(), s.writer.Close())
		unlock(s.lock)
	})
	return err
}
