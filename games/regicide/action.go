package regicide

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// kind is an action's kind, held in bits 0–2 of an engine.Action; bits 3–7
// hold its argument and bits 8–61 its cards.
type kind uint8

const (
	kindPlay kind = 1 + iota
	kindYield
	kindDiscard
	kindPower
	kindSignal
	kindNext
	kindExact
)

var kindWords = [...]string{kindPlay: "play", kindYield: "yield", kindDiscard: "discard", kindPower: "power", kindSignal: "signal", kindNext: "next", kindExact: "exact"}

// cardBits are the bits of an Action that can name a card (8..61).
const cardBits = set(^uint64(0)>>2) &^ 0xff

// Exact-kill choices (REG-15).
const (
	exactTavern uint8 = iota
	exactDiscard
)

var exactWords = [...]string{"tavern", "discard"}

const validForms = "valid forms: play CARD [CARD...], yield, discard [CARD...], power, signal good|rather-not|none, next SEAT, exact tavern|discard (cards like 7H, AS, 10D, JK1)"

// formsArg is validForms for people.
var formsArg = engine.MsgArg("forms", engine.Say("regicide.notation.forms"))

// notation is a notation refusal: msg for people, "regicide: " and the
// English format for programs.
func notation(msg engine.Msg, format string, args ...any) error {
	return engine.SayErr(engine.ErrNotation, msg, "regicide: "+format, args...)
}

func encode(k kind, arg uint8, m set) engine.Action {
	return engine.Action(uint64(m) | uint64(arg)<<3 | uint64(k))
}

func decode(a engine.Action) (k kind, arg uint8, m set) {
	return kind(a & 7), uint8(a>>3) & 31, set(a) &^ 0xff
}

// playCards is the canonical order of a play: Aces first, then ascending.
func playCards(m set) []cards.Card {
	return append((m & aces).cards(), (m &^ aces).cards()...)
}

// wellFormed reports whether a decodes to an action of some kind with an
// argument and cards that kind takes.
func wellFormed(a engine.Action) bool {
	k, arg, m := decode(a)
	if m&^cardBits != 0 {
		return false
	}
	switch k {
	case kindPlay:
		return arg == 0 && m != 0
	case kindDiscard:
		return arg == 0
	case kindYield, kindPower:
		return arg == 0 && m == 0
	case kindSignal:
		return m == 0 && arg >= sigNothing && arg <= sigRatherNot
	case kindNext:
		return m == 0 && arg < engine.MaxSeats
	case kindExact:
		return m == 0 && arg <= exactDiscard
	}
	return false
}

// ActionString writes a in the notation of the package doc.
func (s *State) ActionString(a engine.Action) string {
	if !wellFormed(a) {
		return fmt.Sprintf("invalid(%#x)", uint64(a))
	}
	k, arg, m := decode(a)
	switch k {
	case kindPlay:
		return "play " + cards.Format(playCards(m))
	case kindDiscard:
		cs := m.cards()
		slices.Reverse(cs)
		return strings.TrimSpace("discard " + cards.Format(cs))
	case kindSignal:
		return "signal " + signalNames[arg]
	case kindNext:
		return "next " + strconv.Itoa(int(arg))
	case kindExact:
		return "exact " + exactWords[arg]
	}
	return kindWords[k]
}

// ParseAction reads an action in the package's notation. It checks the
// syntax only; Apply checks legality.
func (s *State) ParseAction(seat int, text string) (engine.Action, error) {
	fields := strings.Fields(strings.ToLower(text))
	if len(fields) == 0 {
		return 0, notation(engine.Say("regicide.notation.empty", formsArg), "empty action; %s", validForms)
	}
	args := fields[1:]
	switch fields[0] {
	case "play", "discard":
		return parseCards(fields[0], args)
	case "yield", "power":
		if len(args) != 0 {
			return 0, notation(engine.Say("regicide.notation.no-argument", engine.TextArg("word", fields[0]), formsArg), "%q takes no argument; %s", fields[0], validForms)
		}
		if fields[0] == "yield" {
			return encode(kindYield, 0, 0), nil
		}
		return encode(kindPower, 0, 0), nil
	case "signal":
		return parseWord(kindSignal, args, signalNames[sigNothing:], sigNothing)
	case "exact":
		return parseWord(kindExact, args, exactWords[:], exactTavern)
	case "next":
		if len(args) == 1 {
			if n, err := strconv.Atoi(args[0]); err == nil && n >= 0 && n < s.cfg.players {
				return encode(kindNext, uint8(n), 0), nil
			}
		}
		return 0, notation(engine.Say("regicide.notation.next", engine.TextArg("text", strconv.Quote(text)), engine.NumArg("last", s.cfg.players-1)),
			"%q: write next and a seat from 0 to %d", text, s.cfg.players-1)
	}
	return 0, notation(engine.Say("regicide.notation.unknown", engine.TextArg("word", strconv.Quote(fields[0])), formsArg), "unknown action %q; %s", fields[0], validForms)
}

func parseWord(k kind, args []string, words []string, first uint8) (engine.Action, error) {
	if len(args) == 1 {
		if i := slices.Index(words, args[0]); i >= 0 {
			return encode(k, first+uint8(i), 0), nil
		}
	}
	return 0, notation(engine.Say("regicide.notation.word", engine.TextArg("word", kindWords[k]), engine.TextArg("words", strings.Join(words, ", "))),
		"write %s followed by one of %s", kindWords[k], strings.Join(words, ", "))
}

func parseCards(word string, args []string) (engine.Action, error) {
	k := kindPlay
	if word == "discard" {
		k = kindDiscard
	} else if len(args) == 0 || len(args) > 4 {
		return 0, notation(engine.Say("regicide.notation.play-count", formsArg), "play takes 1 to 4 cards, e.g. play 7H or play 5H 5S; %s", validForms)
	}
	var m set
	for _, text := range args {
		c, err := cards.Parse(text)
		if err != nil {
			return 0, notation(engine.Say("regicide.notation.not-card", engine.TextArg("text", strconv.Quote(text)), formsArg), "%v; %s", err, validForms)
		}
		if m.has(c) {
			return 0, notation(engine.Say("regicide.notation.twice", engine.TextArg("card", c.String())), "%v is named twice", c)
		}
		m |= bit(c)
	}
	return encode(k, 0, m), nil
}
