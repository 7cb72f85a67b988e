package room_test

import (
	"testing"
	"time"

	"cardtable/server/room"
	"cardtable/server/servertest"
	"cardtable/server/testclock"
)

// upTo reads c's messages until the answer to its command id, returning
// those before it: with a hint as the marker, everything c was sent up to
// now.
func upTo(c *servertest.Client, id string) []servertest.Msg {
	c.Send(map[string]string{"type": "hint", "action": "flip", "id": id})
	var got []servertest.Msg
	for m := c.Next(); m.ID != id; m = c.Next() {
		got = append(got, m)
	}
	return got
}

// At a clocked table a sealed answer stops its seat's clock in the books
// (it is charged its own time, not the window's) and the seat is shown its
// clock stopped; nobody else sees the clock change — not the other seat,
// not a spectator, not a connection opened meanwhile — until the window
// closes.
func TestClockSealed(t *testing.T) {
	clk := testclock.New(servertest.LifeStart)
	ts := servertest.LifeServer(t, nil, clk)
	tb, tok := servertest.People(t, ts, "war", 2, nil, map[string]string{"pace": "live", "move": "5s", "reserve": "30s"})
	ann, bob, spec := ts.Dial(tb.ID, tok[0]), ts.Dial(tb.ID, tok[1]), ts.Dial(tb.ID, "")
	opening := servertest.ClockOf(t, bob, func(m room.ClockMessage) bool { return m.Started && m.Seats[0].Running && m.Seats[1].Running })
	upTo(spec, "s0")
	turn := ann.Until("turn")
	clk.Advance(6 * time.Second)
	ann.Send(servertest.Cmd("flip", turn.Version, "f"))
	ann.Until("sealed")
	if m := servertest.ClockOf(t, ann, func(room.ClockMessage) bool { return true }); m.Seats[0].Running || !m.Seats[1].Running {
		t.Errorf("ann's own clock after her sealed flip: %+v", m.Seats)
	}
	for who, c := range map[string]*servertest.Client{"bob": bob, "the spectator": spec} {
		for _, m := range upTo(c, "h-"+who) {
			if m.Type == "clock" || m.Type == "event" || m.Type == "sealed" {
				t.Errorf("%s was told of ann's sealed flip: %s", who, m.Raw)
			}
		}
	}
	bob2 := ts.Dial(tb.ID, tok[1])
	if m := servertest.ClockOf(t, bob2, func(room.ClockMessage) bool { return true }); !m.Seats[0].Running || !m.Seats[0].Deadline.Equal(*opening.Seats[0].Deadline) {
		t.Errorf("a new connection of bob's sees ann's clock %+v; want it running to %v as the window opened", m.Seats[0], opening.Seats[0].Deadline)
	}
	clk.Advance(5 * time.Second)
	bob.Send(servertest.Cmd("flip", turn.Version, "g"))
	after := servertest.ClockOf(t, bob, func(m room.ClockMessage) bool { return m.Version == turn.Version+2 })
	if after.Seats[0].ReserveMS != 29000 || after.Seats[1].ReserveMS != 24000 {
		t.Errorf("reserves after a 6 s and an 11 s flip of 5 s moves: %d and %d ms; want 29000 and 24000 (each charged its own time)", after.Seats[0].ReserveMS, after.Seats[1].ReserveMS)
	}
}
