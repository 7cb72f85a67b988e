package watchtowerbot

import (
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// waitCycleMax is the highest rank the last player off campaign cycles
// (places and burns at once, T5, or burns from its fortress) while it
// waits: a fresh draw is worth more than a card up to 10 in the showdown
// (trials in docs/watchtower.md: 9 and 10 beat 6 and 8).
const waitCycleMax = cards.Rank(10)

// lastOff reports whether seat is the last player still in off campaign,
// on a play turn with nothing pending: its next completion starts the
// showdown (WT-22), no one is left to challenge (campaigners have no
// fortress), and its fortress cards are the campaigners' to take.
func lastOff(v *watchtower.View, seat int) bool {
	me := &v.Players[seat]
	if v.Phase != "play" || v.Pending != nil || me.Campaign || me.Out {
		return false
	}
	for i := range v.Players {
		if o := &v.Players[i]; i != seat && !o.Out && !o.Campaign {
			return false
		}
	}
	return true
}

// waitRanked appends the last player off campaign's candidates to dst, at
// most limit: a placement towards a tower whose four cards it holds when
// the showdown that completing starts clears the bar of the round, else
// its waiting move (waitMove); then ending the turn; then the completion
// it holds back, for the search to weigh.
func (p *Policy) waitRanked(st engine.State, v *watchtower.View, seat int, dst []engine.Action, limit int) []engine.Action {
	p.legal = st.Legal(seat, p.legal[:0])
	bar := p.threshold(v.Round, len(v.Players), st.Options().Int("max-rounds"))
	complete, held := p.completion(v, seat, bar)
	first := complete
	if first == 0 {
		first = thinMove(v, seat, p.legal, waitMove(v, seat, p.legal))
	}
	start := len(dst)
	dst = append(dst, first)
	if first != watchtower.End {
		dst = append(dst, watchtower.End)
	}
	if held != 0 {
		dst = append(dst, held)
	}
	return dst[:start+min(limit, len(dst)-start)]
}

// completion returns a placement of seat's legal ones (p.legal) towards a
// tower of a rank whose four cards seat holds, fortress and army, if its
// estimated share of the showdown that completing starts (the army then
// holds every other card, WT-18) is at least bar; else held is such a
// placement, held back.
func (p *Policy) completion(v *watchtower.View, seat int, bar float64) (complete, held engine.Action) {
	me := &v.Players[seat]
	var tried [cards.Ace + 1]bool
	for _, a := range p.legal {
		c, ok := watchtower.PlacedCard(a)
		if !ok || tried[c.Rank()] {
			continue
		}
		r := c.Rank()
		tried[r] = true
		if !holdsAll(me, r) {
			continue
		}
		if p.showdownShare(v, seat, r) >= bar {
			return a, 0
		}
		if held == 0 {
			held = a
		}
	}
	return 0, held
}

// holdsAll reports whether p holds all four cards of rank r.
func holdsAll(p *watchtower.PlayerView, r cards.Rank) bool {
	return p.StackSize(r)+countRank(p.Army, r) == 4
}

// waitMove is the last player off campaign's move while it does not
// complete: with the turn's burn unused, burn a single royal or ace from
// its fortress (two draws, and a card the campaigners cannot take), else
// the lowest fortress top up to waitCycleMax, else place its lowest army
// card up to waitCycleMax to burn it next; otherwise end the turn. It
// never builds a stack or touches a triple or the cards of a rank it holds
// all four of: a fortress card is exposed to the campaigners' challenges,
// an army card is safe, and with every rival on campaign a tower needs its
// four cards in hand anyway (a drawn 4th completes at once, WT-17).
func waitMove(v *watchtower.View, seat int, legal []engine.Action) engine.Action {
	return waitMoveKeeping(v, seat, legal, true)
}

// waitMoveKeeping is waitMove, touching the triples too unless triples is
// set: a bot playing for the round cap late in the game burns their tops
// as well (capRanked).
func waitMoveKeeping(v *watchtower.View, seat int, legal []engine.Action, triples bool) engine.Action {
	me := &v.Players[seat]
	if v.BurnUsed {
		return watchtower.End
	}
	keep := func(r cards.Rank) bool { return triples && me.StackSize(r) >= 3 || holdsAll(me, r) }
	best, bestRank := watchtower.End, cards.Rank(99)
	for _, a := range legal {
		d, _ := watchtower.Fields(a)
		if d.Kind != watchtower.KindBurn || keep(d.Rank) {
			continue
		}
		r := d.Rank
		if me.StackSize(r) == 1 && watchtower.IsHigh(r) {
			r = 0
		}
		if r <= waitCycleMax && r < bestRank {
			best, bestRank = a, r
		}
	}
	if best != watchtower.End {
		return best
	}
	for _, a := range legal {
		d, _ := watchtower.Fields(a)
		if d.Kind != watchtower.KindPlace || keep(d.Card.Rank()) {
			continue
		}
		if r := d.Card.Rank(); r <= waitCycleMax && r < bestRank {
			best, bestRank = a, r
		}
	}
	return best
}

// campaignsBeside reports whether seat, in a game of 4 players, is off
// campaign with at least one rival on campaign, on a play turn with
// nothing pending: its fortress cards are the campaigners' to take, as the
// last player off campaign's are (lastOff, checked first, is the case of
// every rival on campaign).
func campaignsBeside(v *watchtower.View, seat int) bool {
	me := &v.Players[seat]
	if len(v.Players) < 4 || v.Phase != "play" || v.Pending != nil || me.Campaign || me.Out {
		return false
	}
	for i := range v.Players {
		if o := &v.Players[i]; i != seat && !o.Out && o.Campaign {
			return true
		}
	}
	return false
}

// waitFirst puts the waiting move (waitMove, given seat's legal actions)
// first in dst[start:], at most limit long, when the ranking's first is
// ending the turn or a placement that does not complete a tower: with 4
// players, a player off campaign beside campaigners (campaignsBeside) then
// cycles its cards for draws and keeps them in hand, as the last one does,
// but still completes, challenges and fights as the heuristic does. It won
// 32.1 % instead of 27.9 % of 2,000 paired 4-player games against
// heuristics (docs/watchtower.md).
func waitFirst(v *watchtower.View, seat int, legal, dst []engine.Action, start, limit int) []engine.Action {
	first := dst[start]
	c, placed := watchtower.PlacedCard(first)
	if first != watchtower.End && (!placed || v.Players[seat].StackSize(c.Rank()) == 3) {
		return dst
	}
	w := waitMove(v, seat, legal)
	if w == watchtower.End || w == first {
		return dst
	}
	if i := slices.Index(dst[start:], w); i >= 0 {
		dst = slices.Delete(dst, start+i, start+i+1)
	}
	dst = slices.Insert(dst, start, w)
	return dst[:start+min(limit, len(dst)-start)]
}
