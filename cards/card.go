// Package cards provides playing cards, their text notation, decks and the
// seeded random generator that every cardtable game shuffles with.
//
// A Card is one byte: rank<<2 | suit. The notation is the rank followed by
// the suit letter: 2C..10H, JH, QD, KC, AS ("T" is accepted for ten when
// parsing). The two jokers are JK1 and JK2; Regicide needs them distinct.
package cards

import (
	"errors"
	"fmt"
	"strings"
)

// Suit is a card's suit. Suits are ordered Clubs, Diamonds, Hearts, Spades.
type Suit uint8

// The four suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

var suitLetters = [4]byte{'C', 'D', 'H', 'S'}

// String returns the suit letter: C, D, H or S.
func (s Suit) String() string {
	if s > Spades {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return string(suitLetters[s])
}

// Rank is a card's rank, 2..14 with Ace = 14; JokerRank marks the jokers.
type Rank uint8

// Ranks with names. Number ranks are their own value (Rank(7) is a seven).
const (
	Two       Rank = 2
	Ten       Rank = 10
	Jack      Rank = 11
	Queen     Rank = 12
	King      Rank = 13
	Ace       Rank = 14
	JokerRank Rank = 15
)

// rankNames are the ranks' texts, by rank.
var rankNames = [...]string{2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
	Jack: "J", Queen: "Q", King: "K", Ace: "A", JokerRank: "JK"}

// String returns the rank in notation: 2..10, J, Q, K, A, JK.
func (r Rank) String() string {
	if int(r) < len(rankNames) && rankNames[r] != "" {
		return rankNames[r]
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// IsRoyal reports whether r is a Jack, Queen or King.
func (r Rank) IsRoyal() bool { return r >= Jack && r <= King }

// Card is one playing card. The zero Card is NoCard.
type Card uint8

// NoCard is the zero Card; it is never dealt.
const NoCard Card = 0

// The two distinguishable jokers.
const (
	Joker1 Card = Card(JokerRank) << 2
	Joker2 Card = Card(JokerRank)<<2 | 1
)

// New returns the card of rank r and suit s. It does not build jokers.
func New(r Rank, s Suit) Card { return Card(r)<<2 | Card(s) }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the card's suit; for jokers it is meaningless.
func (c Card) Suit() Suit { return Suit(c & 3) }

// IsJoker reports whether c is one of the two jokers.
func (c Card) IsJoker() bool { return c == Joker1 || c == Joker2 }

// Valid reports whether c is one of the 54 real cards.
func (c Card) Valid() bool {
	r := c.Rank()
	return (r >= Two && r <= Ace) || c == Joker1 || c == Joker2
}

// String returns the card's notation, e.g. "10H", "AS", "JK1".
func (c Card) String() string {
	switch {
	case c == Joker1:
		return "JK1"
	case c == Joker2:
		return "JK2"
	case !c.Valid():
		return fmt.Sprintf("Card(%d)", uint8(c))
	}
	return c.Rank().String() + c.Suit().String()
}

// MarshalText encodes the card in notation, so cards read well in JSON.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("cards: cannot encode invalid card %d", uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText parses a card in notation.
func (c *Card) UnmarshalText(b []byte) error {
	p, err := Parse(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// ErrSyntax is wrapped by every parse error of this package.
var ErrSyntax = errors.New("invalid card notation")

// ParseError names the text that failed to parse and why.
type ParseError struct {
	Text   string
	Reason string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("cards: %q: %s (write a rank 2-10, J, Q, K or A followed by a suit C, D, H or S, e.g. 10H or QS; jokers are JK1 and JK2)", e.Text, e.Reason)
}

// Unwrap returns ErrSyntax.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// ParseRank parses a rank: 2..10 (or T), J, Q, K, A; case-insensitive.
func ParseRank(s string) (Rank, error) {
	switch strings.ToUpper(s) {
	case "2", "3", "4", "5", "6", "7", "8", "9":
		return Rank(s[0] - '0'), nil
	case "10", "T":
		return Ten, nil
	case "J":
		return Jack, nil
	case "Q":
		return Queen, nil
	case "K":
		return King, nil
	case "A":
		return Ace, nil
	}
	return 0, &ParseError{Text: s, Reason: "unknown rank"}
}

// Parse parses one card in notation; case-insensitive.
func Parse(s string) (Card, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	switch u {
	case "JK1":
		return Joker1, nil
	case "JK2":
		return Joker2, nil
	case "JK":
		return NoCard, &ParseError{Text: s, Reason: "say which joker: JK1 or JK2"}
	}
	if len(u) < 2 {
		return NoCard, &ParseError{Text: s, Reason: "too short"}
	}
	r, err := ParseRank(u[:len(u)-1])
	if err != nil {
		return NoCard, &ParseError{Text: s, Reason: "unknown rank " + fmt.Sprintf("%q", u[:len(u)-1])}
	}
	var suit Suit
	switch u[len(u)-1] {
	case 'C':
		suit = Clubs
	case 'D':
		suit = Diamonds
	case 'H':
		suit = Hearts
	case 'S':
		suit = Spades
	default:
		return NoCard, &ParseError{Text: s, Reason: fmt.Sprintf("unknown suit %q", u[len(u)-1:])}
	}
	return New(r, suit), nil
}

// ParseList parses cards separated by spaces or commas. An empty string is
// an empty list.
func ParseList(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	out := make([]Card, 0, len(fields))
	for _, f := range fields {
		c, err := Parse(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Format writes cards in notation separated by single spaces.
func Format(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
