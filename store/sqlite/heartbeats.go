package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

var _ store.Heartbeats = (*Store)(nil)

// Beat implements store.Heartbeats.
func (s *Store) Beat(ctx context.Context, server string, at time.Time) error {
	return s.do(ctx, func(ctx context.Context, tx *txn) error {
		_, err := tx.ExecContext(ctx, sqlrows.BeatSQL, server, micros(at))
		return err
	})
}

// LastBeat implements store.Heartbeats.
func (s *Store) LastBeat(ctx context.Context, server string) (time.Time, error) {
	var us int64
	err := s.reader.QueryRowContext(ctx, sqlrows.LastBeatQuery, server).Scan(&us)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fileError(s.path, err)
	}
	return time.UnixMicro(us).UTC(), nil
}
