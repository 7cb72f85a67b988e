package regicidebot

import (
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// weights tune how the policy scores a play and the cards it keeps.
type weights struct {
	kill, killPerAttack, exact             float64
	damage, shield, spent, suffer          float64
	drawSelf, drawOther, healLow, healHigh float64
	yield, noCover, noCoverDraw            float64
	jesterImmune, jesterOther              float64
	// keep* value a card kept when discarding, beyond its face value.
	keepJester, keepAce, keepEnemySuit, keepPerCard float64
	keepSuit                                        [4]float64
}

// defaultWeights start from the weights regicide's heuristic bot was tuned
// to; the policy uses them both to play and to roll games out in a search.
var defaultWeights = weights{
	kill: 1000, killPerAttack: -2, exact: 20,
	damage: 1.5, shield: 1, spent: -1.8, suffer: -1,
	drawSelf: 5, drawOther: 7.5, healLow: 2.7, healHigh: 1,
	yield: -6, noCover: -125, noCoverDraw: 60,
	jesterImmune: 2, jesterOther: -3,
	keepJester: 30, keepAce: 4.5, keepEnemySuit: -1.5, keepPerCard: 0.1,
	keepSuit: [4]float64{cards.Clubs: -2, cards.Diamonds: 3, cards.Hearts: -1, cards.Spades: -1},
}

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

// playScore values a play: kills first (cheap and exact ones best), then
// damage, shields, cards drawn and healed, minus the cards spent and the
// attack that follows; plays that cannot be survived come last.
func (w *weights) playScore(t *table, o outcome, yield bool) float64 {
	if o.jester {
		if t.immune != 0 && t.damage > 0 {
			return w.jesterImmune
		}
		return w.jesterOther
	}
	score := w.drawSelf*float64(o.drawSelf) + w.drawOther*float64(o.draw-o.drawSelf)
	if t.tavern < 12 {
		score += w.healLow * float64(o.heal)
	} else {
		score += w.healHigh * float64(o.heal)
	}
	if o.kills {
		score += w.kill + w.killPerAttack*float64(o.attack)
		if o.exact {
			score += w.exact
		}
		return score
	}
	score += w.damage*float64(o.damage) + w.shield*float64(o.shield-t.shield) + w.spent*float64(o.attack) + w.suffer*float64(o.suffer)
	if yield {
		score += w.yield
	}
	if !o.canCover {
		score += w.noCover + w.noCoverDraw*float64(o.drawSelf)
	}
	return score
}

// keepValue is how much the policy wants to keep card c against enemy.
func (w *weights) keepValue(c, enemy cards.Card) float64 {
	if c.IsJoker() {
		return w.keepJester
	}
	keep := float64(cardValue[c]) + w.keepPerCard + w.keepSuit[c.Suit()]
	if c.Rank() == cards.Ace {
		keep += w.keepAce
	}
	if enemy != cards.NoCard && c.Suit() == enemy.Suit() {
		keep += w.keepEnemySuit
	}
	return keep
}

// cardCosts returns keepValue of every card against the enemy of v.
func (w *weights) cardCosts(v *regicide.View) *[64]float64 {
	enemy := cards.NoCard
	if v.Enemy != nil {
		enemy = v.Enemy.Card
	}
	var cost [64]float64
	maskOf(v.Hand).each(func(c cards.Card) { cost[c] = w.keepValue(c, enemy) })
	return &cost
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
