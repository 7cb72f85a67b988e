package watchtowerbot

import (
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// capShares estimates who wins the round cap's forced showdown (WT-24)
// between armies (at most engine.MaxSeats): it plays it n times, each on a
// fresh shuffle drawn from rng, and sets shares[i] to the mean share army i
// wins. As in the showdown (watchtower.ShowdownShares) every army with
// cards lays a row of L cards, L the smallest army made odd, and a set's
// single highest card takes a trick; most tricks wins, but a tie on tricks
// goes to the higher tower (towers[i], 0 for none), and only a tie on both
// is shared. An empty army plays no row and scores nothing. The armies are
// reordered in place; shares must be as long as armies. It returns shares.
func capShares(armies [][]cards.Card, towers []cards.Rank, n int, rng *cards.RNG, shares []float64) []float64 {
	l := watchtower.ShowdownRow(armies)
	clear(shares[:len(armies)])
	var tricks [engine.MaxSeats]int
	for range n {
		watchtower.ShowdownTricks(armies, l, rng, &tricks)
		// Every seat takes part in the ranking (an empty army with no
		// tricks too, as in the engine), most tricks first, then towers.
		most, tower, ways := -1, cards.Rank(0), 0
		for i := range armies {
			switch t, r := tricks[i], towers[i]; {
			case t > most || t == most && r > tower:
				most, tower, ways = t, r, 1
			case t == most && r == tower:
				ways++
			}
		}
		for i := range armies {
			if tricks[i] == most && towers[i] == tower {
				shares[i] += 1 / float64(ways)
			}
		}
	}
	for i := range armies {
		shares[i] /= float64(n)
	}
	return shares
}
