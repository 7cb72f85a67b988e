package regicide

import (
	"math/bits"
	"math/rand/v2"

	"cardtable/cards"
	"cardtable/engine"
)

// Determinize returns a state seat cannot tell from s: the cards seat
// cannot see are re-dealt at random with rng, from pools listed in card
// order so that the result depends only on what seat knows.
//
// What stays: everything public and seat's own hand; the known enemies on
// top of the Tavern; cards everyone knows a hand holds; the current enemy.
// What is re-dealt: each Hearts layer's unseen cards among that layer's
// Tavern positions and the hands that drew from it (as many as each drew
// and still hides); the cards nobody has seen among the Tavern's middle and
// the rest of the other hands; the Castle below the enemy, within each
// rank. The state's generator is reseeded from rng, so later Hearts
// shuffles are unknown too.
func (s *State) Determinize(seat int, rng *rand.Rand) engine.State {
	d := new(State)
	s.determinizeInto(d, seat, rng)
	return d
}

var _ engine.IntoCloner = (*State)(nil)

// CloneInto implements engine.IntoCloner: a State is a plain value, so
// the copy is one assignment into dst when dst is another *State.
func (s *State) CloneInto(dst engine.State) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		d = new(State)
	}
	*d = *s
	return d
}

// DeterminizeInto implements engine.IntoCloner: exactly Determinize's
// state, drawing the same numbers, written into dst when dst is another
// *State.
func (s *State) DeterminizeInto(dst engine.State, seat int, rng *rand.Rand) engine.State {
	d, ok := dst.(*State)
	if !ok || d == nil || d == s {
		d = new(State)
	}
	s.determinizeInto(d, seat, rng)
	return d
}

// determinizeInto writes Determinize's state into d (not s); it allocates
// nothing.
func (s *State) determinizeInto(d *State, seat int, rng *rand.Rand) {
	*d = *s
	d.rng.Seed(rng.Uint64())
	var pool set
	var need [4]int
	for p := 0; p < s.cfg.players; p++ {
		if p != seat {
			pool |= s.hands[p] &^ s.shown[p]
			need[p] = s.hands[p].len() - s.shown[p].len()
			d.hands[p] = s.shown[p]
		}
	}
	hidden := s.tavern[:s.nTavern-s.knownTop]
	pool |= setOf(hidden)
	d.dealLayers(s, seat, pool&s.recycledSet, &need, rng)

	var buf [64]cards.Card
	fresh := shuffled((pool &^ s.recycledSet).appendCards(buf[:0]), rng)
	fresh = fresh[copy(d.tavern[s.recycled:len(hidden)], fresh):]
	for p := 0; p < s.cfg.players; p++ {
		if p != seat {
			d.hands[p] |= setOf(fresh[:need[p]])
			fresh = fresh[need[p]:]
		}
	}
	d.shuffleCastle(rng)
}

// dealLayers re-deals the unseen cards of each Hearts layer: first to the
// Tavern positions that layer fills, then to each other seat as many as it
// drew from the layer and still hides. need counts down what each hand
// still lacks.
func (d *State) dealLayers(s *State, seat int, pool set, need *[4]int, rng *rand.Rand) {
	for layer := uint8(1); layer < 64 && pool != 0; layer++ {
		var inLayer set
		for r := pool; r != 0; r &= r - 1 {
			if c := cards.Card(bits.TrailingZeros64(uint64(r))); s.layerOf[c] == layer {
				inLayer |= bit(c)
			}
		}
		pool &^= inLayer
		var drew [4]int
		for r := inLayer; r != 0; r &= r - 1 {
			if by := s.drawnBy[bits.TrailingZeros64(uint64(r))]; by > 0 {
				drew[by-1]++
			}
		}
		var buf [64]cards.Card
		cs := shuffled(inLayer.appendCards(buf[:0]), rng)
		for j := 0; j < int(s.recycled); j++ {
			if s.layerOf[s.tavern[j]] == layer {
				d.tavern[j], d.drawnBy[cs[0]] = cs[0], 0
				cs = cs[1:]
			}
		}
		for p := 0; p < s.cfg.players; p++ {
			if p == seat {
				continue
			}
			for _, c := range cs[:drew[p]] {
				d.hands[p] |= bit(c)
				d.drawnBy[c] = uint8(p) + 1
			}
			cs = cs[drew[p]:]
			need[p] -= drew[p]
		}
	}
}

// shuffleCastle shuffles each rank's run of the Castle below the enemy.
func (d *State) shuffleCastle(rng *rand.Rand) {
	below := d.castle[:max(int(d.nCastle)-1, 0)]
	for start := 0; start < len(below); {
		end := start
		for end < len(below) && below[end].Rank() == below[start].Rank() {
			end++
		}
		var buf [12]cards.Card
		run := setOf(below[start:end]).appendCards(buf[:0])
		copy(below[start:end], shuffled(run, rng))
		start = end
	}
}

// shuffled permutes cs (listed in card order by the caller) with rng.
func shuffled(cs []cards.Card, rng *rand.Rand) []cards.Card {
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return cs
}
