// Package sqlaccounts is store.Accounts in SQL, shared by the SQLite and
// PostgreSQL stores over the portable schema of store/migrate (migrations
// 0005 to 0008): each store hands it a connection to read on, a way to run
// a write in one transaction, and, on PostgreSQL, the lease fence.
package sqlaccounts

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// Querier is what both a connection pool and a transaction offer.
type Querier interface {
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// Accounts implements store.Accounts on a database with the schema.
type Accounts struct {
	// Read runs reads outside a transaction.
	Read Querier
	// Write runs fn in one transaction, committed when fn returns nil and
	// undone when it returns an error (which Write returns).
	Write func(ctx context.Context, fn func(ctx context.Context, tx Querier) error) error
	// Fence checks, in tx, that epoch is table's live lease (returning
	// store.ErrFenced when it is not) and holds it until the commit; nil
	// for a store without leases.
	Fence func(ctx context.Context, tx Querier, table string, epoch int64) error
	// Wrap names the database in an error of the driver; the store's own
	// errors must pass unchanged.
	Wrap func(error) error
}

var _ store.Accounts = (*Accounts)(nil)

// micros and fromMicros store times (0: the zero time).
var micros, fromMicros = sqlrows.Micros, sqlrows.FromMicrosOrZero

// fail wraps a driver's error; the store's sentinels pass as they are.
func (a *Accounts) fail(err error) error {
	if err == nil || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) ||
		errors.Is(err, store.ErrStale) || errors.Is(err, store.ErrFenced) {
		return err
	}
	if a.Wrap != nil {
		return a.Wrap(err)
	}
	return err
}

func (a *Accounts) write(ctx context.Context, fn func(ctx context.Context, tx Querier) error) error {
	return a.fail(a.Write(ctx, fn))
}

// affected is the rows a statement changed.
var affected = Affected

// Affected is the rows a statement changed (its error if it failed).
func Affected(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// placeholders is "$from, $from+1, ..." for n values.
func placeholders(from, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = "$" + strconv.Itoa(from+i)
	}
	return strings.Join(ps, ", ")
}

func notFound(what string, args ...any) error {
	return fmt.Errorf("%w: %s", store.ErrNotFound, fmt.Sprintf(what, args...))
}

// Secret returns the secret called name, storing value the first time.
func (a *Accounts) Secret(ctx context.Context, name, value string) (string, error) {
	var out string
	err := a.write(ctx, func(ctx context.Context, tx Querier) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_secrets (name, value, created) VALUES ($1, $2, $3)
			ON CONFLICT (name) DO NOTHING`, name, value, time.Now().UnixMicro()); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&out)
	})
	return out, err
}
