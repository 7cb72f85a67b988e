package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

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
		if err := r.decide(ctx); err != nil {
			return err
		}
	}
	return r.tellAll(t.End)
}

// answer is one player's move (or failure) for its seat; timedOut marks
// an ask cut off at the seat's deadline.
type answer struct {
	seat     int
	move     Move
	err      error
	timedOut bool
	deadline time.Time
}

// decision asks the seats to move now all at once — in a simultaneous
// window every seat gets its turn at the same moment, so none can tell
// from its turn's timing whether another has answered — and plays their
// answers as they come, until nobody is being asked. A player is told
// nothing while it is deciding: what happens meanwhile waits (held) and
// is told when its answer comes back. Everything but the players' Act
// runs on the runner's goroutine: the table, the clock, the players.
type decision struct {
	r       *Runner
	ctx     context.Context
	answers chan answer
	asking  []bool
	held    [][]Message
	wg      sync.WaitGroup
	// refusals counts each seat's refused moves in a row.
	refusals []int
}

// decide asks every seat to move now and plays their answers.
func (r *Runner) decide(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	n := r.Table.NumSeats()
	d := &decision{r: r, ctx: ctx, answers: make(chan answer, n), asking: make([]bool, n), held: make([][]Message, n), refusals: make([]int, n)}
	defer func() {
		cancel()
		d.wg.Wait()
	}()
	r.tick(-1)
	for _, seat := range r.Table.ToMove() {
		d.ask(seat)
	}
	for slices.Contains(d.asking, true) {
		a := <-d.answers
		d.asking[a.seat] = false
		if err := d.flush(a.seat); err != nil {
			return err
		}
		if a.timedOut {
			if err := r.timeOut(a.seat, a.deadline); errors.Is(err, errTimedOut) {
				return nil // the seat lost on time: the game is over
			} else if err != nil {
				return err
			}
		} else if a.err != nil {
			return &SeatError{Seat: a.seat, Err: a.err}
		} else if err := d.play(a.seat, a.move); err != nil {
			return err
		}
		d.askMoving()
	}
	return nil
}

// askMoving asks every seat to move now that is not being asked: after an
// answer the next decision's seats are asked together — the one that
// answered (again, after a refusal or a false slap, or at the window its
// answer opened) and the others alike — so none is asked only once another
// has answered, which would tell it that one had.
func (d *decision) askMoving() {
	if d.r.Table.Over() {
		return
	}
	for _, seat := range d.r.Table.ToMove() {
		if !d.asking[seat] {
			d.ask(seat)
		}
	}
}

// ask asks seat's player for a move on its own goroutine; at a clocked
// table the ask is cut off at the seat's deadline. A player that is not a
// bot has its Slap War slap timed here, from the ask to the answer
// (slaptime.go).
func (d *decision) ask(seat int) {
	d.asking[seat] = true
	turn := d.r.turnFor(seat)
	p := d.r.Players[seat]
	slapMS := 0
	if _, bot := p.(*BotPlayer); !bot {
		slapMS = d.r.Table.SlapWindowMS(seat)
	}
	now := d.r.now
	asked := now()
	ctx, cancel := context.WithCancelCause(d.ctx)
	var out atomic.Bool
	stop := func() bool { return false }
	if turn.Clock != nil {
		// A JSON or program seat's Act tells it the timeout error itself
		// (the cause), before a program is stopped.
		stop = d.r.Time.AfterFunc(turn.Clock.Deadline.Sub(d.r.Time.Now()), func() { out.Store(true); cancel(ErrTimeRanOut) })
	}
	d.wg.Add(1)
	go func() {
		defer d.wg.Done()
		defer cancel(nil)
		m, err := p.Act(ctx, turn)
		stop()
		m.Action = TimedSlap(m.Action, now().Sub(asked), slapMS)
		a := answer{seat: seat, move: m, err: err}
		if err != nil && out.Load() && d.ctx.Err() == nil {
			a.timedOut, a.deadline = true, turn.Clock.Deadline
		}
		d.answers <- a
	}()
}

// now is the runner's time: its Time's, else the machine's.
func (r *Runner) now() time.Time {
	if r.Time != nil {
		return r.Time.Now()
	}
	return time.Now()
}

// play applies seat's move and tells everyone what they may hear of it;
// a refusal is told to seat (a fresh turn follows: decide asks again).
func (d *decision) play(seat int, m Move) error {
	t := d.r.Table
	ap, err := t.Play(seat, m.Action, m.Version)
	if err == nil {
		d.refusals[seat] = 0
		d.r.tick(seat)
		return d.tellAll(func(viewer int) []Message { return ap.For(viewer, idFor(viewer, seat, m.ID)) })
	}
	var refused *Error
	if !errors.As(err, &refused) {
		return err
	}
	if terr := d.tell(seat, ErrorMessage(seat, t.Version(), m.ID, refused)); terr != nil {
		return terr
	}
	if d.refusals[seat]++; d.refusals[seat] >= MaxRefusals {
		return &SeatError{Seat: seat, Err: fmt.Errorf("%d refused moves in a row; the last: %v", MaxRefusals, refused)}
	}
	return nil
}

// idFor is the correlation id viewer's messages about actor's action
// carry: the command's, to its actor only.
func idFor(viewer, actor int, id string) string {
	if viewer == actor {
		return id
	}
	return ""
}

// tell delivers m to seat's player, or holds it while the player decides.
func (d *decision) tell(seat int, m Message) error {
	if d.asking[seat] {
		d.held[seat] = append(d.held[seat], m)
		return nil
	}
	if err := d.r.Players[seat].Tell(m); err != nil {
		return &SeatError{Seat: seat, Err: err}
	}
	return nil
}

// flush tells seat what was held for it while it decided.
func (d *decision) flush(seat int) error {
	held := d.held[seat]
	d.held[seat] = nil
	for _, m := range held {
		if err := d.tell(seat, m); err != nil {
			return err
		}
	}
	return nil
}

// tellAll tells every seat and watcher its messages.
func (d *decision) tellAll(msgs func(viewer int) []Message) error {
	for seat := range d.r.Players {
		for _, m := range msgs(seat) {
			if err := d.tell(seat, m); err != nil {
				return err
			}
		}
	}
	d.r.tellWatchers(msgs(engine.Spectator))
	return nil
}

func (r *Runner) tellAll(msg func(seat int) Message) error {
	for seat, p := range r.Players {
		if err := p.Tell(msg(seat)); err != nil {
			return &SeatError{Seat: seat, Err: err}
		}
	}
	r.tellWatchers([]Message{msg(engine.Spectator)})
	return nil
}

// tellWatchers tells every watcher msgs; one that fails to take a
// message is dropped.
func (r *Runner) tellWatchers(msgs []Message) {
	kept := r.Watchers[:0]
	for _, w := range r.Watchers {
		ok := true
		for _, m := range msgs {
			if w.Tell(m) != nil {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, w)
		}
	}
	r.Watchers = kept
}
