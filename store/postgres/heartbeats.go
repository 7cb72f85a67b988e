package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"cardtable/store"
	"cardtable/store/sqlrows"
)

var _ store.Heartbeats = (*Store)(nil)

// Beat implements store.Heartbeats.
func (s *Store) Beat(ctx context.Context, server string, at time.Time) error {
	_, err := s.pool.Exec(ctx, sqlrows.BeatSQL, server, micros(at))
	return s.fail(err)
}

// LastBeat implements store.Heartbeats.
func (s *Store) LastBeat(ctx context.Context, server string) (time.Time, error) {
	var us int64
	err := s.pool.QueryRow(ctx, sqlrows.LastBeatQuery, server).Scan(&us)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, s.fail(err)
	}
	return time.UnixMicro(us).UTC(), nil
}
