package rlenv

import (
	"math/bits"
	"strconv"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// Regicide's observations have room for 4 seats, counted from the viewer,
// and 8 hand slots (the solo hand; smaller hands leave the last slots 0).
const (
	regicideSeats = 4
	handSlots     = 8
)

// Regicide's action index groups.
const (
	regPlay    = 0
	regDiscard = regPlay + 1<<handSlots
	regYield   = regDiscard + 1<<handSlots
	regPower   = regYield + 1
	regSignal  = regPower + 1
	regNext    = regSignal + 3
	regExact   = regNext + regicideSeats
	regActions = regExact + 2
)

// The kinds of Regicide's action encoding (docs/regicide.md, "Encoding"):
// the kind in bits 0–2, its argument in bits 3–7, its cards in the bits
// named by the cards.
const (
	regKindPlay = 1 + iota
	regKindYield
	regKindDiscard
	regKindPower
	regKindSignal
	regKindNext
	regKindExact
)

var (
	regPhases  = []string{"play", "discard", "signal", "next", "exact", "over"}
	regSignals = []string{"none", "good", "rather-not"}
)

type regicideLayout struct {
	seat, players, phase, current, toMove, turns, enemyOn, enemy, attack, health, damage          int
	shield, heldShield, immune, castle, defeated, suffer, shieldOver, tavern, tavernTop, recycled int
	recycledBottom, discard, table, handSizes, hand, slots, known, signals, yielded               int
	powers, end                                                                                   int
}

func newRegicideSpace(sp *Space) {
	var g actionGroups
	g.add("play", 1<<handSlots, "`play CARDS`: index m plays the hand slots in the bits of m (slot i is the i-th card of the hand in card order: 2C < 2D < … < AS < JK1 < JK2); m = 0 is never legal. A combo, an Ace with its companion, the Jester and an enemy from the Tavern are all plays")
	g.add("discard", 1<<handSlots, "`discard CARDS`: index 256+m discards the hand slots in the bits of m to suffer the attack (m = 0: `discard` of nothing, when the attack is 0 or less)")
	g.add("yield", 1, "`yield`")
	g.add("power", 1, "`power`: solo, flip a Jester power")
	g.add("signal", 3, "`signal none`, `signal good`, `signal rather-not`, after a Jester (REG-20)")
	g.add("next", regicideSeats, "`next SEAT`: the Jester's player picks who goes next; index 517+r is the seat r places after the actor (517: itself)")
	g.add("exact", 2, "`exact tavern`, `exact discard` (`exact-kill=optional`)")
	sp.Actions, sp.NumActions = g.groups, g.size

	l := &sp.Obs
	const s = regicideSeats
	var o regicideLayout
	o.seat = l.add("seat", "the viewer's seat (absolute), one-hot", s)
	o.players = l.add("players", "1 to 4 players, one-hot", s)
	o.phase = l.add("phase", "`play`, `discard`, `signal`, `next`, `exact`, `over`, one-hot", len(regPhases))
	o.current = l.add("current", "whose turn it is, one-hot; seats here and below count from the viewer (0 = the viewer)", s)
	o.toMove = l.add("to_move", "1 for a seat that must act now", s)
	o.turns = l.add("turns", "turns played, t: t/(t+100)", 1)
	o.enemyOn = l.add("enemy_present", "1 while there is an enemy", 1)
	o.enemy = l.add("enemy", "the enemy: J, Q, K × C, D, H, S (JC, JD, JH, JS, QC …), one-hot", 12)
	o.attack = l.add("attack", "its attack / 20", 1)
	o.health = l.add("health", "its health / 40", 1)
	o.damage = l.add("damage", "damage it has taken / 40", 1)
	o.shield = l.add("shield", "Spades played against it / 100", 1)
	o.heldShield = l.add("held_shield", "Spades held back by its immunity / 100", 1)
	o.immune = l.add("immune", "1 while its own suit's power is blocked", 1)
	o.castle = l.add("castle", "enemies left in the Castle (the current one included) / 12", 1)
	o.defeated = l.add("defeated", "enemies defeated / 12", 1)
	o.suffer = l.add("suffer", "the attack to cover in `discard` / 20 (0 when the shields cover it)", 1)
	o.shieldOver = l.add("shield_over", "in `discard`, how far the shields exceed the attack / 100", 1)
	o.tavern = l.add("tavern", "cards in the Tavern / 54", 1)
	o.tavernTop = l.add("tavern_top", "per card: (i+1)/12 for an enemy known to lie i-th from the Tavern's top", numCards)
	o.recycled = l.add("recycled", "per card: 1 for a card Hearts put under the Tavern that nobody has seen since", numCards)
	o.recycledBottom = l.add("recycled_at_bottom", "how many of them still form the Tavern's bottom / 54", 1)
	o.discard = l.add("discard", "per card: 1 in the discard pile", numCards)
	o.table = l.add("table", "per card: 1 played against the current enemy", numCards)
	o.handSizes = l.add("hand_sizes", "each seat's hand size / 8", s)
	o.hand = l.add("hand", "per card: 1 in the viewer's hand", numCards)
	o.slots = l.add("hand_slots", "per hand slot (the bits of `play` and `discard`), its card, one-hot", handSlots, numCards)
	o.known = l.add("known", "per seat, per card: 1 for a card everyone knows the seat holds", s, numCards)
	o.signals = l.add("signals", "per seat, its signal: `none`, `good`, `rather-not`, one-hot (all 0: not signalled)", s, len(regSignals))
	o.yielded = l.add("yielded", "1 for a seat that yielded on its last turn", s)
	o.powers = l.add("powers_left", "solo Jester powers left / 2", 1)
	o.end = l.add("end", "how the game ended: `won`, `stuck`, `lost to …`, one-hot", 3)
	sp.newCoder = func() coder { return &regicideCoder{o: o} }
	sp.describe = describeRegicide
}

type regicideCoder struct {
	o regicideLayout
	v regicide.View
}

// view returns seat's view of st in the coder's buffer.
func (c *regicideCoder) view(st engine.State, seat int) *regicide.View {
	if rs, ok := st.(*regicide.State); ok {
		rs.ViewInto(seat, &c.v)
		return &c.v
	}
	return st.View(seat).(*regicide.View)
}

func (c *regicideCoder) indices(st engine.State, seat int, acts []engine.Action, idx []int) {
	v := c.view(st, seat)
	n := v.Players
	// slot[c] is 1 + the hand slot of card c (0: not in the first slots).
	var slot [64]uint8
	for i, card := range v.Hand[:min(len(v.Hand), handSlots)] {
		slot[card&63] = uint8(i + 1)
	}
	for i, a := range acts {
		kind, arg, set := int(a&7), int(a>>3)&31, uint64(a)&^0xff
		idx[i] = -1
		switch kind {
		case regKindPlay, regKindDiscard:
			m, ok := slotMask(&slot, set)
			if !ok {
				continue
			}
			if kind == regKindPlay {
				idx[i] = regPlay + m
			} else {
				idx[i] = regDiscard + m
			}
		case regKindYield:
			idx[i] = regYield
		case regKindPower:
			idx[i] = regPower
		case regKindSignal:
			idx[i] = regSignal + arg - 1
		case regKindNext:
			idx[i] = regNext + rel(arg, seat, n)
		case regKindExact:
			idx[i] = regExact + arg
		}
	}
}

// slotMask turns a set of cards (bits named by the cards) into the mask
// of the hand slots holding them; ok is false if a card is not in one.
func slotMask(slot *[64]uint8, set uint64) (int, bool) {
	m := 0
	for ; set != 0; set &= set - 1 {
		k := slot[bits.TrailingZeros64(set)]
		if k == 0 {
			return 0, false
		}
		m |= 1 << (k - 1)
	}
	return m, true
}

func (c *regicideCoder) encode(st engine.State, seat int, w obsWriter) {
	v := c.view(st, seat)
	o, n := &c.o, v.Players
	w.set(o.seat, seat, 1)
	w.set(o.players, n-1, 1)
	w.oneOf(o.phase, v.Phase, regPhases)
	w.seat(o.current, v.Current, seat, n)
	w.seats(o.toMove, v.ToMove, seat, n)
	w.squash(o.turns, v.Turns, 100)
	if e := v.Enemy; e != nil {
		w.set(o.enemyOn, 0, 1)
		w.set(o.enemy, int(e.Card.Rank()-cards.Jack)*4+int(e.Card.Suit()), 1)
		w.ratio(o.attack, e.Attack, 20)
		w.ratio(o.health, e.Health, 40)
		w.ratio(o.damage, e.Damage, 40)
		w.ratio(o.shield, e.Shield, 100)
		w.ratio(o.heldShield, e.HeldShield, 100)
		w.flag(o.immune, 0, e.Immune)
	}
	w.ratio(o.castle, v.Castle, 12)
	w.ratio(o.defeated, v.Defeated, 12)
	w.ratio(o.suffer, max(v.Suffer, 0), 20)
	w.ratio(o.shieldOver, max(-v.Suffer, 0), 100)
	w.ratio(o.tavern, v.Tavern, 54)
	w.cardOrder(o.tavernTop, v.TavernTop, 12)
	w.cardSet(o.recycled, v.Recycled)
	w.ratio(o.recycledBottom, v.RecycledAtBottom, 54)
	w.cardSet(o.discard, v.Discard)
	w.cardSet(o.table, v.Table)
	w.cardSet(o.hand, v.Hand)
	for i, card := range v.Hand[:min(len(v.Hand), handSlots)] {
		w.set(o.slots+i*numCards, cardIndex(card), 1)
	}
	for s := range n {
		r := rel(s, seat, n)
		w.ratio(o.handSizes+r, v.HandSizes[s], handSlots)
		w.cardSet(o.known+r*numCards, v.Known[s])
		w.oneOf(o.signals+r*len(regSignals), v.Signals[s], regSignals)
		w.flag(o.yielded, r, v.Yielded[s])
	}
	w.ratio(o.powers, v.PowersLeft, 2)
	if res := st.Result(); res.Over {
		switch {
		case res.End == "won":
			w.set(o.end, 0, 1)
		case res.End == "stuck":
			w.set(o.end, 1, 1)
		default:
			w.set(o.end, 2, 1)
		}
	}
}

// describeRegicide names a play or discard index by its hand slots.
func describeRegicide(x int) string {
	kind, m := "play", x-regPlay
	if x >= regDiscard && x < regYield {
		kind, m = "discard", x-regDiscard
	} else if x >= regDiscard {
		return ""
	}
	if m == 0 {
		return kind + " of no card"
	}
	var slots []string
	for i := range handSlots {
		if m&(1<<i) != 0 {
			slots = append(slots, strconv.Itoa(i))
		}
	}
	return kind + " of hand slots " + strings.Join(slots, ", ")
}
