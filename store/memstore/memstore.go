// Package memstore is a store.Store and store.Accounts kept in memory: for tests, the load
// generator and `cardtable serve --db :memory:`. It keeps the Store
// contract (sequence numbers without gaps, conflicts, a finished table
// refusing appends) but nothing survives the process.
package memstore

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"sync"
	"time"

	"cardtable/engine"
	"cardtable/store"
)

// Store is an in-memory store.Store, safe for concurrent use.
type Store struct {
	mu     sync.Mutex
	tables map[string]*entry
	acc    *accounts
	closed bool
	// beats are the servers' heartbeats (heartbeats.go).
	beats map[string]time.Time
}

type entry struct {
	header  store.Table
	actions []store.Action
	events  []store.Event
	// analyses are the table's analyses by depth (analyses.go).
	analyses map[string]string
}

var _ store.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store { return &Store{tables: map[string]*entry{}, acc: newAccounts()} }

func (s *Store) get(id string) (*entry, error) {
	if s.closed {
		return nil, fmt.Errorf("memstore: closed")
	}
	e, ok := s.tables[id]
	if !ok {
		return nil, fmt.Errorf("%w: table %q", store.ErrNotFound, id)
	}
	return e, nil
}

func copyTable(t store.Table) store.Table {
	t.Options = maps.Clone(t.Options)
	t.Settings = maps.Clone(t.Settings)
	if len(t.Settings) == 0 {
		t.Settings = nil
	}
	t.Seats = slices.Clone(t.Seats)
	if t.Result != nil {
		r := *t.Result
		r.Winners = slices.Clone(r.Winners)
		r.Returns = slices.Clone(r.Returns)
		t.Result = &r
	}
	return t
}

func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// CreateTable implements store.Store.
func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if t.ID == "" || len(t.Seats) == 0 {
		return fmt.Errorf("memstore: a table needs an id and at least one seat")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return fmt.Errorf("memstore: closed")
	}
	if _, ok := s.tables[t.ID]; ok {
		return fmt.Errorf("%w: table %q exists", store.ErrConflict, t.ID)
	}
	t = copyTable(t)
	t.Result, t.Finished, t.Created = nil, time.Time{}, utc(t.Created)
	s.tables[t.ID] = &entry{header: t}
	return nil
}

// Table implements store.Store.
func (s *Store) Table(_ context.Context, id string) (store.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return store.Table{}, err
	}
	return copyTable(e.header), nil
}

// Tables implements store.Store.
func (s *Store) Tables(_ context.Context, open bool, limit int) ([]store.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, fmt.Errorf("memstore: closed")
	}
	var out []store.Table
	for _, e := range s.tables {
		if open && e.header.Result != nil {
			continue
		}
		out = append(out, copyTable(e.header))
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.After(out[j].Created)
		}
		return out[i].ID > out[j].ID
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// UpdateSeat implements store.Store.
func (s *Store) UpdateSeat(ctx context.Context, id string, i int, seat store.Seat) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return err
	}
	if i < 0 || i >= len(e.header.Seats) {
		return fmt.Errorf("%w: table %q has no seat %d", store.ErrNotFound, id, i)
	}
	e.header.Seats[i] = seat
	return nil
}

// Append implements store.Store.
func (s *Store) Append(ctx context.Context, id string, a store.Action) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return err
	}
	if e.header.Result != nil {
		return fmt.Errorf("%w: table %q is finished", store.ErrConflict, id)
	}
	if a.Seq != len(e.actions) {
		return fmt.Errorf("%w: table %q: action %d appended at %d", store.ErrConflict, id, a.Seq, len(e.actions))
	}
	a.At = utc(a.At)
	e.actions = append(e.actions, a)
	return nil
}

// Actions implements store.Store.
func (s *Store) Actions(_ context.Context, id string) ([]store.Action, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return nil, err
	}
	return append([]store.Action{}, e.actions...), nil
}

// Finish implements store.Store.
func (s *Store) Finish(ctx context.Context, id string, res engine.Result, at time.Time) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return err
	}
	if e.header.Result != nil {
		return fmt.Errorf("%w: table %q is finished already", store.ErrConflict, id)
	}
	res.Winners = slices.Clone(res.Winners)
	res.Returns = slices.Clone(res.Returns)
	e.header.Result, e.header.Finished = &res, utc(at)
	return nil
}

// AppendEvent implements store.Store.
func (s *Store) AppendEvent(ctx context.Context, id string, ev store.Event) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return err
	}
	if ev.Seq != len(e.events) {
		return fmt.Errorf("%w: table %q holds %d events, so the next has seq %d, not %d", store.ErrConflict, id, len(e.events), len(e.events), ev.Seq)
	}
	ev.At = utc(ev.At)
	if ev.Data == "" {
		ev.Data = "{}"
	}
	e.events = append(e.events, ev)
	return nil
}

// Events implements store.Store.
func (s *Store) Events(_ context.Context, id string) ([]store.Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, err := s.get(id)
	if err != nil {
		return nil, err
	}
	return append([]store.Event{}, e.events...), nil
}

// Close implements store.Store; later calls fail.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}
