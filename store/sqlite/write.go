package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	sqlite3 "modernc.org/sqlite"
)

// write is one write waiting for the writer: fn runs in the batch's
// transaction; done receives its outcome once the batch is committed.
type write struct {
	ctx  context.Context
	fn   func(ctx context.Context, tx *sql.Tx) error
	done chan error
}

// do runs fn as one write and returns once it is committed (or refused).
// Once the writer has taken the write, do waits for its outcome even if
// ctx ends, so a nil error always means written and durable.
func (s *Store) do(ctx context.Context, fn func(ctx context.Context, tx *sql.Tx) error) error {
	w := &write{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case s.writes <- w:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.quit:
		return errClosed
	}
	return <-w.done
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
	tx, err := s.writer.BeginTx(ctx, nil)
	if err != nil {
		fail(fileError(s.path, err))
		return
	}
	single := len(batch) == 1
	for i, w := range batch {
		if err := w.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if single {
			errs[i] = s.outcome(w.fn(context.WithoutCancel(w.ctx), tx))
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
	if err := tx.Commit(); err != nil {
		tx.Rollback()
		fail(fmt.Errorf("store: %s: the commit failed, nothing was written: %w", s.path, fileError(s.path, err)))
		return
	}
	for i, w := range batch {
		w.done <- errs[i]
	}
}

// savepoint runs w in a savepoint of tx: its own error is w's outcome
// (and undoes only w); the second error is a failure of the transaction.
func savepoint(tx *sql.Tx, w *write) (outcome, failure error) {
	ctx := context.Background()
	if _, err := tx.ExecContext(ctx, `SAVEPOINT w`); err != nil {
		return nil, err
	}
	outcome = w.fn(context.WithoutCancel(w.ctx), tx)
	if outcome != nil {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT w`); err != nil {
			return nil, errors.Join(outcome, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `RELEASE SAVEPOINT w`); err != nil {
		return nil, err
	}
	return outcome, nil
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
