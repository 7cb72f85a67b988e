package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"cardtable/engine"
	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/server/usertext"
	"cardtable/store"
	"cardtable/tutorial"
)

// lessonJSON is a lesson as GET /api/learn lists it.
type lessonJSON struct {
	Name  string     `json:"name"`
	Game  string     `json:"game"`
	Title engine.Msg `json:"title"`
	Steps int        `json:"steps"`
}

// handleLessons lists the lessons (GET /api/learn), in the order they are
// taught.
func (s *API) handleLessons(w http.ResponseWriter, r *http.Request) {
	out := []lessonJSON{}
	for _, l := range tutorial.All() {
		out = append(out, lessonJSON{Name: l.Name, Game: l.Game, Title: engine.Say(l.Title), Steps: len(l.Steps)})
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"lessons": out})
}

// learnReq is the body of POST /api/learn/{lesson}.
type learnReq struct {
	// Name is the learner's display name ("" for "seat N").
	Name string `json:"name"`
}

// handleLearn starts a lesson (POST /api/learn/{lesson}): a private table
// of the lesson's game with its options and stacked deal, the learner at
// their seat (the token is in the answer, as for a created table) and the
// Tutor at every other. It is a lobby write, limited as table creation.
func (s *API) handleLearn(w http.ResponseWriter, r *http.Request) {
	if !s.writes.Allow(w, r) {
		return
	}
	var req learnReq
	err := httpjson.Read(w, r, &req)
	if err == nil {
		req.Name, err = usertext.Name(req.Name)
	}
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	l, err := tutorial.Lookup(r.PathValue("lesson"))
	if err != nil {
		s.apiError(w, r, httpjson.Sayf(http.StatusNotFound, "not-found", engine.Say("api.no-lesson", engine.TextArg("lesson", strconv.Quote(httpjson.Truncate(r.PathValue("lesson"), 40))), engine.TextArg("lessons", strings.Join(tutorial.Names(), ", "))), "%v", err))
		return
	}
	resp, err := s.learn(r.Context(), l, req.Name)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	httpjson.Write(w, http.StatusCreated, resp)
}

// learn stores a new lesson table (never listed: every seat's invite is
// sealed private) and starts its room.
func (s *API) learn(ctx context.Context, l *tutorial.Script, name string) (*Created, error) {
	g := l.GameOf()
	opts := l.Resolved()
	hdr := store.Table{ID: secret.TableID(), Game: g.Name(), Options: opts.Map(), Seed: l.Seed, Created: time.Now(),
		Settings: map[string]string{room.LessonKey: l.Name}}
	resp := &Created{ID: hdr.ID, CreatorToken: secret.Token(), Invites: []inviteJSON{}, SpectatorURL: "/t/" + hdr.ID}
	hdr.Creator = secret.Hash(resp.CreatorToken)
	t, err := l.NewTable(name)
	if err != nil {
		return nil, err
	}
	for i, info := range t.Seats() {
		seat := store.Seat{Name: info.Name, Kind: info.Kind, Bot: info.Bot, Invite: room.SealInvite(secret.Invite(), false, false)}
		if i == l.Learner {
			resp.Seat, resp.Token = &i, secret.Token()
			seat.Token = secret.Hash(resp.Token)
		}
		hdr.Seats = append(hdr.Seats, seat)
	}
	if err := s.store.CreateTable(ctx, hdr); err != nil {
		return nil, err
	}
	if err := s.rooms.Open(ctx, hdr, g, t); err != nil {
		return nil, err
	}
	s.metrics.Tables.Inc()
	s.log.Info("lesson started", "table", hdr.ID, "lesson", l.Name)
	return resp, nil
}
