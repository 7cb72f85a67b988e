package cards

import "fmt"

// Standard52 returns a new 52-card deck in a fixed order: 2C 2D 2H 2S 3C … AS.
func Standard52() []Card {
	d := make([]Card, 0, 54)
	for r := Two; r <= Ace; r++ {
		for s := Clubs; s <= Spades; s++ {
			d = append(d, New(r, s))
		}
	}
	return d
}

// Standard54 returns Standard52 followed by JK1 and JK2.
func Standard54() []Card { return append(Standard52(), Joker1, Joker2) }

// Stack builds a deck from notation for tests and scenario set-ups, and
// panics on a malformed card: "AS 10H KC" is AS on top. Use ParseList where
// the text comes from a user.
func Stack(s string) []Card {
	cs, err := ParseList(s)
	if err != nil {
		panic(err)
	}
	return cs
}

// Count returns a multiset of cards as counts indexed by Card.
func Count(cs []Card) [256]int {
	var n [256]int
	for _, c := range cs {
		n[c]++
	}
	return n
}

// CheckPermutation reports an error naming the first difference if deck is
// not a permutation of want (same cards, each as often).
func CheckPermutation(deck, want []Card) error {
	if len(deck) != len(want) {
		return fmt.Errorf("cards: deck has %d cards, want %d", len(deck), len(want))
	}
	for _, c := range deck {
		if !c.Valid() {
			return fmt.Errorf("cards: deck holds invalid card value %d", uint8(c))
		}
	}
	got, exp := Count(deck), Count(want)
	for i := range got {
		if got[i] != exp[i] {
			return fmt.Errorf("cards: deck has card %v %d times, want %d", Card(i), got[i], exp[i])
		}
	}
	return nil
}
