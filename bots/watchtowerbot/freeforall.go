package watchtowerbot

import (
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// freeForAllMove returns the move the policy plays instead of top, its
// ranker's choice, when top places a drawn 4th card on a triple with 2
// players (a free-for-all against the rival, WT-16) — or when such a
// placement was started earlier in the turn: first every other army card
// but the highest goes onto the fortress, lowest first, then the 4th card.
//
// The free-for-all's cards are picked blind from each participant's army
// (WT-17), so an army of one high card wins it far more often than the
// whole army would (with 2 players about 94 % of the time against 57 %);
// and a won free-for-all starts a campaign, which takes every fortress
// card back into the army (WT-18), so the cards placed cost nothing then.
// A lost one leaves them in the fortress. Cards of another triple's rank
// stay in the army (placing one would start another free-for-all). The
// rule keeps to 2 players, where it was measured (docs/watchtower.md); off
// it, and on the last round (the round cap's plan decides), top stands.
func (p *Policy) freeForAllMove(st engine.State, v *watchtower.View, seat int, top engine.Action) engine.Action {
	if len(v.Players) != 2 || v.Phase != "play" || v.Pending != nil || p.ranker.lastRound {
		return top
	}
	me, rival := &v.Players[seat], &v.Players[1-seat]
	if me.Campaign || rival.Campaign || rival.Out || rival.ArmySize == 0 {
		return top
	}
	c, ok := watchtower.PlacedCard(top)
	if p.ffaRound == v.Round && p.drawn4th(me, p.ffaCard) {
		c, ok = p.ffaCard, true
	}
	if !ok || !p.drawn4th(me, c) {
		return top
	}
	p.ffaRound, p.ffaCard = v.Round, c
	return p.placing(st, seat, leanCard(me, c), c)
}

// drawn4th reports whether c, in me's army, is a 4th card for a triple on
// me's fortress that would start a free-for-all: not a won card.
func (p *Policy) drawn4th(me *watchtower.PlayerView, c cards.Card) bool {
	return slices.Contains(me.Army, c) && me.StackSize(c.Rank()) == 3 && !slices.Contains(me.Won, c)
}

// leanCard is the lowest card of me's army to place before c: not c, not
// the army's highest other card, not of a rank me's fortress holds three
// of; cards.NoCard if none is left.
func leanCard(me *watchtower.PlayerView, c cards.Card) cards.Card {
	high, low := cards.NoCard, cards.NoCard
	for _, x := range me.Army {
		if x != c && (high == cards.NoCard || x.Rank() > high.Rank()) {
			high = x
		}
	}
	for _, x := range me.Army {
		if x == c || x == high || me.StackSize(x.Rank()) == 3 {
			continue
		}
		if low == cards.NoCard || x.Rank() < low.Rank() {
			low = x
		}
	}
	return low
}

// placing returns seat's legal action placing first, or c when first is
// cards.NoCard.
func (p *Policy) placing(st engine.State, seat int, first, c cards.Card) engine.Action {
	if first == cards.NoCard {
		first = c
	}
	p.legal = st.Legal(seat, p.legal[:0])
	for _, a := range p.legal {
		if x, ok := watchtower.PlacedCard(a); ok && x == first {
			return a
		}
	}
	return watchtower.End
}
