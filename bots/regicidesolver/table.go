package regicidesolver

import "cardtable/games/regicide"

// table is a bounded transposition table of failed positions: two-way
// buckets indexed by one half of the position key, checked by the other
// half. A full bucket drops its older entry. Entries carry the generation
// (one per search stage) they were stored in, so a new stage starts empty
// without clearing memory, and failures found under the quick stage's
// restriction never count in the complete stage.
type table struct {
	entries []entry
	mask    uint64
	gen     uint32
	age     uint16
}

type entry struct {
	check  uint64
	gen    uint32
	budget uint16
	age    uint16
}

func newTable(bits int) *table {
	return &table{entries: make([]entry, 1<<bits), mask: 1<<bits - 2}
}

// nextGeneration empties the table.
func (t *table) nextGeneration() {
	t.gen++
	if t.gen == 0 {
		clear(t.entries)
		t.gen = 1
	}
}

// failedWithin reports whether the position with key k is known to fail
// within budget discrepancies, and the largest budget it is known to fail
// within.
func (t *table) failedWithin(k regicide.Key, budget int) (int, bool) {
	i := k[0] & t.mask
	for _, e := range t.entries[i : i+2] {
		if e.gen == t.gen && e.check == k[1] && int(e.budget) >= budget {
			return int(e.budget), true
		}
	}
	return 0, false
}

// store records that the position with key k fails within budget
// discrepancies, replacing what the table knew about it.
func (t *table) store(k regicide.Key, budget int) {
	i := k[0] & t.mask
	b := t.entries[i : i+2]
	slot := 0
	switch {
	case b[0].gen == t.gen && b[0].check == k[1]:
	case b[1].gen == t.gen && b[1].check == k[1]:
		slot = 1
	case b[0].gen != t.gen:
	case b[1].gen != t.gen:
		slot = 1
	case int16(b[1].age-b[0].age) < 0:
		slot = 1
	}
	t.age++
	b[slot] = entry{check: k[1], gen: t.gen, budget: uint16(budget), age: t.age}
}
