package memstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"cardtable/store"
)

// rating is r as read: with its user's name.
func (s *Store) rating(r store.Rating) store.Rating {
	if u, ok := s.acc.users[r.User]; ok {
		r.Name = u.Name
	}
	_, r.Bot = s.acc.bots[r.User]
	return r
}

// Ratings implements store.Accounts.
func (s *Store) Ratings(ctx context.Context, category string, users []string) ([]store.Rating, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.Rating{}
	for _, u := range users {
		if r, ok := s.acc.ratings[ratingKey{u, category}]; ok && !slices.ContainsFunc(out, func(o store.Rating) bool { return o.User == u }) {
			out = append(out, s.rating(r))
		}
	}
	slices.SortFunc(out, func(a, b store.Rating) int { return cmp.Compare(a.User, b.User) })
	return out, nil
}

// UserRatings implements store.Accounts.
func (s *Store) UserRatings(ctx context.Context, user string) ([]store.Rating, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.Rating{}
	for k, r := range s.acc.ratings {
		if k.user == user {
			out = append(out, s.rating(r))
		}
	}
	slices.SortFunc(out, func(a, b store.Rating) int { return cmp.Compare(a.Category, b.Category) })
	return out, nil
}

// RatingHistory implements store.Accounts.
func (s *Store) RatingHistory(ctx context.Context, user, category string, limit int) ([]store.RatingPoint, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	h := slices.Clone(s.acc.history[ratingKey{user, category}])
	slices.SortStableFunc(h, func(a, b store.RatingPoint) int { return cmp.Or(a.At.Compare(b.At), cmp.Compare(a.Table, b.Table)) })
	if limit <= 0 {
		limit = 200
	}
	if len(h) > limit {
		h = h[len(h)-limit:]
	}
	if h == nil {
		h = []store.RatingPoint{}
	}
	return h, nil
}

func boardRatings(rs []store.Rating) {
	slices.SortFunc(rs, func(a, b store.Rating) int { return cmp.Or(cmp.Compare(b.R, a.R), cmp.Compare(a.User, b.User)) })
}

// Leaderboard implements store.Accounts.
func (s *Store) Leaderboard(ctx context.Context, category string, est store.Established, offset, limit int) ([]store.Rating, error) {
	if err := s.lock(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	out := []store.Rating{}
	for k, r := range s.acc.ratings {
		if r := s.rating(r); k.category == category && est.Holds(r) {
			out = append(out, r)
		}
	}
	boardRatings(out)
	return page(out, offset, limit, 50), nil
}

// RatingRank implements store.Accounts.
func (s *Store) RatingRank(ctx context.Context, category, user string, est store.Established) (int, error) {
	if err := s.lock(ctx); err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	mine, ok := s.acc.ratings[ratingKey{user, category}]
	if ok {
		mine = s.rating(mine)
	}
	if !ok || !est.Holds(mine) {
		return 0, notFound("user %q has no established %s rating", user, category)
	}
	rank := 1
	for k, r := range s.acc.ratings {
		if k.category == category && est.Holds(s.rating(r)) && (r.R > mine.R || (r.R == mine.R && r.User < user)) {
			rank++
		}
	}
	return rank, nil
}

// Settle implements store.Accounts: everything is checked before anything
// is written, so a refusal writes nothing.
func (s *Store) Settle(ctx context.Context, st store.Settlement) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if st.Epoch != 0 {
		return fmt.Errorf("%w: the memory store has no leases, so no write under epoch %d", store.ErrFenced, st.Epoch)
	}
	e, err := s.get(st.Table)
	if err != nil {
		return err
	}
	if e.header.Result != nil {
		return fmt.Errorf("%w: table %q is finished already", store.ErrConflict, st.Table)
	}
	for _, c := range st.Ratings {
		if _, ok := s.acc.users[c.Before.User]; !ok {
			continue
		}
		cur, ok := s.acc.ratings[ratingKey{c.Before.User, c.Before.Category}]
		if (c.Before.Games == 0 && ok) || (c.Before.Games != 0 && (!ok || cur.Games != c.Before.Games)) {
			return fmt.Errorf("%w: the %s rating of user %q changed since it was read", store.ErrStale, c.Before.Category, c.Before.User)
		}
	}
	var game *store.TournamentGame
	if st.Tournament != nil {
		if game, err = s.tournamentGameToSettle(st.Table); err != nil {
			return err
		}
	}
	res := st.Result
	res.Winners, res.Returns = slices.Clone(res.Winners), slices.Clone(res.Returns)
	at := utc(st.At)
	if game != nil {
		s.settleTournamentGame(game, *st.Tournament, at)
	}
	e.header.Result, e.header.Finished = &res, at
	for _, c := range st.Ratings {
		b := c.Before
		if _, ok := s.acc.users[b.User]; !ok {
			continue
		}
		k := ratingKey{b.User, b.Category}
		s.acc.ratings[k] = store.Rating{User: b.User, Category: b.Category, R: c.After.R, RD: c.After.RD, Vol: c.After.Vol, Games: b.Games + 1, Updated: at}
		s.acc.history[k] = append(s.acc.history[k], store.RatingPoint{Table: st.Table, At: at, R: c.After.R, RD: c.After.RD, Vol: c.After.Vol,
			Outcome: c.Outcome, GaveUp: c.GaveUp})
	}
	if d, ok := s.acc.daily[st.Table]; ok && st.Daily != nil && d.Finished.IsZero() {
		d.Finished, d.Won, d.Grade, d.Enemies, d.Actions, d.Aborted = at, st.Daily.Won, st.Daily.Grade, st.Daily.Enemies, st.Daily.Actions, st.Daily.Aborted
	}
	return nil
}
