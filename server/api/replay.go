package api

import (
	"fmt"
	"net/http"
	"strconv"

	"cardtable/engine"
	"cardtable/record"
	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/store"
)

func (s *API) handleRecord(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	_, rec, _, err := s.rooms.FinishedRecord(r.Context(), id)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=cardtable-%s.json", id))
	rec.Write(w)
}

// Replay is a finished game for the replay page.
type Replay struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Options map[string]string `json:"options"`
	Seats   []seatJSON        `json:"seats"`
	Result  *engine.Result    `json:"result"`
	Steps   int               `json:"steps"`
	Actions []record.Action   `json:"actions"`
	// Events are the table's events in order (chat of both channels, the
	// clock's timeouts, seats handed to bots, offers, the ending): each at
	// the step it came after.
	Events []room.ReplayEvent `json:"events"`
}

func (s *API) handleReplay(w http.ResponseWriter, r *http.Request) {
	hdr, rec, evs, err := s.rooms.FinishedRecord(r.Context(), r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	d := s.describe(hdr)
	httpjson.Write(w, http.StatusOK, Replay{ID: hdr.ID, Game: hdr.Game, Title: d.Title, Options: hdr.Options,
		Seats: d.Seats, Result: hdr.Result, Steps: len(rec.Actions), Actions: rec.Actions, Events: room.ReplayEvents(hdr, evs)})
}

// Step is one position of a finished game with every seat's view.
type Step struct {
	Step      int           `json:"step"`
	Actor     *int          `json:"actor,omitempty"`
	Action    string        `json:"action,omitempty"`
	Views     []engine.View `json:"views"`
	Spectator engine.View   `json:"spectator"`
}

func (s *API) handleReplayStep(w http.ResponseWriter, r *http.Request) {
	hdr, rec, _, err := s.rooms.FinishedRecord(r.Context(), r.PathValue("id"))
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	step, err := strconv.Atoi(r.PathValue("step"))
	if err != nil || step < 0 || step > len(rec.Actions) {
		text := httpjson.Truncate(r.PathValue("step"), 20)
		s.apiError(w, r, httpjson.Sayf(http.StatusNotFound, "not-found", engine.Say("api.no-step", engine.TextArg("step", strconv.Quote(text)), engine.NumArg("last", len(rec.Actions))),
			"step %q: this game has steps 0 to %d", text, len(rec.Actions)))
		return
	}
	st, err := s.position(hdr, rec, step)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	out := Step{Step: step, Spectator: st.View(engine.Spectator)}
	if step > 0 {
		a := rec.Actions[step-1]
		out.Actor, out.Action = &a.Seat, a.Action
	}
	for seat := range st.NumSeats() {
		out.Views = append(out.Views, st.View(seat))
	}
	httpjson.Write(w, http.StatusOK, out)
}

// position replays rec's first step actions.
func (s *API) position(hdr store.Table, rec *record.Record, step int) (engine.State, error) {
	g := s.games[hdr.Game]
	part := *rec
	part.Actions = rec.Actions[:step]
	part.Result = nil
	st, _, err := record.ReplayGame(g, &part)
	return st, err
}
