package account

import (
	"fmt"
	"net/http"
	"time"

	"cardtable/engine"
	"cardtable/puzzles"
	"cardtable/record"
	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/store"
)

// Export is everything the server keeps about an account
// (GET /api/account/export): the account, its passkeys and sessions (no
// secrets: passkeys' public parts, sessions' times), its games with their
// records once finished, its ratings with their histories, and its daily
// attempts. Other players' secrets (seat tokens, invites) are never in it.
type Export struct {
	Exported time.Time            `json:"exported"`
	Account  exportAccount        `json:"account"`
	Passkeys []exportPasskey      `json:"passkeys"`
	Sessions []exportSession      `json:"sessions"`
	Games    []exportGame         `json:"games"`
	Ratings  []Rating             `json:"ratings"`
	Daily    []store.DailyAttempt `json:"daily"`
	// Puzzles are the account's counted puzzle answers, oldest first.
	Puzzles []exportPuzzle `json:"puzzles"`
}

// exportPuzzle is one counted puzzle answer.
type exportPuzzle struct {
	Set     string    `json:"set"`
	Puzzle  int       `json:"puzzle"`
	At      time.Time `json:"at"`
	Action  string    `json:"action"`
	Correct bool      `json:"correct"`
	// Rating and RD are the account's puzzle rating after the answer;
	// PuzzleRating the puzzle's it was rated against.
	Rating       float64 `json:"rating"`
	RD           float64 `json:"rd"`
	PuzzleRating float64 `json:"puzzle_rating"`
}

type exportAccount struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Created     time.Time `json:"created"`
	HasPassword bool      `json:"has_password"`
}

type exportPasskey struct {
	ID       string    `json:"id"`
	Created  time.Time `json:"created"`
	LastUsed time.Time `json:"last_used"`
}

type exportSession struct {
	Created time.Time `json:"created"`
	Seen    time.Time `json:"seen"`
	Expires time.Time `json:"expires"`
	Agent   string    `json:"agent"`
}

type exportGame struct {
	ID       string            `json:"id"`
	Game     string            `json:"game"`
	Options  map[string]string `json:"options"`
	Seat     int               `json:"seat"`
	Seats    []string          `json:"seats"`
	Created  time.Time         `json:"created"`
	Finished *time.Time        `json:"finished,omitempty"`
	Result   *engine.Result    `json:"result,omitempty"`
	Rated    bool              `json:"rated,omitempty"`
	Daily    string            `json:"daily,omitempty"`
	// Record is the game's record (docs/records.md) once it is finished
	// (and, for a daily deal, its day is over).
	Record *record.Record `json:"record,omitempty"`
}

// maxExportGames bounds the games an export lists.
const maxExportGames = 10000

func (s *Accounts) handleExport(w http.ResponseWriter, r *http.Request, u *store.User) {
	out, err := s.export(r, u)
	if err != nil {
		httpjson.Refuse(w, r, s.log, err)
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=cardtable-%s.json", u.Name))
	httpjson.Write(w, http.StatusOK, out)
}

func (s *Accounts) export(r *http.Request, u *store.User) (*Export, error) {
	ctx, st := r.Context(), s.acc.st
	out := &Export{Exported: s.accNow().UTC(), Account: exportAccount{ID: u.ID, Name: u.Name, Created: u.Created, HasPassword: u.Password != ""},
		Passkeys: []exportPasskey{}, Sessions: []exportSession{}, Games: []exportGame{}}
	ps, err := st.Passkeys(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		out.Passkeys = append(out.Passkeys, exportPasskey{ID: p.ID, Created: p.Created, LastUsed: p.LastUsed})
	}
	ss, err := st.Sessions(ctx, u.ID, s.accNow())
	if err != nil {
		return nil, err
	}
	for _, se := range ss {
		out.Sessions = append(out.Sessions, exportSession{Created: se.Created, Seen: se.Seen, Expires: se.Expires, Agent: se.Agent})
	}
	if out.Games, err = s.exportGames(r, u.ID); err != nil {
		return nil, err
	}
	if out.Ratings, err = s.userRatings(r, u.ID); err != nil {
		return nil, err
	}
	if out.Daily, err = st.UserDaily(ctx, u.ID, 100000); err != nil {
		return nil, err
	}
	as, err := st.PuzzleAnswers(ctx, u.ID, puzzles.SetName, 0)
	if err != nil {
		return nil, err
	}
	out.Puzzles = []exportPuzzle{}
	for _, a := range as {
		out.Puzzles = append(out.Puzzles, exportPuzzle{Set: a.Set, Puzzle: a.Puzzle, At: a.At, Action: a.Action, Correct: a.Correct, Rating: a.R, RD: a.RD, PuzzleRating: a.PuzzleR})
	}
	return out, nil
}

// exportGames lists every game of user, newest first, a page at a time.
func (s *Accounts) exportGames(r *http.Request, user string) ([]exportGame, error) {
	out := []exportGame{}
	before := time.Time{}
	for len(out) < maxExportGames {
		page, err := s.acc.st.UserTables(r.Context(), user, before, 200)
		if err != nil {
			return nil, err
		}
		for _, ut := range page {
			g, err := s.exportGame(r, ut)
			if err != nil {
				return nil, err
			}
			out = append(out, g)
		}
		if len(page) < 200 {
			break
		}
		before = page[len(page)-1].Table.Created
	}
	return out, nil
}

func (s *Accounts) exportGame(r *http.Request, ut store.UserTable) (exportGame, error) {
	t := ut.Table
	g := exportGame{ID: t.ID, Game: t.Game, Options: t.Options, Seat: ut.Seat, Seats: []string{}, Created: t.Created, Result: t.Result, Rated: t.Rated, Daily: t.Daily}
	for _, st := range room.SeatInfos(t.Seats) {
		g.Seats = append(g.Seats, st.Name)
	}
	if t.Result == nil || !s.mayReplay(t) {
		return g, nil
	}
	fin := t.Finished
	g.Finished = &fin
	acts, err := s.store.Actions(r.Context(), t.ID)
	if err != nil {
		return g, err
	}
	evs, err := s.store.Events(r.Context(), t.ID)
	if err != nil {
		return g, err
	}
	g.Record, err = room.ShownRecord(s.games[t.Game], t, room.StoredRecord(t, acts, evs))
	return g, err
}
