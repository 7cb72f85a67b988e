package regicidebot

import (
	"math/bits"
	"math/rand/v2"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// searchGame is the game the search sees: the real one with fewer choices,
// listed in the policy's order of preference, and a sharper return.
//
// Step 1 offers the plays (and yield) the policy scores best, at most
// plays of them, then the solo power; when the policy would flip the power
// it comes first. Step 4 offers the minimal covers (no card of them can be
// kept), cheapest first by the policy's card values, at most covers of
// them, then the power. Other steps are unchanged. So the policy's own
// choice is always the first action listed, and a rollout plays it
// without scoring anything twice.
//
// A lost game returns its enemies defeated / 12 scaled by lossScale, so a
// win counts for more against progress than the engine's returns say.
type searchGame struct {
	engine.State
	plays, covers int
	lossScale     float64
	w             *weights
	// buf holds what Legal writes aside (nil: new buffers each time);
	// each determinization and clone has its own, so parallel workers
	// never share one.
	buf *scratch
}

// scratch is a search game's working memory for ranking plays.
type scratch struct {
	scores [256]float64
}

// facts returns seat's SeatFacts: a rollout reads them at every step.
func (g *searchGame) facts(seat int) regicide.SeatFacts {
	if st, ok := g.State.(*regicide.State); ok {
		return st.SeatFacts(seat)
	}
	return g.State.View(seat).(*regicide.View).SeatFacts()
}

// Legal lists the actions the search considers, the policy's choice first.
// A Step 4 cover is built from the seat's facts alone: listing every
// covering subset through the engine only to keep the few minimal ones
// was most of a rollout's cost.
func (g *searchGame) Legal(seat int, dst []engine.Action) []engine.Action {
	f := g.facts(seat)
	if f.Suffer > 0 && f.Moves {
		return g.pruneCovers(&f, dst)
	}
	start := len(dst)
	dst = g.State.Legal(seat, dst)
	if len(dst)-start < 2 {
		return dst
	}
	if k := kindOf(dst[start]); k == kindPlay || k == kindYield {
		return g.rankPlays(&f, dst, start)
	}
	return dst
}

// pruneCovers appends the minimal covers of the attack v's seat suffers
// that the policy values least (at most g.covers) and the power, if one
// is left: the engine's legal covers (every covering subset) pruned.
func (g *searchGame) pruneCovers(f *regicide.SeatFacts, dst []engine.Action) []engine.Action {
	var cost [64]float64
	g.w.cardCosts(mask(f.Hand), f.Enemy.Card, &cost)
	dst = appendCheapCovers(dst, mask(f.Hand), f.Suffer, &cost, g.covers)
	if f.PowersLeft > 0 {
		dst = append(dst, encode(kindPower, 0))
	}
	return dst
}

// rankPlays orders the plays of dst[start:] by the policy's score, keeps
// the best g.plays of them and puts the power last, or first when every
// play kept neither kills nor survives without draws.
func (g *searchGame) rankPlays(f *regicide.SeatFacts, dst []engine.Action, start int) []engine.Action {
	t := readTable(f)
	var power engine.Action
	if last := dst[len(dst)-1]; kindOf(last) == kindPower {
		power, dst = last, dst[:len(dst)-1]
	}
	plays := dst[start:]
	if g.buf == nil {
		g.buf = new(scratch)
	}
	// The best g.plays, best first, a later play after an earlier one of
	// the same score: each play is inserted among those kept so far.
	scores := &g.buf.scores
	keep := min(len(plays), g.plays, len(scores))
	k := 0
	for _, a := range plays {
		sc := g.w.playScore(&t, t.forecast(cardsOf(a)), kindOf(a) == kindYield)
		i := min(k, keep)
		for i > 0 && sc > scores[i-1] {
			if i < keep {
				scores[i], plays[i] = scores[i-1], plays[i-1]
			}
			i--
		}
		if i < keep {
			scores[i], plays[i] = sc, a
		}
		k = min(k+1, keep)
	}
	dst = dst[:start+keep]
	if power == 0 {
		return dst
	}
	if best := t.forecast(cardsOf(dst[start])); !best.jester && !best.kills && !best.canCover && best.draw == 0 {
		dst = append(dst[:start+1], dst[start:]...)
		dst[start] = power
		return dst
	}
	return append(dst, power)
}

// Determinize keeps the search's view of the game on the sample.
func (g *searchGame) Determinize(seat int, rng *rand.Rand) engine.State {
	d := *g
	d.State, d.buf = g.State.Determinize(seat, rng), new(scratch)
	return &d
}

// Clone keeps the search's view of the game on the copy.
func (g *searchGame) Clone() engine.State {
	d := *g
	d.State, d.buf = g.State.Clone(), new(scratch)
	return &d
}

var _ engine.IntoCloner = (*searchGame)(nil)

// reusable returns dst as a search game g may be written into: dst when it
// is another search game with its own scratch, else a new one.
func (g *searchGame) reusable(dst engine.State) *searchGame {
	if d, ok := dst.(*searchGame); ok && d != nil && d != g && d.buf != nil && d.buf != g.buf {
		return d
	}
	return &searchGame{buf: new(scratch)}
}

// CloneInto implements engine.IntoCloner: the copy keeps its own scratch
// and reuses dst's state when it can.
func (g *searchGame) CloneInto(dst engine.State) engine.State {
	d := g.reusable(dst)
	inner, buf := d.State, d.buf
	*d = *g
	d.State, d.buf = engine.CloneInto(g.State, inner), buf
	return d
}

// DeterminizeInto implements engine.IntoCloner: the search's iterations
// write each sample into the previous one's state and scratch.
func (g *searchGame) DeterminizeInto(dst engine.State, seat int, rng *rand.Rand) engine.State {
	d := g.reusable(dst)
	inner, buf := d.State, d.buf
	*d = *g
	d.State, d.buf = engine.DeterminizeInto(g.State, inner, seat, rng), buf
	return d
}

// Returns scales a loss's progress return by lossScale.
func (g *searchGame) Returns() []float64 {
	r := g.State.Returns()
	if len(r) > 0 && r[0] < 1 {
		for i := range r {
			r[i] *= g.lossScale
		}
	}
	return r
}

// appendCheapCovers appends the minimal covers of attack from hand (no
// card of them can be kept), cheapest first by cost (ties: in subset
// order, the subsets of the hand's cards in ascending card order counted
// as binary numbers), at most limit of them. The minimal covers are found
// by minimalCovers; the cost is summed, in card order, only for them.
func appendCheapCovers(dst []engine.Action, hand mask, attack int, cost *[64]float64, limit int) []engine.Action {
	var held [8]cards.Card
	n := 0
	for m := hand; m != 0 && n < len(held); m &= m - 1 {
		held[n], n = cards.Card(bits.TrailingZeros64(uint64(m))), n+1
	}
	type cover struct {
		m    mask
		cost float64
	}
	// At most 70 subsets of 8 cards are minimal covers (no one holds
	// another: Sperner's bound, C(8,4)).
	var found [70]cover
	limit = min(limit, len(found))
	k := 0
	subsets := minimalCovers(&held, n, attack)
	for w, word := range subsets {
		for ; word != 0; word &= word - 1 {
			sub := w<<6 | bits.TrailingZeros64(word)
			var m mask
			price := 0.0
			for b := sub; b != 0; b &= b - 1 {
				c := held[bits.TrailingZeros(uint(b))]
				m |= bitOf(c)
				price += cost[c]
			}
			i := min(k, limit)
			for i > 0 && found[i-1].cost > price {
				if i < limit {
					found[i] = found[i-1]
				}
				i--
			}
			if i < limit {
				found[i] = cover{m, price}
			}
			k = min(k+1, limit)
		}
	}
	for _, c := range found[:k] {
		dst = append(dst, engine.Action(uint64(c.m)|kindDiscard))
	}
	return dst
}

// minimalCovers returns the subsets of the n cards of held (bit i: held[i])
// that are minimal covers of attack: their values add up to attack or more,
// and less without their least card. Taking the cards in descending order
// of value, a subset becomes a minimal cover exactly when the card that
// brings it to attack is added (it is then its least card, and the cards
// before it came short), so the search stops at that card and never grows
// a cover further, and it gives up on a branch as soon as the cards left
// cannot reach attack: it visits a few dozen subsets of the 255.
func minimalCovers(held *[8]cards.Card, n, attack int) (found [4]uint64) {
	if attack <= 0 {
		return found // every card could be kept
	}
	// order lists the cards by descending value (ties: in held order);
	// rest[j] is the value of order[j:].
	var order [8]uint8
	var val, rest [9]int
	for i := range n {
		v, j := cardValue[held[i]], i
		for ; j > 0 && val[j-1] < v; j-- {
			val[j], order[j] = val[j-1], order[j-1]
		}
		val[j], order[j] = v, uint8(i)
	}
	for j := n - 1; j >= 0; j-- {
		rest[j] = rest[j+1] + val[j]
	}
	// An explicit stack of (next position, total, subset) for the search.
	type frame struct{ next, total, sub int }
	var stack [9]frame
	stack[0] = frame{0, 0, 0}
	depth := 1
	for depth > 0 {
		f := &stack[depth-1]
		j := f.next
		if j >= n || f.total+rest[j] < attack {
			depth--
			continue
		}
		f.next++
		total, sub := f.total+val[j], f.sub|1<<order[j]
		if total >= attack {
			found[sub>>6] |= 1 << (sub & 63)
			continue
		}
		stack[depth] = frame{j + 1, total, sub}
		depth++
	}
	return found
}
