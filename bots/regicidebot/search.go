package regicidebot

import (
	"math/bits"
	"math/rand/v2"
	"slices"

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
	// view is the buffer Legal reads the seat's View into (nil: a new
	// View each time); each determinization and clone has its own, so
	// parallel workers never share one.
	view *regicide.View
}

// seatView returns seat's View, written into g.view when there is one: a
// rollout reads one at every step. It is valid until the next call.
func (g searchGame) seatView(seat int) *regicide.View {
	if st, ok := g.State.(*regicide.State); ok && g.view != nil {
		st.ViewInto(seat, g.view)
		return g.view
	}
	return g.State.View(seat).(*regicide.View)
}

// Legal lists the actions the search considers, the policy's choice first.
// A Step 4 cover is built from the seat's View alone: listing every
// covering subset through the engine only to keep the few minimal ones
// was most of a rollout's cost.
func (g searchGame) Legal(seat int, dst []engine.Action) []engine.Action {
	v := g.seatView(seat)
	if v.Suffer > 0 && slices.Contains(v.ToMove, seat) {
		return g.pruneCovers(v, dst)
	}
	start := len(dst)
	dst = g.State.Legal(seat, dst)
	if len(dst)-start < 2 {
		return dst
	}
	if k := kindOf(dst[start]); k == kindPlay || k == kindYield {
		return g.rankPlays(v, dst, start)
	}
	return dst
}

// pruneCovers appends the minimal covers of the attack v's seat suffers
// that the policy values least (at most g.covers) and the power, if one
// is left: the engine's legal covers (every covering subset) pruned.
func (g searchGame) pruneCovers(v *regicide.View, dst []engine.Action) []engine.Action {
	dst = appendCheapCovers(dst, maskOf(v.Hand), v.Suffer, g.w.cardCosts(v), g.covers)
	if v.PowersLeft > 0 {
		dst = append(dst, encode(kindPower, 0))
	}
	return dst
}

// rankPlays orders the plays of dst[start:] by the policy's score, keeps
// the best g.plays of them and puts the power last, or first when every
// play kept neither kills nor survives without draws.
func (g searchGame) rankPlays(v *regicide.View, dst []engine.Action, start int) []engine.Action {
	t := readTable(v)
	var power engine.Action
	if last := dst[len(dst)-1]; kindOf(last) == kindPower {
		power, dst = last, dst[:len(dst)-1]
	}
	plays := dst[start:]
	var scores [256]float64
	for i, a := range plays {
		scores[i] = g.w.playScore(&t, t.forecast(cardsOf(a)), kindOf(a) == kindYield)
	}
	for i := 1; i < len(plays); i++ {
		for j := i; j > 0 && scores[j] > scores[j-1]; j-- {
			scores[j], scores[j-1] = scores[j-1], scores[j]
			plays[j], plays[j-1] = plays[j-1], plays[j]
		}
	}
	dst = dst[:start+min(len(plays), g.plays)]
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
func (g searchGame) Determinize(seat int, rng *rand.Rand) engine.State {
	g.State = g.State.Determinize(seat, rng)
	g.view = new(regicide.View)
	return g
}

// Clone keeps the search's view of the game on the copy.
func (g searchGame) Clone() engine.State {
	g.State = g.State.Clone()
	g.view = new(regicide.View)
	return g
}

// Returns scales a loss's progress return by lossScale.
func (g searchGame) Returns() []float64 {
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
// order), at most limit of them. The subsets' totals and least cards are
// built up from smaller subsets; the cost is summed, in card order, only
// for the few minimal covers.
func appendCheapCovers(dst []engine.Action, hand mask, attack int, cost *[64]float64, limit int) []engine.Action {
	var held [8]cards.Card
	n := 0
	hand.each(func(c cards.Card) { held[n], n = c, n+1 })
	type cover struct {
		m    mask
		cost float64
	}
	// At most 70 subsets of 8 cards are minimal covers (no one holds
	// another: Sperner's bound, C(8,4)); totals fit a byte (8 Kings: 160).
	var found [70]cover
	var total, least [256]uint8
	least[0] = 255
	limit = min(limit, len(found))
	k := 0
	for sub := 1; sub < 1<<n; sub++ {
		low := sub & (sub - 1)
		v := uint8(cardValue[held[bits.TrailingZeros(uint(sub))]])
		total[sub], least[sub] = total[low]+v, min(least[low], v)
		if t := int(total[sub]); t < attack || t-int(least[sub]) >= attack {
			continue
		}
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
	for _, c := range found[:k] {
		dst = append(dst, engine.Action(uint64(c.m)|kindDiscard))
	}
	return dst
}
