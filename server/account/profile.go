package account

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cardtable/accounts"
	"cardtable/engine"
	"cardtable/puzzles"
	"cardtable/ratings"
	"cardtable/record"
	"cardtable/server/analyse"
	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/store"
)

// Profile is a user's public profile (GET /api/users/{name}).
type Profile struct {
	Name string `json:"name"`
	// Bot: a bot account's profile (a program plays as it).
	Bot     bool             `json:"bot,omitempty"`
	Created time.Time        `json:"created"`
	Ratings []Rating         `json:"ratings"`
	Games   []ProfileGame    `json:"games"`
	Daily   dailyHistoryJSON `json:"daily"`
}

// Rating is a rating with its place and history.
type Rating struct {
	Category    string      `json:"category"`
	Title       string      `json:"title"`
	Rating      float64     `json:"rating"`
	RD          float64     `json:"rd"`
	Provisional bool        `json:"provisional"`
	Games       int         `json:"games"`
	Rank        int         `json:"rank,omitempty"`
	History     []pointJSON `json:"history"`
}

type pointJSON struct {
	// Table is the rated game's table; Puzzle, for the puzzles' rating,
	// the puzzle answered (Table is then "").
	Table  string    `json:"table"`
	Puzzle int       `json:"puzzle,omitempty"`
	At     time.Time `json:"at"`
	Rating float64   `json:"rating"`
	RD     float64   `json:"rd"`
	// Outcome and GaveUp, for a rated game: its rated result for the
	// player and why they gave the seat up, if they did.
	Outcome string `json:"outcome,omitempty"`
	GaveUp  string `json:"gave_up,omitempty"`
}

// ProfileGame is one of a user's games.
type ProfileGame struct {
	ID       string         `json:"id"`
	Game     string         `json:"game"`
	Title    string         `json:"title"`
	Seat     int            `json:"seat"`
	Seats    []string       `json:"seats"`
	Created  time.Time      `json:"created"`
	Finished *time.Time     `json:"finished,omitempty"`
	Result   *engine.Result `json:"result,omitempty"`
	// Outcome is the seat's: "won", "lost", "drawn" or "aborted" ("" while
	// playing); for a game that moved the player's rating, its rated
	// result (docs/accounts.md: a seat given up is lost).
	Outcome string `json:"outcome,omitempty"`
	// Rated: the table was rated; Rating, what the game did to the
	// player's rating, only when it moved it.
	Rated  bool        `json:"rated,omitempty"`
	Rating *gameRating `json:"rating,omitempty"`
	Daily  string      `json:"daily,omitempty"`
	// Replay is the replay page, once the game may be watched; Analysis
	// the replay page with its analysis panel up, when the game has a
	// stored analysis (docs/analysis.md).
	Replay   string `json:"replay,omitempty"`
	Analysis string `json:"analysis,omitempty"`
}

// gameRating is what one game did to a player's rating.
type gameRating struct {
	Category string  `json:"category"`
	Before   float64 `json:"before"`
	After    float64 `json:"after"`
	Change   float64 `json:"change"`
	// GaveUp is why the player gave the seat up ("resigned", "left",
	// "timeout", "away"...), when they did.
	GaveUp string `json:"gave_up,omitempty"`
}

// profileGames is how many games a profile lists.
const profileGames = 50

func (s *Accounts) handleProfile(w http.ResponseWriter, r *http.Request) {
	raw := r.PathValue("name")
	if len(raw) > 64 {
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusNotFound, "not-found", engine.Say("api.no-player", engine.TextArg("name", strconv.Quote(raw[:64]))), "no player %q", raw[:64]))
		return
	}
	u, err := s.acc.st.UserByKey(r.Context(), accounts.Key(raw))
	if errors.Is(err, store.ErrNotFound) {
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusNotFound, "not-found", engine.Say("api.no-player", engine.TextArg("name", strconv.Quote(raw))), "no player is called %q", raw))
		return
	}
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	p := Profile{Name: u.Name, Bot: u.Bot, Created: u.Created}
	if p.Ratings, err = s.userRatings(r, u.ID); err == nil {
		if p.Games, err = s.userGames(r, u.ID); err == nil {
			p.Daily, err = s.dailyHistory(r, u.ID)
		}
	}
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	httpjson.Write(w, http.StatusOK, p)
}

// userRatings is a user's ratings with ranks and histories.
func (s *Accounts) userRatings(r *http.Request, user string) ([]Rating, error) {
	rs, err := s.acc.st.UserRatings(r.Context(), user)
	if err != nil {
		return nil, err
	}
	out := []Rating{}
	est := s.established()
	for _, rt := range rs {
		rd := idleRating(rt, est.Now).RD
		rj := Rating{Category: rt.Category, Title: ratings.CategoryTitle(rt.Category), Rating: rt.R, RD: rd,
			Provisional: !est.Holds(rt), Games: rt.Games, History: []pointJSON{}}
		if rj.Rank, err = s.acc.st.RatingRank(r.Context(), rt.Category, user, est); errors.Is(err, store.ErrNotFound) {
			rj.Rank, err = 0, nil // provisional: not on the leaderboard
		}
		if err != nil {
			return nil, err
		}
		if rj.History, err = s.ratingHistory(r.Context(), user, rt.Category); err != nil {
			return nil, err
		}
		out = append(out, rj)
	}
	return out, nil
}

// established is which ratings the leaderboards show now (by the
// accounts' clock, which stamps puzzle answers; rated games are stamped by
// the server's, the same one but in tests): those whose
// deviation, grown by the days since their last game, is at most
// ratings.ProvisionalRD (docs/accounts.md, "Leaderboards").
func (s *Accounts) established() store.Established {
	return store.Established{Now: s.accNow(), MaxRD: ratings.ProvisionalRD, Scale: ratings.Scale}
}

// historyPoints is how many points a rating's history shows.
const historyPoints = 200

// ratingHistory is user's rating in category after each of its last
// games, oldest first: the puzzles' after each counted answer.
func (s *Accounts) ratingHistory(ctx context.Context, user, category string) ([]pointJSON, error) {
	out := []pointJSON{}
	if category == ratings.RegicidePuzzles {
		as, err := s.acc.st.PuzzleAnswers(ctx, user, puzzles.SetName, historyPoints)
		for _, a := range as {
			out = append(out, pointJSON{Puzzle: a.Puzzle, At: a.At, Rating: a.R, RD: a.RD})
		}
		return out, err
	}
	h, err := s.acc.st.RatingHistory(ctx, user, category, historyPoints)
	for _, p := range h {
		out = append(out, pointJSON{Table: p.Table, At: p.At, Rating: p.R, RD: p.RD, Outcome: p.Outcome, GaveUp: p.GaveUp})
	}
	return out, err
}

// userGames is a user's latest games.
func (s *Accounts) userGames(r *http.Request, user string) ([]ProfileGame, error) {
	uts, err := s.acc.st.UserTables(r.Context(), user, time.Time{}, profileGames)
	if err != nil {
		return nil, err
	}
	moved, err := s.ratedGames(r.Context(), user)
	if err != nil {
		return nil, err
	}
	out := []ProfileGame{}
	for _, ut := range uts {
		g := s.profileGame(ut)
		if m, ok := moved[g.ID]; ok && g.Outcome != "" {
			g.Rating = &m.rating
			if m.outcome != "" {
				g.Outcome = m.outcome
			}
		}
		if g.Replay != "" {
			g.Analysis = analyse.Link(r.Context(), s.store, g.ID)
		}
		out = append(out, g)
	}
	return out, nil
}

// ratedGame is one rated game's change to a player's rating and its rated
// result.
type ratedGame struct {
	rating  gameRating
	outcome string
}

// ratedGames is what each of user's latest rated games did to their
// rating, by table: read from the rating histories (a rating moves only
// with a rated game, so each point's change is from the one before).
func (s *Accounts) ratedGames(ctx context.Context, user string) (map[string]ratedGame, error) {
	out := map[string]ratedGame{}
	for _, cat := range []string{ratings.Watchtower, ratings.SlapWar} {
		h, err := s.acc.st.RatingHistory(ctx, user, cat, historyPoints)
		if err != nil {
			return nil, err
		}
		for i, p := range h {
			if i == 0 && len(h) == historyPoints {
				continue // its rating before is not among the points read
			}
			before := ratings.Start
			if i > 0 {
				before = h[i-1].R
			}
			out[p.Table] = ratedGame{rating: gameRating{Category: cat, Before: before, After: p.R, Change: p.R - before, GaveUp: p.GaveUp}, outcome: p.Outcome}
		}
	}
	return out, nil
}

func (s *Accounts) profileGame(ut store.UserTable) ProfileGame {
	t := ut.Table
	g := ProfileGame{ID: t.ID, Game: t.Game, Seat: ut.Seat, Created: t.Created, Result: t.Result, Rated: t.Rated, Daily: t.Daily, Seats: []string{}}
	if gm, ok := s.games[t.Game]; ok {
		g.Title = gm.Title()
	}
	for _, st := range room.SeatInfos(t.Seats) {
		g.Seats = append(g.Seats, st.Name)
	}
	if t.Result != nil {
		fin := t.Finished
		g.Finished = &fin
		g.Outcome = outcome(*t.Result, ut.Seat)
		if s.mayReplay(t) {
			g.Replay = "/replay/" + t.ID
		}
	}
	return g
}

// outcome is seat's result in res: won, lost, drawn or aborted.
func outcome(res engine.Result, seat int) string {
	if res.End == record.EndAborted {
		return "aborted"
	}
	for _, w := range res.Winners {
		if w == seat {
			return "won"
		}
	}
	if len(res.Winners) == 0 && len(res.Returns) > 1 {
		return "drawn"
	}
	return "lost"
}

// mayReplay reports whether a finished table's replay may be shown: a
// daily deal's only once its day is over.
func (s *Accounts) mayReplay(t store.Table) bool {
	return t.Daily == "" || s.DayOver(t.Daily)
}

// Leaderboard is a category's leaderboard.
type Leaderboard struct {
	Category string `json:"category"`
	Title    string `json:"title"`
	Offset   int    `json:"offset"`
	// Who the board lists: "" everyone, "people" or "bots".
	Who     string       `json:"who,omitempty"`
	Entries []boardEntry `json:"entries"`
	// Me is the signed-in user's place (around=me), when rated.
	Me *boardEntry `json:"me,omitempty"`
}

type boardEntry struct {
	Rank        int     `json:"rank"`
	Name        string  `json:"name"`
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
	Games       int     `json:"games"`
	// Bot: a bot account's rating.
	Bot bool `json:"bot,omitempty"`
}

// handleLeaderboard is a category's leaderboard: the top (offset, limit up
// to 100) or, with around=me, the signed-in user's neighbours; who=people
// or who=bots lists people or bot accounts only (ranked among them).
func (s *Accounts) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	cat := r.PathValue("category")
	if ratings.CategoryTitle(cat) == cat {
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusNotFound, "not-found", engine.Say("api.no-rating", engine.TextArg("rating", strconv.Quote(httpjson.Truncate(cat, 40))), engine.TextArg("ratings", strings.Join(ratings.Categories, ", "))),
			"no rating %q; ratings: %s", cat, strings.Join(ratings.Categories, ", ")))
		return
	}
	q := r.URL.Query()
	offset, limit, err := pageParams(q.Get("offset"), q.Get("limit"), 100)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	out := Leaderboard{Category: cat, Title: ratings.CategoryTitle(cat), Who: q.Get("who"), Entries: []boardEntry{}}
	est := s.established()
	switch est.Who = out.Who; est.Who {
	case "", store.BoardPeople, store.BoardBots:
	default:
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("api.bad-who", engine.TextArg("value", strconv.Quote(httpjson.Truncate(est.Who, 20)))), "who: %q; want people, bots, or none for everyone", est.Who))
		return
	}
	if q.Get("around") == "me" {
		me, err := s.boardMe(r, cat, est)
		if err != nil {
			httpjson.Refuse(w, r, s.log, err)
			return
		}
		if out.Me = me; me != nil && me.Rank > 0 {
			offset = max(me.Rank-1-limit/2, 0)
		}
	}
	rs, err := s.acc.st.Leaderboard(r.Context(), cat, est, offset, limit)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	out.Offset = offset
	for i, rt := range rs {
		e := boardEntry{Rank: offset + i + 1, Name: rt.Name, Rating: rt.R, RD: idleRating(rt, est.Now).RD, Games: rt.Games, Bot: rt.Bot}
		if out.Me != nil && e.Name == out.Me.Name {
			out.Me = &e
		}
		out.Entries = append(out.Entries, e)
	}
	httpjson.Write(w, http.StatusOK, out)
}

// boardMe is the signed-in user's entry on cat's leaderboard (nil for a
// guest or a user without a rating): its rank, or none (0) with
// provisional set while the rating is not established.
func (s *Accounts) boardMe(r *http.Request, cat string, est store.Established) (*boardEntry, error) {
	u, err := s.CurrentUser(r)
	if err != nil || u == nil {
		return nil, err
	}
	rs, err := s.acc.st.Ratings(r.Context(), cat, []string{u.ID})
	if err != nil || len(rs) == 0 || (est.Who == store.BoardBots && !rs[0].Bot) || (est.Who == store.BoardPeople && rs[0].Bot) {
		return nil, err
	}
	me := &boardEntry{Bot: rs[0].Bot, Name: u.Name, Rating: rs[0].R, RD: idleRating(rs[0], est.Now).RD, Games: rs[0].Games, Provisional: !est.Holds(rs[0])}
	if me.Rank, err = s.acc.st.RatingRank(r.Context(), cat, u.ID, est); errors.Is(err, store.ErrNotFound) {
		err = nil
	}
	return me, err
}

// pageParams reads offset (0 up) and limit (1 to max; default 20).
func pageParams(offset, limit string, most int) (int, int, error) {
	o, l := 0, 20
	if offset != "" {
		n, err := strconv.Atoi(offset)
		if err != nil || n < 0 || n > 1_000_000 {
			return 0, 0, httpjson.BadRange("offset", offset, 0, 1_000_000)
		}
		o = n
	}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > most {
			return 0, 0, httpjson.BadRange("limit", limit, 1, most)
		}
		l = n
	}
	return o, l, nil
}
