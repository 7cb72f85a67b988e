package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cardtable/store/phases"
	"cardtable/store/sqlaccounts"

	sqlite3 "modernc.org/sqlite"
)

// write is one write waiting for the writer: fn runs in the batch's
// transaction; done receives its outcome once the batch is committed.
type write struct {
	ctx  context.Context
	fn   func(ctx context.Context, tx *txn) error
	done chan error
	span *phases.Span // the action's step times, while a profiler records them
}

// do runs fn as one write and returns once it is committed (or refused).
// Once the writer has taken the write, do waits for its outcome even if
// ctx ends, so a nil error always means written and durable.
func (s *Store) do(ctx context.Context, fn func(ctx context.Context, tx *txn) error) error {
	w := &write{ctx: ctx, fn: fn, done: make(chan error, 1), span: phases.From(ctx)}
	select {
	case s.writes <- w:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.quit:
		return errClosed
	}
	return <-w.done
}

// doAccounts runs an accounts write (package sqlaccounts) like any other.
func (s *Store) doAccounts(ctx context.Context, fn func(ctx context.Context, tx sqlaccounts.Querier) error) error {
	return s.do(ctx, func(ctx context.Context, tx *txn) error { return fn(ctx, tx) })
}

// wrapRead names the file in an error of a read; a write's errors come
// named already.
func (s *Store) wrapRead(err error) error {
	if strings.HasPrefix(err.Error(), "store: ") {
		return err
	}
	return fileError(s.path, err)
}

// loop is the writer: it takes the writes waiting, commits them together,
// and tells each its outcome.
func (s *Store) loop() {
	defer close(s.done)
	for {
		select {
		case w := <-s.writes:
			batch := []*write{w}
		more:
			for len(batch) < s.max {
				select {
				case w := <-s.writes:
					batch = append(batch, w)
				default:
					break more
				}
			}
			s.commit(batch)
			s.finishCheckpoint()
			s.freeAt = phases.Now()
		case <-s.quit:
			return
		}
	}
}

// commit runs a batch in one transaction, each write in its own savepoint
// (a lone write without one), and commits it.
func (s *Store) commit(batch []*write) {
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, w := range batch {
			w.done <- err
		}
	}
	ctx := context.Background()
	start := time.Now()
	begun := phases.Now()
	sqlTx, err := s.writer.BeginTx(ctx, nil)
	if err != nil {
		fail(fileError(s.path, err))
		return
	}
	tx := &txn{Tx: sqlTx, prep: s.prep}
	single := len(batch) == 1
	for i, w := range batch {
		if err := w.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if single {
			errs[i] = s.outcome(run(tx, w))
			continue
		}
		if errs[i], err = savepoint(tx, w); err != nil {
			tx.Rollback()
			fail(fileError(s.path, err))
			return
		}
		errs[i] = s.outcome(errs[i])
	}
	if single && errs[0] != nil {
		tx.Rollback()
		fail(errs[0])
		return
	}
	ran := phases.Now()
	if err := tx.Commit(); err != nil {
		tx.Rollback()
		fail(fmt.Errorf("store: %s: the commit failed, nothing was written: %w", s.path, fileError(s.path, err)))
		return
	}
	if f := s.observe.Load(); f != nil {
		(*f)(len(batch), time.Since(start))
	}
	committed := phases.Now()
	for i, w := range batch {
		w.span.Batch(begun, ran, committed, s.freeAt, s.ckptAt, len(batch))
		w.done <- errs[i]
	}
	s.noteCommit()
}

// savepoint runs w in a savepoint of tx: its own error is w's outcome
// (and undoes only w); the second error is a failure of the transaction.
func savepoint(tx *txn, w *write) (outcome, failure error) {
	ctx := context.Background()
	if _, err := tx.ExecContext(ctx, qSavepoint); err != nil {
		return nil, err
	}
	outcome = run(tx, w)
	if outcome != nil {
		if _, err := tx.ExecContext(ctx, qRollbackTo); err != nil {
			return nil, errors.Join(outcome, err)
		}
	}
	if _, err := tx.ExecContext(ctx, qRelease); err != nil {
		return nil, err
	}
	return outcome, nil
}

// run runs w in tx; a panic becomes w's error, so one bad write cannot
// stop the writer and hang every other.
func run(tx *txn, w *write) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("store: a write failed: %v", p)
		}
	}()
	return w.fn(context.WithoutCancel(w.ctx), tx)
}

// outcome names the file in a database error of a write; the store's own
// errors (not found, conflict) pass as they are.
func (s *Store) outcome(err error) error {
	var se *sqlite3.Error
	if errors.As(err, &se) {
		return fileError(s.path, err)
	}
	return err
}

// The statements of a write's savepoint.
const (
	qSavepoint  = `SAVEPOINT w`
	qRollbackTo = `ROLLBACK TO SAVEPOINT w`
	qRelease    = `RELEASE SAVEPOINT w`
)

// hot are the statements every append runs, prepared once on the writer
// connection (SQLite would otherwise compile them anew each time).
var hot = [...]string{qBump, qInsertAction, qSavepoint, qRollbackTo, qRelease}

// prepare compiles the hot statements on the writer. It runs at open,
// before any transaction holds the writer's one connection.
func prepareHot(db *sql.DB) (map[string]*sql.Stmt, error) {
	prep := map[string]*sql.Stmt{}
	for _, q := range hot {
		st, err := db.Prepare(q)
		if err != nil {
			return nil, err
		}
		prep[q] = st
	}
	return prep, nil
}

// txn is the batch's transaction; the hot statements run prepared, each
// bound to the transaction once (database/sql's StmtContext locks the
// statement and allocates a new one every call: four times an append).
type txn struct {
	*sql.Tx
	prep  map[string]*sql.Stmt
	bound [len(hot)]*sql.Stmt
}

// ExecContext runs q, prepared when it is a hot statement.
func (t *txn) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if i := hotIndex(q); i >= 0 {
		if t.bound[i] == nil {
			t.bound[i] = t.Tx.StmtContext(ctx, t.prep[q])
		}
		return t.bound[i].ExecContext(ctx, args...)
	}
	return t.Tx.ExecContext(ctx, q, args...)
}

// hotIndex is q's place in hot, or -1.
func hotIndex(q string) int {
	for i, h := range hot {
		if q == h {
			return i
		}
	}
	return -1
}
