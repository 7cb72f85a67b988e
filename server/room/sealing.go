package room

import (
	"time"

	"cardtable/table"
)

// sealState is what an open simultaneous window keeps back: the
// latencies of the answers sealed in it, observed when it closes (play.go),
// and the clock as the seats saw it when it opened.
type sealState struct {
	latency []time.Duration
	clock   []SeatClock
}

// While a simultaneous window is open, nothing a seat or a spectator sees
// may change because one of its seats answered (docs/protocol-agent.md,
// "Simultaneous windows"). The table keeps the answers sealed; the room
// keeps the table-level facts that would tell: the clock of an answering
// seat stops in the books (nobody pays for another's slowness), but every
// other seat keeps seeing it as it was when the window opened, running
// toward the same deadline, until the window closes; a draw offer lapses
// on an answer only when the window's answers are shown.

// clockSealed stops seat's clock at at, its answer sealed, telling the seat
// alone; the first answer of a window keeps the clock as the seats saw it
// then.
func (r *Room) clockSealed(seat int, at time.Time) {
	c := r.clock.c
	if c == nil {
		return
	}
	if r.sealed.clock == nil {
		r.sealed.clock = r.clockSeats()
	}
	c.Run(at, r.clockRunning(), seat)
	r.broadcast(func(viewer int) bool { return viewer == seat }, func(viewer int) any { return r.clockMessage(viewer) })
	r.armClock()
}

// clockSeats is every seat's clock now (LeftMS is filled when sent).
func (r *Room) clockSeats() []SeatClock {
	c := r.clock.c
	out := make([]SeatClock, r.t.NumSeats())
	for s := range out {
		out[s] = SeatClock{Running: c.Running(s), ReserveMS: c.Reserve(s).Milliseconds()}
		if d, ok := c.Deadline(s); ok {
			out[s].Deadline = &d
		}
	}
	return out
}

// maskClock shows viewer (engine.Spectator: the public) the clocks of the
// seats that answered in the open window as they were when it opened:
// only a seat itself sees its own clock stopped.
func (r *Room) maskClock(viewer int, seats []SeatClock, now time.Time) {
	for s, was := range r.sealed.clock {
		if s == viewer || !was.Running || seats[s].Running || was.Deadline == nil {
			continue
		}
		was.LeftMS = max(0, was.Deadline.Sub(now).Milliseconds())
		seats[s] = was
	}
}

// noteSealedClock, as a rebuilt room replays its clock, keeps the clock as
// it was when the window still open opened (before stored action v, the
// window's first answer).
func (r *Room) noteSealedClock(v int) {
	if r.clock.c != nil && v == r.t.Version() && r.t.Accepted() > v {
		r.sealed.clock = r.clockSeats()
	}
}

// movedOther reports whether ap showed an action of a seat other than
// from (a draw offer from from lapses then).
func movedOther(ap *table.Applied, from int) bool {
	for _, sh := range ap.Shown {
		if sh.Seat != from {
			return true
		}
	}
	return false
}
