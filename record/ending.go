package record

import (
	"fmt"

	"cardtable/engine"
)

// Ways a table ends a game before its rules do (Ending.By). They are the
// result's End too, so a reader tells them from the game's own ends.
const (
	// EndResigned: Seat resigned; every other seat wins.
	EndResigned = "resigned"
	// EndTimeout: Seat's time ran out and the table's setting made it
	// lose; every other seat wins.
	EndTimeout = "timeout"
	// EndAborted: the game was called off before it got going (Seat asked
	// for it); nobody wins or loses, and it is not rated.
	EndAborted = "aborted"
	// EndAgreedDraw: the players agreed a draw; everyone's return is 0.
	EndAgreedDraw = "agreed-draw"
	// EndAbandoned: Seat's person left the game (away past the server's
	// grace) and the other seat claimed the win; every other seat wins.
	EndAbandoned = "abandoned"
)

// Ending is how a game was ended by its table rather than by its rules:
// a resignation, a loss on time, an abort or an agreed draw. The record's
// actions stop where it happened; the result follows from it (Result).
type Ending struct {
	// By is resigned, timeout, aborted, agreed-draw or abandoned.
	By string `json:"by"`
	// Seat is the seat that resigned, ran out of time, aborted or
	// abandoned the game (from 0); absent for an agreed draw.
	Seat *int `json:"seat,omitempty"`
}

// check says what is wrong with e for a game of n seats whose utility is u.
func (e Ending) check(n int, u engine.Utility) error {
	switch e.By {
	case EndResigned, EndTimeout, EndAbandoned:
		if u == engine.Identical {
			return invalid(engine.ErrCorrupt, "record: ending: %q in a co-operative game; nobody wins alone there", e.By)
		}
	case EndAborted:
	case EndAgreedDraw:
		if e.Seat != nil {
			return invalid(engine.ErrCorrupt, "record: ending: an agreed draw names no seat")
		}
		return nil
	default:
		return invalid(engine.ErrCorrupt, "record: ending: by %q; a table ends a game by %q, %q, %q, %q or %q", e.By, EndResigned, EndTimeout, EndAborted, EndAgreedDraw, EndAbandoned)
	}
	if e.Seat == nil {
		return invalid(engine.ErrCorrupt, "record: ending: %q names no seat; give the seat (from 0)", e.By)
	}
	if *e.Seat < 0 || *e.Seat >= n {
		return invalid(engine.ErrCorrupt, "record: ending: seat %d does not exist (seats are 0 to %d)", *e.Seat, n-1)
	}
	return nil
}

// Result is the result of a game ended by e at state s (not terminal);
// names names the seats (nil or short: "seat N").
func (e Ending) Result(s engine.State, names []string) engine.Result {
	n := s.NumSeats()
	res := engine.Result{Over: true, End: e.By, Winners: []int{}, Returns: engine.Draw(n), Length: s.Result().Length}
	name := func(i int) string {
		if i < len(names) && names[i] != "" {
			return names[i]
		}
		return fmt.Sprintf("seat %d", i+1)
	}
	switch e.By {
	case EndResigned, EndTimeout, EndAbandoned:
		for i := range n {
			if i != *e.Seat {
				res.Winners = append(res.Winners, i)
			}
		}
		res.Returns = engine.WinReturns(n, res.Winners)
		res.Detail = name(*e.Seat) + " resigned"
		res.DetailI18n = engine.Say("table.end.resigned", engine.SeatArg("seat", *e.Seat))
		switch e.By {
		case EndTimeout:
			res.Detail = name(*e.Seat) + "'s time ran out"
			res.DetailI18n = engine.Say("table.end.timeout", engine.SeatArg("seat", *e.Seat))
		case EndAbandoned:
			res.Detail = name(*e.Seat) + " left the game"
			res.DetailI18n = engine.Say("table.end.abandoned", engine.SeatArg("seat", *e.Seat))
		}
	case EndAborted:
		res.Detail = "aborted by " + name(*e.Seat) + " before the game got going"
		res.DetailI18n = engine.Say("table.end.aborted", engine.SeatArg("seat", *e.Seat))
	case EndAgreedDraw:
		res.Detail = "drawn by agreement"
		res.DetailI18n = engine.Say("table.end.agreed-draw")
	}
	return res
}

// FinalResult is the result of r replayed to s: the game's, or the one its
// Ending gives.
func (r *Record) FinalResult(s engine.State) engine.Result {
	if res := s.Result(); res.Over || r.Ending == nil {
		return res
	}
	return r.Ending.Result(s, r.seatNames())
}

// CheckEnding says what is wrong with r's ending for a game of n seats
// whose utility is u (nil: nothing, or no ending).
func (r *Record) CheckEnding(n int, u engine.Utility) error {
	if r.Ending == nil {
		return nil
	}
	return r.Ending.check(n, u)
}

// seatNames lists the record's seat names (nil without seats).
func (r *Record) seatNames() []string {
	var out []string
	for _, s := range r.Seats {
		out = append(out, s.Name)
	}
	return out
}
