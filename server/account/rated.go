package account

import (
	"context"
	"math"
	"net/http"
	"strconv"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/server/secret"
	"cardtable/store"
)

// A rated table (docs/accounts.md): Watchtower or two-player Slap War,
// every person at it signed in (each at one seat), every bot at its
// default settings (whose fixed rating the arena measured). It is rated
// from creation and stays so; its result moves the people's ratings when
// the game ends by its rules, a resignation or a timeout, not when it is
// aborted.

// RatedSeat is a seat asked for at a table: a person's, or a bot's (Spec:
// its spec, "" for the game's default).
type RatedSeat struct {
	Bot  bool
	Spec string
}

// CheckRated refuses a rated table the rules above do not allow.
func (s *Accounts) CheckRated(g engine.Game, opts engine.Options, seats []RatedSeat) error {
	if s.acc == nil {
		return httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("rated.no-accounts"), "rated: this server keeps no accounts, so no ratings")
	}
	cat := category(g.Name(), opts.Map())
	if cat == "" {
		return httpjson.Sayf(http.StatusBadRequest, "not-rateable", engine.Say("rated.not-rateable"), "rated: only Watchtower and two-player War with slap on are rated")
	}
	for i, sr := range seats {
		if !sr.Bot {
			continue
		}
		spec := sr.Spec
		if spec == "" {
			spec = bots.Default(g.Name())
		}
		if _, ok := botRating(cat, spec, len(seats)); !ok {
			return httpjson.Sayf(http.StatusBadRequest, "not-rateable", engine.Say("rated.bot-unrated", engine.NumArg("i", i), engine.TextArg("bot", strconv.Quote(spec))), "rated: seats[%d]: bot %q has no fixed rating; at a rated table a bot plays at its default settings (docs/accounts.md lists the rated bots)", i, spec)
		}
	}
	return nil
}

// mayClaim refuses a seat of a rated table to a guest, and a second seat
// to one account.
func (s *Accounts) mayClaim(ctx context.Context, id string, u *store.User) error {
	if s.acc == nil {
		return nil
	}
	t, err := s.store.Table(ctx, id)
	if err != nil || !t.Rated {
		return nil // the claim itself says what is wrong with the table
	}
	if u == nil {
		return httpjson.Sayf(http.StatusUnauthorized, "signed-out", engine.Say("rated.sign-in-to-sit"), "this table is rated: sign in to take a seat (or watch it as a spectator)")
	}
	links, err := s.acc.st.SeatAccounts(ctx, []string{id})
	if err != nil {
		return err
	}
	for _, l := range links {
		if l.User == u.ID {
			return httpjson.Sayf(http.StatusConflict, "seat-taken", engine.Say("rated.one-seat"), "you hold a seat at this rated table already; one account plays one seat")
		}
	}
	return nil
}

// SignedCreator is who creates a table: a signed-in creator's seat takes
// the account's name, and only a signed-in creator may ask for a rated
// table.
func (s *Accounts) SignedCreator(r *http.Request, name *string, rated bool) (*store.User, error) {
	u, err := s.CurrentUser(r)
	if err != nil {
		return nil, err
	}
	if u != nil {
		*name = u.Name
	} else if rated {
		return nil, httpjson.Sayf(http.StatusUnauthorized, "signed-out", engine.Say("rated.sign-in-to-create"), "rated: sign in to create a rated table")
	}
	return u, nil
}

// SignedClaimer is who claims a seat: a signed-in person's seat takes the
// account's name; a rated table's seats are for signed-in people only,
// one each.
func (s *Accounts) SignedClaimer(r *http.Request, name *string) (*store.User, error) {
	u, err := s.CurrentUser(r)
	if err != nil {
		return nil, err
	}
	if u != nil {
		*name = u.Name
	}
	if secret.WellFormedID(r.PathValue("id")) {
		if err := s.mayClaim(r.Context(), r.PathValue("id"), u); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// MeanRatings are, for each rated table of ts with people linked to its
// seats, the mean rating of those people in its category (a person not
// rated yet counts as a new player).
func (s *Accounts) MeanRatings(ctx context.Context, ts []store.Table) (map[string]float64, error) {
	if s.acc == nil {
		return nil, nil
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
	out := map[string]float64{}
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
			out[t.ID] = math.Round(sum / float64(len(usersOf[t.ID])))
		}
	}
	return out, nil
}
