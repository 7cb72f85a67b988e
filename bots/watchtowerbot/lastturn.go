package watchtowerbot

import (
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// The last turn before the round cap's forced showdown (WT-24): a bot off
// campaign chooses the row it will play. The row is L cards of each army,
// L the smallest army made odd, so by placing all but its best m cards it
// plays exactly those (when it has the smallest army), against rows drawn
// at random from the other armies; or it completes a tower, sending its
// other fortress cards into its army and winning every tie on tricks
// with that tower.

// Estimates of the forced showdown: trimDeals sampled hidden armies, each
// laid out trimLayouts times.
const (
	trimDeals   = 40
	trimLayouts = 5
)

// trimPlan is the bot's plan for the forced showdown, made on its last
// turn: the army cards it keeps (it places the others, lowest first), and
// the card that completes a tower once they are placed (cards.NoCard for
// none).
type trimPlan struct {
	round, seat int
	made        bool
	keep        []cards.Card
	complete    cards.Card
	// started: the bot has placed a card by the plan; it burns and
	// challenges no more this turn, which would change the army it kept.
	started bool
}

// trimming reports whether seat has started to play its plan this turn.
func (b *Heuristic) trimming(v *watchtower.View, seat int) bool {
	return b.trim.made && b.trim.started && b.trim.round == v.Round && b.trim.seat == seat
}

// trimScore scores placing c on the last turn before the forced showdown,
// by the plan (planCap, made at the turn's first decision and again if a
// free-for-all lost the card it meant to complete with): an army card it
// does not keep, lowest first, then the completing card. The scores are
// below any burn or challenge the bot would play, which come first and
// bring it cards to choose from.
func (b *Heuristic) trimScore(v *watchtower.View, seat int, c cards.Card) float64 {
	me := &v.Players[seat]
	same := b.trim.made && b.trim.round == v.Round && b.trim.seat == seat
	if !same || b.trim.complete != cards.NoCard && !slices.Contains(me.Army, b.trim.complete) {
		started := same && b.trim.started
		b.trim = b.planCap(v, seat)
		b.trim.started = started
	}
	switch {
	case c == b.trim.complete:
		return 0.005
	case slices.Contains(b.trim.keep, c) || me.StackSize(c.Rank()) == 3:
		return 0
	}
	return 0.01 + float64(cards.Ace-c.Rank())/2000
}

// planCap chooses seat's plan: the best army to keep (bestTrim), or a
// completion if the army it makes has a larger estimated share.
func (b *Heuristic) planCap(v *watchtower.View, seat int) trimPlan {
	me := &v.Players[seat]
	plan := trimPlan{round: v.Round, seat: seat, made: true, complete: cards.NoCard}
	keep, bestShare := b.bestTrim(v, seat)
	plan.keep = keep
	for _, c := range me.Army {
		if me.StackSize(c.Rank()) != 3 {
			continue
		}
		if share, keep := b.completionShare(v, seat, c, bestShare); share > bestShare+0.01 {
			bestShare, plan.complete, plan.keep = share, c, keep
		}
	}
	return plan
}

// completionShare estimates seat's share of the forced showdown if it
// places c, a 4th card: the share of the army completing makes (its army
// and every other fortress card, WT-18) with the tower, weighed by the
// chance to win the free-for-all a card not won sets off (WT-16, WT-17),
// else otherwise. It returns the army cards to keep while it places c: all
// of them for a won card; else, for the free-for-all, in which a card
// picked blind from its army fights for c, its best card and the cards it
// may not place, the rest placed first.
func (b *Heuristic) completionShare(v *watchtower.View, seat int, c cards.Card, otherwise float64) (float64, []cards.Card) {
	me := &v.Players[seat]
	army := towerArmy(me, c.Rank(), nil)
	share := b.capShare(v, seat, army, c.Rank())
	if slices.Contains(me.Won, c) {
		return share, slices.DeleteFunc(slices.Clone(me.Army), func(x cards.Card) bool { return x == c })
	}
	forced, rest := splitForced(me)
	keep := slices.DeleteFunc(forced, func(x cards.Card) bool { return x == c })
	if len(rest) > 0 {
		keep = append(keep, rest[0])
	}
	if len(keep) == 0 {
		return 0, nil
	}
	odds := b.freeForAllOddsWith(v, seat, keep, cards.NoCard)
	return odds*share + (1-odds)*otherwise, keep
}

// bestTrim returns the army cards seat keeps for the forced showdown, its
// best m for the odd m (or the whole army) with the largest estimated
// share, and that share. It places at most three cards of a rank in its
// fortress: the card that would make four stays in the army, for placing
// it would complete the tower (WT-16).
func (b *Heuristic) bestTrim(v *watchtower.View, seat int) ([]cards.Card, float64) {
	me := &v.Players[seat]
	forced, rest := splitForced(me)
	best, bestShare := len(me.Army), -1.0
	for m := len(me.Army); m >= 1; m-- {
		if (m%2 == 0 && m != len(me.Army)) || m < len(forced) {
			continue
		}
		keep := append(slices.Clone(forced), rest[:m-len(forced)]...)
		if share := b.capShare(v, seat, keep, 0); share > bestShare+0.01 {
			best, bestShare = m, share
		}
	}
	return append(forced, rest[:best-len(forced)]...), bestShare
}

// splitForced splits p's army into the cards it may not place without
// completing a tower (those of a rank beyond the three its fortress may
// hold) and the rest, best first.
func splitForced(p *watchtower.PlayerView) (forced, rest []cards.Card) {
	var room [cards.Ace + 1]int
	for r := range room {
		room[r] = max(0, 3-p.StackSize(cards.Rank(r)))
	}
	for _, c := range slices.Sorted(slices.Values(p.Army)) {
		if room[c.Rank()] > 0 {
			room[c.Rank()]--
			rest = append(rest, c)
		} else {
			forced = append(forced, c)
		}
	}
	slices.Reverse(rest)
	return forced, rest
}

// capShare estimates seat's share of the forced showdown (capShares)
// between army mine, with a tower of rank tower (0: none), and the other
// armies and towers as seat sees them; when the barracks will run out
// before it (refillComing), each army first gives the cards a refill
// takes, at random (WT-21).
func (b *Heuristic) capShare(v *watchtower.View, seat int, mine []cards.Card, tower cards.Rank) float64 {
	for len(b.armies) < len(v.Players) {
		b.armies = append(b.armies, nil)
	}
	armies := b.armies[:len(v.Players)]
	var shares [engine.MaxSeats]float64
	var towers [engine.MaxSeats]cards.Rank
	for i := range v.Players {
		if t := v.Players[i].Tower; len(t) > 0 {
			towers[i] = t[0].Rank()
		}
	}
	towers[seat] = tower
	refill := refillComing(v, seat)
	total := 0.0
	for range trimDeals {
		sampleArmies(v, seat, mine, b.pool, &b.rng, armies, nil)
		if refill {
			for i, a := range armies {
				for range refillGives(len(a)) {
					j := b.rng.IntN(len(a))
					a[j] = a[len(a)-1]
					a = a[:len(a)-1]
				}
				armies[i] = a
			}
		}
		total += capShares(armies, towers[:len(armies)], trimLayouts, &b.rng, shares[:len(armies)])[seat]
	}
	return total / trimDeals
}

// refillComing reports whether the barracks will run out, and be refilled
// from the armies (WT-21), before the forced showdown that follows this
// round: it holds fewer cards than the players after seat in this round,
// off campaign, draw at the start of their turns.
func refillComing(v *watchtower.View, seat int) bool {
	n := len(v.Players)
	rel := func(x int) int { return (x - v.First + n) % n }
	draws := 0
	for i := range v.Players {
		if p := &v.Players[i]; rel(i) > rel(seat) && !p.Out && !p.Campaign {
			draws++
		}
	}
	return v.Barracks < draws
}

// refillGives is how many cards an army of n cards gives to an empty
// barracks (WT-21).
func refillGives(n int) int {
	switch {
	case n >= 8:
		return 4
	case n >= 6:
		return n - 4
	case n >= 3:
		return 1
	}
	return 0
}

// burnDraws is how many cards burning a card of rank r draws (WT-06).
func burnDraws(r cards.Rank) int {
	if watchtower.IsHigh(r) {
		return 2
	}
	return 1
}
