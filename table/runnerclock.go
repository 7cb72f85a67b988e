package table

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
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

// tick tells the clock who runs now; except is a seat that answered and
// waits for its move to be applied (its clock stops).
func (r *Runner) tick(except int) {
	if !r.clocked() {
		return
	}
	now := r.Time.Now()
	r.clock.Start(now, nil)
	var run []int
	for _, s := range r.running() {
		if s != except && !r.answered[s] {
			run = append(run, s)
		}
	}
	r.clock.Run(now, run, -1)
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

// act asks seat's player for its move. At a clocked table the ask is cut
// off at the seat's deadline; then the table's rule applies: at a two-seat
// War or Watchtower table with timeout lose the seat loses (the game is
// over: errTimedOut), otherwise the game's default bot takes the seat for
// the rest of the game and is asked instead.
func (r *Runner) act(ctx context.Context, seat int) (Move, error) {
	turn := r.turnFor(seat)
	if turn.Clock == nil {
		return r.Players[seat].Act(ctx, turn)
	}
	actx, cancel := context.WithCancel(ctx)
	defer cancel()
	var out atomic.Bool
	stop := r.Time.AfterFunc(turn.Clock.Deadline.Sub(r.Time.Now()), func() { out.Store(true); cancel() })
	m, err := r.Players[seat].Act(actx, turn)
	stop()
	if err == nil || !out.Load() || ctx.Err() != nil {
		if err == nil {
			r.answered[seat] = true
			r.tick(seat)
		}
		return m, err
	}
	return r.timedOut(ctx, seat, turn.Clock.Deadline)
}

// timedOut applies the table's timeout rule to seat (see act).
func (r *Runner) timedOut(ctx context.Context, seat int, at time.Time) (Move, error) {
	t := r.Table
	r.clock.Run(at, nil, -1)
	r.Players[seat].Tell(ErrorMessage(seat, t.Version(), "", Errorf(CodeTimeout, "your time ran out")))
	if r.Settings.Timeout == TimeoutLose && t.ZeroSum() && t.NumSeats() == 2 {
		if err := t.Conclude(record.Ending{By: record.EndTimeout, Seat: &seat}); err != nil {
			return Move{}, err
		}
		return Move{}, errTimedOut
	}
	spec, err := bots.ParseSpec(bots.Default(t.Game().Name()))
	if err != nil {
		return Move{}, err
	}
	bot, err := NewBot(t, spec, r.Seed, seat)
	if err != nil {
		return Move{}, fmt.Errorf("table: no bot to play on for %s: %w", SeatName(seat), err)
	}
	r.Players[seat] = bot
	info := t.Seats()[seat]
	info.Kind, info.Bot = KindBot, spec.String()
	t.SetSeat(seat, info)
	return bot.Act(ctx, t.TurnFor(seat))
}
