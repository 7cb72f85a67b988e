package watchtowerbot

import (
	"fmt"
	"os"
	"strconv"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// capBound reports whether the round cap (WT-24), not a showdown, is the
// likely end of the game for seat: it has rivals still in off campaign, and
// none of them holds a triple, so none is near the tower that a showdown
// needs from every player still in.
func capBound(v *watchtower.View, seat int) bool {
	off := 0
	for i := range v.Players {
		p := &v.Players[i]
		if i == seat || p.Out || p.Campaign {
			continue
		}
		off++
		for _, st := range p.Fortress {
			if st.Count >= 3 {
				return false
			}
		}
	}
	return off > 0
}

// trimPlan is the bot's plan for the forced showdown of the round cap,
// chosen once on its last turn: the army cards it keeps (it places the
// others), or the card that completes a tower, sending its other fortress
// cards into its army (WT-18) and giving it a tower to break a tie.
type trimPlan struct {
	round, seat int
	made        bool
	keep        []cards.Card
	complete    cards.Card
	// started: the bot has placed a card by the plan; it burns and
	// challenges no more this turn, which would change the army it kept.
	started bool
}

// trimming reports whether seat has started to play its plan for the
// forced showdown this turn.
func (b *Heuristic) trimming(v *watchtower.View, seat int) bool {
	return b.trim.made && b.trim.started && b.trim.round == v.Round && b.trim.seat == seat
}

// burnDraws is how many cards burning a card of rank r draws (WT-06).
func burnDraws(r cards.Rank) int {
	if watchtower.IsHigh(r) {
		return 2
	}
	return 1
}

// sampleArmies sets armies[i] to a sample of seat i's army as seat sees it:
// seat's own is mine; another is its seen cards and cards drawn from pool
// (the cards seat cannot place), which it reorders.
func sampleArmies(v *watchtower.View, seat int, mine, pool []cards.Card, rng *cards.RNG, armies [][]cards.Card) {
	for i := range v.Players {
		o := &v.Players[i]
		a := armies[i][:0]
		switch {
		case i == seat:
			a = append(a, mine...)
		case !o.Out:
			a = append(a, o.Seen...)
			for len(a) < o.ArmySize && len(pool) > 0 {
				j := rng.IntN(len(pool))
				a = append(a, pool[j])
				pool[j], pool[len(pool)-1] = pool[len(pool)-1], pool[j]
				pool = pool[:len(pool)-1]
			}
		}
		armies[i] = a
	}
}

// trimDeals and trimLayouts size the estimate of each army the bot could
// keep for the forced showdown.
const (
	trimDeals   = 40
	trimLayouts = 5
)

// planCap chooses seat's plan for the round cap's forced showdown (WT-24),
// whose row is L cards of each army, L the smallest army made odd: keep its
// best m cards for the odd m (or the whole army) with the largest
// estimated share against the other armies as seat sees them, or complete
// a tower if the army that makes (army and every other fortress card,
// WT-18) has a larger share, weighed by the chance of winning the
// free-for-all a card not won sets off (WT-16, WT-17). Cards of a rank it
// holds three of in its fortress stay in the army when it trims: placing
// one would complete the tower.
func (b *Heuristic) planCap(v *watchtower.View, seat int) trimPlan {
	me := &v.Players[seat]
	plan := trimPlan{round: v.Round, seat: seat, made: true, complete: cards.NoCard}
	keep, bestShare := b.bestTrim(v, seat)
	plan.keep = keep
	for _, c := range me.Army {
		if me.StackSize(c.Rank()) != 3 {
			continue
		}
		share, keep := b.completionShare(v, seat, c, bestShare)
		if share > bestShare+0.01 {
			bestShare, plan.complete, plan.keep = share, c, keep
		}
	}
	if os.Getenv("WTX_DEBUG") == "1" {
		fmt.Fprintf(os.Stderr, "PLAN seat %d round %d army %v fort %v keep %v complete %v share %.2f\n", seat, v.Round, me.Army, me.Fortress, plan.keep, plan.complete, bestShare)
	}
	return plan
}

// completionShare estimates seat's share of the forced showdown if it
// places c, a 4th card: the share of the army completing makes (its army
// and every other fortress card, WT-18), weighed by the chance to win the
// free-for-all a card not won sets off (WT-16, WT-17), else otherwise. It
// returns the army cards to keep while it places c: all of them for a won
// card; else, for the free-for-all, where a card drawn blind from its army
// fights for it, its best card and the 4th cards of its other triples
// (which it may not place), the rest placed first.
func (b *Heuristic) completionShare(v *watchtower.View, seat int, c cards.Card, otherwise float64) (float64, []cards.Card) {
	me := &v.Players[seat]
	army := completedArmy(me, c.Rank(), nil)
	army = slices.DeleteFunc(army, func(x cards.Card) bool { return x == c })
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

// bestTrim returns the army cards seat would keep for the round cap's
// forced showdown, L cards of each army (L the smallest army made odd):
// its best m cards for the odd m (or the whole army) with the largest
// estimated share, and that share. It places at most three cards of a
// rank in its fortress: the card that would make four stays in the army,
// for placing it would complete the tower (WT-16).
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

// capShare estimates seat's share of the round cap's forced showdown
// (capShares) between army mine, with a tower of rank tower (0: none), and
// the other armies and towers as seat sees them; when the barracks will
// run out before it (refillComing), each army first gives the cards a
// refill takes, at random (WT-21).
func (b *Heuristic) capShare(v *watchtower.View, seat int, mine []cards.Card, tower cards.Rank) float64 {
	for len(b.armies) < len(v.Players) {
		b.armies = append(b.armies, nil)
	}
	armies := b.armies[:len(v.Players)]
	shares := make([]float64, len(v.Players))
	towers := make([]cards.Rank, len(v.Players))
	for i := range v.Players {
		if t := v.Players[i].Tower; len(t) > 0 {
			towers[i] = t[0].Rank()
		}
	}
	towers[seat] = tower
	refill := refillComing(v, seat)
	total := 0.0
	for range trimDeals {
		sampleArmies(v, seat, mine, b.pool, &b.rng, armies)
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
		total += capShares(armies, towers, trimLayouts, &b.rng, shares)[seat]
	}
	return total / trimDeals
}

// refillComing reports whether the barracks will run out, and be refilled
// from the armies (WT-21), before the round cap's forced showdown that
// follows this round: it holds fewer cards than the players after seat in
// this round, off campaign, draw at the start of their turns.
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

// trimScore: on its last turn before the forced showdown, play the plan
// (planCap): the completing card, else an army card it does not keep, the
// lowest first, after any other action it scores (a burn's draws, a
// challenge), which come first.
func (b *Heuristic) trimScore(v *watchtower.View, seat int, c cards.Card) float64 {
	me := &v.Players[seat]
	if !b.trim.made || b.trim.round != v.Round || b.trim.seat != seat ||
		b.trim.complete != cards.NoCard && !slices.Contains(me.Army, b.trim.complete) {
		started := b.trim.started && b.trim.made && b.trim.round == v.Round && b.trim.seat == seat
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

// capModeFrom is the first round in which a bot that expects the round cap
// to end the game (capBound) plays for it.
var capModeFrom = 15

// capMode reports whether seat, off campaign on a play turn, expects the
// round cap to end the game and plays for its forced showdown: it keeps its
// cards in hand and cycles low ones for draws, as the last player off
// campaign waits (waitFirst).
func (b *Heuristic) capMode(v *watchtower.View, seat int) bool {
	me := &v.Players[seat]
	if os.Getenv("WTX_WAIT") == "0" {
		return false
	}
	if x := os.Getenv("WTX_FROM"); x != "" {
		capModeFrom, _ = strconv.Atoi(x)
	}
	return v.Phase == "play" && v.Pending == nil && !me.Campaign && !me.Out && !b.lastRound && v.Round >= capModeFrom && capBound(v, seat)
}

// capCompleteScore scores placing c, a 4th card, when the round cap is the
// likely end (capBound): complete if the army that makes wins the forced
// showdown, as estimated now, more often than the best army seat could
// keep by trimming, and at least capCompleteBar of the time.
func (b *Heuristic) capCompleteScore(v *watchtower.View, seat int, c cards.Card) float64 {
	if os.Getenv("WTX_RULE1") != "1" {
		return 0
	}
	_, stay := b.bestTrim(v, seat)
	if share, _ := b.completionShare(v, seat, c, stay); share < stay+0.01 || share < capCompleteBar {
		return 0
	}
	return 100
}

// capCompleteBar is the smallest estimated share of the forced showdown
// for which a bot that expects the round cap completes a tower.
const capCompleteBar = 0.65

// capRanked reorders dst[start:], the heuristic's ranking, for a bot that
// plays for the round cap's forced showdown (capMode): it keeps its cards
// in its army, where it can choose the ones its row will hold, so the only
// placement it plays is its waiting move's (waitMove: a card placed to be
// burned for a draw), which leads the ranking unless a challenge does.
func capRanked(v *watchtower.View, seat int, legal, dst []engine.Action, start, limit int) []engine.Action {
	w := waitMove(v, seat, legal)
	if w == watchtower.End {
		w = shedMove(v, seat, legal)
	}
	dst = slices.DeleteFunc(dst[:len(dst):len(dst)], func(a engine.Action) bool {
		_, placed := watchtower.PlacedCard(a)
		return placed || a == w && w != watchtower.End
	})
	if w != watchtower.End {
		at := start
		if len(dst) > start {
			if d, _ := watchtower.Fields(dst[start]); d.Kind == watchtower.KindChallenge {
				at = start + 1
			}
		}
		dst = slices.Insert(dst, at, w)
	}
	if !slices.Contains(dst[start:], watchtower.End) {
		dst = append(dst, watchtower.End)
	}
	return dst[:start+min(limit, len(dst)-start)]
}

func capKeepRank() cards.Rank {
	if x := os.Getenv("WTX_KEEP"); x != "" {
		n, _ := strconv.Atoi(x)
		return cards.Rank(n)
	}
	return 99
}

// shedMove places the lowest army card beyond seat's best few, when its
// fortress has room for it below a triple.
func shedMove(v *watchtower.View, seat int, legal []engine.Action) engine.Action {
	k := 99
	if x := os.Getenv("WTX_TRIMK"); x != "" {
		k, _ = strconv.Atoi(x)
	}
	me := &v.Players[seat]
	if len(me.Army) <= k {
		return watchtower.End
	}
	top := slices.Sorted(slices.Values(me.Army))
	limit := top[len(top)-k]
	best, bestRank := watchtower.End, cards.Rank(99)
	for _, a := range legal {
		c, ok := watchtower.PlacedCard(a)
		if !ok || c >= limit || me.StackSize(c.Rank()) >= 2 || holdsAll(me, c.Rank()) {
			continue
		}
		if c.Rank() < bestRank {
			best, bestRank = a, c.Rank()
		}
	}
	return best
}
