package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// SaveAnalysis stores table id's analysis at depth unless one is stored.
func (s *Store) SaveAnalysis(ctx context.Context, id, depth, doc string, at time.Time) error {
	return s.do(ctx, func(ctx context.Context, tx *txn) error {
		res, err := tx.ExecContext(ctx, sqlrows.SaveAnalysisSQL, id, depth, doc, micros(at))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
		var finished bool
		err = tx.QueryRowContext(ctx, sqlrows.TableStatusQuery, id).Scan(&finished)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return notFound(id)
		case err != nil:
			return err
		case !finished:
			return fmt.Errorf("%w: table %q is still being played; only a finished table has an analysis", store.ErrConflict, id)
		}
		return nil
	})
}

// Analysis returns table id's analysis at depth.
func (s *Store) Analysis(ctx context.Context, id, depth string) (string, error) {
	var doc string
	err := s.reader.QueryRowContext(ctx, sqlrows.AnalysisQuery, id, depth).Scan(&doc)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: no %s analysis of table %q", store.ErrNotFound, depth, id)
	}
	if err != nil {
		return "", fileError(s.path, err)
	}
	return doc, nil
}
