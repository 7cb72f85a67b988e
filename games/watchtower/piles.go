package watchtower

import (
	"fmt"
	"slices"
	"strconv"

	"cardtable/cards"
)

// everyone is the known-mask of a barracks card all seats know.
const everyone uint8 = 0xf

// maxEventArgs is the most arguments one event's text takes.
const maxEventArgs = 5

// event is a public event of the action being applied, formatted only when
// shown: playouts that never look at events do not pay for the text. Its
// arguments are values (cards, numbers, seats, finished strings), never
// slices the state may change later. They are held in an array so that
// recording an event allocates nothing for cards, seats and small numbers.
type event struct {
	format string
	args   [maxEventArgs]any
	n      uint8
	// lists are the card lists that listArg arguments stand for: a
	// cardList boxed in an any would be allocated.
	lists [2]cardList
}

// listArg stands in an event's arguments for its card list lists[k].
type listArg uint8

func (e event) String() string {
	args := e.args
	for i, a := range args[:e.n] {
		if k, ok := a.(listArg); ok {
			args[i] = e.lists[k]
		}
	}
	return fmt.Sprintf(e.format, args[:e.n]...)
}

// logf records a public event of the action being applied; it takes at most
// maxEventArgs arguments.
func (s *State) logf(format string, args ...any) {
	e := event{format: format}
	e.n = uint8(copy(e.args[:], args))
	s.events = append(s.events, e)
}

// logLists is logf for an event with card lists (at most 2): listArg(k)
// among args stands for lists[k].
func (s *State) logLists(format string, lists []cardList, args ...any) {
	e := event{format: format}
	e.n = uint8(copy(e.args[:], args))
	copy(e.lists[:], lists)
	s.events = append(s.events, e)
}

// eventTexts formats the recorded events.
func (s *State) eventTexts() []string {
	out := make([]string, len(s.events))
	for i, e := range s.events {
		out[i] = e.String()
	}
	return out
}

// drawTop takes the top card of the barracks (which must not be empty) and
// reports whether everyone knew it (a card put under face up).
func (s *State) drawTop() (cards.Card, bool) {
	c, public := s.barracks[0], s.known[0] == everyone
	// Shift rather than reslice: the barracks keeps its capacity, so
	// cards put under it do not reallocate it.
	s.barracks = s.barracks[:copy(s.barracks, s.barracks[1:])]
	s.known = s.known[:copy(s.known, s.known[1:])]
	return c, public
}

// toBottom puts c under the barracks; known says which seats know it.
func (s *State) toBottom(c cards.Card, known uint8) {
	s.barracks = append(s.barracks, c)
	s.known = append(s.known, known)
}

// shuffleBarracks shuffles the barracks; afterwards no one knows its order.
func (s *State) shuffleBarracks() {
	s.rng.Shuffle(s.barracks)
	clear(s.known)
}

// toFortress puts c on top of its rank's stack in seat's fortress.
func (s *State) toFortress(seat int, c cards.Card) {
	p := &s.players[seat]
	r := c.Rank()
	p.fort[r][p.fortN[r]] = c
	p.fortN[r]++
}

// takeTop removes the top card of rank r from seat's fortress; the card's
// try counts reset (WT-13).
func (s *State) takeTop(seat int, r cards.Rank) cards.Card {
	p := &s.players[seat]
	p.fortN[r]--
	c := p.fort[r][p.fortN[r]]
	p.fort[r][p.fortN[r]] = cards.NoCard
	s.tries = slices.DeleteFunc(s.tries, func(t tryCount) bool { return t.card == c })
	return c
}

// addToArmy gives c to seat's army; won marks it won, public marks it seen
// by everyone.
func (s *State) addToArmy(seat int, c cards.Card, won, public bool) {
	p := &s.players[seat]
	p.army = append(p.army, c)
	if won {
		p.won |= bit(c)
	}
	if public {
		p.seen |= bit(c)
	}
}

// removeFromArmy takes c out of seat's army and reports whether it was
// marked won. The card must be there.
func (s *State) removeFromArmy(seat int, c cards.Card) bool {
	p := &s.players[seat]
	i := p.armyIndex(c)
	p.army = slices.Delete(p.army, i, i+1)
	won := p.won&bit(c) != 0
	p.won &^= bit(c)
	p.seen &^= bit(c)
	return won
}

// holder returns the seat whose army holds c, or -1.
func (s *State) holder(c cards.Card) int {
	for i := range s.players {
		if s.players[i].armyIndex(c) >= 0 {
			return i
		}
	}
	return -1
}

// takeAside removes c from the set-aside cards.
func (s *State) takeAside(c cards.Card) {
	if i := slices.Index(s.aside, c); i >= 0 {
		s.aside = slices.Delete(s.aside, i, i+1)
	}
}

// IsHigh reports whether r is a royal or an ace (T4, T10): the cards a
// burn draws two for and royal returns send back.
func IsHigh(r cards.Rank) bool { return r >= cards.Jack }

// seatName is a seat as players number them (from 1); it formats itself
// only when printed.
type seatName int

func (s seatName) String() string { return "seat " + strconv.Itoa(int(s)+1) }

// cardList is a short list of cards kept by value for an event, formatted
// only when printed: the cards of one flip, of a free-for-all or of a
// royal return (at most 6).
type cardList struct {
	cs [6]cards.Card
	n  uint8
}

// listOf copies cs, which must hold at most 6 cards.
func listOf(cs []cards.Card) cardList {
	var l cardList
	l.n = uint8(copy(l.cs[:], cs))
	return l
}

func (l cardList) String() string { return cards.Format(l.cs[:l.n]) }
