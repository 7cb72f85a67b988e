package table

import (
	"errors"
	"fmt"
	"time"

	"cardtable/bots"
	"cardtable/record"
)

// Time is what a clock counts: now, and a function run once d has passed
// (stop cancels it). The server and the runner each take one, so tests
// move time by hand instead of waiting for a clock to run out.
type Time interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func()) (stop func() bool)
}

// SystemTime is the machine's clock.
type SystemTime struct{}

// Now implements Time.
func (SystemTime) Now() time.Time { return time.Now() }

// AfterFunc implements Time.
func (SystemTime) AfterFunc(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }

// TurnClock is a clocked seat's time, on its turn message (the agent
// protocol's clock field, docs/protocol-agent.md): what it has left for
// this move (its reserve included), the move time and its reserve.
type TurnClock struct {
	LeftMS    int64     `json:"left_ms"`
	MoveMS    int64     `json:"move_ms"`
	ReserveMS int64     `json:"reserve_ms"`
	Deadline  time.Time `json:"deadline"`
}

// errTimedOut: the seat's clock ran out while it was asked to act.
var errTimedOut = errors.New("table: the seat's time ran out")

// clocked reports whether the runner keeps a clock, starting it at the
// first window.
func (r *Runner) clocked() bool {
	if !r.Settings.Clocked() {
		return false
	}
	if r.clock == nil {
		r.clock = NewClock(r.Settings, r.Table.NumSeats())
		if r.Time == nil {
			r.Time = SystemTime{}
		}
	}
	return true
}

// running lists the seats whose clocks run: those to move that are not
// bots (a program and a person are timed alike).
func (r *Runner) running() []int {
	if r.Table.Over() {
		return nil
	}
	var out []int
	for _, s := range r.Table.ToMove() {
		if _, bot := r.Players[s].(*BotPlayer); !bot {
			out = append(out, s)
		}
	}
	return out
}

// tick tells the clock who runs now: the seats to move that are not bots.
// actor is the seat whose action the table just took (-1: none): its move
// ends, and it begins a new one if it is still to move. A refused action
// ends no move; an answer sealed in its window stops its seat's clock (the
// seat is no longer to move), which its turn alone shows.
func (r *Runner) tick(actor int) {
	if !r.clocked() {
		return
	}
	now := r.Time.Now()
	r.clock.Start(now, nil)
	r.clock.Run(now, r.running(), actor)
}

// turnFor is seat's turn, with its clock at a clocked table.
func (r *Runner) turnFor(seat int) Turn {
	turn := r.Table.TurnFor(seat)
	if r.clocked() {
		if d, ok := r.clock.Deadline(seat); ok {
			now := r.Time.Now()
			turn.Clock = &TurnClock{LeftMS: r.clock.Left(seat, now).Milliseconds(), MoveMS: r.clock.Move().Milliseconds(),
				ReserveMS: r.clock.Reserve(seat).Milliseconds(), Deadline: d}
		}
	}
	return turn
}

// timeOut applies the table's rule to seat, whose time ran out at at
// while it was asked to act: at a two-seat War or Watchtower table with
// timeout lose the seat loses (the game is over: errTimedOut), otherwise
// the game's default bot takes the seat for the rest of the game (the
// runner asks it next).
func (r *Runner) timeOut(seat int, at time.Time) error {
	t := r.Table
	r.clock.Run(at, nil, -1)
	told := toldTimeout(r.Players[seat])
	if r.Settings.Timeout == TimeoutLose && t.ZeroSum() && t.NumSeats() == 2 {
		if !told {
			r.Players[seat].Tell(ErrorMessage(seat, t.Version(), "", Errorf(CodeTimeout, "your time ran out: you lose the game")))
		}
		if err := t.Conclude(record.Ending{By: record.EndTimeout, Seat: &seat}); err != nil {
			return err
		}
		return errTimedOut
	}
	spec, err := bots.ParseSpec(bots.Default(t.Game().Name()))
	if err != nil {
		return err
	}
	bot, err := NewBot(t, spec, r.Seed, seat)
	if err != nil {
		return fmt.Errorf("table: no bot to play on for %s: %w", SeatName(seat), err)
	}
	// The seat is told who plays it from here (it hears no more of the
	// game: the bot is asked in its place).
	if !told {
		r.Players[seat].Tell(ErrorMessage(seat, t.Version(), "", Errorf(CodeTimeout, "your time ran out: the %s bot plays your seat from here to the end", spec)))
	}
	r.Players[seat] = bot
	info := t.Seats()[seat]
	info.Kind, info.Bot = KindBot, spec.String()
	t.SetSeat(seat, info)
	return nil
}

// toldTimeout says whether p told its seat the timeout error itself (a
// JSON or program seat whose move was cut off by the clock: JSONPlayer.Act).
func toldTimeout(p Player) bool {
	switch p := p.(type) {
	case *JSONPlayer:
		return p.toldTimeout.Load()
	case *ProgramPlayer:
		return p.json.toldTimeout.Load()
	}
	return false
}
