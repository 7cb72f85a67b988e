package watchtower

import (
	"math/bits"

	"cardtable/cards"
	"cardtable/engine"
)

// The state keeps its card lists in fixed arrays inside itself, never in
// slices of their own, so that copying a state is one assignment (see
// copyFrom) and playing allocates nothing. Every list is bounded by the
// pack: no list can hold more than the 52 cards.

// cardList is an ordered list of at most 52 cards: an army in the order its
// cards arrived, a showdown row, a battle's hidden order, the cards set
// aside.
type cardList struct {
	n uint8
	c [52]cards.Card
}

// all returns the cards in order; the slice is the list's own memory,
// valid until the list changes.
func (l *cardList) all() []cards.Card { return l.c[:l.n] }

func (l *cardList) len() int { return int(l.n) }

// push appends c.
func (l *cardList) push(c cards.Card) {
	l.c[l.n] = c
	l.n++
}

// set makes the list hold cs.
func (l *cardList) set(cs []cards.Card) { l.n = uint8(copy(l.c[:], cs)) }

// index returns the position of c, or -1.
func (l *cardList) index(c cards.Card) int {
	for i, x := range l.c[:l.n] {
		if x == c {
			return i
		}
	}
	return -1
}

// removeAt takes out the card at position i, keeping the order of the rest.
func (l *cardList) removeAt(i int) {
	n := int(l.n) - 1
	for ; i < n; i++ {
		l.c[i] = l.c[i+1]
	}
	l.c[n] = 0
	l.n = uint8(n)
}

// remove takes c out if it is there, keeping the order of the rest.
func (l *cardList) remove(c cards.Card) {
	if l.n <= 16 && l.n > 0 {
		l.remove16(c)
	} else if i := l.index(c); i >= 0 {
		l.removeAt(i)
	}
}

// A list of up to 16 cards (nearly every army) is searched and shifted as
// two 8-byte words, without a branch: a loop over the cards ends at a
// place no branch predictor can learn, twice for every card removed.
const (
	lowBits8  = 0x0101010101010101
	highBits8 = 0x8080808080808080
)

// le64 reads 8 cards as a little-endian word (the compiler makes it one
// load).
func le64(c []cards.Card) uint64 {
	_ = c[7]
	return uint64(c[0]) | uint64(c[1])<<8 | uint64(c[2])<<16 | uint64(c[3])<<24 |
		uint64(c[4])<<32 | uint64(c[5])<<40 | uint64(c[6])<<48 | uint64(c[7])<<56
}

// put64 writes w into 8 cards, little-endian (one store).
func put64(c []cards.Card, w uint64) {
	_ = c[7]
	c[0], c[1], c[2], c[3] = cards.Card(w), cards.Card(w>>8), cards.Card(w>>16), cards.Card(w>>24)
	c[4], c[5], c[6], c[7] = cards.Card(w>>32), cards.Card(w>>40), cards.Card(w>>48), cards.Card(w>>56)
}

// firstZero has the top bit set of the lowest zero byte of w, and maybe of
// higher bytes (only its lowest set bit means anything); 0 if no byte is
// zero.
func firstZero(w uint64) uint64 { return (w - lowBits8) &^ w & highBits8 }

// below[p] masks the bytes of the two words that hold positions below p.
var below = func() (t [17][2]uint64) {
	for p := range t {
		for w := range t[p] {
			d := min(max(p-8*w, 0), 8)
			t[p][w] = uint64(1)<<(8*d) - 1
		}
	}
	return t
}()

// remove16 is remove for a list of 1 to 16 cards.
func (l *cardList) remove16(c cards.Card) {
	pat := uint64(c) * lowBits8
	w0, w1 := le64(l.c[0:8]), le64(l.c[8:16])
	i0 := bits.TrailingZeros64(firstZero(w0^pat)) >> 3 // 8: not in word 0
	i1 := bits.TrailingZeros64(firstZero(w1^pat)) >> 3
	i := i0 + i1&-(i0>>3) // c's position (word 1's when not in word 0)
	n := int(l.n) - 1
	if i > n {
		return // not in the list (a match past its end is an old card)
	}
	// Positions i to n-1 take their successor's card; position n is
	// cleared; the rest keep theirs.
	bi, bn, bn1 := &below[i], &below[n], &below[n+1]
	mov0, mov1 := bn[0]&^bi[0], bn[1]&^bi[1]
	clr0, clr1 := bn1[0]&^bn[0], bn1[1]&^bn[1]
	s0, s1 := w0>>8|w1<<56, w1>>8
	put64(l.c[0:8], w0&^(mov0|clr0)|s0&mov0)
	put64(l.c[8:16], w1&^(mov1|clr1)|s1&mov1)
	l.n = uint8(n)
}

// clear empties the list.
func (l *cardList) clear() { *l = cardList{} }

// barracksRoom is the barracks' buffer: the pile is always contiguous, its
// top at head; draws advance head and cards put under go after the end,
// and the pile moves back to the start of the buffer only when its end
// reaches the buffer's (once every 52 or so draws).
const barracksRoom = 128

// pile is the barracks: cards top first, each with the seats that know it
// (known: one bit per seat; everyone: public).
type pile struct {
	head, n uint8
	c       [barracksRoom]cards.Card
	k       [barracksRoom]uint8
}

// cards returns the pile, top first (the pile's own memory, valid until it
// changes).
func (p *pile) cards() []cards.Card { return p.c[p.head : p.head+p.n] }

// known returns who knows each card of cards().
func (p *pile) known() []uint8 { return p.k[p.head : p.head+p.n] }

func (p *pile) len() int { return int(p.n) }

// at returns the card at position i from the top (0: the top).
func (p *pile) at(i int) cards.Card { return p.c[int(p.head)+i] }

// take removes the top card and returns it with who knew it.
func (p *pile) take() (cards.Card, uint8) {
	c, k := p.c[p.head], p.k[p.head]
	p.c[p.head], p.k[p.head] = 0, 0
	p.head++
	p.n--
	if p.n == 0 {
		p.head = 0
	}
	return c, k
}

// under puts c at the bottom, known to the seats in k.
func (p *pile) under(c cards.Card, k uint8) {
	if int(p.head)+int(p.n) == barracksRoom {
		copy(p.c[:], p.c[p.head:])
		copy(p.k[:], p.k[p.head:])
		clear(p.c[p.n:])
		clear(p.k[p.n:])
		p.head = 0
	}
	i := p.head + p.n
	p.c[i], p.k[i] = c, k
	p.n++
}

// set makes the pile hold cs, known to the seats in known[i] (nil: no one).
func (p *pile) set(cs []cards.Card, known []uint8) {
	*p = pile{}
	p.n = uint8(copy(p.c[:], cs))
	copy(p.k[:], known)
}

// positions are the blind picks made so far: positions in an army's hidden
// order, from 0 (at most 3 a side in a battle, one a participant in a
// free-for-all), in the order picked and as a set.
type positions struct {
	n     uint8
	pos   [engine.MaxSeats]uint8
	taken uint64
}

func (p *positions) len() int { return int(p.n) }

func (p *positions) push(pos int) {
	p.pos[p.n] = uint8(pos)
	p.n++
	p.taken |= 1 << uint(pos)
}

func (p *positions) at(i int) int { return int(p.pos[i]) }

// has reports whether pos was picked.
func (p *positions) has(pos int) bool { return p.taken>>uint(pos)&1 != 0 }

// ints returns the picks as ints (for the codec and views).
func (p *positions) ints() []int {
	out := make([]int, p.n)
	for i := range out {
		out[i] = int(p.pos[i])
	}
	return out
}

// seatGroup is a list of at most engine.MaxSeats seats.
type seatGroup struct {
	n int
	s [engine.MaxSeats]int
}

func (l *seatGroup) all() []int { return l.s[:l.n] }

// set makes the list hold seats.
func (l *seatGroup) set(seats []int) { l.n = copy(l.s[:], seats) }
