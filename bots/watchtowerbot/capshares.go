package watchtowerbot

import (
	"cardtable/cards"
	"cardtable/engine"
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
	l := -1
	for _, a := range armies {
		if len(a) > 0 && (l < 0 || len(a) < l) {
			l = len(a)
		}
	}
	if l%2 == 0 {
		l--
	}
	clear(shares[:len(armies)])
	var tricks [engine.MaxSeats]int
	for range n {
		for i, a := range armies {
			tricks[i] = 0
			for j := 0; j < l && len(a) > 0; j++ {
				k := j + rng.IntN(len(a)-j)
				a[j], a[k] = a[k], a[j]
			}
		}
		for j := 0; j < l; j++ {
			best, winner := cards.Rank(0), -1
			for i, a := range armies {
				if len(a) == 0 {
					continue
				}
				switch r := a[j].Rank(); {
				case r > best:
					best, winner = r, i
				case r == best:
					winner = -1
				}
			}
			if winner >= 0 {
				tricks[winner]++
			}
		}
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
