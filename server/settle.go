package server

import (
	"context"
	"errors"
	"fmt"
	"time"

	"cardtable/bots"
	"cardtable/daily"
	"cardtable/engine"
	"cardtable/ratings"
	"cardtable/store"
	"cardtable/table"
)

// settle stores a finished game's result. A rated table's rating changes
// and a daily table's result go with it in one transaction (store.Settle):
// written once, whichever node finishes the game, and retried from fresh
// ratings when another game of a player was rated first. A game that
// cannot be rated (aborted, a seat without its account) is finished
// unrated.
func (r *room) settle(ctx context.Context, res engine.Result, at time.Time) error {
	acc := r.srv.acc
	if acc == nil || (!r.hdr.Rated && r.hdr.Daily == "") {
		return r.finishStored(ctx, res, at)
	}
	var err error
	for range 8 {
		var st store.Settlement
		st, err = r.settlement(ctx, res, at)
		if err != nil {
			r.srv.log.Warn("game not rated", "table", r.id, "why", err)
			return r.finishStored(ctx, res, at)
		}
		err = r.fence(acc.st.Settle(ctx, st))
		if !errors.Is(err, store.ErrStale) {
			return err
		}
	}
	return err
}

// settlement is what a finished rated or daily table writes with its
// result.
func (r *room) settlement(ctx context.Context, res engine.Result, at time.Time) (store.Settlement, error) {
	st := store.Settlement{Table: r.id, Epoch: r.epoch, Result: res, At: at}
	if r.hdr.Daily != "" {
		sc := daily.ScoreOf(r.t.State(), r.t.Version())
		st.Daily = &store.DailyAttempt{Won: sc.Won, Grade: sc.Grade, Enemies: sc.Enemies, Actions: sc.Actions}
	}
	if !r.hdr.Rated {
		return st, nil
	}
	if res.End == "aborted" {
		return st, errors.New("an aborted game is not rated")
	}
	changes, err := r.srv.rate(ctx, r.hdr, res, at)
	st.Ratings = changes
	return st, err
}

// rate computes the rating changes of a finished rated table: its people
// from their stored ratings (widened for the days they did not play), its
// bots at their fixed ratings.
func (s *Server) rate(ctx context.Context, t store.Table, res engine.Result, at time.Time) ([]store.RatingChange, error) {
	cat := category(t.Game, t.Options)
	if cat == "" {
		return nil, fmt.Errorf("%s with options %v has no rating", t.Game, t.Options)
	}
	links, err := s.acc.st.SeatAccounts(ctx, []string{t.ID})
	if err != nil {
		return nil, err
	}
	users := make([]string, len(t.Seats))
	var ids []string
	for _, l := range links {
		if l.Seat < len(users) {
			if users[l.Seat] = l.User; l.User != "" {
				ids = append(ids, l.User)
			}
		}
	}
	stored, err := s.acc.st.Ratings(ctx, cat, ids)
	if err != nil {
		return nil, err
	}
	byUser := map[string]store.Rating{}
	for _, rt := range stored {
		byUser[rt.User] = rt
	}
	seats := make([]ratings.Seat, len(t.Seats))
	before := make([]store.Rating, len(t.Seats))
	for i, seat := range t.Seats {
		switch {
		case seat.Kind == table.KindBot:
			fixed, ok := botRating(cat, seat.Bot)
			if !ok {
				return nil, fmt.Errorf("seat %d's bot %q has no rating", i, seat.Bot)
			}
			seats[i] = ratings.Seat{Rating: fixed, Fixed: true}
		case users[i] == "":
			// A seat whose account was deleted counts as a new player.
			seats[i] = ratings.Seat{Rating: ratings.New(), Fixed: true}
		default:
			b, ok := byUser[users[i]]
			if !ok {
				b = store.Rating{User: users[i], Category: cat, R: ratings.Start, RD: ratings.StartRD, Vol: ratings.StartVol}
			}
			before[i] = b
			rt := ratings.Rating{R: b.R, RD: b.RD, Vol: b.Vol}
			if b.Games > 0 {
				rt = ratings.Idle(rt, at.Sub(b.Updated).Hours()/24)
			}
			seats[i] = ratings.Seat{Rating: rt}
		}
	}
	if dup := duplicateUser(users); dup != "" {
		return nil, fmt.Errorf("account %s holds two seats", dup)
	}
	after, err := ratings.System{}.Rate(seats, res.Returns)
	if err != nil {
		return nil, err
	}
	var out []store.RatingChange
	for i := range seats {
		if !seats[i].Fixed {
			out = append(out, store.RatingChange{Before: before[i], After: store.Rating{R: after[i].R, RD: after[i].RD, Vol: after[i].Vol}})
		}
	}
	return out, nil
}

func duplicateUser(users []string) string {
	seen := map[string]bool{}
	for _, u := range users {
		if u != "" && seen[u] {
			return u
		}
		seen[u] = true
	}
	return ""
}

// category is the rating category of a game with options ("" for none):
// Watchtower, or two-player War with Slap War on.
func category(game string, opts map[string]string) string {
	switch {
	case game == "watchtower":
		return ratings.Watchtower
	case game == "war" && opts["players"] == "2" && opts["slap"] != "" && opts["slap"] != "off":
		return ratings.SlapWar
	}
	return ""
}

// botRating is a bot spec's fixed rating in cat: only a bot at its
// default settings has one.
func botRating(cat, spec string) (ratings.Rating, bool) {
	sp, err := bots.ParseSpec(spec)
	if err != nil || len(sp.Params) > 0 {
		return ratings.Rating{}, false
	}
	return ratings.Bot(cat, sp.Name)
}
