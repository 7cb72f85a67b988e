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
//
// A simultaneous window — several seats to move at once: a Slap War
// reveal, War's flips, Regicide's go-next signals — is sealed
// (window.go): each answer is taken (and recorded) when it comes, but
// nothing anyone else may see changes until the window closes — not the
// version, the views, the turns — and then every answer is shown at once,
// in seat order.
type Table struct {
	game  engine.Game
	state engine.State
	rec   *record.Record
	seats []SeatInfo
	// ending, when set, ended the game at the table before its rules did
	// (ending.go).
	ending *record.Ending
	// win is the open simultaneous window (nil: none); spare is a state
	// the table no longer needs, reused for the next action's copy.
	win   *window
	spare engine.State
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
// seating (names and who plays, one entry per seat). A record that stops
// inside a simultaneous window reopens it: the answers it holds stay
// sealed, and the seats that had not answered are asked again.
func Resume(g engine.Game, rec *record.Record, seats []SeatInfo) (*Table, error) {
	return ResumeFunc(g, rec, seats, nil)
}

// ResumeFunc is Resume calling each (when not nil) with the state after
// every number of actions as the replay goes (record.ReplayGameFunc), in
// the order the record holds them: a server rebuilding a table's clock
// learns whose turn it was when, from its stored actions. each must not
// keep or change the state.
func ResumeFunc(g engine.Game, rec *record.Record, seats []SeatInfo, each func(version int, s engine.State)) (*Table, error) {
	if _, _, err := record.ReplayGameFunc(g, rec, each); err != nil {
		return nil, err
	}
	start := *rec
	start.Actions, start.Result, start.Ending = nil, nil, nil
	s, _, err := record.ReplayGame(g, &start)
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
	copied := start
	copied.Actions = make([]record.Action, 0, len(rec.Actions))
	copied.Seats = recordSeats(seats)
	t := &Table{game: g, state: s, rec: &copied, seats: seats}
	for i, ra := range rec.Actions {
		a, err := t.state.ParseAction(ra.Seat, ra.Action)
		if err != nil {
			return nil, fmt.Errorf("record: actions[%d]: %w", i, err)
		}
		next, err := t.tryApply(ra.Seat, a)
		if err != nil {
			return nil, fmt.Errorf("record: actions[%d]: %w", i, err)
		}
		t.accept(ra.Seat, a, t.state.ActionString(a), engine.Msg{}, next, false)
	}
	if rec.Ending != nil {
		t.closeWindow()
		t.ending = rec.Ending
	}
	return t, nil
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

// Version counts the actions shown so far: every seat's turn and
// messages carry it, and an action names the version it was chosen at.
// Answers sealed in an open window are not counted until it closes.
func (t *Table) Version() int {
	if t.win != nil {
		return t.win.version
	}
	return len(t.rec.Actions)
}

// Accepted counts the actions taken so far, answers still sealed in an
// open window included: the next action's sequence number in a store.
func (t *Table) Accepted() int { return len(t.rec.Actions) }

// ToMove lists the seats that may act now (none once the game is over):
// in an open window, those that have not answered yet. It is for whoever
// drives the table; no seat may be shown it (it tells who has answered).
func (t *Table) ToMove() []int {
	if t.ending != nil {
		return nil
	}
	return t.state.ToMove(nil)
}

// MayAct reports whether seat may act now.
func (t *Table) MayAct(seat int) bool { return slices.Contains(t.ToMove(), seat) }

// Over reports whether the game has ended, by its rules or at the table.
func (t *Table) Over() bool { return t.ending != nil || t.state.Terminal() }

// State returns a copy of the whole state, hidden cards and sealed answers
// and all: for statistics over a finished game, and other in-process code
// that needs the truth. Never send it, or anything read from it, to a
// seat; a bot decides on StateFor.
func (t *Table) State() engine.State { return t.state.Clone() }

// StateFor returns a copy of the state seat decides on: the whole state,
// but in an open window without the other seats' sealed answers, so a bot
// (which reads only what its seat may know, engine.Bot) answers as blind to
// them as a person.
func (t *Table) StateFor(seat int) engine.State { return t.stateFor(seat).Clone() }

// stateFor is the state seat may see now (engine.Spectator: the public
// one); it must not be changed.
func (t *Table) stateFor(seat int) engine.State {
	if t.win != nil {
		return t.win.stateFor(seat, t.rec.Actions)
	}
	return t.state
}

// Result is the outcome so far: the game's, or the table's ending's.
func (t *Table) Result() engine.Result {
	if t.ending != nil {
		return t.ending.Result(t.state, t.names())
	}
	return t.state.Result()
}

// View is what seat (or engine.Spectator) sees now.
func (t *Table) View(seat int) engine.View { return t.stateFor(seat).View(seat) }

// Legal lists seat's legal actions in the game's notation.
func (t *Table) Legal(seat int) []string { return legalText(t.state, seat) }

func legalText(st engine.State, seat int) []string {
	acts := st.Legal(seat, nil)
	out := make([]string, len(acts))
	for i, a := range acts {
		out[i] = st.ActionString(a)
	}
	return out
}

// Record returns a copy of the game's record so far, with the result once
// the game is over: what `cardtable replay` reads. It holds the answers
// sealed in an open window (in the order they came): never send it to a
// seat while the game is on.
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
		Game: t.game.Name(), Options: t.state.Options().Map(), Seats: t.Seats(), View: t.View(seat)}
}

// Turn is the message asking seat to act: its view and legal actions.
func (t *Table) Turn(seat int) Message {
	return Message{Type: TypeTurn, Seat: seat, Version: t.Version(), View: t.View(seat), Legal: t.Legal(seat)}
}

// End is the message telling seat the game is over.
func (t *Table) End(seat int) Message {
	res := t.Result()
	return Message{Type: TypeEnd, Seat: seat, Version: t.Version(), View: t.state.View(seat), Result: &res}
}

// Hint says what seat's action text would do (the game's forecast), for
// games that give one, changing nothing.
func (t *Table) Hint(seat int, text string) (engine.Msg, error) {
	if _, err := t.check(seat, text); err != nil {
		return engine.Msg{}, err
	}
	return hintOn(t.game, t.stateFor(seat), seat, text)
}

// hintOn is the forecast of seat's action text on st, which seat may see.
func hintOn(g engine.Game, st engine.State, seat int, text string) (engine.Msg, error) {
	h, ok := st.(engine.Hinter)
	if !ok {
		return engine.Msg{}, Errorf(CodeIllegal, "%s gives no forecasts", g.Title())
	}
	a, err := checkOn(st, seat, text)
	if err != nil {
		return engine.Msg{}, err
	}
	hint, err := h.Hint(seat, a)
	if err != nil {
		return engine.Msg{}, refusal(err)
	}
	return hint, nil
}

// check parses text as seat's action and makes sure seat may act now.
func (t *Table) check(seat int, text string) (engine.Action, error) {
	if t.Over() {
		return 0, refusal(engine.ErrGameOver)
	}
	if t.win != nil {
		// In an open window seat is answered from its own position (the
		// opening with its own answers): a refusal's sentence ("to move:
		// seats 2, 3") must not tell who else has answered. Its answer,
		// found legal there, is legal on the whole state too (window.go).
		if _, err := checkOn(t.stateFor(seat), seat, text); err != nil {
			return 0, err
		}
	}
	return checkOn(t.state, seat, text)
}

func checkOn(st engine.State, seat int, text string) (engine.Action, error) {
	if st.Terminal() {
		return 0, refusal(engine.ErrGameOver)
	}
	if err := engine.CheckSeat(seat, st.ToMove(nil)); err != nil {
		return 0, refusal(err)
	}
	a, err := st.ParseAction(seat, text)
	if err != nil {
		return 0, refusal(err)
	}
	return a, nil
}

// Play applies seat's action text, computed against version. A stale
// version, a seat that may not act, bad notation or an illegal action is
// refused with an *Error and changes nothing.
func (t *Table) Play(seat int, text string, version int) (*Applied, error) {
	return t.PlayStored(seat, text, version, nil)
}

// PlayStored is Play with a commit: once the action is found legal, and
// before it changes the table, commit is given it and the sequence number
// it takes (Accepted); an error from commit (a store that could not keep
// it) refuses the action and changes nothing. So an action is stored
// before anyone hears of it, its actor included.
func (t *Table) PlayStored(seat int, text string, version int, commit func(seq int, a record.Action) error) (*Applied, error) {
	if version != t.Version() {
		return nil, Errorf(CodeStale, "stale: the action was chosen at version %d, the table is at version %d; choose again from the latest turn", version, t.Version())
	}
	a, err := t.check(seat, text)
	if err != nil {
		return nil, err
	}
	var hint engine.Msg
	if h, ok := t.stateFor(seat).(engine.Hinter); ok {
		hint, _ = h.Hint(seat, a)
	}
	notation := t.state.ActionString(a)
	next, err := t.tryApply(seat, a)
	if err != nil {
		return nil, refusal(err)
	}
	if commit != nil {
		if err := commit(len(t.rec.Actions), record.Action{Seat: seat, Action: notation}); err != nil {
			t.spare = next
			return nil, err
		}
	}
	sealed, steps := t.accept(seat, a, notation, hint, next, true)
	ap := &Applied{Seat: seat, Action: notation, Hint: hint, Sealed: sealed}
	if sealed {
		own := t.stateFor(seat)
		ap.ack = Message{Type: TypeSealed, Seat: seat, Version: t.Version(), Actor: &seat,
			Action: engine.TellAction(own, seat, seat, a), View: own.View(seat)}
		ap.ack.SetHint(hint)
		return ap, nil
	}
	first := t.Version() - len(steps)
	for i, st := range steps {
		sh := &Shown{Seat: st.seat, Action: st.notation, Hint: st.hint, self: st.self, seats: make([]Message, len(t.seats))}
		for viewer := range t.seats {
			sh.seats[viewer] = event(st, viewer, first+i+1)
		}
		sh.spectator = event(st, engine.Spectator, first+i+1)
		ap.Shown = append(ap.Shown, sh)
	}
	return ap, nil
}

// tryApply returns a copy of the state with seat's action a applied, or
// the engine's refusal (the table unchanged).
func (t *Table) tryApply(seat int, a engine.Action) (engine.State, error) {
	next := engine.CloneInto(t.state, t.spare)
	t.spare = nil
	if err := next.Apply(seat, a); err != nil {
		t.spare = next
		return nil, err
	}
	return next, nil
}

// Applied is what one accepted action did: an action shown to every seat
// at once, or an answer sealed in its window, or the last answer of a
// window with every answer of it shown.
type Applied struct {
	Seat   int
	Action string
	// Hint is the forecast of the action, for its actor (games with
	// forecasts).
	Hint engine.Msg
	// Sealed reports an answer taken in a window that is still open:
	// only its actor hears of it (a TypeSealed message).
	Sealed bool
	// Shown are the actions this one made public, in order: itself; or,
	// when it closed a window, every answer of the window in seat order.
	// Empty when Sealed.
	Shown []*Shown
	ack   Message
}

// Shown is one action made public and each seat's event about it.
type Shown struct {
	Seat   int
	Action string
	Hint   engine.Msg
	// self marks the action of the Play that showed it.
	self bool
	// seats[i] is seat i's event; spectator the public one.
	seats     []Message
	spectator Message
}

// For returns viewer's event about the action (engine.Spectator: the
// public one).
func (sh *Shown) For(viewer int) Message {
	if viewer == engine.Spectator {
		return sh.spectator
	}
	return sh.seats[viewer]
}

// For returns viewer's messages about the action, in order (engine.Spectator:
// the public ones): the events of the actions shown, or the actor's
// TypeSealed for a sealed answer (others get none). id, the command's
// correlation id, goes on the actor's message about its own action.
func (ap *Applied) For(viewer int, id string) []Message {
	if ap.Sealed {
		if viewer != ap.Seat {
			return nil
		}
		m := ap.ack
		m.ID = id
		return []Message{m}
	}
	out := make([]Message, len(ap.Shown))
	for i, sh := range ap.Shown {
		out[i] = sh.For(viewer)
		if sh.self && viewer == ap.Seat {
			out[i].ID = id
		}
	}
	return out
}

// event is viewer's message about step, which brought the table to
// version.
func event(st step, viewer, version int) Message {
	actor := st.seat
	m := Message{Type: TypeEvent, Seat: viewer, Version: version, Actor: &actor,
		Action: engine.TellAction(st.after, viewer, actor, st.act), View: st.after.View(viewer)}
	if viewer == actor {
		m.SetHint(st.hint)
	}
	return m
}
