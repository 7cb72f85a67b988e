package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// The statements of an event's append: the table's event count goes up by
// one on condition that the seq is the next, and only then is the event
// inserted (as an action's append, without the finished condition: a
// finished table takes chat lines and rematch links).
const (
	qBumpEvents  = `UPDATE game_tables SET events = events + 1 WHERE id = $1 AND events = $2`
	qInsertEvent = `INSERT INTO table_events (table_id, seq, version, kind, seat, data, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`
)

// AppendEvent adds event e to table id if e.Seq is the next event number.
func (s *Store) AppendEvent(ctx context.Context, id string, e store.Event) error {
	return s.do(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, qBumpEvents, id, e.Seq)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			var count int
			err := tx.QueryRowContext(ctx, `SELECT events FROM game_tables WHERE id = $1`, id).Scan(&count)
			switch {
			case errors.Is(err, sql.ErrNoRows):
				return notFound(id)
			case err != nil:
				return err
			}
			return fmt.Errorf("%w: table %q holds %d events, so the next has seq %d, not %d", store.ErrConflict, id, count, count, e.Seq)
		}
		_, err = tx.ExecContext(ctx, qInsertEvent, id, e.Seq, e.Version, e.Kind, e.Seat, sqlrows.EventData(e), micros(e.At))
		return err
	})
}

// Events returns table id's events in order.
func (s *Store) Events(ctx context.Context, id string) ([]store.Event, error) {
	rows, err := s.reader.QueryContext(ctx, sqlrows.EventsQuery, id)
	if err != nil {
		return nil, fileError(s.path, err)
	}
	defer rows.Close()
	out, err := sqlrows.ReadEvents(rows)
	if err != nil {
		return nil, fileError(s.path, err)
	}
	if len(out) == 0 {
		var one int
		err := s.reader.QueryRowContext(ctx, `SELECT 1 FROM game_tables WHERE id = $1`, id).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, notFound(id)
		} else if err != nil {
			return nil, fileError(s.path, err)
		}
	}
	return out, nil
}
