package table

import (
	"fmt"

	"cardtable/engine"
)

// SetSeat changes who sits in seat i: a claimed seat's player name, a
// seat handed to a bot. The record names the new player from then on.
func (t *Table) SetSeat(i int, s SeatInfo) error {
	if i < 0 || i >= len(t.seats) {
		return fmt.Errorf("table: no %s at a %d-seat table", SeatName(i), len(t.seats))
	}
	t.seats[i] = s
	t.rec.Seats = recordSeats(t.seats)
	return nil
}

// BotState is a copy of the state for a bot of one seat to decide on away
// from the goroutine that owns the table (a server room runs its bots on
// other goroutines so a slow bot never holds the room up). Bots read only
// what their seat may know (engine.Bot); the copy never leaves the process.
func (t *Table) BotState() engine.State { return t.botState() }
