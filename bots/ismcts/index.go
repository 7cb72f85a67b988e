package ismcts

import "cardtable/engine"

// linearLimit is the number of legal actions up to which a linear scan
// finds an action faster than the hash table.
const linearLimit = 16

// actionIndex finds an action's position in a list of legal actions. Long
// lists (a Regicide discard can have hundreds of choices) go into an
// open-addressing hash table that is reused from one call to the next, so
// matching a node's children against the legal actions stays linear in
// their number.
type actionIndex struct {
	legal []engine.Action
	slots []int32 // position in legal + 1; 0 is an empty slot
	mask  uint64
}

// reset indexes legal, which must not change until the next reset.
func (x *actionIndex) reset(legal []engine.Action) {
	x.legal = legal
	if len(legal) <= linearLimit {
		return
	}
	size := 1
	for size < 2*len(legal) {
		size <<= 1
	}
	if cap(x.slots) < size {
		x.slots = make([]int32, size)
	}
	x.slots = x.slots[:size]
	clear(x.slots)
	x.mask = uint64(size - 1)
	for i, a := range legal {
		h := hashAction(a) & x.mask
		for x.slots[h] != 0 {
			h = (h + 1) & x.mask
		}
		x.slots[h] = int32(i + 1)
	}
}

// find returns a's position in the indexed list, or -1.
func (x *actionIndex) find(a engine.Action) int {
	if len(x.legal) <= linearLimit {
		return indexOf(x.legal, a)
	}
	for h := hashAction(a) & x.mask; x.slots[h] != 0; h = (h + 1) & x.mask {
		if i := int(x.slots[h] - 1); x.legal[i] == a {
			return i
		}
	}
	return -1
}

// hashAction mixes an action's bits (games pack cards into bit sets, so
// the low bits alone would collide).
func hashAction(a engine.Action) uint64 {
	z := uint64(a) * 0x9e3779b97f4a7c15
	return z ^ (z >> 29)
}

func indexOf(xs []engine.Action, a engine.Action) int {
	for i, x := range xs {
		if x == a {
			return i
		}
	}
	return -1
}
