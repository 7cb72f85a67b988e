package memstore

import (
	"context"
	"time"

	"cardtable/store"
)

var _ store.Heartbeats = (*Store)(nil)

// Beat implements store.Heartbeats.
func (s *Store) Beat(ctx context.Context, server string, at time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.beats == nil {
		s.beats = map[string]time.Time{}
	}
	if at.After(s.beats[server]) {
		s.beats[server] = at.UTC().Truncate(time.Microsecond)
	}
	return nil
}

// LastBeat implements store.Heartbeats.
func (s *Store) LastBeat(ctx context.Context, server string) (time.Time, error) {
	if err := ctx.Err(); err != nil {
		return time.Time{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.beats[server], nil
}
