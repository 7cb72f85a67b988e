package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

// SaveAnalysis stores table id's analysis at depth unless one is stored.
func (s *Store) SaveAnalysis(ctx context.Context, id, depth, doc string, at time.Time) error {
	tag, err := s.pool.Exec(ctx, sqlrows.SaveAnalysisSQL, id, depth, doc, micros(at))
	if err != nil {
		return s.fail(err)
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	var finished bool
	err = s.pool.QueryRow(ctx, sqlrows.TableStatusQuery, id).Scan(&finished)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("%w: no table %q", store.ErrNotFound, id)
	case err != nil:
		return s.fail(err)
	case !finished:
		return fmt.Errorf("%w: table %q is still being played; only a finished table has an analysis", store.ErrConflict, id)
	}
	return nil
}

// Analysis returns table id's analysis at depth.
func (s *Store) Analysis(ctx context.Context, id, depth string) (string, error) {
	var doc string
	err := s.pool.QueryRow(ctx, sqlrows.AnalysisQuery, id, depth).Scan(&doc)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("%w: no %s analysis of table %q", store.ErrNotFound, depth, id)
	}
	if err != nil {
		return "", s.fail(err)
	}
	return doc, nil
}
