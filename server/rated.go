package server

import (
	"context"
	"math"
	"net/http"
	"net/url"
	"strconv"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/store"
	"cardtable/table"
)

// A rated table (docs/accounts.md): Watchtower or two-player Slap War,
// every person at it signed in (each at one seat), every bot at its
// default settings (whose fixed rating the arena measured). It is rated
// from creation and stays so; its result moves the people's ratings when
// the game ends by its rules, a resignation or a timeout, not when it is
// aborted.

// checkRated refuses a rated table the rules above do not allow.
func (s *Server) checkRated(g engine.Game, opts engine.Options, seats []seatReq) error {
	if s.acc == nil {
		return httpjson.Errorf(http.StatusBadRequest, "bad-request", "rated: this server keeps no accounts, so no ratings")
	}
	cat := category(g.Name(), opts.Map())
	if cat == "" {
		return httpjson.Errorf(http.StatusBadRequest, "not-rateable", "rated: only Watchtower and two-player War with slap on are rated")
	}
	for i, sr := range seats {
		if sr.Kind != table.KindBot {
			continue
		}
		spec := sr.Bot
		if spec == "" {
			spec = bots.Default(g.Name())
		}
		if _, ok := botRating(cat, spec, len(seats)); !ok {
			return httpjson.Errorf(http.StatusBadRequest, "not-rateable", "rated: seats[%d]: bot %q has no fixed rating; at a rated table a bot plays at its default settings (docs/accounts.md lists the rated bots)", i, spec)
		}
	}
	return nil
}

// mayClaim refuses a seat of a rated table to a guest, and a second seat
// to one account.
func (s *Server) mayClaim(ctx context.Context, id string, u *store.User) error {
	if s.acc == nil {
		return nil
	}
	t, err := s.store.Table(ctx, id)
	if err != nil || !t.Rated {
		return nil // the claim itself says what is wrong with the table
	}
	if u == nil {
		return httpjson.Errorf(http.StatusUnauthorized, "signed-out", "this table is rated: sign in to take a seat (or watch it as a spectator)")
	}
	links, err := s.acc.st.SeatAccounts(ctx, []string{id})
	if err != nil {
		return err
	}
	for _, l := range links {
		if l.User == u.ID {
			return httpjson.Errorf(http.StatusConflict, "seat-taken", "you hold a seat at this rated table already; one account plays one seat")
		}
	}
	return nil
}

// ratingRange reads the lobby's rating filter (min_rating, max_rating:
// whole numbers 0 to 4000); ok is false without one.
func ratingRange(q url.Values) (lo, hi float64, ok bool, err error) {
	lo, hi = 0, 4000
	for _, p := range []struct {
		key string
		v   *float64
	}{{"min_rating", &lo}, {"max_rating", &hi}} {
		text := q.Get(p.key)
		if text == "" {
			continue
		}
		n, perr := strconv.Atoi(text)
		if perr != nil || n < 0 || n > 4000 {
			return 0, 0, false, httpjson.Errorf(http.StatusBadRequest, "bad-request", "%s: %q; want a whole number from 0 to 4000", p.key, text)
		}
		*p.v, ok = float64(n), true
	}
	if lo > hi {
		return 0, 0, false, httpjson.Errorf(http.StatusBadRequest, "bad-request", "min_rating %v is above max_rating %v", lo, hi)
	}
	return lo, hi, ok, nil
}

// withRatings gives each rated table of ts the mean rating of the people
// seated at it (in its category), and keeps only the tables whose mean is
// within [lo, hi] when filter is set (unrated tables then drop out).
func (s *Server) withRatings(ctx context.Context, ts []tableJSON, filter bool, lo, hi float64) ([]tableJSON, error) {
	if s.acc == nil {
		return ts, nil
	}
	var ids []string
	for _, t := range ts {
		if t.Rated {
			ids = append(ids, t.ID)
		}
	}
	links, err := s.acc.st.SeatAccounts(ctx, ids)
	if err != nil {
		return nil, err
	}
	usersOf := map[string][]string{}
	for _, l := range links {
		usersOf[l.Table] = append(usersOf[l.Table], l.User)
	}
	out := []tableJSON{}
	for _, t := range ts {
		if t.Rated && len(usersOf[t.ID]) > 0 {
			rs, err := s.acc.st.Ratings(ctx, category(t.Game, t.Options), usersOf[t.ID])
			if err != nil {
				return nil, err
			}
			sum := 1500.0 * float64(len(usersOf[t.ID])-len(rs)) // the unrated count as new players
			for _, r := range rs {
				sum += r.R
			}
			mean := math.Round(sum / float64(len(usersOf[t.ID])))
			t.Rating = &mean
		}
		if filter && (t.Rating == nil || *t.Rating < lo || *t.Rating > hi) {
			continue
		}
		out = append(out, t)
	}
	return out, nil
}

// signedCreator is who creates a table: a signed-in creator's seat takes
// the account's name, and only a signed-in creator may ask for a rated
// table.
func (s *Server) signedCreator(r *http.Request, req *createReq) (*store.User, error) {
	u, err := s.currentUser(r)
	if err != nil {
		return nil, err
	}
	if u != nil {
		req.Name = u.Name
	} else if req.Rated {
		return nil, httpjson.Errorf(http.StatusUnauthorized, "signed-out", "rated: sign in to create a rated table")
	}
	return u, nil
}

// signedClaimer is who claims a seat: a signed-in person's seat takes the
// account's name; a rated table's seats are for signed-in people only,
// one each.
func (s *Server) signedClaimer(r *http.Request, name *string) (*store.User, error) {
	u, err := s.currentUser(r)
	if err != nil {
		return nil, err
	}
	if u != nil {
		*name = u.Name
	}
	if wellFormedID(r.PathValue("id")) {
		if err := s.mayClaim(r.Context(), r.PathValue("id"), u); err != nil {
			return nil, err
		}
	}
	return u, nil
}
