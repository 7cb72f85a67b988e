package regicidebot

import (
	"math/bits"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// weights are the heuristic's (Weights), with the policy's own scoring
// methods.
type weights struct{ Weights }

// defaultWeights are the weights the heuristic was tuned to; the policy
// uses them both to play and to roll games out in a search.
var defaultWeights = weights{heuristicWeights}

// policy is a fast rule-based player. Where the search game ranks the
// actions (plays, yields, covers and the power) it takes the first one
// listed; signals, go-next picks and exact kills it decides from the
// seat's View.
type policy struct {
	w weights
}

// choose returns one of legal (never empty), the actions the search game
// lists for seat in s; rng breaks ties between seats to go next.
func (p *policy) choose(s engine.State, seat int, legal []engine.Action, rng *cards.RNG) engine.Action {
	switch kindOf(legal[0]) {
	case kindSignal:
		return encode(kindSignal, honestSignal(s.View(seat).(*regicide.View)))
	case kindNext:
		return pickNext(s.View(seat).(*regicide.View), legal, rng)
	case kindExact:
		return encode(kindExact, exactTavern)
	}
	return legal[0]
}

// bestOf returns the legal action with the highest score, ties broken at
// random.
func bestOf(legal []engine.Action, rng *cards.RNG, score func(engine.Action) float64) engine.Action {
	var pick engine.Action
	top, ties := 0.0, 0
	for _, a := range legal {
		switch sc := score(a); {
		case ties == 0 || sc > top:
			pick, top, ties = a, sc, 1
		case sc == top:
			ties++
			if rng.IntN(ties) == 0 {
				pick = a
			}
		}
	}
	return pick
}

// playScore values the play forecast by o at t with the heuristic's
// scoring (Weights.PlayScore).
func (w *weights) playScore(t *table, o outcome, yield bool) float64 {
	return w.PlayScore(PlayFacts{
		Jester: o.jester, Kills: o.kills, Exact: o.exact, Yield: yield, CanCover: o.canCover,
		Draw: o.draw, DrawSelf: o.drawSelf, Heal: o.heal, Attack: o.attack, Damage: o.damage, Shield: o.shield, Suffer: o.suffer,
		EnemyImmune: t.immune != 0, EnemyDamage: t.damage, EnemyShield: t.shield, Tavern: t.tavern,
	})
}

// cardCosts sets cost[c] to KeepValue of every card c of hand against
// enemy (cards.NoCard: none).
func (w *weights) cardCosts(hand mask, enemy cards.Card, cost *[64]float64) {
	for m := hand; m != 0; m &= m - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(m)))
		cost[c] = w.KeepValue(c, enemy)
	}
}

// honestSignal says how good the seat's hand is against the current enemy
// with its immunity cancelled (REG-20): good if one card or combo kills it
// or the hand is strong, rather-not if the hand cannot cover the attack.
func honestSignal(v *regicide.View) int {
	e := v.Enemy
	if e == nil {
		return signalNone
	}
	hand := maskOf(v.Hand)
	left := e.Health - e.Damage
	kills := false
	hand.each(func(c cards.Card) {
		dmg := cardValue[c]
		if !c.IsJoker() && c.Suit() == cards.Clubs {
			dmg *= 2
		}
		kills = kills || dmg >= left
	})
	switch total := hand.value(); {
	case kills:
		return signalGood
	case total < e.Attack-e.Shield:
		return signalRatherNot
	case total >= 2*(e.Attack-e.Shield)+10:
		return signalGood
	}
	return signalNone
}

// pickNext chooses who goes after a Jester: the best signal (the seat's
// own hand judged the same way), then the largest hand.
func pickNext(v *regicide.View, legal []engine.Action, rng *cards.RNG) engine.Action {
	rank := map[string]float64{"good": 2, "none": 1, "": 1, "rather-not": 0}
	own := [4]string{signalNone: "none", signalGood: "good", signalRatherNot: "rather-not"}[honestSignal(v)]
	return bestOf(legal, rng, func(a engine.Action) float64 {
		seat := argOf(a)
		sig := v.Signals[seat]
		if seat == v.Seat {
			sig = own
		}
		return 10*rank[sig] + float64(v.HandSizes[seat])
	})
}
