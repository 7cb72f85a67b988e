package sqlaccounts

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// LinkSeat links a seat to user if its token hash is token.
func (a *Accounts) LinkSeat(ctx context.Context, table string, seat int, token, user string) error {
	if token == "" {
		return notFound("table %q seat %d: no token", table, seat)
	}
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		var holder string
		err := tx.QueryRowContext(ctx, `SELECT user_id FROM seat_accounts WHERE table_id = $1 AND seat = $2`, table, seat).Scan(&holder)
		switch {
		case err == nil && holder == user:
			return nil
		case err == nil:
			return fmt.Errorf("%w: table %q seat %d belongs to another account", store.ErrConflict, table, seat)
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO seat_accounts (table_id, seat, user_id)
			SELECT table_id, seat, $4 FROM seats WHERE table_id = $1 AND seat = $2 AND token = $3`, table, seat, token, user))
		if err != nil {
			return err
		}
		if n != 1 {
			return notFound("table %q has no seat %d with that token", table, seat)
		}
		return nil
	})
}

// SeatAccounts lists the links of tables with the users' names.
func (a *Accounts) SeatAccounts(ctx context.Context, tables []string) ([]store.SeatAccount, error) {
	out := []store.SeatAccount{}
	if len(tables) == 0 {
		return out, nil
	}
	args := make([]any, len(tables))
	for i, t := range tables {
		args[i] = t
	}
	rows, err := a.Read.QueryContext(ctx, `SELECT a.table_id, a.seat, a.user_id, u.name FROM seat_accounts a
		JOIN users u ON u.id = a.user_id WHERE a.table_id IN (`+placeholders(1, len(tables))+`) ORDER BY a.table_id, a.seat`, args...)
	if err != nil {
		return nil, a.fail(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s store.SeatAccount
		if err := rows.Scan(&s.Table, &s.Seat, &s.User, &s.Name); err != nil {
			return nil, a.fail(err)
		}
		out = append(out, s)
	}
	return out, a.fail(rows.Err())
}

// UserTables lists the tables user sat at, newest first.
func (a *Accounts) UserTables(ctx context.Context, user string, before time.Time, limit int) ([]store.UserTable, error) {
	if limit <= 0 {
		limit = 50
	}
	// The time bound is in the text only when there is one, so each
	// statement's parameters have one type on PostgreSQL.
	where, args := `a.user_id = $1`, []any{user}
	if !before.IsZero() {
		where, args = where+` AND g.created < $2`, append(args, micros(before))
	}
	inner := `SELECT a.table_id FROM seat_accounts a JOIN game_tables g ON g.id = a.table_id
		WHERE ` + where + ` ORDER BY g.created DESC, g.id DESC LIMIT ` + strconv.Itoa(limit)
	rows, err := a.Read.QueryContext(ctx, sqlrows.TablesIn(inner), args...)
	if err != nil {
		return nil, a.fail(err)
	}
	tables, err := sqlrows.ReadTables(rows)
	rows.Close()
	if err != nil {
		return nil, a.fail(err)
	}
	seats, err := a.Read.QueryContext(ctx, `SELECT a.table_id, a.seat FROM seat_accounts a JOIN game_tables g ON g.id = a.table_id
		WHERE `+where, args...)
	if err != nil {
		return nil, a.fail(err)
	}
	defer seats.Close()
	seatOf := map[string]int{}
	for seats.Next() {
		var id string
		var seat int
		if err := seats.Scan(&id, &seat); err != nil {
			return nil, a.fail(err)
		}
		seatOf[id] = seat
	}
	out := make([]store.UserTable, 0, len(tables))
	for _, t := range tables {
		out = append(out, store.UserTable{Table: t, Seat: seatOf[t.ID]})
	}
	return out, a.fail(seats.Err())
}

// InsertTable stores a new table with its seats in tx (as CreateTable).
func InsertTable(ctx context.Context, tx Querier, t store.Table) error {
	if t.ID == "" || len(t.Seats) == 0 {
		return errors.New("store: a table needs an id and at least one seat")
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
	n, err := affected(tx.ExecContext(ctx, `INSERT INTO game_tables (id, game, options, seed, creator, created, seats, actions, settings, rated, daily)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
		t.ID, t.Game, string(opts), int64(t.Seed), t.Creator, micros(t.Created), len(t.Seats), sets, sqlrows.Bool(t.Rated), t.Daily))
	if err != nil {
		return err
	}
	if n != 1 {
		return fmt.Errorf("%w: a table with id %q exists already", store.ErrConflict, t.ID)
	}
	for i, seat := range t.Seats {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seats (table_id, seat, name, kind, bot, token, invite)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, t.ID, i, seat.Name, seat.Kind, seat.Bot, seat.Token, seat.Invite); err != nil {
			return err
		}
	}
	return nil
}
