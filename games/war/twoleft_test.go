package war

import (
	"testing"

	"cardtable/cards"
)

// TestTwoLeftTakesEveryPickup checks that a three-player game with one
// player out goes to duel's loop for every pickup order (twoLeft declines
// only when the orders disagree, which would quietly leave it unused) and
// that the game is over afterwards. That the result equals State's is
// TestSimulateMatchesState's job.
func TestTwoLeftTakesEveryPickup(t *testing.T) {
	for _, pickup := range []string{"winner-first", "loser-first", "seat", "shuffle"} {
		r, err := rulesFrom(mustOptions(t, "players=3,pickup="+pickup))
		if err != nil {
			t.Fatal(err)
		}
		var d duel
		d.prepare(&r)
		for out := range 3 {
			var p play
			deck := standardDeck
			p.reset(&r, cards.NewRNG(uint64(out)), &deck)
			to := &p.piles[(out+1)%3]
			for p.piles[out].n > 0 {
				to.push(p.piles[out].pop())
			}
			p.in &^= bit(out)
			if !d.twoLeft(&p) {
				t.Fatalf("pickup=%s, seat %d out: twoLeft declined", pickup, out)
			}
			if p.phase != phaseOver || p.winner == int8(out) {
				t.Fatalf("pickup=%s, seat %d out: phase %d, winner %d after twoLeft", pickup, out, p.phase, p.winner)
			}
		}
	}
}
