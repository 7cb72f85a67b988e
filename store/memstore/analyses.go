package memstore

import (
	"context"
	"fmt"
	"time"

	"cardtable/store"
)

var _ store.Analyses = (*Store)(nil)

// SaveAnalysis implements store.Analyses.
func (s *Store) SaveAnalysis(ctx context.Context, id, depth, doc string, _ time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return err
	}
	if e.header.Result == nil {
		return fmt.Errorf("%w: table %q is still being played; only a finished table has an analysis", store.ErrConflict, id)
	}
	if _, ok := e.analyses[depth]; ok {
		return nil
	}
	if e.analyses == nil {
		e.analyses = map[string]string{}
	}
	e.analyses[depth] = doc
	return nil
}

// Analysis implements store.Analyses.
func (s *Store) Analysis(ctx context.Context, id, depth string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return "", err
	}
	doc, ok := e.analyses[depth]
	if !ok {
		return "", fmt.Errorf("%w: no %s analysis of table %q", store.ErrNotFound, depth, id)
	}
	return doc, nil
}
