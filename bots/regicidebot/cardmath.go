package regicidebot

import (
	"math/bits"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// mask is a set of cards as Regicide encodes them in an action: bit c for
// card c (cards.Card is rank<<2|suit, below 64).
type mask uint64

// Action kinds of Regicide's documented encoding (bits 0–2 of an action).
const (
	kindPlay    = 1
	kindYield   = 2
	kindDiscard = 3
	kindPower   = 4
	kindSignal  = 5
	kindNext    = 6
	kindExact   = 7
)

// Signal arguments of Regicide's encoding (bits 3–7 of a signal action).
const (
	signalNone      = 1
	signalGood      = 2
	signalRatherNot = 3
)

// Exact-kill choice arguments (bits 3–7 of an exact action).
const exactTavern = 0

func kindOf(a engine.Action) int   { return int(a & 7) }
func argOf(a engine.Action) int    { return int(a>>3) & 31 }
func cardsOf(a engine.Action) mask { return mask(a) &^ 0xff }

func encode(kind, arg int) engine.Action { return engine.Action(uint64(arg)<<3 | uint64(kind)) }

func bitOf(c cards.Card) mask { return 1 << c }

func maskOf(cs []cards.Card) mask {
	var m mask
	for _, c := range cs {
		m |= bitOf(c)
	}
	return m
}

func (m mask) len() int { return bits.OnesCount64(uint64(m)) }

// each calls fn for every card of m in ascending order.
func (m mask) each(fn func(c cards.Card)) {
	for ; m != 0; m &= m - 1 {
		fn(cards.Card(bits.TrailingZeros64(uint64(m))))
	}
}

// cardValue is regicide.Value of every card as a table, for the policy's
// inner loops.
var cardValue = func() [64]int {
	var v [64]int
	for _, c := range cards.Standard54() {
		v[c] = regicide.Value(c)
	}
	return v
}()

func (m mask) value() int {
	v := 0
	m.each(func(c cards.Card) { v += cardValue[c] })
	return v
}

// suits returns the suits of m as a 4-bit mask by cards.Suit (Jesters have
// none).
func (m mask) suits() uint8 {
	var s uint8
	m.each(func(c cards.Card) {
		if !c.IsJoker() {
			s |= 1 << c.Suit()
		}
	})
	return s
}

func (m mask) hasJester() bool { return m&(bitOf(cards.Joker1)|bitOf(cards.Joker2)) != 0 }

// Suit bits as returned by mask.suits.
const (
	clubsBit    = 1 << cards.Clubs
	diamondsBit = 1 << cards.Diamonds
	heartsBit   = 1 << cards.Hearts
	spadesBit   = 1 << cards.Spades
)

// maxHand is the hand limit per player count (REG-05).
var maxHand = [5]int{0, 8, 7, 6, 5}
