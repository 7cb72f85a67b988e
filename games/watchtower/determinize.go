package watchtower

import (
	"math/bits"
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
	d.determinize(seat, rng)
	return d
}

// determinize re-deals, in place, the cards seat cannot see (see
// Determinize); it allocates nothing.
func (d *State) determinize(seat int, rng *rand.Rand) {
	var poolBuf [52]cards.Card
	pool := poolBuf[:0]
	for t := range d.all() {
		if t == seat {
			continue
		}
		p := &d.players[t]
		for _, c := range p.army.all() {
			if p.seen&bit(c) == 0 {
				pool = append(pool, c)
			}
		}
	}
	bar, known := d.barracks.cards(), d.barracks.known()
	hidden := func(i int) bool { return known[i] != everyone && known[i]&(1<<seat) == 0 }
	for i, c := range bar {
		if hidden(i) {
			pool = append(pool, c)
		}
	}
	slices.Sort(pool)
	shuffleWith(rng, pool)
	for t := range d.all() {
		if t == seat {
			continue
		}
		p := &d.players[t]
		// The seen cards in sorted order, then fresh ones from the pool.
		n := p.armySize()
		seen := p.held & p.seen
		p.noArmy = false // a re-dealt army is always shown (n is 0 if it was not)
		p.army.clear()
		for m := seen; m != 0; m &= m - 1 {
			p.army.push(cards.Card(bits.TrailingZeros64(m)))
		}
		fresh := n - p.armySize()
		for _, c := range pool[:fresh] {
			p.army.push(c)
		}
		pool = pool[fresh:]
		p.held = cardSet(p.army.all())
		p.won &= p.seen
	}
	for i := range bar {
		if hidden(i) {
			bar[i], pool = pool[0], pool[1:]
		}
	}
	d.reshuffleOrders(rng)
	d.rng.Seed(rng.Uint64())
}

// reshuffleOrders redraws the hidden orders of a pending battle or
// free-for-all from the (re-dealt) armies, in the orders' own buffers.
func (s *State) reshuffleOrders(rng *rand.Rand) {
	shuffled := func(order *cardList, army *cardList) {
		*order = *army
		shuffleWith(rng, order.all())
	}
	if s.wait == waitBattlePick {
		shuffled(&s.battle.order[0], &s.players[s.battle.attacker].army)
		shuffled(&s.battle.order[1], &s.players[s.battle.defender].army)
	}
	if s.free.card != cards.NoCard {
		for i, x := range s.free.parts.all() {
			shuffled(&s.free.order[i], &s.players[x].army)
		}
	}
}

func shuffleWith(rng *rand.Rand, cs []cards.Card) {
	rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}
