package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"cardtable/engine"
	"cardtable/store"
	"cardtable/store/sqlrows"
)

// micros is t as stored: unix microseconds.
func micros(t time.Time) int64 { return t.UnixMicro() }

func notFound(id string) error { return fmt.Errorf("%w: no table %q", store.ErrNotFound, id) }

// CreateTable stores a new table with its seats.
func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	if t.ID == "" {
		return errors.New("store: a table needs an id")
	}
	if len(t.Seats) == 0 {
		return fmt.Errorf("store: table %q has no seats; a table needs at least one", t.ID)
	}
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return fmt.Errorf("store: table %q: options: %w", t.ID, err)
	}
	if t.Options == nil {
		opts = []byte("{}")
	}
	sets, err := sqlrows.EncodeSettings(t)
	if err != nil {
		return err
	}
	return s.do(ctx, func(ctx context.Context, tx *txn) error {
		var one int
		err := tx.QueryRowContext(ctx, `SELECT 1 FROM game_tables WHERE id = $1`, t.ID).Scan(&one)
		if err == nil {
			return fmt.Errorf("%w: a table with id %q exists already", store.ErrConflict, t.ID)
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_tables (id, game, options, seed, creator, created, seats, actions, settings, rated, daily)
			VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10)`,
			t.ID, t.Game, string(opts), int64(t.Seed), t.Creator, micros(t.Created), len(t.Seats), sets, sqlrows.Bool(t.Rated), t.Daily); err != nil {
			return err
		}
		for i, seat := range t.Seats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seats (table_id, seat, name, kind, bot, token, invite)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				t.ID, i, seat.Name, seat.Kind, seat.Bot, seat.Token, seat.Invite); err != nil {
				return err
			}
		}
		return nil
	})
}

// UpdateSeat replaces seat i of table id.
func (s *Store) UpdateSeat(ctx context.Context, id string, i int, seat store.Seat) error {
	return s.do(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, `UPDATE seats SET name = $3, kind = $4, bot = $5, token = $6, invite = $7
			WHERE table_id = $1 AND seat = $2`, id, i, seat.Name, seat.Kind, seat.Bot, seat.Token, seat.Invite)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var seats int
		if err := tx.QueryRowContext(ctx, `SELECT seats FROM game_tables WHERE id = $1`, id).Scan(&seats); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return notFound(id)
			}
			return err
		}
		return fmt.Errorf("%w: table %q has no seat %d (it has seats 0 to %d)", store.ErrNotFound, id, i, seats-1)
	})
}

// Append adds action a to table id if a.Seq is the next sequence number and
// the game goes on.
func (s *Store) Append(ctx context.Context, id string, a store.Action) error {
	return s.do(ctx, appendAction(id, a))
}

// The statements of an append, prepared once on the writer connection.
const (
	qBump         = `UPDATE game_tables SET actions = actions + 1 WHERE id = $1 AND actions = $2 AND finished IS NULL`
	qInsertAction = `INSERT INTO actions (table_id, seq, seat, action, at) VALUES ($1, $2, $3, $4, $5)`
)

// appendAction is the write of Append.
func appendAction(id string, a store.Action) func(ctx context.Context, tx *txn) error {
	return func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, qBump, id, a.Seq)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return appendConflict(ctx, tx, id, a.Seq)
		}
		_, err = tx.ExecContext(ctx, qInsertAction, id, a.Seq, a.Seat, a.Action, micros(a.At))
		return err
	}
}

// appendConflict says why an append was refused.
func appendConflict(ctx context.Context, tx *txn, id string, seq int) error {
	var count int
	var finished sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT actions, finished FROM game_tables WHERE id = $1`, id).Scan(&count, &finished)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return notFound(id)
	case err != nil:
		return err
	case finished.Valid:
		return fmt.Errorf("%w: table %q is finished; its %d actions are final", store.ErrConflict, id, count)
	}
	return fmt.Errorf("%w: table %q holds %d actions, so the next has seq %d, not %d", store.ErrConflict, id, count, count, seq)
}

// Finish marks table id over with res.
func (s *Store) Finish(ctx context.Context, id string, res engine.Result, at time.Time) error {
	enc, err := json.Marshal(res)
	if err != nil {
		return fmt.Errorf("store: table %q: result: %w", id, err)
	}
	return s.do(ctx, func(ctx context.Context, tx *txn) error {
		r, err := tx.ExecContext(ctx, `UPDATE game_tables SET finished = $2, result = $3 WHERE id = $1 AND finished IS NULL`,
			id, micros(at), string(enc))
		if err != nil {
			return err
		}
		if n, err := r.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM game_tables WHERE id = $1`, id).Scan(&one); errors.Is(err, sql.ErrNoRows) {
			return notFound(id)
		} else if err != nil {
			return err
		}
		return fmt.Errorf("%w: table %q is finished already", store.ErrConflict, id)
	})
}

// Table returns table id with its seats.
func (s *Store) Table(ctx context.Context, id string) (store.Table, error) {
	ts, err := s.tables(ctx, sqlrows.TableQuery, id)
	if err != nil {
		return store.Table{}, err
	}
	if len(ts) == 0 {
		return store.Table{}, notFound(id)
	}
	return ts[0], nil
}

// Tables lists tables newest first, the open ones only when open is true.
func (s *Store) Tables(ctx context.Context, open bool, limit int) ([]store.Table, error) {
	return s.tables(ctx, sqlrows.TablesQuery(open, limit))
}

// tables reads the rows of a query over tableColumns, one row per seat in
// order, into tables.
func (s *Store) tables(ctx context.Context, q string, args ...any) ([]store.Table, error) {
	rows, err := s.reader.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fileError(s.path, err)
	}
	defer rows.Close()
	out, err := sqlrows.ReadTables(rows)
	var rowErr *sqlrows.RowError
	if errors.As(err, &rowErr) {
		return nil, fileError(s.path, rowErr.Err)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", s.path, err)
	}
	return out, nil
}

// Actions returns table id's actions in order.
func (s *Store) Actions(ctx context.Context, id string) ([]store.Action, error) {
	rows, err := s.reader.QueryContext(ctx, `SELECT seq, seat, action, at FROM actions WHERE table_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, fileError(s.path, err)
	}
	defer rows.Close()
	out := []store.Action{}
	for rows.Next() {
		var a store.Action
		var at int64
		if err := rows.Scan(&a.Seq, &a.Seat, &a.Action, &at); err != nil {
			return nil, fileError(s.path, err)
		}
		a.At = sqlrows.FromMicros(at)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
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
