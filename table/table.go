// Package table seats players at one game: it owns the game's state and
// record, accepts each seat's actions (checked against the state version
// they were computed for), and writes to every seat only the messages that
// seat may see — its own view, its legal actions, each action as it may
// know it. The terminal player, the agent protocol and the server all sit
// players at a Table; Runner drives one with a Player per seat (a person, a
// bot or an outside program).
package table

import (
	"fmt"
	"slices"

	"cardtable/engine"
	"cardtable/record"
)

// Table is one game in progress with its record. It is not safe for
// concurrent use: one goroutine (a runner, a terminal model, a server
// room) owns it.
type Table struct {
	game  engine.Game
	state engine.State
	rec   *record.Record
	seats []SeatInfo
	// ending, when set, ended the game at the table before its rules did
	// (ending.go).
	ending *record.Ending
}

// New starts a game of g with opts from setup, seated as seats (one entry
// per seat, or nil for unnamed seats).
func New(g engine.Game, opts engine.Options, setup engine.Setup, seats []SeatInfo) (*Table, error) {
	s, err := g.New(opts, setup)
	if err != nil {
		return nil, err
	}
	seats, err = seatList(seats, s.NumSeats())
	if err != nil {
		return nil, err
	}
	return &Table{game: g, state: s, rec: record.FromGame(g, opts, setup, recordSeats(seats)), seats: seats}, nil
}

// Resume rebuilds the table of rec by replaying its actions, so play goes
// on from its last position; seats, when not nil, replaces the record's
// seating (names and who plays, one entry per seat).
func Resume(g engine.Game, rec *record.Record, seats []SeatInfo) (*Table, error) {
	return ResumeFunc(g, rec, seats, nil)
}

// ResumeFunc is Resume calling each (when not nil) with the state after
// every number of actions as the replay goes (record.ReplayGameFunc): a
// server rebuilding a table's clock learns whose turn it was when, from
// the one replay. each must not keep or change the state.
func ResumeFunc(g engine.Game, rec *record.Record, seats []SeatInfo, each func(version int, s engine.State)) (*Table, error) {
	s, _, err := record.ReplayGameFunc(g, rec, each)
	if err != nil {
		return nil, err
	}
	if seats == nil {
		for _, rs := range rec.Seats {
			info := SeatInfo{Name: rs.Name, Kind: KindHuman}
			if rs.Bot != "" {
				info.Kind, info.Bot = KindBot, rs.Bot
			}
			seats = append(seats, info)
		}
	}
	seats, err = seatList(seats, s.NumSeats())
	if err != nil {
		return nil, err
	}
	copied := *rec
	copied.Actions = slices.Clone(rec.Actions)
	copied.Seats = recordSeats(seats)
	copied.Result = nil
	copied.Ending = nil
	return &Table{game: g, state: s, rec: &copied, seats: seats, ending: rec.Ending}, nil
}

func seatList(seats []SeatInfo, n int) ([]SeatInfo, error) {
	if seats == nil {
		seats = make([]SeatInfo, n)
		for i := range seats {
			seats[i] = SeatInfo{Name: SeatName(i), Kind: KindHuman}
		}
	}
	if len(seats) != n {
		return nil, fmt.Errorf("table: %d seats named for a %d-seat game", len(seats), n)
	}
	return slices.Clone(seats), nil
}

func recordSeats(seats []SeatInfo) []record.Seat {
	out := make([]record.Seat, len(seats))
	for i, s := range seats {
		out[i] = record.Seat{Name: s.Name, Bot: s.Bot}
		if s.Kind == KindProgram && s.Bot == "" {
			out[i].Bot = "program"
		}
	}
	return out
}

// SeatName is how people read seat i (counted from 0) when it has no
// player's name: "seat 1" for seat 0. Programs read the index.
func SeatName(i int) string { return fmt.Sprintf("seat %d", i+1) }

// Game returns the table's game.
func (t *Table) Game() engine.Game { return t.game }

// Seats returns who sits where.
func (t *Table) Seats() []SeatInfo { return slices.Clone(t.seats) }

// NumSeats is the number of seats.
func (t *Table) NumSeats() int { return len(t.seats) }

// Version counts the actions applied so far.
func (t *Table) Version() int { return len(t.rec.Actions) }

// ToMove lists the seats that may act now (none once the game is over).
func (t *Table) ToMove() []int {
	if t.ending != nil {
		return nil
	}
	return t.state.ToMove(nil)
}

// Over reports whether the game has ended, by its rules or at the table.
func (t *Table) Over() bool { return t.ending != nil || t.state.Terminal() }

// State returns a copy of the whole state, hidden cards and all: for a bot
// deciding off the goroutine that owns the table (bots read only what their
// seat may know, engine.Bot), statistics over a finished game, and other
// in-process code that needs the truth. Never send it, or anything read
// from it, to a seat.
func (t *Table) State() engine.State { return t.state.Clone() }

// Result is the outcome so far: the game's, or the table's ending's.
func (t *Table) Result() engine.Result {
	if t.ending != nil {
		return t.ending.Result(t.state, t.names())
	}
	return t.state.Result()
}

// View is what seat (or engine.Spectator) sees now.
func (t *Table) View(seat int) engine.View { return t.state.View(seat) }

// Legal lists seat's legal actions in the game's notation.
func (t *Table) Legal(seat int) []string {
	acts := t.state.Legal(seat, nil)
	out := make([]string, len(acts))
	for i, a := range acts {
		out[i] = t.state.ActionString(a)
	}
	return out
}

// Record returns a copy of the game's record so far, with the result once
// the game is over: what `cardtable replay` reads.
func (t *Table) Record() *record.Record {
	r := *t.rec
	r.Actions = slices.Clone(t.rec.Actions)
	r.Seats = slices.Clone(t.rec.Seats)
	if t.ending != nil {
		e := *t.ending
		r.Ending = &e
	}
	r.Finish(t.state)
	return &r
}

// Hello is the message that seats seat (or a spectator) at the table.
func (t *Table) Hello(seat int) Message {
	return Message{Type: TypeHello, Protocol: Protocol, Seat: seat, Version: t.Version(),
		Game: t.game.Name(), Options: t.state.Options().Map(), Seats: t.Seats(), View: t.state.View(seat)}
}

// Turn is the message asking seat to act: its view and legal actions.
func (t *Table) Turn(seat int) Message {
	return Message{Type: TypeTurn, Seat: seat, Version: t.Version(), View: t.state.View(seat), Legal: t.Legal(seat)}
}

// End is the message telling seat the game is over.
func (t *Table) End(seat int) Message {
	res := t.Result()
	return Message{Type: TypeEnd, Seat: seat, Version: t.Version(), View: t.state.View(seat), Result: &res}
}

// Hint says what seat's action text would do (the game's forecast), for
// games that give one, changing nothing.
func (t *Table) Hint(seat int, text string) (string, error) {
	h, ok := t.state.(engine.Hinter)
	if !ok {
		return "", Errorf(CodeIllegal, "%s gives no forecasts", t.game.Title())
	}
	a, err := t.check(seat, text)
	if err != nil {
		return "", err
	}
	hint, err := h.Hint(seat, a)
	if err != nil {
		return "", refusal(err)
	}
	return hint, nil
}

// check parses text as seat's action and makes sure it is legal now.
func (t *Table) check(seat int, text string) (engine.Action, error) {
	if t.Over() {
		return 0, refusal(engine.ErrGameOver)
	}
	if err := engine.CheckSeat(seat, t.state.ToMove(nil)); err != nil {
		return 0, refusal(err)
	}
	a, err := t.state.ParseAction(seat, text)
	if err != nil {
		return 0, refusal(err)
	}
	return a, nil
}

// Applied is one accepted action and the message each seat gets about it,
// taken right after it was applied.
type Applied struct {
	Seat   int
	Action string
	// Hint is the forecast of the action, for its actor (games with
	// forecasts).
	Hint string
	// seats[i] is seat i's event; spectator the public one.
	seats     []Message
	spectator Message
}

// For returns viewer's message about the action (engine.Spectator: the
// public one).
func (ap *Applied) For(viewer int) Message {
	if viewer == engine.Spectator {
		return ap.spectator
	}
	return ap.seats[viewer]
}

// Play applies seat's action text, computed against version. A stale
// version, a seat that may not act, bad notation or an illegal action is
// refused with an *Error and changes nothing.
func (t *Table) Play(seat int, text string, version int) (*Applied, error) {
	if version != t.Version() {
		return nil, Errorf(CodeStale, "stale: the action was chosen at version %d, the table is at version %d; choose again from the latest turn", version, t.Version())
	}
	a, err := t.check(seat, text)
	if err != nil {
		return nil, err
	}
	var hint string
	if h, ok := t.state.(engine.Hinter); ok {
		hint, _ = h.Hint(seat, a)
	}
	notation := t.state.ActionString(a)
	if err := t.state.Apply(seat, a); err != nil {
		return nil, refusal(err)
	}
	t.rec.Actions = append(t.rec.Actions, record.Action{Seat: seat, Action: notation})
	ap := &Applied{Seat: seat, Action: notation, Hint: hint, seats: make([]Message, len(t.seats))}
	for viewer := range t.seats {
		ap.seats[viewer] = t.event(viewer, seat, a, hint)
	}
	ap.spectator = t.event(engine.Spectator, seat, a, "")
	return ap, nil
}

func (t *Table) event(viewer, actor int, a engine.Action, hint string) Message {
	m := Message{Type: TypeEvent, Seat: viewer, Version: t.Version(), Actor: &actor,
		Action: engine.TellAction(t.state, viewer, actor, a), View: t.state.View(viewer)}
	if viewer == actor {
		m.Hint = hint
	}
	return m
}
