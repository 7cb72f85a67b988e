// Package sqlpairings is store.Pairings in SQL, shared by the SQLite and
// PostgreSQL stores over the portable schema of store/migrate (migration
// 0015): a request is a row, and Pair writes a table and marks its
// requests paired in one transaction whose every update is conditional on
// the request still waiting, so two nodes pairing at once cannot seat one
// request twice.
package sqlpairings

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cardtable/store"
	"cardtable/store/sqlaccounts"
	"cardtable/store/sqlrows"
)

// Querier is what both a connection pool and a transaction offer.
type Querier = sqlaccounts.Querier

// Pairings implements store.Pairings on a database with the schema.
type Pairings struct {
	// Read runs reads outside a transaction.
	Read Querier
	// Write runs fn in one transaction, committed when fn returns nil.
	Write func(ctx context.Context, fn func(ctx context.Context, tx Querier) error) error
	// Wrap names the database in a driver's error; the store's own errors
	// pass unchanged.
	Wrap func(error) error
}

var _ store.Pairings = (*Pairings)(nil)

var micros, fromMicros = sqlrows.Micros, sqlrows.FromMicrosOrZero

func (s *Pairings) fail(err error) error {
	if err == nil || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrLimit) {
		return err
	}
	if s.Wrap != nil {
		return s.Wrap(err)
	}
	return err
}

const columns = `id, choice, player, user_id, name, bot, address, rated, rating, min_rating, max_rating, bots, bot_after,
	asked, status, table_id, seat, token, seat_bots, message, ended, opponent, owner`

func scan(row interface{ Scan(...any) error }) (store.PairingRequest, error) {
	var r store.PairingRequest
	var bot, rated, bots int
	var after, asked, ended int64
	err := row.Scan(&r.ID, &r.Choice, &r.Player, &r.User, &r.Name, &bot, &r.Address, &rated, &r.Rating, &r.Min, &r.Max, &bots, &after,
		&asked, &r.Status, &r.Table, &r.Seat, &r.Token, &r.SeatBots, &r.Message, &ended, &r.Opponent, &r.Owner)
	r.Bot, r.Rated, r.Bots = bot != 0, rated != 0, bots != 0
	r.BotAfter, r.At, r.Ended = time.Duration(after)*time.Microsecond, fromMicros(asked), fromMicros(ended)
	return r, err
}

// AddPairing stores a waiting request.
func (s *Pairings) AddPairing(ctx context.Context, r store.PairingRequest, most int) error {
	if r.ID == "" || r.Player == "" || r.Choice == "" {
		return errors.New("store: a pairing request needs an id, a player and a choice")
	}
	return s.fail(s.Write(ctx, func(ctx context.Context, tx Querier) error {
		if most > 0 {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pairing_requests WHERE status = 'waiting'`).Scan(&n); err != nil {
				return err
			}
			if n >= most {
				return fmt.Errorf("%w: %d pairing requests wait (at most %d)", store.ErrLimit, n, most)
			}
		}
		n, err := sqlaccounts.Affected(tx.ExecContext(ctx, `INSERT INTO pairing_requests (`+columns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'waiting', '', 0, '', 0, '', 0, $15, $16) ON CONFLICT DO NOTHING`,
			r.ID, r.Choice, r.Player, r.User, r.Name, sqlrows.Bool(r.Bot), r.Address, sqlrows.Bool(r.Rated), r.Rating, r.Min, r.Max,
			sqlrows.Bool(r.Bots), r.BotAfter.Microseconds(), micros(r.At), r.Opponent, r.Owner))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: player %q has a pairing request waiting already (or the id %q is taken)", store.ErrConflict, r.Player, r.ID)
		}
		return nil
	}))
}

// PairingRequest returns one request.
func (s *Pairings) PairingRequest(ctx context.Context, id string) (store.PairingRequest, error) {
	r, err := scan(s.Read.QueryRowContext(ctx, `SELECT `+columns+` FROM pairing_requests WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("%w: no pairing request %q", store.ErrNotFound, id)
	}
	return r, s.fail(err)
}

// WaitingPairings lists the waiting requests, oldest first.
func (s *Pairings) WaitingPairings(ctx context.Context, limit int) ([]store.PairingRequest, error) {
	q := `SELECT ` + columns + ` FROM pairing_requests WHERE status = 'waiting' ORDER BY asked, id`
	args := []any{}
	if limit > 0 {
		q += ` LIMIT $1`
		args = append(args, limit)
	}
	rows, err := s.Read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, s.fail(err)
	}
	out, err := sqlrows.Collect(rows, scan)
	return out, s.fail(err)
}

// Pair stores p's table and marks its requests paired, if all wait.
func (s *Pairings) Pair(ctx context.Context, p store.Pairing) error {
	if len(p.Seats) == 0 {
		return errors.New("store: a pairing seats at least one request")
	}
	return s.fail(s.Write(ctx, func(ctx context.Context, tx Querier) error {
		for _, ps := range p.Seats {
			n, err := sqlaccounts.Affected(tx.ExecContext(ctx, `UPDATE pairing_requests
				SET status = 'paired', table_id = $2, seat = $3, token = $4, seat_bots = $5, rated = $6, ended = $7
				WHERE id = $1 AND status = 'waiting'`,
				ps.Request, p.Table.ID, ps.Seat, ps.Token, p.Bots, sqlrows.Bool(p.Table.Rated), micros(p.At)))
			if err != nil {
				return err
			}
			if n != 1 {
				return fmt.Errorf("%w: pairing request %q no longer waits", store.ErrConflict, ps.Request)
			}
		}
		if err := sqlaccounts.InsertTable(ctx, tx, p.Table); err != nil {
			return err
		}
		for _, l := range p.Links {
			if _, err := tx.ExecContext(ctx, `INSERT INTO seat_accounts (table_id, seat, user_id) VALUES ($1, $2, $3)`,
				l.Table, l.Seat, l.User); err != nil {
				return err
			}
		}
		return nil
	}))
}

// EndPairing ends a waiting request.
func (s *Pairings) EndPairing(ctx context.Context, id, status, message string, at time.Time) (bool, error) {
	if status != store.PairingDropped && status != store.PairingCancelled {
		return false, fmt.Errorf("store: a pairing request ends dropped or cancelled, not %q", status)
	}
	var n int64
	err := s.Write(ctx, func(ctx context.Context, tx Querier) (err error) {
		n, err = sqlaccounts.Affected(tx.ExecContext(ctx, `UPDATE pairing_requests SET status = $2, message = $3, ended = $4
			WHERE id = $1 AND status = 'waiting'`, id, status, message, micros(at)))
		return err
	})
	return n == 1, s.fail(err)
}

// PrunePairings deletes the requests that ended before.
func (s *Pairings) PrunePairings(ctx context.Context, before time.Time) (int, error) {
	var n int64
	err := s.Write(ctx, func(ctx context.Context, tx Querier) (err error) {
		n, err = sqlaccounts.Affected(tx.ExecContext(ctx, `DELETE FROM pairing_requests WHERE status <> 'waiting' AND ended < $1`,
			micros(before)))
		return err
	})
	return int(n), s.fail(err)
}
