package table

import (
	"slices"
	"time"
)

// Clock keeps a clocked table's time: for each seat, when its running move
// began and how much of its reserve is left. It is a pure function of the
// times it is told, never of a clock of its own, so the same calls made
// from stored timestamps (a restart, another node) give the same
// deadlines. A move is the time from when a seat is to move until it acts
// (each of the actions of a Watchtower turn is a move, and so is each War
// flip); its deadline is its start plus the move time plus the seat's
// reserve, and the time over the move time comes off the reserve when it
// ends. Not safe for concurrent use; its table's owner drives it.
type Clock struct {
	move    time.Duration
	started bool
	at      time.Time
	// begun[s] is when seat s's running move began (zero: not running);
	// reserve[s] its reserve left.
	begun   []time.Time
	reserve []time.Duration
}

// NewClock is the clock of a table with settings s and n seats; nil when
// the table has no clock.
func NewClock(s Settings, n int) *Clock {
	if !s.Clocked() {
		return nil
	}
	c := &Clock{move: s.Move, begun: make([]time.Time, n), reserve: make([]time.Duration, n)}
	for i := range c.reserve {
		c.reserve[i] = s.Reserve
	}
	return c
}

// Start starts the clock at time at with the seats running (those to
// move, held by people); nothing runs before.
func (c *Clock) Start(at time.Time, running []int) {
	if c.started {
		return
	}
	c.started, c.at = true, at
	c.Run(at, running, -1)
}

// Started reports whether the clock runs, and since when.
func (c *Clock) Started() (time.Time, bool) { return c.at, c.started }

// Run says which seats run from time at on, after seat actor acted (-1:
// nobody did): a seat that stops, or the actor, is charged the time its
// move took over the move time; a seat that goes on keeps its move's
// start; a seat that starts, or the actor still to move, begins a move at
// at.
func (c *Clock) Run(at time.Time, running []int, actor int) {
	if !c.started {
		return
	}
	for s := range c.begun {
		on := slices.Contains(running, s)
		if !c.begun[s].IsZero() && (!on || s == actor) {
			over := at.Sub(c.begun[s]) - c.move
			if over > 0 {
				c.reserve[s] = max(0, c.reserve[s]-over)
			}
			c.begun[s] = time.Time{}
		}
		if on && c.begun[s].IsZero() {
			c.begun[s] = at
		}
	}
}

// Running reports whether seat's clock runs.
func (c *Clock) Running(seat int) bool { return !c.begun[seat].IsZero() }

// Deadline is when seat's running move runs out (false: it is not
// running).
func (c *Clock) Deadline(seat int) (time.Time, bool) {
	if c.begun[seat].IsZero() {
		return time.Time{}, false
	}
	return c.begun[seat].Add(c.move + c.reserve[seat]), true
}

// Next is the earliest deadline of a running seat (false: none runs).
func (c *Clock) Next() (time.Time, bool) {
	var next time.Time
	found := false
	for s := range c.begun {
		if d, ok := c.Deadline(s); ok && (!found || d.Before(next)) {
			next, found = d, true
		}
	}
	return next, found
}

// Expired lists the running seats whose deadline is at or before now.
func (c *Clock) Expired(now time.Time) []int {
	var out []int
	for s := range c.begun {
		if d, ok := c.Deadline(s); ok && !d.After(now) {
			out = append(out, s)
		}
	}
	return out
}

// Left is the time seat has at now: until its deadline while it runs
// (never below 0), else a whole move and its reserve.
func (c *Clock) Left(seat int, now time.Time) time.Duration {
	if d, ok := c.Deadline(seat); ok {
		return max(0, d.Sub(now))
	}
	return c.move + c.reserve[seat]
}

// Reserve is seat's reserve left, as of its last move's end (a running
// move's overrun comes off when it ends).
func (c *Clock) Reserve(seat int) time.Duration { return c.reserve[seat] }

// Move is the time a move takes before the reserve is spent.
func (c *Clock) Move() time.Duration { return c.move }

// Pause gives the running seats back the time from from to to during
// which no server ran the table (it was down, or its node died and
// another took it over): each running move's start moves on by the part
// of that time it had run through, and then, if need be, so that at to
// the seat has at least least left (the time to reconnect after a
// restart). Like every call, it depends only on the times it is told, so
// a pause replayed from the store gives the same deadlines.
func (c *Clock) Pause(from, to time.Time, least time.Duration) {
	if !c.started || to.Before(from) {
		return
	}
	for s, begun := range c.begun {
		if begun.IsZero() {
			continue
		}
		if begun.Before(to) {
			c.begun[s] = begun.Add(to.Sub(later(begun, from)))
		}
		if d, _ := c.Deadline(s); d.Before(to.Add(least)) {
			c.begun[s] = c.begun[s].Add(to.Add(least).Sub(d))
		}
	}
}

// later is the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
