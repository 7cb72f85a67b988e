package watchtower

import (
	"cardtable/cards"
	"cardtable/engine"
)

// Unseen appends to dst the cards the view does not place: the cards of
// other armies it has not seen and the barracks cards at positions it does
// not know. A bot samples the hidden armies from them.
func (v *View) Unseen(dst []cards.Card) []cards.Card {
	var placed uint64
	mark := func(cs []cards.Card) {
		for _, c := range cs {
			placed |= bit(c)
		}
	}
	for i := range v.Players {
		p := &v.Players[i]
		mark(p.Army)
		mark(p.Seen)
		mark(p.Tower)
		mark(p.Row)
		for _, st := range p.Fortress {
			mark(st.Cards)
		}
	}
	mark(v.Aside)
	for _, k := range v.Known {
		placed |= bit(k.Card)
	}
	for _, c := range cards.Standard52() {
		if placed&bit(c) == 0 {
			dst = append(dst, c)
		}
	}
	return dst
}

// ShowdownShares estimates who wins a showdown (WT-22) between armies (at
// most engine.MaxSeats): it plays it n times, each on a fresh shuffle drawn
// from rng, and sets shares[i] to the mean share army i wins: 1 for the
// single most tricks, 1/k for most tricks tied between k armies (which the
// tower battle, WT-23, would settle). An empty army plays no row and scores
// nothing. The armies are reordered in place; shares must be as long as
// armies. It returns shares.
func ShowdownShares(armies [][]cards.Card, n int, rng *cards.RNG, shares []float64) []float64 {
	l := ShowdownRow(armies)
	var tricks [engine.MaxSeats]int
	clear(shares[:len(armies)])
	for range n {
		ShowdownTricks(armies, l, rng, &tricks)
		most, ways := -1, 0
		for i, a := range armies {
			switch {
			case len(a) == 0:
			case tricks[i] > most:
				most, ways = tricks[i], 1
			case tricks[i] == most:
				ways++
			}
		}
		for i, a := range armies {
			if len(a) > 0 && tricks[i] == most {
				shares[i] += 1 / float64(ways)
			}
		}
	}
	for i := range armies {
		shares[i] /= float64(n)
	}
	return shares
}

// ShowdownRow is the length of a showdown's rows between armies (WT-22):
// the smallest army with cards made odd (-1 when no army has cards).
func ShowdownRow(armies [][]cards.Card) int {
	l := -1
	for _, a := range armies {
		if len(a) > 0 && (l < 0 || len(a) < l) {
			l = len(a)
		}
	}
	if l%2 == 0 {
		l--
	}
	return l
}

// ShowdownTricks plays one showdown of rows of l cards (ShowdownRow)
// between armies on a fresh shuffle drawn from rng: each army with cards
// lays l of its cards (reordered in place) and a set's single highest card
// takes a trick. It sets tricks[i] to army i's tricks.
func ShowdownTricks(armies [][]cards.Card, l int, rng *cards.RNG, tricks *[engine.MaxSeats]int) {
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
}
