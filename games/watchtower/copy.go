package watchtower

import (
	"math/rand/v2"

	"cardtable/cards"
	"cardtable/engine"
)

// Capacities of the arena's buffers. The card piles are bounded by the
// pack; the others are sized for every game seen in long random runs, and
// a buffer that outgrows its arena is simply reallocated on the heap.
const (
	arenaAgenda = 32
	arenaAside  = 8
	arenaPicks  = 4
	arenaTries  = 32
	arenaEvents = 48
	arenaEvData = 256
	arenaTexts  = 4
)

// arena is the storage a State's slices start in. It is allocated with its
// state (one allocation for both, see newState), so a new game allocates
// almost nothing more, and CopyInto / DeterminizeInto copy a state's
// contents into the destination's own arena instead of allocating.
//
// Invariant: no two states share any backing array. Every slice of a
// state points into its own arena or into heap memory only it holds —
// but for the arguments of the messages in said values, which nothing
// changes once made.
type arena struct {
	players  [engine.MaxSeats]player
	army     [engine.MaxSeats][52]cards.Card
	row      [engine.MaxSeats][52]cards.Card
	barracks [52]cards.Card
	known    [52]uint8
	agenda   [arenaAgenda]task
	aside    [arenaAside]cards.Card
	order    [2][52]cards.Card
	picks    [2][arenaPicks]int
	parts    [engine.MaxSeats]int
	forder   [engine.MaxSeats][52]cards.Card
	forders  [engine.MaxSeats][]cards.Card
	fpicks   [engine.MaxSeats]int
	tries    [arenaTries]tryCount
	events   [arenaEvents]event
	evData   [arenaEvData]byte
	evSaid   [arenaTexts]said
	winners  [engine.MaxSeats]int
}

// stateBlock puts a state and its arena in one allocation.
type stateBlock struct {
	s   State
	mem arena
}

// newState returns an empty state whose slices start in its own arena.
func newState() *State {
	b := new(stateBlock)
	b.s.mem = &b.mem
	return &b.s
}

// copyFrom makes d a deep copy of s, reusing d's arena (d must not be s).
func (d *State) copyFrom(s *State) {
	m := d.mem
	if m == nil {
		m = new(arena)
	}
	*d = *s
	d.mem = m
	d.barracks = append(m.barracks[:0], s.barracks...)
	d.known = append(m.known[:0], s.known...)
	d.players = append(m.players[:0], s.players...)
	for i := range d.players {
		d.players[i].army = append(m.army[i][:0], s.players[i].army...)
		if s.players[i].army == nil {
			d.players[i].army = nil // shown as no army at all; see eliminate
		}
		d.players[i].row = append(m.row[i][:0], s.players[i].row...)
	}
	d.agenda = append(m.agenda[:0], s.agenda...)
	d.aside = append(m.aside[:0], s.aside...)
	for i := range d.battle.order {
		d.battle.order[i] = append(m.order[i][:0], s.battle.order[i]...)
		d.battle.picks[i] = append(m.picks[i][:0], s.battle.picks[i]...)
	}
	d.free.parts = append(m.parts[:0], s.free.parts...)
	d.free.picks = append(m.fpicks[:0], s.free.picks...)
	d.free.order = append(m.forders[:0], s.free.order...)
	for i := range d.free.order {
		d.free.order[i] = append(m.forder[i][:0], s.free.order[i]...)
	}
	d.tries = append(m.tries[:0], s.tries...)
	d.events = append(m.events[:0], s.events...)
	d.evData = append(m.evData[:0], s.evData...)
	d.evSaid = append(m.evSaid[:0], s.evSaid...)
	d.winners = append(m.winners[:0], s.winners...)
}

// reusable returns dst as a state s may be copied into: dst itself when it
// is a Watchtower state other than s, else a new state.
func (s *State) reusable(dst engine.State) *State {
	if d, ok := dst.(*State); ok && d != nil && d != s {
		return d
	}
	return newState()
}

var _ engine.IntoCloner = (*State)(nil)

// CloneInto implements engine.IntoCloner: it makes dst (when it is another
// *State) a deep copy of s and returns it, allocating nothing once dst's
// buffers have held a game; for any other dst it returns a new copy.
func (s *State) CloneInto(dst engine.State) engine.State {
	d := s.reusable(dst)
	d.copyFrom(s)
	return d
}

// DeterminizeInto implements engine.IntoCloner: the result, written into
// dst when it is another *State, is exactly s.Determinize(seat, rng) (the
// same state, drawing the same numbers from rng).
func (s *State) DeterminizeInto(dst engine.State, seat int, rng *rand.Rand) engine.State {
	d := s.reusable(dst)
	d.copyFrom(s)
	d.determinize(seat, rng)
	return d
}
