package account

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"cardtable/engine"
	"cardtable/puzzles"
	"cardtable/ratings"
	"cardtable/server/httpjson"
	"cardtable/server/page"
)

// Regicide puzzles (docs/puzzles.md): the page and its API. The answer is
// checked here, so nothing that tells it (the answer, the winning line,
// the bots' choices) leaves the server before a legal answer came in.
//
//	GET  /puzzles                              the page
//	GET  /api/puzzles/regicide[?theme=T]       {"count": N, "ids": [...], "themes": [...]}
//	GET  /api/puzzles/regicide/{id}            the puzzle as shown (puzzles.Shown)
//	POST /api/puzzles/regicide/{id}/answer     {"action": "..."} → puzzles.Outcome
//	                                           (with the ratings: puzzlerating.go)

// puzzleSet is the set served: the one built in (tests may swap it).
var puzzleSet = puzzles.Shipped

// maxPuzzleID bounds the digits of a puzzle id taken from an address.
const maxPuzzleID = 7

func (s *Accounts) routePuzzles(mux *http.ServeMux) {
	mux.HandleFunc("GET /puzzles", page.Serve(s.cfg.Assets, "puzzles.html", s.log))
	mux.HandleFunc("GET /api/puzzles/regicide", s.handlePuzzleCount)
	mux.HandleFunc("GET /api/puzzles/regicide/next", s.handleNextPuzzle)
	mux.HandleFunc("GET /api/puzzles/regicide/{id}", s.handlePuzzle)
	mux.HandleFunc("POST /api/puzzles/regicide/{id}/answer", s.handlePuzzleAnswer)
}

// PuzzleList lists the puzzles served (of a theme when asked).
type PuzzleList struct {
	Count  int      `json:"count"`
	IDs    []int    `json:"ids"`
	Theme  string   `json:"theme,omitempty"`
	Themes []string `json:"themes"`
}

// puzzleTheme reads ?theme= ("": every puzzle): one of puzzles.Themes or
// puzzles.ThemeTwoTries, else a 400 naming them.
func (s *Accounts) puzzleTheme(w http.ResponseWriter, r *http.Request) (string, bool) {
	theme := r.URL.Query().Get("theme")
	if theme == "" || slices.Contains(puzzleThemes(), theme) {
		return theme, true
	}
	theme = httpjson.Truncate(theme, 40)
	themes := strings.Join(puzzleThemes(), ", ")
	httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("puzzles.no-theme", engine.TextArg("theme", strconv.Quote(theme)), engine.TextArg("themes", themes)),
		"no theme %q; the themes are %s", theme, themes))
	return "", false
}

func puzzleThemes() []string { return append(slices.Clone(puzzles.Themes), puzzles.ThemeTwoTries) }

func (s *Accounts) handlePuzzleCount(w http.ResponseWriter, r *http.Request) {
	set, err := puzzleSet()
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	theme, ok := s.puzzleTheme(w, r)
	if !ok {
		return
	}
	ids := set.IDs(theme)
	httpjson.Write(w, http.StatusOK, PuzzleList{Count: len(ids), IDs: ids, Theme: theme, Themes: puzzleThemes()})
}

// puzzleID reads the {id} of the address: a puzzle's id (pruned puzzles
// leave gaps).
func (s *Accounts) puzzleID(w http.ResponseWriter, r *http.Request) (*puzzles.Set, int, bool) {
	set, err := puzzleSet()
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return nil, 0, false
	}
	text := r.PathValue("id")
	id, err := strconv.Atoi(text)
	if len(text) > maxPuzzleID || err != nil {
		id = 0
	}
	if _, err := set.Get(id); err != nil {
		text = httpjson.Truncate(text, 20)
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusNotFound, httpjson.CodeNotFound, engine.Say("puzzles.no-puzzle", engine.TextArg("id", strconv.Quote(text)), engine.NumArg("last", set.LastID())),
			"no puzzle %q; the ids are listed by GET /api/puzzles/regicide (1 to %d, %d puzzles)", text, set.LastID(), len(set.Puzzles)))
		return nil, 0, false
	}
	return set, id, true
}

func (s *Accounts) handlePuzzle(w http.ResponseWriter, r *http.Request) {
	set, id, ok := s.puzzleID(w, r)
	if !ok {
		return
	}
	shown, _, err := set.Show(id)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	httpjson.Write(w, http.StatusOK, shown)
}

func (s *Accounts) handlePuzzleAnswer(w http.ResponseWriter, r *http.Request) {
	set, id, ok := s.puzzleID(w, r)
	if !ok {
		return
	}
	var body struct {
		Action string `json:"action"`
	}
	if err := httpjson.Read(w, r, &body); err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	out, err := set.Answer(id, body.Action)
	if err != nil {
		why, _ := engine.SaidOf(err)
		httpjson.Refuse(w, r, s.log, httpjson.Sayf(http.StatusBadRequest, "bad-request", engine.Say("puzzles.refused", engine.MsgArg("why", why)),
			"%s; send one of the puzzle's legal actions", httpjson.Truncate(err.Error(), 200)))
		return
	}
	resp, err := s.puzzleAnswered(w, r, set, out)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	if resp != nil {
		httpjson.Write(w, http.StatusOK, resp)
	}
}

// puzzleAnswered is what an answer out answers: with the puzzle's rating
// and, signed in, the rating of the player's answer (puzzlerating.go).
// It returns nil when it answered already (a refusal).
func (s *Accounts) puzzleAnswered(w http.ResponseWriter, r *http.Request, set *puzzles.Set, out *puzzles.Outcome) (*answerJSON, error) {
	resp := &answerJSON{Outcome: out}
	if s.acc == nil {
		return resp, nil
	}
	u, err := s.CurrentUser(r)
	if err != nil {
		return nil, err
	}
	if u == nil {
		cur, err := s.currentPuzzle(r.Context(), set, out.ID)
		resp.PuzzleRating = brief(ratings.Rating{R: cur.R, RD: cur.RD, Vol: cur.Vol})
		return resp, err
	}
	if !s.writes.Allow(w, r) {
		return nil, nil
	}
	rated, puzzle, err := s.ratePuzzle(r.Context(), u, set, out)
	resp.Rated, resp.PuzzleRating = rated, brief(puzzle)
	return resp, err
}
