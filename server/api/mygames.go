package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"cardtable/server/httpjson"
	"cardtable/server/room"
	"cardtable/server/secret"
	"cardtable/store"
	"cardtable/table"
)

// MaxMine bounds the seats one "my games" request may ask about.
const MaxMine = 50

// MineRequest is the body of POST /api/mine: the seat tokens a browser holds.
type MineRequest struct {
	Seats []struct {
		Table string `json:"table"`
		Token string `json:"token"`
	} `json:"seats"`
}

// MyGame is one table a token holds a seat at (docs/protocol.md, "My
// games").
type MyGame struct {
	Table
	// Seat is the token's seat; YourTurn whether it may act now; Deadline
	// when its running move runs out (a clocked table), LeftMS the time it
	// has left then.
	Seat     int        `json:"seat"`
	YourTurn bool       `json:"your_turn"`
	Deadline *time.Time `json:"deadline,omitempty"`
	LeftMS   *int64     `json:"left_ms,omitempty"`
	// Ended is when the game ended.
	Ended *time.Time `json:"ended,omitempty"`
	// TakenOver: a bot plays the seat now.
	TakenOver bool `json:"taken_over,omitempty"`
}

// handleMine answers which of the given seat tokens hold a seat, and
// where: each table's state for that seat (whose turn, the time left, the
// result). Tokens that hold no seat are listed in unknown, so the browser
// forgets them. It tells nothing a token's seat may not know.
func (s *API) handleMine(w http.ResponseWriter, r *http.Request) {
	if !s.writes.Allow(w, r) {
		return
	}
	var req MineRequest
	if err := httpjson.Read(w, r, &req); err != nil {
		s.apiError(w, r, err)
		return
	}
	if len(req.Seats) > MaxMine { // only programs: the page sends at most MaxMine
		s.apiError(w, r, httpjson.Errorf(http.StatusBadRequest, "bad-request", "seats: %d listed; at most %d", len(req.Seats), MaxMine))
		return
	}
	out := struct {
		Games   []MyGame `json:"games"`
		Unknown []string `json:"unknown"`
	}{Games: []MyGame{}, Unknown: []string{}}
	for _, st := range req.Seats {
		g, err := s.mine(r.Context(), st.Table, st.Token)
		switch {
		case errors.Is(err, store.ErrNotFound) || errors.Is(err, room.ErrForbidden):
			out.Unknown = append(out.Unknown, st.Table)
		case err != nil:
			s.apiError(w, r, err)
			return
		default:
			out.Games = append(out.Games, g)
		}
	}
	httpjson.Write(w, http.StatusOK, out)
}

// mine is table id as seen by the seat whose token is token.
func (s *API) mine(ctx context.Context, id, token string) (MyGame, error) {
	if id == "" || token == "" {
		return MyGame{}, room.ErrForbidden
	}
	hdr, err := s.store.Table(ctx, id)
	if err != nil {
		return MyGame{}, err
	}
	seat := -1
	hash := secret.Hash(token)
	for i, st := range hdr.Seats {
		if st.Token != "" && secret.Equal(st.Token, hash) {
			seat = i
		}
	}
	if seat < 0 {
		return MyGame{}, room.ErrForbidden
	}
	g := MyGame{Table: s.describe(hdr), Seat: seat, TakenOver: hdr.Seats[seat].Kind == table.KindBot}
	if hdr.Result != nil {
		ended := hdr.Finished
		g.Ended = &ended
		return g, nil
	}
	st, err := s.rooms.Status(ctx, hdr, seat)
	if err != nil {
		return MyGame{}, err
	}
	g.YourTurn, g.Deadline, g.LeftMS = st.YourTurn, st.Deadline, st.LeftMS
	return g, nil
}
