package watchtowerbot

import (
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// handFromRank is the lowest rank the policy keeps in its army instead of
// building it up in its fortress at 2 players (rule 7, keepsInHand): tried
// from 8 to Q against the heuristic, 9 to J gained alike (docs/watchtower.md,
// "High towers kept in hand").
const handFromRank = cards.Rank(10)

// keepsInHand reports whether b, at 2 players and off campaign, keeps rank
// r in its army rather than stacking it: a fortress stack is the rival's
// to take from the top (WT-07), and a taken high card both weakens b's
// showdown army and strengthens the rival's, while three cards of a rank
// in the army lose no way to a tower — a won 4th card can be placed after
// them in the same turn (only the 4th card's mark counts, WT-16), and a
// drawn 4th starts the same free-for-all. Such a rank goes onto the
// fortress only all four at once (inHandScore, Policy.inHandTower).
func (b *Heuristic) keepsInHand(v *watchtower.View, seat int, r cards.Rank) bool {
	return b.handFrom > 0 && len(v.Players) == 2 && r >= b.handFrom && !v.Players[seat].Campaign
}

// inHandScore scores placing c, of a rank b keeps in hand, while its
// fortress holds fewer than three of it: as the completion its four cards
// make when seat holds them all (a won one among them completes, else the
// 4th starts a free-for-all, placeScore's scores for a triple on the
// fortress), else as a single placed to be burned at once (cycles), else
// not at all.
func (b *Heuristic) inHandScore(v *watchtower.View, seat int, c cards.Card) float64 {
	me := &v.Players[seat]
	r := c.Rank()
	switch {
	case !holdsAll(me, r) || v.Phase != "play":
		if cycles(v, seat, c) {
			return 1.2
		}
		return 0
	case capBound(v, seat):
		return 0
	case slices.ContainsFunc(me.Won, func(x cards.Card) bool { return x.Rank() == r }):
		return 100
	}
	return 8 * b.freeForAllOdds(v, seat, c)
}

// startsInHandTower reports whether placing c starts a tower of a rank
// kept in hand: seat holds all four of it, fewer than three on its
// fortress.
func (p *Policy) startsInHandTower(v *watchtower.View, seat int, c cards.Card) bool {
	me := &v.Players[seat]
	r := c.Rank()
	return p.ranker.keepsInHand(v, seat, r) && me.StackSize(r) < 3 && holdsAll(me, r)
}

// holdsInHandEarly is holdsEarly for a tower of a rank kept in hand: its
// estimated share of the showdown, with every card but the rank's in its
// army, is below earlyShare of a fair share.
func (p *Policy) holdsInHandEarly(v *watchtower.View, seat int, r cards.Rank) bool {
	if p.ranker.lastRound {
		return false
	}
	return p.showdownShare(v, seat, r) < earlyShare/float64(len(v.Players))
}

// inHandTower returns the next placement of a tower of a rank kept in hand
// started this turn (handRound, handRank): the rank's army cards go onto
// the fortress in one turn, a won card last, for its mark makes the tower
// (WT-16); a drawn 4th card goes through freeForAllMove (rule 6).
func (p *Policy) inHandTower(st engine.State, v *watchtower.View, seat int) (engine.Action, bool) {
	me := &v.Players[seat]
	if p.handRound != v.Round || me.Campaign || v.Pending != nil || v.Phase != "play" {
		return 0, false
	}
	c := cards.NoCard
	for _, x := range me.Army {
		if x.Rank() == p.handRank && (c == cards.NoCard || slices.Contains(me.Won, c)) {
			c = x
		}
	}
	if c == cards.NoCard {
		p.handRound = -1
		return 0, false
	}
	a := p.placing(st, seat, c, c)
	if me.StackSize(p.handRank) == 3 && !slices.Contains(me.Won, c) {
		a = p.freeForAllMove(st, v, seat, a)
	}
	return a, true
}

// towerArmy appends to dst the army p would hold after completing a tower
// of rank r: every card of its army and fortress but r's (WT-18) —
// completedArmy without the rank's army cards, which go onto the tower.
func towerArmy(p *watchtower.PlayerView, r cards.Rank, dst []cards.Card) []cards.Card {
	n := len(dst)
	dst = completedArmy(p, r, dst)
	kept := slices.DeleteFunc(dst[n:], func(x cards.Card) bool { return x.Rank() == r })
	return dst[:n+len(kept)]
}
