package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// appendEventSQL is an event's append in one statement, like appendSQL:
// the table's event count goes up by one on condition that $2 is the next
// seq, and only then is the event inserted. A finished table takes events
// too.
const appendEventSQL = `WITH t AS (
	UPDATE game_tables SET events = events + 1
	WHERE id = $1 AND events = $2
	RETURNING id)
INSERT INTO table_events (table_id, seq, version, kind, seat, data, at) SELECT id, $2, $3, $4, $5, $6, $7 FROM t`

// appendEventFencedSQL is appendEventSQL on condition that $8 is the
// table's live lease epoch, the lease row locked FOR SHARE as in
// appendFencedSQL.
const appendEventFencedSQL = `WITH l AS (
	SELECT epoch FROM leases
	WHERE table_id = $1 AND epoch = $8 AND node <> '' AND expires > ` + dbNow + `
	FOR SHARE),
t AS (
	UPDATE game_tables SET events = events + 1
	WHERE id = $1 AND events = $2 AND EXISTS (SELECT 1 FROM l)
	RETURNING id)
INSERT INTO table_events (table_id, seq, version, kind, seat, data, at) SELECT id, $2, $3, $4, $5, $6, $7 FROM t`

// AppendEvent adds event e to table id if e.Seq is the next event number.
func (s *Store) AppendEvent(ctx context.Context, id string, e store.Event) error {
	tag, err := s.pool.Exec(ctx, appendEventSQL, id, e.Seq, e.Version, e.Kind, e.Seat, sqlrows.EventData(e), micros(e.At))
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return s.eventConflict(ctx, id, e.Seq)
}

// AppendEventFenced appends e on condition that epoch is table id's live
// lease epoch.
func (s *Store) AppendEventFenced(ctx context.Context, id string, epoch int64, e store.Event) error {
	tag, err := s.pool.Exec(ctx, appendEventFencedSQL, id, e.Seq, e.Version, e.Kind, e.Seat, sqlrows.EventData(e), micros(e.At), epoch)
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	if err := s.fenced(ctx, id, epoch, "event"); err != nil {
		return err
	}
	return s.eventConflict(ctx, id, e.Seq)
}

// eventConflict says why an event's append was refused.
func (s *Store) eventConflict(ctx context.Context, id string, seq int) error {
	var count int
	err := s.pool.QueryRow(ctx, `SELECT events FROM game_tables WHERE id = $1`, id).Scan(&count)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return notFound(id)
	case err != nil:
		return s.fail(err)
	}
	return fmt.Errorf("%w: table %q holds %d events, so the next has seq %d, not %d", store.ErrConflict, id, count, count, seq)
}

// Events returns table id's events in order.
func (s *Store) Events(ctx context.Context, id string) ([]store.Event, error) {
	rows, err := s.pool.Query(ctx, sqlrows.EventsQuery, id)
	if err != nil {
		return nil, s.fail(err)
	}
	defer rows.Close()
	out, err := sqlrows.ReadEvents(rows)
	var rowErr *sqlrows.RowError
	if errors.As(err, &rowErr) {
		return nil, s.fail(rowErr.Err)
	}
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		var one int
		err := s.pool.QueryRow(ctx, `SELECT 1 FROM game_tables WHERE id = $1`, id).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, notFound(id)
		} else if err != nil {
			return nil, s.fail(err)
		}
	}
	return out, nil
}
