package watchtower

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cardtable/cards"
)

// everyone is the known-mask of a barracks card all seats know.
const everyone uint8 = 0xf

// maxEventArgs is the most arguments one event's text takes.
const maxEventArgs = 5

// event is a public event of the action being applied, formatted only when
// shown: playouts that never look at events do not pay for the text, and
// recording one allocates nothing. It names its text (kind) and its
// arguments are typed words (argSeat, argCard, ...), never values the
// state may change later: card lists, seat lists and showdown rows are
// copied into the state's evData buffer, finished sentences into evSaid,
// and both buffers are emptied with the events at the start of every
// action. Each event is said twice: in English (eventFormats, the Events
// of the view) and as a message (said.go, for the reader's language).
type event struct {
	kind eventKind
	n    uint8
	args [maxEventArgs]earg
}

// eventKind names an event's text; eventFormats holds the texts. Events
// hold no pointers, so recording one costs the GC nothing.
type eventKind uint8

// The events, in no particular order.
const (
	evDrawNothing eventKind = iota
	evDrawFortress
	evDrawKnown
	evDraw
	evRefill
	evGive
	evSingles
	evTurn
	evPick
	evTakes
	evFlip
	evRoyals
	evTried
	evThirdTry
	evEliminated
	evCompletes
	evCampaignLost
	evRows
	evShowdown
	evTowerBattle
	evRoundCap
	evGameOver
	evText // an event said whole (restored from bytes): its one argument is argSaid
	evFreeForAll
	evFreeFlip
	evFreeReplay
	evFreeTiedOut
	evFreeCompletes
	evFreeTakes
	evDeal
	evCampaignBattle
	evDone
	evEnd
	evPlace
	evBurn
	evVulnerableTake
	evChallenge
	evShuffled
)

var eventFormats = [...]string{
	evDrawNothing:    "%s finds the barracks empty and draws nothing",
	evDrawFortress:   "%s draws %v into the fortress",
	evDrawKnown:      "%s draws %v, known from the barracks",
	evDraw:           "%s draws a card",
	evRefill:         "the barracks is empty: refill",
	evGive:           "%s gives %s to the barracks",
	evSingles:        "single fortress cards go in (%s); the barracks is shuffled: %s",
	evShuffled:       "no single fortress cards go in; the barracks is shuffled: %s",
	evTurn:           "turn %d (round %d): %s",
	evPick:           "%s picks position %d of %s's army",
	evTakes:          "%s takes %v",
	evFlip:           "flip: %s %s against %s %s: %s",
	evRoyals:         "royals and aces return under the barracks: %s",
	evTried:          "%v has been challenged %s",
	evThirdTry:       "%v loses its third try: it leaves %s's fortress",
	evEliminated:     "%s lost a battle with an empty fortress and is out",
	evCompletes:      "%s completes a watchtower of %vs and goes on campaign",
	evCampaignLost:   "%s's army is empty: the campaign and the tower of %vs are lost",
	evRows:           "showdown rows: %s",
	evShowdown:       "every player still in is on campaign: showdown",
	evTowerBattle:    "tie on tricks: tower battle between %s",
	evRoundCap:       "round %d has ended: forced showdown",
	evGameOver:       "game over: %s",
	evText:           "%s",
	evFreeForAll:     "free-for-all for %v, drawn by %s",
	evFreeFlip:       "free-for-all flip (%s's card first): %s",
	evFreeReplay:     "highest card tied: replay among %d players",
	evFreeTiedOut:    "three tied attempts: %v goes under the barracks",
	evFreeCompletes:  "%s wins the free-for-all: %v completes the watchtower",
	evFreeTakes:      "%s wins the free-for-all and takes %v",
	evDeal:           "%s deals; %s plays first",
	evCampaignBattle: "%s starts a campaign battle against %s",
	evDone:           "%s is done with setup",
	evEnd:            "%s ends the turn",
	evPlace:          "%s places %v",
	evBurn:           "%s burns %v",
	evVulnerableTake: "%s takes %v from %s's vulnerable fortress",
	evChallenge:      "%s challenges %s for %v with %s",
}

// earg is one event argument: its kind in the top byte, its value below.
type earg uint32

// The kinds of event arguments.
const (
	argInt     earg = iota << 24 // a number, printed as is
	argSeat                      // a seat, printed "seat N"
	argCard                      // a card
	argRank                      // a rank
	argTimes                     // a try count in words ("once")
	argOutcome                   // a flip's winner (a seat, or 0xff: a draw)
	argCards                     // a card list in evData: offset<<8 | length
	argSeats                     // a seat list in evData: offset<<8 | length
	argRows                      // showdown rows in evData from the offset
	argSaid                      // a finished sentence: index in evSaid
	argCount                     // a count of a noun: noun<<16 | count
	argDetail                    // how the game ended (endDetail)
)

// A noun counted in an event ("1 card", "2 army cards"): what countArg
// counts, so the log never reads "1 cards".
type noun uint8

const (
	nounCard noun = iota
	nounArmyCard
	nounTrick
	nounRound
)

var nouns = [...][2]string{
	nounCard:     {"card", "cards"},
	nounArmyCard: {"army card", "army cards"},
	nounTrick:    {"trick", "tricks"},
	nounRound:    {"round", "rounds"},
}

// counted writes n of a noun: "1 trick", "3 tricks".
func counted(n int, what noun) string {
	if n == 1 {
		return "1 " + nouns[what][0]
	}
	return fmt.Sprintf("%d %s", n, nouns[what][1])
}

const argValue = 1<<24 - 1

func intArg(n int) earg         { return argInt | earg(n)&argValue }
func seatArg(x int) earg        { return argSeat | earg(x)&argValue }
func cardArg(c cards.Card) earg { return argCard | earg(c) }
func rankArg(r cards.Rank) earg { return argRank | earg(r) }
func timesArg(n uint8) earg     { return argTimes | earg(n) }
func outcomeArg(seat int) earg  { return argOutcome | earg(uint8(seat)) }
func countArg(n int, what noun) earg {
	return argCount | earg(what)<<16 | earg(n)&0xffff
}
func (s *State) saidArg(x said) earg {
	s.evSaid = append(s.evSaid, x)
	return argSaid | earg(len(s.evSaid)-1)
}

// cardsArg copies cs (at most 255 cards) into evData.
func (s *State) cardsArg(cs []cards.Card) earg {
	off := len(s.evData)
	for _, c := range cs {
		s.evData = append(s.evData, byte(c))
	}
	return argCards | earg(off)<<8 | earg(len(cs))
}

// seatsArg copies seats into evData.
func (s *State) seatsArg(seats []int) earg {
	off := len(s.evData)
	for _, x := range seats {
		s.evData = append(s.evData, byte(x))
	}
	return argSeats | earg(off)<<8 | earg(len(seats))
}

// rowsArg copies the showdown rows and tricks of seats into evData: the
// number of seats, then per seat its number, tricks, row length and row.
func (s *State) rowsArg(seats []int) earg {
	off := len(s.evData)
	s.evData = append(s.evData, byte(len(seats)))
	for _, x := range seats {
		p := &s.players[x]
		s.evData = append(s.evData, byte(x), byte(p.tricks), byte(p.row.len()))
		for _, c := range p.row.all() {
			s.evData = append(s.evData, byte(c))
		}
	}
	return argRows | earg(off)
}

// value returns the argument as fmt prints it.
func (s *State) argValue(a earg) any {
	v := int(a & argValue)
	switch a &^ argValue {
	case argSeat:
		return seatName(v)
	case argCard:
		return cards.Card(v)
	case argRank:
		return cards.Rank(v)
	case argTimes:
		return times(v)
	case argOutcome:
		if v == 0xff {
			return flipOutcome(-1)
		}
		return flipOutcome(v)
	case argCards:
		return cards.Format(s.dataCards(v))
	case argSeats:
		return seatList(s.dataSeats(v))
	case argRows:
		return s.rowsText(v)
	case argSaid:
		return s.evSaid[v].text
	case argDetail:
		return s.endDetail().text
	case argCount:
		return counted(v&0xffff, noun(v>>16))
	}
	return v
}

func (s *State) dataCards(v int) []cards.Card {
	out := make([]cards.Card, v&0xff)
	for i := range out {
		out[i] = cards.Card(s.evData[v>>8+i])
	}
	return out
}

func (s *State) dataSeats(v int) []int {
	out := make([]int, v&0xff)
	for i := range out {
		out[i] = int(s.evData[v>>8+i])
	}
	return out
}

// rowsText writes the rows rowsArg recorded from offset off.
func (s *State) rowsText(off int) string {
	d := s.evData[off:]
	n, d := int(d[0]), d[1:]
	parts := make([]string, n)
	for i := range parts {
		seat, tricks, l := int(d[0]), int(d[1]), int(d[2])
		row := make([]cards.Card, l)
		for j := range row {
			row[j] = cards.Card(d[3+j])
		}
		d = d[3+l:]
		parts[i] = fmt.Sprintf("%s %s (%s)", seatName(seat), cards.Format(row), counted(tricks, nounTrick))
	}
	return strings.Join(parts, "; ")
}

// logN record a public event of the action being applied with N
// arguments. The event is written in place, field by field: an event built
// aside and copied in stalled the copy (its 4-byte fields were read back
// as wider words before the writes had landed).
func (s *State) log0(k eventKind) { s.event(k, 0) }

func (s *State) log1(k eventKind, a earg) { s.event(k, 1).args[0] = a }

func (s *State) log2(k eventKind, a, b earg) {
	e := s.event(k, 2)
	e.args[0], e.args[1] = a, b
}

func (s *State) log3(k eventKind, a, b, c earg) {
	e := s.event(k, 3)
	e.args[0], e.args[1], e.args[2] = a, b, c
}

func (s *State) log4(k eventKind, a, b, c, d earg) {
	e := s.event(k, 4)
	e.args[0], e.args[1], e.args[2], e.args[3] = a, b, c, d
}

func (s *State) log5(k eventKind, a, b, c, d, f earg) {
	e := s.event(k, 5)
	e.args[0], e.args[1], e.args[2], e.args[3], e.args[4] = a, b, c, d, f
}

// event appends an event of kind k with n arguments, to be filled in.
func (s *State) event(k eventKind, n uint8) *event {
	i := len(s.events)
	if i < cap(s.events) {
		s.events = s.events[:i+1]
	} else {
		s.events = append(s.events, event{})
	}
	e := &s.events[i]
	*e = event{kind: k, n: n}
	return e
}

// clearEvents forgets the events of the previous action.
func (s *State) clearEvents() {
	s.events, s.evData, s.evSaid = s.events[:0], s.evData[:0], s.evSaid[:0]
}

// eventTexts formats the recorded events in English.
func (s *State) eventTexts() []string {
	out := make([]string, len(s.events))
	for i, e := range s.events {
		out[i] = s.eventText(e)
	}
	return out
}

// eventText formats one event in English.
func (s *State) eventText(e event) string {
	var args [maxEventArgs]any
	for j, a := range e.args[:e.n] {
		args[j] = s.argValue(a)
	}
	return fmt.Sprintf(eventFormats[e.kind], args[:e.n]...)
}

// drawTop takes the top card of the barracks (which must not be empty) and
// reports whether everyone knew it (a card put under face up).
func (s *State) drawTop() (cards.Card, bool) {
	c, k := s.barracks.take()
	return c, k == everyone
}

// toBottom puts c under the barracks; known says which seats know it.
func (s *State) toBottom(c cards.Card, known uint8) { s.barracks.under(c, known) }

// shuffleBarracks shuffles the barracks; afterwards no one knows its order.
func (s *State) shuffleBarracks() {
	s.rng.Shuffle(s.barracks.cards())
	clear(s.barracks.known())
}

// toFortress puts c on top of its rank's stack in seat's fortress.
func (s *State) toFortress(seat int, c cards.Card) {
	p := &s.players[seat]
	r := c.Rank()
	p.fort[r][p.fortN[r]] = c
	p.stacks[p.fortN[r]] |= 1 << r
	p.fortN[r]++
}

// takeTop removes the top card of rank r from seat's fortress; the card's
// try counts reset (WT-13).
func (s *State) takeTop(seat int, r cards.Rank) cards.Card {
	p := &s.players[seat]
	p.fortN[r]--
	c := p.fort[r][p.fortN[r]]
	p.fort[r][p.fortN[r]] = cards.NoCard
	p.stacks[p.fortN[r]] &^= 1 << r
	if s.tried&bit(c) != 0 {
		s.dropTries(func(t tryCount) bool { return t.card == c })
	}
	return c
}

// dropTries forgets the try counts gone says are gone, keeping the order of
// the rest.
func (s *State) dropTries(gone func(tryCount) bool) {
	s.ntries = uint8(len(slices.DeleteFunc(s.tryCounts(), gone)))
	s.tried = 0
	for _, t := range s.tryCounts() {
		s.tried |= bit(t.card)
	}
}

// addToArmy gives c to seat's army; won marks it won, public marks it seen
// by everyone.
func (s *State) addToArmy(seat int, c cards.Card, won, public bool) {
	p := &s.players[seat]
	p.army.push(c)
	p.held |= bit(c)
	p.noArmy = false
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
	p.army.remove(c)
	won := p.won&bit(c) != 0
	p.held &^= bit(c)
	p.won &^= bit(c)
	p.seen &^= bit(c)
	return won
}

// holder returns the seat whose army holds c, or -1.
func (s *State) holder(c cards.Card) int {
	for i := range s.all() {
		if s.players[i].holds(c) {
			return i
		}
	}
	return -1
}

// takeAside removes c from the set-aside cards.
func (s *State) takeAside(c cards.Card) { s.aside.remove(c) }

// IsHigh reports whether r is a royal or an ace (T4, T10): the cards a
// burn draws two for and royal returns send back.
func IsHigh(r cards.Rank) bool { return r >= cards.Jack }

// seatName is a seat as players number them (from 1); it formats itself
// only when printed.
type seatName int

func (s seatName) String() string { return "seat " + strconv.Itoa(int(s)+1) }
