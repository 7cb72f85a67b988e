package regicide

import (
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
// What is re-dealt: the other hands; the Tavern's bottom part that Hearts
// filled, from the Hearts cards seat has not seen since; the Tavern's
// middle (never seen by anyone), from the other unseen cards; the Castle
// below the enemy, within each rank. The state's generator is reseeded
// from rng, so later Hearts shuffles are unknown too.
//
// Who drew which unseen card is not tracked: a Hearts card may land in any
// other hand, not only in one that drew from the Tavern's bottom.
func (s *State) Determinize(seat int, rng *rand.Rand) engine.State {
	d := *s
	d.rng.Seed(rng.Uint64())
	var pool set
	for p := 0; p < s.cfg.players; p++ {
		if p != seat {
			pool |= s.hands[p] &^ s.shown[p]
		}
	}
	hidden := s.tavern[:s.nTavern-s.knownTop]
	pool |= setOf(hidden)

	recycled := shuffled((pool & s.recycledSet).cards(), rng)
	copy(d.tavern[:s.recycled], recycled)
	rest := pool &^ setOf(recycled[:s.recycled])
	fresh := shuffled((rest &^ s.recycledSet).cards(), rng)
	copy(d.tavern[s.recycled:len(hidden)], fresh)
	rest &^= setOf(fresh[:len(hidden)-int(s.recycled)])

	others := shuffled(rest.cards(), rng)
	for p := 0; p < s.cfg.players; p++ {
		if p == seat {
			continue
		}
		need := s.hands[p].len() - s.shown[p].len()
		d.hands[p] = s.shown[p] | setOf(others[:need])
		others = others[need:]
	}
	d.shuffleCastle(rng)
	return &d
}

// shuffleCastle shuffles each rank's run of the Castle below the enemy.
func (d *State) shuffleCastle(rng *rand.Rand) {
	below := d.castle[:max(int(d.nCastle)-1, 0)]
	for start := 0; start < len(below); {
		end := start
		for end < len(below) && below[end].Rank() == below[start].Rank() {
			end++
		}
		run := setOf(below[start:end]).cards()
		copy(below[start:end], shuffled(run, rng))
		start = end
	}
}

// shuffled permutes cs (listed in card order by the caller) with rng.
func shuffled(cs []cards.Card, rng *rand.Rand) []cards.Card {
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	return cs
}
