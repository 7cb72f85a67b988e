package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
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
// Once the write is queued, do waits for its outcome even if ctx ends (the
// writer skips a write whose ctx has ended before its batch), so a nil
// error always means written and durable.
//
// The queue is buffered: handing a write over does not wait for the
// writer to take it. (Unbuffered, the writer's taking it woke the caller
// only for it to wait again for the outcome: a second wake-up an action,
// all of a batch's at once — at 10,000 clients the goroutines' wait for a
// CPU that decided the tail; docs/benchmarks.md.)
func (s *Store) do(ctx context.Context, fn func(ctx context.Context, tx *txn) error) error {
	w := &write{ctx: ctx, fn: fn, done: make(chan error, 1), span: phases.From(ctx)}
	select {
	case s.writes <- w:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.quit:
		return errClosed
	}
	select {
	case err := <-w.done:
		return err
	case <-s.done:
		// The writer stopped; it answers every write it took before.
		select {
		case err := <-w.done:
			return err
		default:
			return errClosed
		}
	}
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
			// The rooms the commit answered wait for a CPU on the
			// writer's own P (the Go scheduler runs a goroutine a
			// channel woke next on the waker's P), behind the writer's
			// next batch; yield to them first. Their waits after a
			// commit were the tail's largest part at 10,000 clients
			// (docs/benchmarks.md).
			runtime.Gosched()
			s.finishCheckpoint()
			s.freeAt = phases.Now()
		case <-s.quit:
			return
		}
	}
}

// commit runs a batch in one transaction and commits it. The writes run
// plainly first; if one fails, that transaction is rolled back and the
// batch runs again with each write in a savepoint of its own, so a failed
// write undoes only itself and the others are kept. (A savepoint for
// every write cost two statements each time — 5 % of the server's CPU at
// 10,000 clients — against failures that hardly ever come.)
func (s *Store) commit(batch []*write) {
	errs := make([]error, len(batch))
	fail := func(err error) {
		for _, w := range batch {
			w.done <- err
		}
	}
	start := time.Now()
	begun := phases.Now()
	tx, ok, err := s.runBatch(batch, errs, false)
	if err == nil && !ok {
		if len(batch) == 1 {
			fail(errs[0])
			return
		}
		tx, _, err = s.runBatch(batch, errs, true)
	}
	if err != nil {
		fail(fileError(s.path, err))
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

// runBatch runs batch's writes in a new transaction, each one's outcome
// into errs: plainly (ok false once one fails, the transaction rolled
// back) or each in a savepoint. err is a failure of the transaction
// itself (rolled back too). A write whose ctx has ended is skipped.
func (s *Store) runBatch(batch []*write, errs []error, savepoints bool) (tx *txn, ok bool, err error) {
	sqlTx, err := s.writer.BeginTx(context.Background(), nil)
	if err != nil {
		return nil, false, err
	}
	tx = &txn{Tx: sqlTx, prep: s.prep}
	for i, w := range batch {
		if errs[i] = w.ctx.Err(); errs[i] != nil {
			continue
		}
		if !savepoints {
			if errs[i] = s.outcome(run(tx, w)); errs[i] != nil {
				tx.Rollback()
				return nil, false, nil
			}
			continue
		}
		var failure error
		if errs[i], failure = savepoint(tx, w); failure != nil {
			tx.Rollback()
			return nil, false, failure
		}
		errs[i] = s.outcome(errs[i])
	}
	return tx, true, nil
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
