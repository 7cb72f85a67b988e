package watchtower

import (
	"math/rand/v2"

	"cardtable/engine"
)

// Capacities of the arena's buffers, sized for every game seen in long
// random runs; a buffer that outgrows its arena is simply reallocated on
// the heap.
const (
	arenaAgenda = 32
	arenaEvents = 48
	arenaEvData = 256
	arenaTexts  = 4
)

// arena is the storage of a State's slices: the agenda and the events,
// whose length has no small bound (everything else is held in the state
// itself). It is allocated with its state (one allocation for both, see
// newState), and CopyInto / DeterminizeInto copy a state's contents into
// the destination's own arena instead of allocating.
//
// Invariant: no two states share any backing array. Every slice of a
// state points into its own arena or into heap memory only it holds —
// but for the arguments of the messages in said values, which nothing
// changes once made.
type arena struct {
	agenda [arenaAgenda]task
	events [arenaEvents]event
	evData [arenaEvData]byte
	evSaid [arenaTexts]said
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
	d.agenda = append(m.agenda[:0], s.agenda...)
	d.events = append(m.events[:0], s.events...)
	d.evData = append(m.evData[:0], s.evData...)
	d.evSaid = append(m.evSaid[:0], s.evSaid...)
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
