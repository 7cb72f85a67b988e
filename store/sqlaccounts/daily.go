package sqlaccounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// StartDaily creates t and user's attempt at day together.
func (a *Accounts) StartDaily(ctx context.Context, t store.Table, day, user string) error {
	if user == "" || day == "" {
		return errors.New("store: a daily attempt needs a day and a user")
	}
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		if err := InsertTable(ctx, tx, t); err != nil {
			return err
		}
		n, err := affected(tx.ExecContext(ctx, `INSERT INTO daily_attempts (table_id, day, user_id, started)
			VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, t.ID, day, user, micros(t.Created)))
		if err != nil {
			return err
		}
		if n != 1 {
			return fmt.Errorf("%w: user %q has an attempt at the deal of %s already", store.ErrConflict, user, day)
		}
		return nil
	})
}

const attemptColumns = `a.day, a.user_id, a.table_id, COALESCE(u.name, ''), a.started, a.finished, a.won, a.grade, a.enemies, a.actions, a.aborted`

const attemptFrom = ` FROM daily_attempts a LEFT JOIN users u ON u.id = a.user_id AND a.user_id <> ''`

func scanAttempt(row interface{ Scan(...any) error }) (store.DailyAttempt, error) {
	var d store.DailyAttempt
	var started int64
	var finished *int64
	var won, aborted int
	err := row.Scan(&d.Day, &d.User, &d.Table, &d.Name, &started, &finished, &won, &d.Grade, &d.Enemies, &d.Actions, &aborted)
	d.Started, d.Won, d.Aborted = fromMicros(started), won != 0, aborted != 0
	if finished != nil {
		d.Finished = fromMicros(*finished)
	}
	return d, err
}

func (a *Accounts) attempt(ctx context.Context, cond string, args ...any) (store.DailyAttempt, error) {
	d, err := scanAttempt(a.Read.QueryRowContext(ctx, `SELECT `+attemptColumns+attemptFrom+` WHERE `+cond, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return d, notFound("no daily attempt")
	}
	return d, a.fail(err)
}

// DailyAttempt finds user's attempt at day.
func (a *Accounts) DailyAttempt(ctx context.Context, day, user string) (store.DailyAttempt, error) {
	if user == "" {
		return store.DailyAttempt{}, notFound("no daily attempt")
	}
	return a.attempt(ctx, `a.day = $1 AND a.user_id = $2`, day, user)
}

// DailyByTable finds the attempt played in table.
func (a *Accounts) DailyByTable(ctx context.Context, table string) (store.DailyAttempt, error) {
	return a.attempt(ctx, `a.table_id = $1`, table)
}

func (a *Accounts) attempts(ctx context.Context, q string, args ...any) ([]store.DailyAttempt, error) {
	rows, err := a.Read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, a.fail(err)
	}
	out, err := sqlrows.Collect(rows, scanAttempt)
	return out, a.fail(err)
}

// DailyBoard lists day's finished attempts, best first.
func (a *Accounts) DailyBoard(ctx context.Context, day string, offset, limit int) ([]store.DailyAttempt, error) {
	if limit <= 0 {
		limit = 100
	}
	return a.attempts(ctx, `SELECT `+attemptColumns+attemptFrom+` WHERE a.day = $1 AND a.finished IS NOT NULL
		ORDER BY a.aborted ASC, a.grade DESC, a.enemies DESC, a.actions ASC, a.finished ASC, a.table_id ASC LIMIT $2 OFFSET $3`, day, limit, max(offset, 0))
}

// UserDaily lists user's attempts, newest day first.
func (a *Accounts) UserDaily(ctx context.Context, user string, limit int) ([]store.DailyAttempt, error) {
	if limit <= 0 {
		limit = 100
	}
	return a.attempts(ctx, `SELECT `+attemptColumns+attemptFrom+` WHERE a.user_id = $1 ORDER BY a.day DESC LIMIT $2`, user, limit)
}

// SetDailyVerdict stores day's verdict unless one is stored.
func (a *Accounts) SetDailyVerdict(ctx context.Context, day, verdict string, at time.Time) error {
	return a.write(ctx, func(ctx context.Context, tx Querier) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO daily_deals (day, verdict, computed) VALUES ($1, $2, $3)
			ON CONFLICT (day) DO NOTHING`, day, verdict, micros(at))
		return err
	})
}

// DailyVerdict reads day's verdict.
func (a *Accounts) DailyVerdict(ctx context.Context, day string) (string, error) {
	var v string
	err := a.Read.QueryRowContext(ctx, `SELECT verdict FROM daily_deals WHERE day = $1`, day).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: no verdict on the deal of %s", store.ErrNotFound, day)
	}
	return v, a.fail(err)
}
