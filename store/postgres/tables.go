package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"cardtable/engine"
	"cardtable/store"
	"cardtable/store/sqlrows"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// micros is t as stored: unix microseconds.
func micros(t time.Time) int64 { return t.UnixMicro() }

func notFound(id string) error { return fmt.Errorf("%w: no table %q", store.ErrNotFound, id) }

// foreignKey reports a foreign key violation (a write naming a table that
// is not there).
func foreignKey(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23503"
}

// CreateTable stores a new table with its seats in one transaction.
func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	if t.ID == "" {
		return errors.New("store: a table needs an id")
	}
	if len(t.Seats) == 0 {
		return fmt.Errorf("store: table %q has no seats; a table needs at least one", t.ID)
	}
	opts := []byte("{}")
	if t.Options != nil {
		var err error
		if opts, err = json.Marshal(t.Options); err != nil {
			return fmt.Errorf("store: table %q: options: %w", t.ID, err)
		}
	}
	sets, err := sqlrows.EncodeSettings(t)
	if err != nil {
		return err
	}
	return s.fail(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO game_tables (id, game, options, seed, creator, created, seats, actions, settings, rated, daily)
			VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
			t.ID, t.Game, string(opts), int64(t.Seed), t.Creator, micros(t.Created), len(t.Seats), sets, sqlrows.Bool(t.Rated), t.Daily)
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return fmt.Errorf("%w: a table with id %q exists already", store.ErrConflict, t.ID)
		}
		var b pgx.Batch
		for i, seat := range t.Seats {
			b.Queue(`INSERT INTO seats (table_id, seat, name, kind, bot, token, invite) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				t.ID, i, seat.Name, seat.Kind, seat.Bot, seat.Token, seat.Invite)
		}
		return tx.SendBatch(ctx, &b).Close()
	}))
}

// UpdateSeat replaces seat i of table id.
func (s *Store) UpdateSeat(ctx context.Context, id string, i int, seat store.Seat) error {
	tag, err := s.pool.Exec(ctx, `UPDATE seats SET name = $3, kind = $4, bot = $5, token = $6, invite = $7
		WHERE table_id = $1 AND seat = $2`, id, i, seat.Name, seat.Kind, seat.Bot, seat.Token, seat.Invite)
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return s.noSeat(ctx, id, i)
}

// noSeat says why an update of seat i of table id touched no row.
func (s *Store) noSeat(ctx context.Context, id string, i int) error {
	var seats int
	if err := s.pool.QueryRow(ctx, `SELECT seats FROM game_tables WHERE id = $1`, id).Scan(&seats); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound(id)
		}
		return s.fail(err)
	}
	return fmt.Errorf("%w: table %q has no seat %d (it has seats 0 to %d)", store.ErrNotFound, id, i, seats-1)
}

// appendSQL is an append in one statement (PostgreSQL's data-modifying
// WITH): the table's action count goes up by one on condition that $2 is
// the next seq and the game goes on, and only then is the action inserted.
// A concurrent append to the table waits for this one's row lock and then
// finds the count moved on, so it inserts nothing.
const appendSQL = `WITH t AS (
	UPDATE game_tables SET actions = actions + 1
	WHERE id = $1 AND actions = $2 AND finished IS NULL
	RETURNING id)
INSERT INTO actions (table_id, seq, seat, action, at) SELECT id, $2, $3, $4, $5 FROM t`

// Append adds action a to table id if a.Seq is the next sequence number and
// the game goes on; it returns once the action is committed.
func (s *Store) Append(ctx context.Context, id string, a store.Action) error {
	tag, err := s.pool.Exec(ctx, appendSQL, id, a.Seq, a.Seat, a.Action, micros(a.At))
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return s.appendConflict(ctx, id, a.Seq)
}

// appendConflict says why an append was refused.
func (s *Store) appendConflict(ctx context.Context, id string, seq int) error {
	var count int
	var finished *int64
	err := s.pool.QueryRow(ctx, `SELECT actions, finished FROM game_tables WHERE id = $1`, id).Scan(&count, &finished)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return notFound(id)
	case err != nil:
		return s.fail(err)
	case finished != nil:
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
	tag, err := s.pool.Exec(ctx, `UPDATE game_tables SET finished = $2, result = $3 WHERE id = $1 AND finished IS NULL`,
		id, micros(at), string(enc))
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	return s.notFinishable(ctx, id)
}

// notFinishable says why finishing table id touched no row.
func (s *Store) notFinishable(ctx context.Context, id string) error {
	var one int
	if err := s.pool.QueryRow(ctx, `SELECT 1 FROM game_tables WHERE id = $1`, id).Scan(&one); errors.Is(err, pgx.ErrNoRows) {
		return notFound(id)
	} else if err != nil {
		return s.fail(err)
	}
	return fmt.Errorf("%w: table %q is finished already", store.ErrConflict, id)
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
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, s.fail(err)
	}
	defer rows.Close()
	out, err := sqlrows.ReadTables(rows)
	var rowErr *sqlrows.RowError
	if errors.As(err, &rowErr) {
		return nil, s.fail(rowErr.Err)
	}
	if err != nil {
		return nil, fmt.Errorf("store: %s: %w", s.name, err)
	}
	return out, nil
}

// Actions returns table id's actions in order.
func (s *Store) Actions(ctx context.Context, id string) ([]store.Action, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, seat, action, at FROM actions WHERE table_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, s.fail(err)
	}
	defer rows.Close()
	out := []store.Action{}
	for rows.Next() {
		var a store.Action
		var at int64
		if err := rows.Scan(&a.Seq, &a.Seat, &a.Action, &at); err != nil {
			return nil, s.fail(err)
		}
		a.At = sqlrows.FromMicros(at)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, s.fail(err)
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
