package watchtower

import (
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

// remove takes c out if it is there.
func (l *cardList) remove(c cards.Card) {
	if i := l.index(c); i >= 0 {
		l.removeAt(i)
	}
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
