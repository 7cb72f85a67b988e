package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"cardtable/store"
)

// LinkSeat implements store.Accounts.
func (s *Store) LinkSeat(ctx context.Context, table string, seat int, token, user string) error {
	return s.withUser(ctx, user, func(*store.User) error {
		k := seatKey{table, seat}
		if holder, ok := s.acc.links[k]; ok {
			if holder == user {
				return nil
			}
			return fmt.Errorf("%w: table %q seat %d belongs to another account", store.ErrConflict, table, seat)
		}
		e, ok := s.tables[table]
		if !ok || seat < 0 || seat >= len(e.header.Seats) || token == "" || e.header.Seats[seat].Token != token {
			return notFound("table %q has no seat %d with that token", table, seat)
		}
		s.acc.links[k] = user
		return nil
	})
}

// SeatAccounts implements store.Accounts.
func (s *Store) SeatAccounts(ctx context.Context, tables []string) ([]store.SeatAccount, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	want := map[string]bool{}
	for _, t := range tables {
		want[t] = true
	}
	out := []store.SeatAccount{}
	for k, user := range s.acc.links {
		if want[k.table] {
			out = append(out, store.SeatAccount{Table: k.table, Seat: k.seat, User: user, Name: s.acc.users[user].Name})
		}
	}
	slices.SortFunc(out, func(a, b store.SeatAccount) int {
		return cmp.Or(cmp.Compare(a.Table, b.Table), cmp.Compare(a.Seat, b.Seat))
	})
	return out, nil
}

// UserTables implements store.Accounts.
func (s *Store) UserTables(ctx context.Context, user string, before time.Time, limit int) ([]store.UserTable, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	if limit <= 0 {
		limit = 50
	}
	out := []store.UserTable{}
	for k, u := range s.acc.links {
		e, ok := s.tables[k.table]
		if u != user || !ok || (!before.IsZero() && !e.header.Created.Before(before)) {
			continue
		}
		out = append(out, store.UserTable{Table: copyTable(e.header), Seat: k.seat})
	}
	slices.SortFunc(out, func(a, b store.UserTable) int {
		return cmp.Or(b.Table.Created.Compare(a.Table.Created), cmp.Compare(b.Table.ID, a.Table.ID))
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// StartDaily implements store.Accounts.
func (s *Store) StartDaily(ctx context.Context, t store.Table, day, user string) error {
	if user == "" || day == "" || t.ID == "" || len(t.Seats) == 0 {
		return fmt.Errorf("memstore: a daily attempt needs a day, a user and a table with an id and seats")
	}
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if _, ok := s.tables[t.ID]; ok {
		return fmt.Errorf("%w: table %q exists", store.ErrConflict, t.ID)
	}
	for _, d := range s.acc.daily {
		if d.Day == day && d.User == user {
			return fmt.Errorf("%w: user %q has an attempt at the deal of %s already", store.ErrConflict, user, day)
		}
	}
	t = copyTable(t)
	t.Result, t.Finished, t.Created = nil, time.Time{}, utc(t.Created)
	s.tables[t.ID] = &entry{header: t}
	s.acc.daily[t.ID] = &store.DailyAttempt{Day: day, User: user, Table: t.ID, Started: t.Created}
	return nil
}

// attempt is d as read: with its user's name.
func (s *Store) attempt(d *store.DailyAttempt) store.DailyAttempt {
	out := *d
	if u, ok := s.acc.users[d.User]; ok {
		out.Name = u.Name
	}
	return out
}

// DailyAttempt implements store.Accounts.
func (s *Store) DailyAttempt(ctx context.Context, day, user string) (store.DailyAttempt, error) {
	if err := s.lock(ctx); err != nil {
		return store.DailyAttempt{}, err
	}
	defer s.mu.Unlock()
	for _, d := range s.acc.daily {
		if d.Day == day && d.User == user && user != "" {
			return s.attempt(d), nil
		}
	}
	return store.DailyAttempt{}, notFound("no daily attempt")
}

// DailyByTable implements store.Accounts.
func (s *Store) DailyByTable(ctx context.Context, table string) (store.DailyAttempt, error) {
	if err := s.lock(ctx); err != nil {
		return store.DailyAttempt{}, err
	}
	defer s.mu.Unlock()
	if d, ok := s.acc.daily[table]; ok {
		return s.attempt(d), nil
	}
	return store.DailyAttempt{}, notFound("no daily attempt")
}

// boardOrder ranks finished attempts: grade, enemies, fewer actions, the
// earlier finish, then the table id.
func boardOrder(a, b store.DailyAttempt) int {
	return cmp.Or(cmpBool(a.Aborted, b.Aborted), cmp.Compare(b.Grade, a.Grade), cmp.Compare(b.Enemies, a.Enemies), cmp.Compare(a.Actions, b.Actions),
		a.Finished.Compare(b.Finished), cmp.Compare(a.Table, b.Table))
}

// cmpBool orders false before true.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}

// DailyBoard implements store.Accounts.
func (s *Store) DailyBoard(ctx context.Context, day string, offset, limit int) ([]store.DailyAttempt, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.DailyAttempt{}
	for _, d := range s.acc.daily {
		if d.Day == day && !d.Finished.IsZero() {
			out = append(out, s.attempt(d))
		}
	}
	slices.SortFunc(out, boardOrder)
	return page(out, offset, limit, 100), nil
}

// page is items[offset:offset+limit] within bounds (limit <= 0: def).
func page[T any](items []T, offset, limit, def int) []T {
	if limit <= 0 {
		limit = def
	}
	offset = min(max(offset, 0), len(items))
	return items[offset:min(offset+limit, len(items))]
}

// UserDaily implements store.Accounts.
func (s *Store) UserDaily(ctx context.Context, user string, limit int) ([]store.DailyAttempt, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.DailyAttempt{}
	for _, d := range s.acc.daily {
		if d.User == user && user != "" {
			out = append(out, s.attempt(d))
		}
	}
	slices.SortFunc(out, func(a, b store.DailyAttempt) int { return cmp.Compare(b.Day, a.Day) })
	return page(out, 0, limit, 100), nil
}

// SetDailyVerdict implements store.Accounts.
func (s *Store) SetDailyVerdict(ctx context.Context, day, verdict string, _ time.Time) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if _, ok := s.acc.verdicts[day]; !ok {
		s.acc.verdicts[day] = verdict
	}
	return nil
}

// DailyVerdict implements store.Accounts.
func (s *Store) DailyVerdict(ctx context.Context, day string) (string, error) {
	if err := s.lock(ctx); err != nil {
		return "", err
	}
	defer s.mu.Unlock()
	if v, ok := s.acc.verdicts[day]; ok {
		return v, nil
	}
	return "", notFound("no verdict on the deal of %s", day)
}
