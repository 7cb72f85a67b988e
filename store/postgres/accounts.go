package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cardtable/store"
	"cardtable/store/sqlaccounts"
)

// inTx runs an accounts write (package sqlaccounts) in one transaction.
func (s *Store) inTx(ctx context.Context, fn func(ctx context.Context, tx sqlaccounts.Querier) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(ctx, tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// fenceTx checks in tx that epoch is table's live lease and locks the
// lease row FOR SHARE until the commit, as the fenced writes of leases.go
// do: a takeover waits for the settlement under way, and one after a
// takeover finds the new epoch.
func fenceTx(ctx context.Context, tx sqlaccounts.Querier, table string, epoch int64) error {
	var e int64
	err := tx.QueryRowContext(ctx, `SELECT epoch FROM leases
		WHERE table_id = $1 AND epoch = $2 AND node <> '' AND expires > `+dbNow+` FOR SHARE`, table, epoch).Scan(&e)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: table %q: epoch %d is not its live lease; the settlement was not written", store.ErrFenced, table, epoch)
	}
	return err
}
