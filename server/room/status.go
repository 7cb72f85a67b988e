package room

import (
	"context"
	"errors"
	"slices"
	"time"

	"cardtable/engine"
	"cardtable/store"
	"cardtable/table"
)

// SeatStatus is a seat's state for "my games": whether it may act, and
// its running move's deadline at a clocked table with the time it has
// left then.
type SeatStatus struct {
	YourTurn bool
	Deadline *time.Time
	LeftMS   *int64
}

// Status is seat's state at the unfinished table hdr: from its room
// running here, or else rebuilt from the store as a room that never runs.
func (s *Rooms) Status(ctx context.Context, hdr store.Table, seat int) (SeatStatus, error) {
	if rm := s.running(hdr.ID); rm != nil {
		var st SeatStatus
		done := make(chan struct{})
		if rm.send(func() { st = rm.seatStatus(seat); close(done) }) {
			select {
			case <-done:
				return st, nil
			case <-rm.done:
			}
		}
	}
	rm, err := s.readOnlyRoom(ctx, hdr)
	if err != nil {
		return SeatStatus{}, err
	}
	return rm.seatStatus(seat), nil
}

// seatStatus is whether seat may act and its clock.
func (r *Room) seatStatus(seat int) SeatStatus {
	var st SeatStatus
	st.YourTurn = slices.Contains(r.t.ToMove(), seat) && r.hdr.Seats[seat].Kind != table.KindBot
	if c := r.clock.c; c != nil {
		if d, ok := c.Deadline(seat); ok {
			left := c.Left(seat, r.rooms.Now()).Milliseconds()
			st.Deadline, st.LeftMS = &d, &left
		}
	}
	return st
}

// running is table id's room if it runs on this node now (nil if not).
func (s *Rooms) running(id string) *Room {
	s.mu.Lock()
	defer s.mu.Unlock()
	slot, ok := s.slots[id]
	if !ok {
		return nil
	}
	select {
	case <-slot.ready:
		return slot.r
	default:
		return nil
	}
}

// readOnlyRoom rebuilds a stored table's state as a room that never runs
// (no goroutine, no writes): to answer about a table not loaded here.
func (s *Rooms) readOnlyRoom(ctx context.Context, hdr store.Table) (*Room, error) {
	acts, err := s.store.Actions(ctx, hdr.ID)
	if err != nil {
		return nil, err
	}
	evs, err := s.store.Events(ctx, hdr.ID)
	if err != nil {
		return nil, err
	}
	g, ok := s.games[hdr.Game]
	if !ok {
		return nil, errors.New("server: unknown game " + hdr.Game)
	}
	hist := &history{acts: acts, events: evs}
	set, _ := table.ParseSettings(GameSettings(hdr.Settings), g, len(hdr.Seats))
	t, err := table.ResumeFunc(g, StoredRecord(hdr, acts, evs), SeatInfos(hdr.Seats), hist.follow(set.Clocked()))
	if err != nil {
		return nil, err
	}
	r := &Room{id: hdr.ID, rooms: s, game: g, t: t, hdr: hdr, bots: botState{seat: make([]engine.Bot, t.NumSeats())}}
	r.startLife(hist)
	return r, nil
}
