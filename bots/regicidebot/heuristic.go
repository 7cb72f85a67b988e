package regicidebot

import (
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// Heuristic is a fast rule-based Regicide player, the bot registered as
// "heuristic". It reads only its seat's View, the legal actions and the
// current player's Forecast: it kills (exactly
// when it can), uses Spades to cover the coming attack, Hearts when the
// Tavern runs low, Diamonds when hands are small, keeps the Jester for an
// immune enemy, discards the least valuable cover and signals honestly.
type Heuristic struct {
	rng   cards.RNG
	w     Weights
	legal []engine.Action
}

// Weights tune how the heuristic scores a play's forecast and the cards it
// keeps when discarding; the expert's policy plays with them too.
type Weights struct {
	Kill, KillPerAttack, Exact             float64
	Damage, Shield, Spent, Suffer          float64
	DrawSelf, DrawOther, HealLow, HealHigh float64
	Yield, NoCover, NoCoverDraw            float64
	JesterImmune, JesterOther              float64
	// Keep* value a card kept when discarding, beyond its face value.
	KeepJester, KeepAce, KeepEnemySuit, KeepPerCard float64
	KeepSuit                                        [4]float64
}

// defaultWeights were tuned by coordinate search over seeded games of 1–4
// players (seeds other than those the win-share test reports).
var heuristicWeights = Weights{
	Kill: 1000, KillPerAttack: -2, Exact: 20,
	Damage: 1.5, Shield: 1, Spent: -1.8, Suffer: -1,
	DrawSelf: 5, DrawOther: 7.5, HealLow: 2.7, HealHigh: 1,
	Yield: -6, NoCover: -125, NoCoverDraw: 60,
	JesterImmune: 2, JesterOther: -3,
	KeepJester: 30, KeepAce: 4.5, KeepEnemySuit: -1.5, KeepPerCard: 0.1,
	KeepSuit: [4]float64{cards.Clubs: -2, cards.Diamonds: 3, cards.Hearts: -1, cards.Spades: -1},
}

// DefaultWeights returns the weights the heuristic plays with.
func DefaultWeights() Weights { return heuristicWeights }

// NewHeuristic returns a heuristic bot; seed breaks ties between equal
// choices.
func NewHeuristic(seed uint64) engine.Bot {
	return &Heuristic{rng: cards.NewRNG(seed), w: heuristicWeights}
}

// Act chooses one of seat's legal actions.
func (b *Heuristic) Act(st engine.State, seat int) engine.Action {
	b.legal = st.Legal(seat, b.legal[:0])
	s, ok := st.(*regicide.State)
	if !ok || len(b.legal) == 1 {
		return b.legal[0]
	}
	v := s.View(seat).(*regicide.View)
	switch v.Phase {
	case "signal":
		return encode(kindSignal, heuristicSignal(v))
	case "next":
		return b.pickNext(v)
	case "exact":
		return encode(kindExact, exactTavern)
	case "discard":
		return b.cheapestCover(v)
	}
	return b.bestPlay(s, v)
}

// best returns the action with the highest score, ties broken at random.
func (b *Heuristic) best(score func(engine.Action) (float64, bool)) engine.Action {
	var pick engine.Action
	top, ties := 0.0, 0
	for _, a := range b.legal {
		sc, ok := score(a)
		switch {
		case !ok:
			continue
		case ties == 0 || sc > top:
			pick, top, ties = a, sc, 1
		case sc == top:
			ties++
			if b.rng.IntN(ties) == 0 {
				pick = a
			}
		}
	}
	return pick
}

// bestPlay scores each play and yield by its forecast; a solo power is
// flipped when every play leads to death.
func (b *Heuristic) bestPlay(s *regicide.State, v *regicide.View) engine.Action {
	power, yield := encode(kindPower, 0), encode(kindYield, 0)
	a := b.best(func(a engine.Action) (float64, bool) {
		if a == power || a == yield && v.Players == 1 && v.Yielded[0] {
			// A solo yield after a yield could repeat the position forever.
			return 0, false
		}
		f, err := s.Forecast(a)
		if err != nil {
			return 0, false
		}
		return b.w.forecastScore(f, v), true
	})
	if a == 0 {
		return power
	}
	if f, _ := s.Forecast(a); !f.Kills && !f.CanCover && f.Draw == 0 && v.PowersLeft > 0 && !f.Jester {
		return power
	}
	return a
}

// forecastScore values the play forecast by f at v (see PlayScore).
func (w *Weights) forecastScore(f regicide.Forecast, v *regicide.View) float64 {
	e := v.Enemy
	return w.PlayScore(PlayFacts{
		Jester: f.Jester, Kills: f.Kills, Exact: f.Exact, Yield: f.Kind == "yield", CanCover: f.CanCover,
		Draw: f.Draw, DrawSelf: f.DrawSelf, Heal: f.Heal, Attack: f.Attack, Damage: f.Damage, Shield: f.Shield, Suffer: f.Suffer,
		EnemyImmune: e.Immune, EnemyDamage: e.Damage, EnemyShield: e.Shield, Tavern: v.Tavern,
	})
}

// PlayFacts are what PlayScore reads of a play: its forecast (as in
// Forecast) and the table it is made at.
type PlayFacts struct {
	Jester, Kills, Exact, Yield, CanCover        bool
	Draw, DrawSelf, Heal, Attack, Damage, Shield int
	Suffer                                       int
	EnemyImmune                                  bool
	EnemyDamage, EnemyShield, Tavern             int
}

// PlayScore values a play: kills first (cheap and exact ones best), then
// damage, shields, cards drawn and healed, minus the cards spent and the
// attack that follows; plays that cannot be survived come last. The
// heuristic and the expert's policy both score plays with it.
func (w *Weights) PlayScore(f PlayFacts) float64 {
	if f.Jester {
		if f.EnemyImmune && f.EnemyDamage > 0 {
			return w.JesterImmune
		}
		return w.JesterOther
	}
	score := w.DrawSelf*float64(f.DrawSelf) + w.DrawOther*float64(f.Draw-f.DrawSelf)
	if f.Tavern < 12 {
		score += w.HealLow * float64(f.Heal)
	} else {
		score += w.HealHigh * float64(f.Heal)
	}
	if f.Kills {
		score += w.Kill + w.KillPerAttack*float64(f.Attack)
		if f.Exact {
			score += w.Exact
		}
		return score
	}
	score += w.Damage*float64(f.Damage) + w.Shield*float64(f.Shield-f.EnemyShield) + w.Spent*float64(f.Attack) + w.Suffer*float64(f.Suffer)
	if f.Yield {
		score += w.Yield
	}
	if !f.CanCover {
		score += w.NoCover + w.NoCoverDraw*float64(f.DrawSelf)
	}
	return score
}

// KeepValue is how much the heuristic wants to keep card c when discarding
// against enemy (NoCard when there is none).
func (w *Weights) KeepValue(c cards.Card, enemy cards.Card) float64 {
	if c.IsJoker() {
		return w.KeepJester
	}
	keep := float64(regicide.Value(c)) + w.KeepPerCard + w.KeepSuit[c.Suit()]
	if c.Rank() == cards.Ace {
		keep += w.KeepAce
	}
	if enemy != cards.NoCard && c.Suit() == enemy.Suit() {
		keep += w.KeepEnemySuit
	}
	return keep
}

// cheapestCover discards the cover the bot values least.
func (b *Heuristic) cheapestCover(v *regicide.View) engine.Action {
	enemy := cards.NoCard
	if v.Enemy != nil {
		enemy = v.Enemy.Card
	}
	return b.best(func(a engine.Action) (float64, bool) {
		if kindOf(a) != kindDiscard {
			return 0, false
		}
		cost := 0.0
		cardsOf(a).each(func(c cards.Card) { cost += b.w.KeepValue(c, enemy) })
		return -cost, true
	})
}

// heuristicSignal says honestly how good the seat's hand is against the
// current enemy with its immunity cancelled: good if one play kills it or
// the hand is strong, rather-not if the hand cannot cover the attack.
func heuristicSignal(v *regicide.View) int {
	e := v.Enemy
	hand := maskOf(v.Hand)
	left := e.Health - e.Damage
	kills := false
	eachPlay(hand, func(m mask) {
		dmg := m.value()
		if m.suits()&clubsBit != 0 {
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

// eachPlay calls fn for the cards of every Step 1 play of hand (REG-09):
// each card alone, an Ace with any other card but a Jester, and two to
// four cards of one rank worth at most 10.
func eachPlay(hand mask, fn func(mask)) {
	jesters := bitOf(cards.Joker1) | bitOf(cards.Joker2)
	hand.each(func(c cards.Card) {
		fn(bitOf(c))
		if c.IsJoker() || c.Rank() != cards.Ace {
			return
		}
		(hand &^ bitOf(c) &^ jesters).each(func(o cards.Card) {
			if o.Rank() != cards.Ace || o > c {
				fn(bitOf(c) | bitOf(o))
			}
		})
	})
	for r := cards.Rank(2); r <= 5; r++ {
		same := hand & (mask(0xf) << (uint(r) << 2))
		for sub := same; sub != 0; sub = (sub - 1) & same {
			if n := sub.len(); n >= 2 && n*int(r) <= 10 {
				fn(sub)
			}
		}
	}
}

// pickNext chooses who goes after the Jester: the best signal (the bot's
// own hand judged the same way), then the largest hand.
func (b *Heuristic) pickNext(v *regicide.View) engine.Action {
	rank := [4]float64{signalNone: 1, signalGood: 2, signalRatherNot: 0}
	return b.best(func(a engine.Action) (float64, bool) {
		seat := argOf(a)
		sig := heuristicSignal(v)
		if seat != v.Seat {
			switch v.Signals[seat] {
			case "good":
				sig = signalGood
			case "rather-not":
				sig = signalRatherNot
			default:
				sig = signalNone
			}
		}
		return 10*rank[sig] + float64(v.HandSizes[seat]), true
	})
}
