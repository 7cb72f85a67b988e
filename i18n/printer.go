package i18n

import (
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"

	"cardtable/cards"
	"cardtable/engine"
)

// Printer writes messages in one language. Its zero value is not usable:
// get one from For. A Printer is safe for concurrent use.
type Printer struct {
	lang    Language
	cat     *catalogue
	numbers *message.Printer
	seat    func(seat int) string
}

// English writes messages in English: the source language, and the text
// of the English fields kept beside messages in records and on the wire.
var English = For(Default)

// For returns a Printer for the language with code (one of Languages, or
// Pseudo); any other code gets English.
func For(code string) *Printer {
	l, ok := Lookup(code)
	if !ok {
		l, _ = Lookup(Default)
	}
	return &Printer{lang: l, cat: catalogues[l.Code], numbers: message.NewPrinter(numberTag(l.Code))}
}

// numberTag is the language whose digits and separators l's numbers use.
func numberTag(code string) language.Tag {
	if code == Pseudo {
		return language.English
	}
	return language.MustParse(code)
}

// orEnglish is p, or English for a nil Printer: a Printer nobody set
// speaks English.
func (p *Printer) orEnglish() *Printer {
	if p == nil {
		return English
	}
	return p
}

// Language returns the language p writes.
func (p *Printer) Language() Language {
	return p.orEnglish().lang
}

// WithSeats returns a copy of p that names seats with name (a table's
// player names, "you"); p names them "seat 1", "seat 2"….
func (p *Printer) WithSeats(name func(seat int) string) *Printer {
	p = p.orEnglish()
	c := *p
	c.seat = name
	return &c
}

// T writes the message id with args.
func (p *Printer) T(id string, args ...engine.Arg) string {
	p = p.orEnglish()
	return p.Say(engine.Msg{ID: id, Args: args})
}

// Say writes m. A message missing from p's language is written in
// English; one missing from English too (a bug the tests catch) is
// written as its id.
func (p *Printer) Say(m engine.Msg) string {
	p = p.orEnglish()
	if m.IsZero() {
		return ""
	}
	data := make(map[string]any, len(m.Args))
	var count any
	for _, a := range m.Args {
		data[a.Name] = p.arg(a)
		if a.Kind == engine.ArgCount {
			count = a.N
		}
	}
	s, err := p.cat.load().loc.Localize(&goi18n.LocalizeConfig{MessageID: m.ID, TemplateData: data, PluralCount: count})
	if s == "" && err != nil {
		return m.ID
	}
	return s
}

// SayArg writes m's argument called name alone ("" when m has none): a
// part of a message shown on its own (a forecast without its action).
func (p *Printer) SayArg(m engine.Msg, name string) string {
	p = p.orEnglish()
	if a, ok := m.Arg(name); ok {
		return p.arg(a)
	}
	return ""
}

// arg writes one argument.
func (p *Printer) arg(a engine.Arg) string {
	switch a.Kind {
	case engine.ArgSeat:
		return p.SeatName(a.N)
	case engine.ArgSeats:
		names := make([]string, len(a.Seats))
		for i, s := range a.Seats {
			names[i] = p.SeatName(s)
		}
		return p.List(names)
	case engine.ArgCard:
		return p.TheCard(a.Card)
	case engine.ArgCards:
		names := make([]string, len(a.Cards))
		for i, c := range a.Cards {
			names[i] = p.TheCard(c)
		}
		return p.List(names)
	case engine.ArgRank:
		return p.Rank(a.Rank())
	case engine.ArgCount, engine.ArgNum:
		return p.Number(a.N)
	case engine.ArgNoun:
		return p.T(a.Text, engine.CountArg(a.N))
	case engine.ArgText:
		return a.Text
	case engine.ArgMsg:
		if a.Msg != nil {
			return p.Say(*a.Msg)
		}
	case engine.ArgMsgs:
		parts := make([]string, len(a.Msgs))
		for i, m := range a.Msgs {
			parts[i] = p.Say(m)
		}
		return p.join("list.semicolon", parts)
	}
	return ""
}

// Number writes n in the language's digits, ungrouped ("10000"), as
// records always wrote numbers and as the browser writes them too.
func (p *Printer) Number(n int) string {
	p = p.orEnglish()
	return p.numbers.Sprint(number.Decimal(n, number.NoSeparator()))
}

// SeatName names a seat (counted from 0): by the names given to
// WithSeats, else "seat 1".
func (p *Printer) SeatName(seat int) string {
	p = p.orEnglish()
	if p.seat != nil {
		if name := p.seat(seat); name != "" {
			return name
		}
	}
	return p.T("seat.n", engine.NumArg("n", seat+1))
}

// List writes items as a list: "a", "a and b", "a, b and c".
func (p *Printer) List(items []string) string {
	p = p.orEnglish()
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	last := p.T("list.and", engine.TextArg("a", items[len(items)-2]), engine.TextArg("b", items[len(items)-1]))
	return p.join("list.comma", append(items[:len(items)-2:len(items)-2], last))
}

// join writes items one after another, each pair by message id ("a; b").
func (p *Printer) join(id string, items []string) string {
	if len(items) == 0 {
		return ""
	}
	last := items[len(items)-1]
	for i := len(items) - 2; i >= 0; i-- {
		last = p.T(id, engine.TextArg("a", items[i]), engine.TextArg("b", last))
	}
	return last
}

// rankIDs are the message ids of the ranks that have names; number ranks
// are written as their number.
var rankIDs = map[cards.Rank]string{cards.Jack: "rank.jack", cards.Queen: "rank.queen", cards.King: "rank.king", cards.Ace: "rank.ace"}

var suitIDs = [4]string{cards.Clubs: "suit.clubs", cards.Diamonds: "suit.diamonds", cards.Hearts: "suit.hearts", cards.Spades: "suit.spades"}

// Rank names a rank: "King", "7".
func (p *Printer) Rank(r cards.Rank) string {
	p = p.orEnglish()
	if id, ok := rankIDs[r]; ok {
		return p.T(id)
	}
	return p.Number(int(r))
}

// Suit names a suit: "Spades".
func (p *Printer) Suit(s cards.Suit) string {
	return p.orEnglish().T(suitIDs[s&3])
}

// cardIDs are the messages naming a card: by suit, then the Jester and a
// face-down card.
type cardIDs struct {
	suits            [4]string
	jester, facedown string
}

var (
	labelIDs = cardIDs{[4]string{"card.name.clubs", "card.name.diamonds", "card.name.hearts", "card.name.spades"},
		"card.name.jester", "card.name.facedown"}
	sentenceIDs = cardIDs{[4]string{"card.the.clubs", "card.the.diamonds", "card.the.hearts", "card.the.spades"},
		"card.the.jester", "card.the.facedown"}
)

// CardName names a card as a label does: "King of Spades", "Jester".
func (p *Printer) CardName(c cards.Card) string {
	return p.orEnglish().card(c, labelIDs)
}

// TheCard names a card as a sentence does: "the King of Spades".
func (p *Printer) TheCard(c cards.Card) string {
	return p.orEnglish().card(c, sentenceIDs)
}

func (p *Printer) card(c cards.Card, ids cardIDs) string {
	switch {
	case c.IsJoker():
		return p.T(ids.jester)
	case !c.Valid():
		return p.T(ids.facedown)
	}
	return p.T(ids.suits[c.Suit()], engine.TextArg("rank", p.Rank(c.Rank())))
}
