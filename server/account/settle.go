package account

import (
	"context"
	"fmt"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/ratings"
	"cardtable/server/room"
	"cardtable/store"
)

// rate computes the rating changes of a finished rated table by the rule
// of docs/accounts.md ("A rated seat's result belongs to the person who
// sat it"): every seat linked to an account is its person's, whatever
// holds it now, from their stored rating (widened for the days they did
// not play); a seat a bot held from the start counts at the bot's fixed
// rating; the standings put every seat given up below the rest.
func (s *Accounts) rate(ctx context.Context, t store.Table, res engine.Result, at time.Time) ([]store.RatingChange, error) {
	cat := category(t.Game, t.Options)
	if cat == "" {
		return nil, fmt.Errorf("%s with options %v has no rating", t.Game, t.Options)
	}
	users, err := s.seatUsers(ctx, t)
	if err != nil {
		return nil, err
	}
	events, err := s.store.Events(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	gave := room.GaveUp(events, len(t.Seats))
	places, err := standings(res.Returns, gave)
	if err != nil {
		return nil, err
	}
	before, seats, err := s.ratedSeats(ctx, t, cat, users, at)
	if err != nil {
		return nil, err
	}
	after, err := ratings.System{}.Rate(seats, places)
	if err != nil {
		return nil, err
	}
	var out []store.RatingChange
	for i := range seats {
		if !seats[i].Fixed {
			out = append(out, store.RatingChange{Before: before[i], After: store.Rating{R: after[i].R, RD: after[i].RD, Vol: after[i].Vol},
				Outcome: outcomeOf(places, i), GaveUp: gave[i].Reason})
		}
	}
	return out, nil
}

// seatUsers is the account linked to each seat of t ("" for none).
func (s *Accounts) seatUsers(ctx context.Context, t store.Table) ([]string, error) {
	links, err := s.acc.st.SeatAccounts(ctx, []string{t.ID})
	if err != nil {
		return nil, err
	}
	users := make([]string, len(t.Seats))
	for _, l := range links {
		if l.Seat >= 0 && l.Seat < len(users) {
			users[l.Seat] = l.User
		}
	}
	if dup := duplicateUser(users); dup != "" {
		return nil, fmt.Errorf("account %s holds two seats", dup)
	}
	return users, nil
}

// ratedSeats is each seat of t as the rating sees it, with each person's
// stored rating before the game: a linked seat is its person's; an
// unlinked seat with a token was a person's whose account is gone (a new
// player's fixed rating); any other is a bot's from the start, at its
// fixed rating for the table's number of seats.
func (s *Accounts) ratedSeats(ctx context.Context, t store.Table, cat string, users []string, at time.Time) ([]store.Rating, []ratings.Seat, error) {
	var ids []string
	for _, u := range users {
		if u != "" {
			ids = append(ids, u)
		}
	}
	stored, err := s.acc.st.Ratings(ctx, cat, ids)
	if err != nil {
		return nil, nil, err
	}
	byUser := map[string]store.Rating{}
	for _, rt := range stored {
		byUser[rt.User] = rt
	}
	seats := make([]ratings.Seat, len(t.Seats))
	before := make([]store.Rating, len(t.Seats))
	for i, seat := range t.Seats {
		switch {
		case users[i] != "":
			b, ok := byUser[users[i]]
			if !ok {
				b = store.Rating{User: users[i], Category: cat, R: ratings.Start, RD: ratings.StartRD, Vol: ratings.StartVol}
			}
			before[i] = b
			seats[i] = ratings.Seat{Rating: idleRating(b, at)}
		case seat.Token != "":
			seats[i] = ratings.Seat{Rating: ratings.New(), Fixed: true}
		default:
			fixed, ok := botRating(cat, seat.Bot, len(t.Seats))
			if !ok {
				return nil, nil, fmt.Errorf("seat %d was nobody's, and %q has no fixed rating", i, seat.Bot)
			}
			seats[i] = ratings.Seat{Rating: fixed, Fixed: true}
		}
	}
	return before, seats, nil
}

// idleRating is a stored rating at time at: its deviation grown by the
// days since its last game (Glicko-2's step 6 a day).
func idleRating(b store.Rating, at time.Time) ratings.Rating {
	rt := ratings.Rating{R: b.R, RD: b.RD, Vol: b.Vol}
	if b.Games > 0 {
		rt = ratings.Idle(rt, at.Sub(b.Updated).Hours()/24)
	}
	return rt
}

// standings ranks a finished game's seats for the rating, higher better:
// the seats played to the end (by people or by bots from the start) by
// the game's returns, every seat given up below them all, the first to
// give up lowest. Seats level in the returns stay level.
func standings(returns []float64, gave []room.GivenUp) ([]float64, error) {
	if len(returns) != len(gave) {
		return nil, fmt.Errorf("%d returns for %d seats", len(returns), len(gave))
	}
	n := float64(len(returns))
	out := make([]float64, len(returns))
	for i, r := range returns {
		if gave[i].Order >= 0 {
			out[i] = float64(gave[i].Order) // 0 .. n-1: below every seat played on
			continue
		}
		above := 0.0
		for j, q := range returns {
			if gave[j].Order < 0 && q < r {
				above++
			}
		}
		out[i] = n + above
	}
	return out, nil
}

// outcomeOf is seat's rated result in places: won (above every other
// seat), drawn (level with the best) or lost.
func outcomeOf(places []float64, seat int) string {
	level := false
	for j, p := range places {
		switch {
		case j == seat:
		case p > places[seat]:
			return "lost"
		case p == places[seat]:
			level = true
		}
	}
	if level {
		return "drawn"
	}
	return "won"
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

// botRating is a bot spec's fixed rating in cat at a table of players
// seats: only a bot at its default settings has one.
func botRating(cat, spec string, players int) (ratings.Rating, bool) {
	sp, err := bots.ParseSpec(spec)
	if err != nil || len(sp.Params) > 0 {
		return ratings.Rating{}, false
	}
	return ratings.Bot(cat, sp.Name, players)
}
