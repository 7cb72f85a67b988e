package regicidebot

import (
	"cardtable/cards"
	"cardtable/games/regicide"
)

// table is what the seat to move knows, read once from its SeatFacts and
// kept in the form the scoring uses.
type table struct {
	hand      mask
	handValue int
	enemy     cards.Card
	immune    uint8 // the suit bit the enemy ignores, or 0
	attack    int
	health    int
	damage    int
	shield    int
	held      int // Spades shields held by immunity until a Jester
	tavern    int
	discard   int
	// seat, players and handSizes play the Diamonds round (countDraws).
	seat, players int
	handSizes     [4]int
}

func readTable(f *regicide.SeatFacts) table {
	t := table{hand: mask(f.Hand), tavern: f.Tavern, discard: f.Discard,
		seat: f.Current, players: f.Players, handSizes: f.HandSizes}
	t.handValue = t.hand.value()
	if e := &f.Enemy; e.Card != cards.NoCard {
		t.enemy = e.Card
		t.attack, t.health, t.damage, t.shield, t.held = e.Attack, e.Health, e.Damage, e.Shield, e.HeldShield
		if e.Immune {
			t.immune = 1 << e.Card.Suit()
		}
	}
	return t
}

// outcome is what a play would do, computed from what the player knows
// (the same arithmetic as regicide's Forecast, without its text).
type outcome struct {
	jester         bool
	attack         int
	heal           int
	draw, drawSelf int
	shield         int // the enemy's shield after the play
	damage         int
	kills, exact   bool
	suffer         int
	canCover       bool
	handLeft       mask
	handLeftValue  int
}

// forecast says what playing m, cards of the hand (yield: m == 0), would
// do.
func (t *table) forecast(m mask) outcome {
	n := m.value()
	o := outcome{shield: t.shield, handLeft: t.hand &^ m, handLeftValue: t.handValue - n, canCover: true}
	if m.hasJester() {
		o.jester = true
		o.shield += t.held
		return o
	}
	o.attack = n
	suits := m.suits()
	acting := suits &^ t.immune
	tavern := t.tavern
	if acting&heartsBit != 0 {
		o.heal = min(n, t.discard)
		tavern += o.heal
	}
	if acting&diamondsBit != 0 {
		o.draw, o.drawSelf = t.countDraws(n, o.handLeft.len(), tavern)
	}
	if acting&spadesBit != 0 {
		o.shield += n
	}
	o.damage = n
	if acting&clubsBit != 0 {
		o.damage *= 2
	}
	total := t.damage + o.damage
	o.kills, o.exact = total >= t.health, total == t.health
	if !o.kills {
		o.suffer = t.attack - o.shield
		o.canCover = o.handLeftValue >= o.suffer
	}
	return o
}

// countDraws plays the Diamonds round of REG-11 on hand sizes: own is the
// player's hand size after the play, tavern the Tavern after Hearts.
func (t *table) countDraws(n, own, tavern int) (total, self int) {
	sizes := t.handSizes
	sizes[t.seat] = own
	limit := maxHand[t.players]
	seat, skipped := t.seat, 0
	for total < n && tavern > 0 && skipped < t.players {
		if sizes[seat] < limit {
			sizes[seat]++
			total++
			tavern--
			skipped = 0
			if seat == t.seat {
				self++
			}
		} else {
			skipped++
		}
		seat = (seat + 1) % t.players
	}
	return total, self
}
