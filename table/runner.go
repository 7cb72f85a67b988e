package table

import (
	"context"
	"errors"
	"fmt"

	"cardtable/engine"
)

// MaxRefusals is how many refused moves in a row a runner takes from one
// seat before it ends the game: a player that keeps sending what the game
// refuses is broken.
const MaxRefusals = 20

// Runner plays a table to its end with one Player per seat: it sends each
// seat hello, its turns, every event as that seat may see it, the errors of
// its own refused moves, and the end.
type Runner struct {
	Table   *Table
	Players []Player
	// Watchers are told what a spectator sees: hello, every event, the end
	// (a live transcript, a room's audience). A watcher that fails to take
	// a message is dropped, not the game.
	Watchers []Player
	// Settings, when clocked, time every seat that is not a bot (a person,
	// a program) by Time (nil: the machine's), its turn carrying its clock
	// (runnerclock.go); Seed seeds the bot that takes a timed-out seat.
	Settings Settings
	Time     Time
	Seed     uint64
	clock    *Clock
	answered map[int]bool
}

// SeatError says which seat's player stopped the game, and why.
type SeatError struct {
	Seat int
	Err  error
}

func (e *SeatError) Error() string {
	return fmt.Sprintf("%s: %v", SeatName(e.Seat), e.Err)
}

func (e *SeatError) Unwrap() error { return e.Err }

// Run plays until the game is over, ctx ends, or a player fails (a
// *SeatError). The table keeps every action applied, so its record can be
// saved and resumed whatever happened.
func (r *Runner) Run(ctx context.Context) error {
	t := r.Table
	if len(r.Players) != t.NumSeats() {
		return fmt.Errorf("table: %d players for %d seats", len(r.Players), t.NumSeats())
	}
	if err := r.tellAll(t.Hello); err != nil {
		return err
	}
	for !t.Over() {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := r.window(ctx, t.ToMove()); err != nil {
			return err
		}
	}
	return r.tellAll(t.End)
}

// window asks every seat to move against the same version before any of
// their moves is applied, so in a simultaneous window (a Slap War reveal,
// Regicide's go-next signals) no seat answers knowing another's answer. A
// move refused is asked for again from the latest turn.
func (r *Runner) window(ctx context.Context, seats []int) error {
	t := r.Table
	moves := make([]Move, len(seats))
	r.answered = map[int]bool{}
	r.tick(-1)
	for i, seat := range seats {
		m, err := r.act(ctx, seat)
		if errors.Is(err, errTimedOut) {
			return nil // the seat lost on time: the game is over
		}
		if err != nil {
			return &SeatError{Seat: seat, Err: err}
		}
		moves[i] = m
	}
	start := t.Version()
	for i, seat := range seats {
		m := moves[i]
		if m.Version == start {
			// Answers in one window were all computed at its start.
			m.Version = t.Version()
		}
		if err := r.play(ctx, seat, m); err != nil {
			return err
		}
		if t.Over() {
			return nil
		}
	}
	return nil
}

// play applies seat's move, asking again after each refusal.
func (r *Runner) play(ctx context.Context, seat int, m Move) error {
	t := r.Table
	for refusals := 0; ; refusals++ {
		ap, err := t.Play(seat, m.Action, m.Version)
		if err == nil {
			return r.tellAll(func(viewer int) Message {
				msg := ap.For(viewer)
				if viewer == seat {
					msg.ID = m.ID
				}
				return msg
			})
		}
		var refused *Error
		if !errors.As(err, &refused) {
			return err
		}
		if terr := r.Players[seat].Tell(ErrorMessage(seat, t.Version(), m.ID, refused)); terr != nil {
			return &SeatError{Seat: seat, Err: terr}
		}
		if refusals+1 >= MaxRefusals {
			return &SeatError{Seat: seat, Err: fmt.Errorf("%d refused moves in a row; the last: %v", MaxRefusals, refused)}
		}
		if !r.mayAct(seat) {
			return nil
		}
		if m, err = r.act(ctx, seat); errors.Is(err, errTimedOut) {
			return nil
		} else if err != nil {
			return &SeatError{Seat: seat, Err: err}
		}
	}
}

func (r *Runner) mayAct(seat int) bool {
	for _, s := range r.Table.ToMove() {
		if s == seat {
			return true
		}
	}
	return false
}

func (r *Runner) tellAll(msg func(seat int) Message) error {
	for seat, p := range r.Players {
		if err := p.Tell(msg(seat)); err != nil {
			return &SeatError{Seat: seat, Err: err}
		}
	}
	kept := r.Watchers[:0]
	for _, w := range r.Watchers {
		if w.Tell(msg(engine.Spectator)) == nil {
			kept = append(kept, w)
		}
	}
	r.Watchers = kept
	return nil
}
