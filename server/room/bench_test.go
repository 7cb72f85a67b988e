package room

import (
	"context"
	"fmt"
	"testing"

	"cardtable/store/memstore"
)

// BenchmarkRoomAction is the server's cost of one action, without the
// network: a War table's seat sends its flip, the room checks it, stores
// it (in memory), and queues the event for both seats and two
// spectators and the next turns, which the probes then read.
func BenchmarkRoomAction(b *testing.B) {
	s := newRooms(memstore.New())
	defer s.Shutdown(context.Background())
	n := 0
	var rm *Room
	var seats, all []*probe
	fresh := func() {
		n++
		rm = seededTable(b, s, fmt.Sprintf("bench%d", n), "war", map[string]string{"max-battles": "10000000"}, uint64(n), nil)
		seats = []*probe{joinProbe(b, s, rm, "tok0"), joinProbe(b, s, rm, "tok1")}
		all = append(seats[:2:2], joinProbe(b, s, rm, ""), joinProbe(b, s, rm, ""))
		syncRoom(b, rm)
		for _, p := range all {
			p.drain()
		}
	}
	fresh()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var mover *probe
		for _, p := range seats {
			if _, ok := p.lastTurn(); ok {
				mover = p
			}
		}
		if mover == nil {
			fresh() // the game ended
			continue
		}
		turn, _ := mover.lastTurn()
		mover.act(turn.Legal[0], turn.Version, "")
		syncRoom(b, rm)
		for _, p := range all {
			p.got = p.got[:0]
			p.drain()
		}
	}
}
