package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"cardtable/cards"
)

// Msg is something said to people, kept as its meaning rather than its
// words: the id of a message in the catalogues (package i18n renders it in
// the reader's language) and its typed arguments. Games and the table say
// things only this way, so no English is baked into what they emit; the
// English sentence beside a Msg in a record or on the wire is one
// rendering of it. The zero Msg says nothing.
//
// In JSON a Msg is {"id": "war.end.won", "args": {"seat": {"seat": 0},
// "battles": {"count": 412, "noun": "noun.battles"}}}: each argument is an
// object whose one key (two for a counted noun) names its kind (ArgKind).
type Msg struct {
	// ID names the message: lower-case words joined by dots, the first
	// naming the surface or game that says it ("war.end.won").
	ID string
	// Args are the message's arguments, each named once.
	Args []Arg
}

// Say returns the message id with args, kept sorted by name (the order a
// message read back from JSON has, so the two compare equal).
func Say(id string, args ...Arg) Msg {
	slices.SortFunc(args, func(a, b Arg) int { return strings.Compare(a.Name, b.Name) })
	return Msg{ID: id, Args: args}
}

// IsZero reports whether m says nothing.
func (m Msg) IsZero() bool { return m.ID == "" }

// Arg returns m's argument called name, and whether it has one.
func (m Msg) Arg(name string) (Arg, bool) {
	for _, a := range m.Args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// Equal reports whether m and o say the same thing: the same id and the
// same arguments, in any order.
func (m Msg) Equal(o Msg) bool {
	if m.ID != o.ID || len(m.Args) != len(o.Args) {
		return false
	}
	for _, a := range m.Args {
		b, ok := o.Arg(a.Name)
		if !ok || !a.equal(b) {
			return false
		}
	}
	return true
}

// ArgKind is what an argument is, and so how a reader's language writes it.
type ArgKind uint8

// The kinds of arguments. The JSON key of each is its name in lower case.
const (
	// ArgSeat is a seat index from 0, written as the seat's name where the
	// reader knows it ("Ann", "you"), else "seat 1".
	ArgSeat ArgKind = iota + 1
	// ArgSeats is several seats, written as a list ("seat 1 and seat 3").
	ArgSeats
	// ArgCard is a card, written as its name with its article where the
	// language has one ("the King of Spades").
	ArgCard
	// ArgCards is several cards, written as a list.
	ArgCards
	// ArgRank is a rank, written as its name ("King", "7").
	ArgRank
	// ArgCount is a number that chooses the message's plural form (its
	// CLDR category in the reader's language); a message has at most one.
	ArgCount
	// ArgNoun is a counted noun: a count and the id of the noun's message,
	// written as that message with the count ("7 enemies").
	ArgNoun
	// ArgNum is a number written in the reader's digits, choosing nothing.
	ArgNum
	// ArgText is text written as it is: a person's name, an action's
	// notation. Never English words meant for the reader.
	ArgText
	// ArgMsg is a message inside the message (a grade, an enemy's name).
	ArgMsg
	// ArgMsgs is several messages, written one after another ("seat 1 7H
	// (1 trick); seat 2 8C (0 tricks)").
	ArgMsgs
)

var argKindNames = [...]string{ArgSeat: "seat", ArgSeats: "seats", ArgCard: "card", ArgCards: "cards", ArgRank: "rank",
	ArgCount: "count", ArgNoun: "noun", ArgNum: "num", ArgText: "text", ArgMsg: "msg", ArgMsgs: "msgs"}

func (k ArgKind) String() string {
	if int(k) < len(argKindNames) && argKindNames[k] != "" {
		return argKindNames[k]
	}
	return fmt.Sprintf("ArgKind(%d)", uint8(k))
}

// Arg is one named, typed argument of a Msg. Build it with SeatArg,
// CardArg and the like; which fields hold its value depends on Kind.
type Arg struct {
	Name string
	Kind ArgKind
	// N is the seat (ArgSeat), the number (ArgCount, ArgNoun, ArgNum).
	N int
	// Text is the text (ArgText) or the noun's message id (ArgNoun).
	Text string
	// Card is the card (ArgCard); its rank is the rank (ArgRank).
	Card cards.Card
	// Cards are the cards (ArgCards).
	Cards []cards.Card
	// Seats are the seats (ArgSeats).
	Seats []int
	// Msg is the inner message (ArgMsg).
	Msg *Msg
	// Msgs are the inner messages (ArgMsgs).
	Msgs []Msg
}

// SeatArg names seat (counted from 0).
func SeatArg(name string, seat int) Arg { return Arg{Name: name, Kind: ArgSeat, N: seat} }

// SeatsArg names several seats.
func SeatsArg(name string, seats []int) Arg {
	return Arg{Name: name, Kind: ArgSeats, Seats: slices.Clone(seats)}
}

// CardArg names a card.
func CardArg(name string, c cards.Card) Arg { return Arg{Name: name, Kind: ArgCard, Card: c} }

// CardsArg names several cards.
func CardsArg(name string, cs []cards.Card) Arg {
	return Arg{Name: name, Kind: ArgCards, Cards: slices.Clone(cs)}
}

// RankArg names a rank.
func RankArg(name string, r cards.Rank) Arg {
	return Arg{Name: name, Kind: ArgRank, Card: cards.New(r, cards.Clubs)}
}

// CountArg is the number n that chooses the message's plural form. It is
// always called "count": the catalogues' plural messages write it
// {{.count}}, and a language may leave it out of a form ("one card").
func CountArg(n int) Arg { return Arg{Name: "count", Kind: ArgCount, N: n} }

// NounArg is n of the noun whose message id is noun ("noun.enemies").
func NounArg(name string, n int, noun string) Arg {
	return Arg{Name: name, Kind: ArgNoun, N: n, Text: noun}
}

// NumArg is a number that chooses nothing.
func NumArg(name string, n int) Arg { return Arg{Name: name, Kind: ArgNum, N: n} }

// TextArg is text written as it is (a name, notation).
func TextArg(name, text string) Arg { return Arg{Name: name, Kind: ArgText, Text: text} }

// MsgArg is a message inside the message.
func MsgArg(name string, m Msg) Arg { return Arg{Name: name, Kind: ArgMsg, Msg: &m} }

// MsgsArg is several messages.
func MsgsArg(name string, ms []Msg) Arg {
	return Arg{Name: name, Kind: ArgMsgs, Msgs: slices.Clone(ms)}
}

// Rank returns the rank of an ArgRank.
func (a Arg) Rank() cards.Rank { return a.Card.Rank() }

func (a Arg) equal(b Arg) bool {
	if a.Kind != b.Kind || a.N != b.N || a.Text != b.Text || a.Card != b.Card ||
		!slices.Equal(a.Cards, b.Cards) || !slices.Equal(a.Seats, b.Seats) {
		return false
	}
	if len(a.Msgs) != len(b.Msgs) {
		return false
	}
	for i := range a.Msgs {
		if !a.Msgs[i].Equal(b.Msgs[i]) {
			return false
		}
	}
	if a.Msg == nil || b.Msg == nil {
		return a.Msg == b.Msg
	}
	return a.Msg.Equal(*b.Msg)
}

// msgJSON is a Msg's JSON form.
type msgJSON struct {
	ID   string                     `json:"id"`
	Args map[string]json.RawMessage `json:"args,omitempty"`
}

// argJSON is an argument's JSON form: the key of the set field is its kind.
type argJSON struct {
	Seat  *int         `json:"seat,omitempty"`
	Seats []int        `json:"seats,omitempty"`
	Card  *cards.Card  `json:"card,omitempty"`
	Cards []cards.Card `json:"cards,omitempty"`
	Rank  string       `json:"rank,omitempty"`
	Count *int         `json:"count,omitempty"`
	Noun  string       `json:"noun,omitempty"`
	Num   *int         `json:"num,omitempty"`
	Text  *string      `json:"text,omitempty"`
	Msg   *Msg         `json:"msg,omitempty"`
	Msgs  []Msg        `json:"msgs,omitempty"`
}

// MarshalJSON writes m as {"id", "args"}, the arguments by name.
func (m Msg) MarshalJSON() ([]byte, error) {
	out := msgJSON{ID: m.ID}
	if len(m.Args) > 0 {
		out.Args = make(map[string]json.RawMessage, len(m.Args))
	}
	for _, a := range m.Args {
		b, err := json.Marshal(a.jsonForm())
		if err != nil {
			return nil, err
		}
		out.Args[a.Name] = b
	}
	return json.Marshal(out)
}

func (a Arg) jsonForm() argJSON {
	var j argJSON
	n, text, card := a.N, a.Text, a.Card
	switch a.Kind {
	case ArgSeat:
		j.Seat = &n
	case ArgSeats:
		j.Seats = a.Seats
		if j.Seats == nil {
			j.Seats = []int{}
		}
	case ArgCard:
		j.Card = &card
	case ArgCards:
		j.Cards = a.Cards
		if j.Cards == nil {
			j.Cards = []cards.Card{}
		}
	case ArgRank:
		j.Rank = a.Rank().String()
	case ArgCount:
		j.Count = &n
	case ArgNoun:
		j.Count, j.Noun = &n, a.Text
	case ArgNum:
		j.Num = &n
	case ArgText:
		j.Text = &text
	case ArgMsg:
		j.Msg = a.Msg
	case ArgMsgs:
		j.Msgs = a.Msgs
		if j.Msgs == nil {
			j.Msgs = []Msg{}
		}
	}
	return j
}

// ErrBadMsg is wrapped by the error of a message's JSON that is not one.
var ErrBadMsg = errors.New("not a message")

// UnmarshalJSON reads the form MarshalJSON writes; the arguments come
// back sorted by name. An argument that is not exactly one kind is an
// error wrapping ErrBadMsg.
func (m *Msg) UnmarshalJSON(data []byte) error {
	var in msgJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return fmt.Errorf("engine: %w: %v", ErrBadMsg, err)
	}
	out := Msg{ID: in.ID}
	for name, raw := range in.Args {
		a, err := parseArg(name, raw)
		if err != nil {
			return err
		}
		out.Args = append(out.Args, a)
	}
	slices.SortFunc(out.Args, func(a, b Arg) int { return strings.Compare(a.Name, b.Name) })
	*m = out
	return nil
}

func parseArg(name string, raw json.RawMessage) (Arg, error) {
	var j argJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Arg{}, fmt.Errorf("engine: %w: argument %q: %v", ErrBadMsg, name, err)
	}
	var found []Arg
	if j.Seat != nil {
		found = append(found, SeatArg(name, *j.Seat))
	}
	if j.Seats != nil {
		found = append(found, SeatsArg(name, j.Seats))
	}
	if j.Card != nil {
		found = append(found, CardArg(name, *j.Card))
	}
	if j.Cards != nil {
		found = append(found, CardsArg(name, j.Cards))
	}
	if j.Rank != "" {
		r, err := cards.ParseRank(j.Rank)
		if err != nil {
			return Arg{}, fmt.Errorf("engine: %w: argument %q: %v", ErrBadMsg, name, err)
		}
		found = append(found, RankArg(name, r))
	}
	switch {
	case j.Count != nil && j.Noun != "":
		found = append(found, NounArg(name, *j.Count, j.Noun))
	case j.Count != nil && name == "count":
		found = append(found, CountArg(*j.Count))
	case j.Count != nil:
		return Arg{}, fmt.Errorf("engine: %w: argument %q: a count is called \"count\"", ErrBadMsg, name)
	case j.Noun != "":
		return Arg{}, fmt.Errorf("engine: %w: argument %q: a noun without its count", ErrBadMsg, name)
	}
	if j.Num != nil {
		found = append(found, NumArg(name, *j.Num))
	}
	if j.Text != nil {
		found = append(found, TextArg(name, *j.Text))
	}
	if j.Msg != nil {
		found = append(found, MsgArg(name, *j.Msg))
	}
	if j.Msgs != nil {
		found = append(found, MsgsArg(name, j.Msgs))
	}
	if len(found) != 1 {
		return Arg{}, fmt.Errorf("engine: %w: argument %q has %d kinds, want one", ErrBadMsg, name, len(found))
	}
	return found[0], nil
}
