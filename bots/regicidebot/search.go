package regicidebot

import (
	"math/rand/v2"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// searchGame is the game the search sees: the real one with fewer choices
// and a sharper return. Step 4 offers only minimal covers (no card of them
// can be kept), the covers cheapest first per the policy's card values cut
// to the first covers, and the solo power; every other step is unchanged.
// A lost game returns its enemies defeated / 12 scaled by lossScale, so a
// win counts for more against progress than the engine's returns say.
type searchGame struct {
	engine.State
	covers    int
	lossScale float64
	w         *weights
}

// Legal lists the actions the search considers.
func (g searchGame) Legal(seat int, dst []engine.Action) []engine.Action {
	start := len(dst)
	dst = g.State.Legal(seat, dst)
	if len(dst)-start < 2 || kindOf(dst[start]) != kindDiscard || cardsOf(dst[start]) == 0 {
		return dst
	}
	return g.pruneCovers(seat, dst, start)
}

// pruneCovers keeps, of dst[start:], the minimal covers the policy values
// least (at most g.covers) and the power.
func (g searchGame) pruneCovers(seat int, dst []engine.Action, start int) []engine.Action {
	all := dst[start:]
	v := g.State.View(seat).(*regicide.View)
	enemy := cards.NoCard
	if v.Enemy != nil {
		enemy = v.Enemy.Card
	}
	kept := dst[:start]
	var power engine.Action
	for _, a := range all {
		if kindOf(a) != kindDiscard {
			power = a
			continue
		}
		if minimal(cardsOf(a), v.Suffer) {
			kept = append(kept, a)
		}
	}
	covers := kept[start:]
	slices.SortStableFunc(covers, func(a, b engine.Action) int {
		ca, cb := g.w.coverCost(cardsOf(a), enemy), g.w.coverCost(cardsOf(b), enemy)
		switch {
		case ca < cb:
			return -1
		case ca > cb:
			return 1
		}
		return 0
	})
	if len(covers) > g.covers {
		kept = kept[:start+g.covers]
	}
	if power != 0 {
		kept = append(kept, power)
	}
	return kept
}

// Determinize keeps the search's view of the game on the sample.
func (g searchGame) Determinize(seat int, rng *rand.Rand) engine.State {
	g.State = g.State.Determinize(seat, rng)
	return g
}

// Clone keeps the search's view of the game on the copy.
func (g searchGame) Clone() engine.State {
	g.State = g.State.Clone()
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

// minimal reports whether cover m of attack keeps covering it without any
// one of its cards: a minimal cover has no such card.
func minimal(m mask, attack int) bool {
	total := m.value()
	ok := true
	m.each(func(c cards.Card) { ok = ok && total-cardValue[c] < attack })
	return ok
}
