package watchtower

import (
	"testing"

	"cardtable/cards"
)

// removeReference is cardList.remove as first written: a search, then a
// shift of the cards after it, the last place cleared.
func removeReference(l *cardList, c cards.Card) {
	for i, x := range l.c[:l.n] {
		if x == c {
			n := int(l.n) - 1
			copy(l.c[i:n], l.c[i+1:n+1])
			l.c[n] = 0
			l.n = uint8(n)
			return
		}
	}
}

// remove leaves exactly what the reference leaves — every one of the 52
// places, the old cards past the end included — for lists of every length
// (the word-wise path up to 16 cards and the loop beyond), cards present
// at every position and cards absent, also when an absent card lies past
// the end of the list.
func TestRemoveMatchesReference(t *testing.T) {
	rng := cards.NewRNG(5)
	pack := cards.Standard52()
	for trial := range 20000 {
		rng.Shuffle(pack)
		var l cardList
		l.set(pack[:rng.IntN(53)])
		l.n = uint8(rng.IntN(int(l.n) + 1)) // the rest stays behind as old cards
		var c cards.Card
		switch trial % 3 {
		case 0:
			if l.n > 0 {
				c = l.c[rng.IntN(int(l.n))]
			}
		case 1:
			c = l.c[min(int(l.n)+rng.IntN(3), 51)] // past the end
		default:
			c = pack[rng.IntN(52)]
		}
		want, got := l, l
		removeReference(&want, c)
		got.remove(c)
		if got != want {
			t.Fatalf("remove %v from %v (n %d): got %v n %d, want %v n %d", c, l.c, l.n, got.c, got.n, want.c, want.n)
		}
	}
}
