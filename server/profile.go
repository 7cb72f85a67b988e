package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cardtable/accounts"
	"cardtable/analysis"
	"cardtable/engine"
	"cardtable/puzzles"
	"cardtable/ratings"
	"cardtable/store"
)

// profileJSON is a user's public profile (GET /api/users/{name}).
type profileJSON struct {
	Name    string           `json:"name"`
	Created time.Time        `json:"created"`
	Ratings []ratingJSON     `json:"ratings"`
	Games   []profileGame    `json:"games"`
	Daily   dailyHistoryJSON `json:"daily"`
}

// ratingJSON is a rating with its place and history.
type ratingJSON struct {
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
}

// profileGame is one of a user's games.
type profileGame struct {
	ID       string         `json:"id"`
	Game     string         `json:"game"`
	Title    string         `json:"title"`
	Seat     int            `json:"seat"`
	Seats    []string       `json:"seats"`
	Created  time.Time      `json:"created"`
	Finished *time.Time     `json:"finished,omitempty"`
	Result   *engine.Result `json:"result,omitempty"`
	// Outcome is the seat's: "won", "lost", "drawn" ("" while playing).
	Outcome string `json:"outcome,omitempty"`
	Rated   bool   `json:"rated,omitempty"`
	Daily   string `json:"daily,omitempty"`
	// Replay is the replay page, once the game may be watched; Analysis
	// the replay page with its analysis panel up, when the game has a
	// stored analysis (docs/analysis.md).
	Replay   string `json:"replay,omitempty"`
	Analysis string `json:"analysis,omitempty"`
}

// profileGames is how many games a profile lists.
const profileGames = 50

func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	raw := r.PathValue("name")
	if len(raw) > 64 {
		s.apiError(w, r, apiErrorf(http.StatusNotFound, "not-found", "no player %q", raw[:64]))
		return
	}
	u, err := s.acc.st.UserByKey(r.Context(), accounts.Key(raw))
	if errors.Is(err, store.ErrNotFound) {
		s.apiError(w, r, apiErrorf(http.StatusNotFound, "not-found", "no player is called %q", raw))
		return
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	p := profileJSON{Name: u.Name, Created: u.Created}
	if p.Ratings, err = s.userRatings(r, u.ID); err == nil {
		if p.Games, err = s.userGames(r, u.ID); err == nil {
			p.Daily, err = s.dailyHistory(r, u.ID)
		}
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// userRatings is a user's ratings with ranks and histories.
func (s *Server) userRatings(r *http.Request, user string) ([]ratingJSON, error) {
	rs, err := s.acc.st.UserRatings(r.Context(), user)
	if err != nil {
		return nil, err
	}
	out := []ratingJSON{}
	for _, rt := range rs {
		rj := ratingJSON{Category: rt.Category, Title: ratings.CategoryTitle(rt.Category), Rating: rt.R, RD: rt.RD,
			Provisional: rt.RD > ratings.ProvisionalRD, Games: rt.Games, History: []pointJSON{}}
		if rj.Rank, err = s.acc.st.RatingRank(r.Context(), rt.Category, user); err != nil {
			return nil, err
		}
		if rj.History, err = s.ratingHistory(r.Context(), user, rt.Category); err != nil {
			return nil, err
		}
		out = append(out, rj)
	}
	return out, nil
}

// historyPoints is how many points a rating's history shows.
const historyPoints = 200

// ratingHistory is user's rating in category after each of its last
// games, oldest first: the puzzles' after each counted answer.
func (s *Server) ratingHistory(ctx context.Context, user, category string) ([]pointJSON, error) {
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
		out = append(out, pointJSON{Table: p.Table, At: p.At, Rating: p.R, RD: p.RD})
	}
	return out, err
}

// userGames is a user's latest games.
func (s *Server) userGames(r *http.Request, user string) ([]profileGame, error) {
	uts, err := s.acc.st.UserTables(r.Context(), user, time.Time{}, profileGames)
	if err != nil {
		return nil, err
	}
	out := []profileGame{}
	for _, ut := range uts {
		g := s.profileGame(ut)
		if g.Replay != "" {
			g.Analysis = s.analysisLink(r.Context(), g.ID)
		}
		out = append(out, g)
	}
	return out, nil
}

func (s *Server) profileGame(ut store.UserTable) profileGame {
	t := ut.Table
	d := s.describe(t)
	g := profileGame{ID: t.ID, Game: t.Game, Title: d.Title, Seat: ut.Seat, Created: t.Created, Result: t.Result, Rated: t.Rated, Daily: t.Daily, Seats: []string{}}
	for _, st := range d.Seats {
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

// outcome is seat's result in res: won, lost or drawn.
func outcome(res engine.Result, seat int) string {
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
func (s *Server) mayReplay(t store.Table) bool {
	return t.Daily == "" || s.dayOver(t.Daily)
}

// leaderboardJSON is a category's leaderboard.
type leaderboardJSON struct {
	Category string       `json:"category"`
	Title    string       `json:"title"`
	Offset   int          `json:"offset"`
	Entries  []boardEntry `json:"entries"`
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
}

// handleLeaderboard is a category's leaderboard: the top (offset, limit up
// to 100) or, with around=me, the signed-in user's neighbours.
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	cat := r.PathValue("category")
	if ratings.CategoryTitle(cat) == cat {
		s.apiError(w, r, apiErrorf(http.StatusNotFound, "not-found", "no rating %q; ratings: %s", cat, strings.Join(ratings.Categories, ", ")))
		return
	}
	q := r.URL.Query()
	offset, limit, err := pageParams(q.Get("offset"), q.Get("limit"), 100)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	out := leaderboardJSON{Category: cat, Title: ratings.CategoryTitle(cat), Entries: []boardEntry{}}
	if q.Get("around") == "me" {
		u, err := s.currentUser(r)
		if err != nil {
			s.apiError(w, r, err)
			return
		}
		if u != nil {
			rank, err := s.acc.st.RatingRank(r.Context(), cat, u.ID)
			if err == nil {
				offset = max(rank-1-limit/2, 0)
				out.Me = &boardEntry{Rank: rank, Name: u.Name}
			} else if !errors.Is(err, store.ErrNotFound) {
				s.apiError(w, r, err)
				return
			}
		}
	}
	rs, err := s.acc.st.Leaderboard(r.Context(), cat, offset, limit)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	out.Offset = offset
	for i, rt := range rs {
		e := boardEntry{Rank: offset + i + 1, Name: rt.Name, Rating: rt.R, RD: rt.RD, Provisional: rt.RD > ratings.ProvisionalRD, Games: rt.Games}
		if out.Me != nil && e.Name == out.Me.Name {
			out.Me = &e
		}
		out.Entries = append(out.Entries, e)
	}
	writeJSON(w, http.StatusOK, out)
}

// pageParams reads offset (0 up) and limit (1 to max; default 20).
func pageParams(offset, limit string, most int) (int, int, error) {
	o, l := 0, 20
	if offset != "" {
		n, err := strconv.Atoi(offset)
		if err != nil || n < 0 || n > 1_000_000 {
			return 0, 0, apiErrorf(http.StatusBadRequest, "bad-request", "offset: %q; want 0 to 1000000", offset)
		}
		o = n
	}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > most {
			return 0, 0, apiErrorf(http.StatusBadRequest, "bad-request", "limit: %q; want 1 to %d", limit, most)
		}
		l = n
	}
	return o, l, nil
}

// analysisLink is the address of table id's stored analysis, "" when it
// has none (or the store keeps none): the replay page with its analysis
// panel brought up (analysisQuery), not the JSON document.
func (s *Server) analysisLink(ctx context.Context, id string) string {
	as, err := s.analysisStore()
	if err != nil {
		return ""
	}
	if _, err := as.Analysis(ctx, id, string(analysis.DefaultDepth)); err != nil {
		return ""
	}
	return replayAnalysis(id)
}

// analysisQuery is the replay page's query that brings its analysis
// panel up on opening (js/replay.js).
const analysisQuery = "?analysis=1"

// replayAnalysis is table id's replay page with its analysis panel up.
func replayAnalysis(id string) string { return "/replay/" + id + analysisQuery }
