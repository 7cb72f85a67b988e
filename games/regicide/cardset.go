package regicide

import (
	"math/bits"

	"cardtable/cards"
)

// set is a set of cards as a bitmask indexed by cards.Card (every card is
// below 64, and no card is below 8).
type set uint64

func bit(c cards.Card) set { return 1 << c }

func setOf(cs []cards.Card) set {
	var m set
	for _, c := range cs {
		m |= bit(c)
	}
	return m
}

func (m set) has(c cards.Card) bool { return m&bit(c) != 0 }

func (m set) len() int { return bits.OnesCount64(uint64(m)) }

// cards lists the set in ascending card order.
func (m set) cards() []cards.Card {
	out := make([]cards.Card, 0, m.len())
	for m != 0 {
		c := cards.Card(bits.TrailingZeros64(uint64(m)))
		out = append(out, c)
		m &^= bit(c)
	}
	return out
}

// value is the attack value of the set (REG-01).
func (m set) value() int {
	v := 0
	for m != 0 {
		c := cards.Card(bits.TrailingZeros64(uint64(m)))
		v += Value(c)
		m &^= bit(c)
	}
	return v
}

// suits returns which suits the set holds, as a 4-bit mask by cards.Suit
// (Jesters have none).
func (m set) suits() uint8 {
	var s uint8
	for m != 0 {
		c := cards.Card(bits.TrailingZeros64(uint64(m)))
		if !c.IsJoker() {
			s |= 1 << c.Suit()
		}
		m &^= bit(c)
	}
	return s
}

const jesters = set(1<<cards.Joker1 | 1<<cards.Joker2)

// aces is the set of the four Aces.
var aces = setOf([]cards.Card{
	cards.New(cards.Ace, cards.Clubs), cards.New(cards.Ace, cards.Diamonds),
	cards.New(cards.Ace, cards.Hearts), cards.New(cards.Ace, cards.Spades),
})

// Value is a card's attack and defence value (REG-01): 2–10 face value,
// Ace 1, Jack 10, Queen 15, King 20, Jester 0.
func Value(c cards.Card) int {
	if c.IsJoker() {
		return 0
	}
	switch r := c.Rank(); r {
	case cards.Ace:
		return 1
	case cards.Jack:
		return 10
	case cards.Queen:
		return 15
	case cards.King:
		return 20
	default:
		return int(r)
	}
}

// health is an enemy's health (REG-03): twice its attack.
func health(enemy cards.Card) int { return 2 * Value(enemy) }

var suitNames = [4]string{"Clubs", "Diamonds", "Hearts", "Spades"}

var rankNames = map[cards.Rank]string{cards.Jack: "Jack", cards.Queen: "Queen", cards.King: "King"}

// enemyName reads "the King of Spades".
func enemyName(c cards.Card) string {
	return "the " + rankNames[c.Rank()] + " of " + suitNames[c.Suit()]
}
