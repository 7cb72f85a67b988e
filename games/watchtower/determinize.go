package watchtower

import (
	"math/rand/v2"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// Determinize implements engine.State. Seat keeps everything it may know:
// its own army (order and won marks included), every public card
// (fortresses, towers, rows, set-aside cards), the cards of other armies
// that everyone saw arrive (seen), and the barracks positions it knows
// (cards put under face up, or its own cards put under face down, until
// the next shuffle). The remaining cards — other armies' unseen cards and
// the unknown barracks positions — are pooled in sorted order, shuffled
// with rng and dealt back: another army becomes its seen cards (sorted)
// followed by fresh cards, and keeps won marks on seen cards only (they
// were won in public); hidden battle and free-for-all orders are
// reshuffled. The state's generator is reseeded from rng.
func (s *State) Determinize(seat int, rng *rand.Rand) engine.State {
	d := s.clone()
	var pool []cards.Card
	for t := range d.players {
		if t == seat {
			continue
		}
		p := &d.players[t]
		for _, c := range p.army {
			if p.seen&bit(c) == 0 {
				pool = append(pool, c)
			}
		}
	}
	hidden := func(i int) bool { return d.known[i] != everyone && d.known[i]&(1<<seat) == 0 }
	for i, c := range d.barracks {
		if hidden(i) {
			pool = append(pool, c)
		}
	}
	slices.Sort(pool)
	shuffleWith(rng, pool)
	for t := range d.players {
		if t == seat {
			continue
		}
		p := &d.players[t]
		army := make([]cards.Card, 0, len(p.army))
		for _, c := range sortedCards(p.army) {
			if p.seen&bit(c) != 0 {
				army = append(army, c)
			}
		}
		fresh := len(p.army) - len(army)
		p.army, pool = append(army, pool[:fresh]...), pool[fresh:]
		p.won &= p.seen
	}
	for i := range d.barracks {
		if hidden(i) {
			d.barracks[i], pool = pool[0], pool[1:]
		}
	}
	d.reshuffleOrders(rng)
	d.rng.Seed(rng.Uint64())
	return d
}

// reshuffleOrders redraws the hidden orders of a pending battle or
// free-for-all from the (re-dealt) armies.
func (s *State) reshuffleOrders(rng *rand.Rand) {
	shuffled := func(army []cards.Card) []cards.Card {
		o := slices.Clone(army)
		shuffleWith(rng, o)
		return o
	}
	if s.wait == waitBattlePick {
		s.battle.order[0] = shuffled(s.players[s.battle.attacker].army)
		s.battle.order[1] = shuffled(s.players[s.battle.defender].army)
	}
	if s.free.card != cards.NoCard {
		for i, x := range s.free.parts {
			s.free.order[i] = shuffled(s.players[x].army)
		}
	}
}

func shuffleWith(rng *rand.Rand, cs []cards.Card) {
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}
