package table

import "fmt"

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
