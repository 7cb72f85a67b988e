package room

import (
	"sync"
	"time"

	"cardtable/bots"
	"cardtable/engine"
	"cardtable/record"
	"cardtable/table"
)

// clockState is a clocked table's clock (nil c at a table without one)
// and the alarm for its next deadline (stop stops it).
type clockState struct {
	c    *table.Clock
	stop func() bool
}

// ClockMessage is a clocked table's time: sent on joining and whenever a
// seat's clock starts or stops (docs/protocol.md, "Clocks").
type ClockMessage struct {
	Type    string `json:"type"`
	Seat    int    `json:"seat"`
	Version int    `json:"version"`
	// Pace, MoveMS and Timeout are the table's settings.
	Pace    string `json:"pace"`
	MoveMS  int64  `json:"move_ms"`
	Timeout string `json:"timeout"`
	// Started is false until every person's seat is taken.
	Started bool        `json:"started"`
	Seats   []SeatClock `json:"seats"`
	// Now is the server's time when it sent this.
	Now time.Time `json:"now"`
}

// SeatClock is one seat's time: LeftMS is what it has left (until its
// deadline while it runs, else a whole move and its reserve), ReserveMS
// its reserve, Deadline when its running move runs out.
type SeatClock struct {
	Running   bool       `json:"running"`
	LeftMS    int64      `json:"left_ms"`
	ReserveMS int64      `json:"reserve_ms"`
	Deadline  *time.Time `json:"deadline,omitempty"`
}

func (r *Room) clockMessage(seat int) ClockMessage {
	c, now := r.clock.c, r.rooms.Now()
	_, started := c.Started()
	m := ClockMessage{Type: "clock", Seat: seat, Version: r.t.Version(), Pace: r.settings.Pace, MoveMS: c.Move().Milliseconds(),
		Timeout: r.settings.Timeout, Started: started, Now: now, Seats: make([]SeatClock, r.t.NumSeats())}
	for s := range m.Seats {
		sc := SeatClock{Running: c.Running(s), LeftMS: c.Left(s, now).Milliseconds(), ReserveMS: c.Reserve(s).Milliseconds()}
		if d, ok := c.Deadline(s); ok {
			sc.Deadline = &d
		}
		m.Seats[s] = sc
	}
	r.maskClock(seat, m.Seats, now)
	return m
}

// clockRunning lists the seats whose clock runs now: those to move held by
// people, none in a Slap War window (it keeps its own time).
func (r *Room) clockRunning() []int {
	if r.t.Over() || (r.slap.ms > 0 && slapPhase(r.t)) {
		return nil
	}
	var out []int
	for _, s := range r.t.ToMove() {
		if r.bots.seat[s] == nil {
			out = append(out, s)
		}
	}
	return out
}

// peopleSeated reports whether every person's seat is taken (a bot's
// seat counts as taken).
func (r *Room) peopleSeated() bool {
	for _, st := range r.hdr.Seats {
		if st.Kind == table.KindHuman && st.Token == "" {
			return false
		}
	}
	return true
}

// startClock starts a clocked table's clock once every person's seat is
// taken (stored first; the clock runs from at).
func (r *Room) startClock(at time.Time) {
	c := r.clock.c
	if c == nil || r.t.Over() || !r.peopleSeated() {
		return
	}
	if _, started := c.Started(); started {
		return
	}
	if err := r.storeEvent(EventClockStart, engine.Spectator, EventData{}, at); err != nil {
		return // tried again at the next change
	}
	c.Start(at, r.clockRunning())
	r.notify(EventClockStart, engine.Spectator, engine.Say("table.event.clock-start"), at)
}

// clockMoved tells the clock who runs from at on (nobody acted: a seat
// changed hands, a seat was taken), tells everyone, and sets the alarm
// for the next deadline.
func (r *Room) clockMoved(at time.Time) { r.clockRun(at, -1) }

// clockRun is clockMoved after seat actor acted.
func (r *Room) clockRun(at time.Time, actor int) {
	c := r.clock.c
	if c == nil {
		return
	}
	c.Run(at, r.clockRunning(), actor)
	r.broadcast(nil, func(seat int) any { return r.clockMessage(seat) })
	r.armClock()
}

// ClockLag is how long past a seat's deadline the server waits before it
// times the seat out: a move sent in time but read late — the network, or
// the server itself under load — still counts.
const ClockLag = time.Second

// restartLeast is the least time a running move has when its table runs
// again after no server ran it (a restart, a node's death): the time to
// reconnect.
const restartLeast = 15 * time.Second

// armClock sets the room's alarm for the clock's next deadline (and the
// lag after it).
func (r *Room) armClock() {
	r.clockStop()
	next, ok := r.clock.c.Next()
	if !ok {
		return
	}
	r.clock.stop = r.rooms.clock.AfterFunc(next.Add(ClockLag).Sub(r.rooms.Now()), func() { r.send(func() { r.clockDue(false) }) })
}

// clockDue times out every seat whose deadline has passed by the lag.
// Commands queued meanwhile are served first (the alarm goes to the back
// of the room's inbox once): a move read before the alarm counts.
func (r *Room) clockDue(requeued bool) {
	c := r.clock.c
	if c == nil || r.t.Over() {
		return
	}
	if !requeued && len(r.inbox) > 0 {
		go r.send(func() { r.clockDue(true) })
		return
	}
	for _, seat := range c.Expired(r.rooms.Now().Add(-ClockLag)) {
		deadline, ok := c.Deadline(seat)
		if !ok || r.t.Over() {
			continue
		}
		r.timeOut(seat, deadline)
	}
	r.armClock()
}

// timeOut is seat's time running out at its deadline at: it loses when
// the table says so (two-seat War and Watchtower with timeout lose), else
// the game's default bot plays on for it.
func (r *Room) timeOut(seat int, at time.Time) {
	if err := r.storeEvent(EventTimeout, seat, EventData{}, at); err != nil {
		r.armRetry()
		return
	}
	r.notify(EventTimeout, seat, engine.Say("table.event.timeout", engine.SeatArg("seat", seat)), at)
	if r.settings.Timeout == table.TimeoutLose && r.t.ZeroSum() && r.t.NumSeats() == 2 {
		if err := r.endTable(record.Ending{By: record.EndTimeout, Seat: &seat}, at); err != nil {
			r.armRetry()
		}
		return
	}
	if err := r.takeOver(seat, reasonTimeout, bots.Default(r.game.Name()), at); err != nil {
		r.armRetry()
	}
}

// armRetry tries the clock's deadlines again in a few seconds (a store
// write failed).
func (r *Room) armRetry() {
	r.clockStop()
	r.clock.stop = r.rooms.clock.AfterFunc(5*time.Second, func() { r.send(func() { r.clockDue(true) }) })
}

// pauseClock gives the running moves back the time from from to to, when
// no server ran the table (topped up to restartLeast each): stored first,
// as every change of the clock, then everyone told. A table without a
// running clock has nothing to give back.
func (r *Room) pauseClock(from, to time.Time) {
	c := r.clock.c
	if c == nil || r.t.Over() || from.After(to) {
		return
	}
	if _, started := c.Started(); !started || len(r.clockRunning()) == 0 {
		return
	}
	d := EventData{From: &from, LeastMS: restartLeast.Milliseconds()}
	if err := r.storeEvent(EventClockPause, engine.Spectator, d, to); err != nil {
		return // charged as before; the clock's own alarm decides
	}
	c.Pause(from, to, restartLeast)
	r.notify(EventClockPause, engine.Spectator, pauseMsg(d, to), to)
}

// nextDeadline is the clock's next deadline (false: none).
func (r *Room) nextDeadline() (time.Time, bool) {
	if r.clock.c == nil || r.t.Over() {
		return time.Time{}, false
	}
	return r.clock.c.Next()
}

// wakeups are the alarms of clocked tables unloaded while they wait for
// people: each loads its table back at its next deadline, whose room then
// times the seat out.
type wakeups struct {
	mu    sync.Mutex
	stops map[string]func() bool
}

// wakeAt loads table id back at time at.
func (s *Rooms) wakeAt(id string, at time.Time) {
	s.wakes.mu.Lock()
	defer s.wakes.mu.Unlock()
	if s.wakes.stops == nil {
		s.wakes.stops = map[string]func() bool{}
	}
	if stop, ok := s.wakes.stops[id]; ok {
		stop()
	}
	s.wakes.stops[id] = s.clock.AfterFunc(at.Sub(s.Now()), func() {
		s.wakes.mu.Lock()
		delete(s.wakes.stops, id)
		s.wakes.mu.Unlock()
		if _, err := s.room(s.ctx, id); err != nil && s.ctx.Err() == nil {
			s.log.Error("table not loaded for its deadline", "table", id, "err", err)
		}
	})
}

// cancelWake forgets table id's alarm (its room is loaded).
func (s *Rooms) cancelWake(id string) {
	s.wakes.mu.Lock()
	defer s.wakes.mu.Unlock()
	if stop, ok := s.wakes.stops[id]; ok {
		stop()
		delete(s.wakes.stops, id)
	}
}

// lifeRetired runs when the room is unloaded: a clocked table whose game
// goes on is loaded back at its next deadline, a finished one with a
// rematch offer open at its lapse.
func (r *Room) lifeRetired() {
	r.lifeStop()
	if next, ok := r.nextDeadline(); ok {
		r.rooms.wakeAt(r.id, next.Add(ClockLag))
	}
	if lapse, ok := r.rematchLapses(); ok {
		r.rooms.wakeAt(r.id, lapse)
	}
}

// now is the server's time: what table clocks count and actions are
// stamped with, to the microsecond the stores keep, so a deadline counted
// live is the one rebuilt from the stored times.
func (s *Rooms) Now() time.Time { return s.clock.Now().Truncate(time.Microsecond) }
