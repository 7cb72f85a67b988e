package watchtower

import (
	"fmt"
	"strconv"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
)

// Action encoding: the low byte is the kind; the next bytes its operands.
//
//	place CARD              kindPlace | card<<8
//	burn RANK               kindBurn | rank<<8
//	challenge SEAT RANK K   kindChallenge | seat<<8 | rank<<16 | k<<24 (seat from 0)
//	campaign-battle SEAT    kindCampaignBattle | seat<<8
//	pick SLOT               kindPick | slot<<8 (slot from 1)
//	give CARD               kindGive | card<<8
//	done, end               kindDone, kindEnd
const (
	kindPlace = iota + 1
	kindBurn
	kindChallenge
	kindCampaignBattle
	kindPick
	kindGive
	kindDone
	kindEnd
)

func placeAction(c cards.Card) engine.Action { return engine.Action(kindPlace | uint64(c)<<8) }
func burnAction(r cards.Rank) engine.Action  { return engine.Action(kindBurn | uint64(r)<<8) }
func challengeAction(seat int, r cards.Rank, k int) engine.Action {
	return engine.Action(kindChallenge | uint64(seat)<<8 | uint64(r)<<16 | uint64(k)<<24)
}
func campaignBattleAction(seat int) engine.Action {
	return engine.Action(kindCampaignBattle | uint64(seat)<<8)
}
func pickAction(slot int) engine.Action     { return engine.Action(kindPick | uint64(slot)<<8) }
func giveAction(c cards.Card) engine.Action { return engine.Action(kindGive | uint64(c)<<8) }

// Done ends a setup turn, End a turn.
const (
	Done = engine.Action(kindDone)
	End  = engine.Action(kindEnd)
)

// decoded is an action split into its fields.
type decoded struct {
	kind uint8
	card cards.Card
	rank cards.Rank
	seat uint8
	k    uint8
	slot uint8
}

// decode splits a; ok is false for a value no action encodes to.
func decode(a engine.Action) (d decoded, ok bool) {
	d = decoded{kind: uint8(a), card: actCard(a), seat: uint8(a >> 8), k: uint8(a >> 24), slot: uint8(a >> 8), rank: cards.Rank(a >> 8)}
	if d.kind == kindChallenge {
		d.rank = cards.Rank(a >> 16)
	}
	return d, validAction(a)
}

// The operands of an action, read where they are used (Apply dispatches
// on the kind once, then reads only its operands).
func actKind(a engine.Action) uint8            { return uint8(a) }
func actCard(a engine.Action) cards.Card       { return cards.Card(a >> 8) }
func actRank(a engine.Action) cards.Rank       { return cards.Rank(a >> 8) }
func actSeat(a engine.Action) int              { return int(uint8(a >> 8)) }
func actSlot(a engine.Action) int              { return int(uint8(a >> 8)) }
func challengeRank(a engine.Action) cards.Rank { return cards.Rank(a >> 16) }
func challengeK(a engine.Action) int           { return int(uint8(a >> 24)) }

// validAction reports whether a is the encoding of an action: a kind and
// each operand byte in its kind's range (operandRanges). The actions a
// player sends are valid nearly always, so its branches are predicted.
func validAction(a engine.Action) bool {
	r := operandRanges[uint8(a)&15]
	x := uint32(a)
	return a < 1<<32 && uint8(a) < 16 && r>>48 != 0 &&
		uint8(x>>8)-uint8(r) <= uint8(r>>8) && uint8(x>>16)-uint8(r>>16) <= uint8(r>>24) &&
		uint8(x>>24)-uint8(r>>32) <= uint8(r>>40)
}

// operandRange is the values each operand byte of a kind may take, packed
// in a word: operand i's lowest value in byte 2i, its span in byte 2i+1 (an
// operand the kind does not have is 0 only), and byte 6 set for a kind.
type operandRange uint64

func operands(lo, span [3]uint8) operandRange {
	r := operandRange(1) << 48
	for i := range lo {
		r |= operandRange(lo[i])<<(16*i) | operandRange(span[i])<<(16*i+8)
	}
	return r
}

var operandRanges = func() (t [16]operandRange) {
	one := func(kind int, lo, hi uint8) {
		t[kind] = operands([3]uint8{lo}, [3]uint8{hi - lo})
	}
	one(kindPlace, uint8(cards.New(cards.Two, cards.Clubs)), uint8(cards.New(cards.Ace, cards.Spades)))
	one(kindGive, uint8(cards.New(cards.Two, cards.Clubs)), uint8(cards.New(cards.Ace, cards.Spades)))
	one(kindBurn, uint8(cards.Two), uint8(cards.Ace))
	one(kindCampaignBattle, 0, engine.MaxSeats-1)
	one(kindPick, 1, 255)
	one(kindDone, 0, 0)
	one(kindEnd, 0, 0)
	t[kindChallenge] = operands([3]uint8{0, uint8(cards.Two), 0},
		[3]uint8{engine.MaxSeats - 1, uint8(cards.Ace - cards.Two), 2})
	return t
}()

// ActionKind is what an action does, as ActionFields reports it.
type ActionKind int

// The action kinds of the notation.
const (
	KindPlace          ActionKind = kindPlace
	KindBurn           ActionKind = kindBurn
	KindChallenge      ActionKind = kindChallenge
	KindCampaignBattle ActionKind = kindCampaignBattle
	KindPick           ActionKind = kindPick
	KindGive           ActionKind = kindGive
	KindDone           ActionKind = kindDone
	KindEnd            ActionKind = kindEnd
)

// ActionFields are an action's kind and operands, for bots that score
// actions without formatting them.
type ActionFields struct {
	Kind ActionKind
	// Card is the card of place and give.
	Card cards.Card
	// Rank is the rank of burn and challenge.
	Rank cards.Rank
	// Seat is the defender of challenge and campaign-battle.
	Seat int
	// K is the number of cards each side fights with in a challenge (0: a
	// vulnerable take, WT-09).
	K int
	// Slot is the position of a pick, from 1.
	Slot int
}

// Fields splits a into its kind and operands; ok is false for a value no
// action encodes to.
func Fields(a engine.Action) (f ActionFields, ok bool) {
	d, ok := decode(a)
	f.Kind = ActionKind(d.kind)
	if !ok {
		return f, false
	}
	switch d.kind {
	case kindPlace, kindGive:
		f.Card = d.card
	case kindBurn:
		f.Rank = d.rank
	case kindChallenge:
		f.Seat, f.Rank, f.K = int(d.seat), d.rank, int(d.k)
	case kindCampaignBattle:
		f.Seat = int(d.seat)
	case kindPick:
		f.Slot = int(d.slot)
	}
	return f, true
}

// ActionString implements engine.State.
func (s *State) ActionString(a engine.Action) string {
	d, ok := decode(a)
	if !ok {
		return "invalid(" + strconv.FormatUint(uint64(a), 10) + ")"
	}
	switch d.kind {
	case kindPlace:
		return "place " + d.card.String()
	case kindBurn:
		return "burn " + d.rank.String()
	case kindChallenge:
		return "challenge " + strconv.Itoa(int(d.seat)+1) + " " + d.rank.String() + " " + strconv.Itoa(int(d.k))
	case kindCampaignBattle:
		return "campaign-battle " + strconv.Itoa(int(d.seat)+1)
	case kindPick:
		return "pick " + strconv.Itoa(int(d.slot))
	case kindGive:
		return "give " + d.card.String()
	case kindDone:
		return "done"
	}
	return "end"
}

// ActionFor implements engine.ActionTeller: a card given face down to the
// barracks is named to its giver only; everyone else reads "give".
func (s *State) ActionFor(viewer, actor int, a engine.Action) string {
	if d, ok := decode(a); ok && d.kind == kindGive && viewer != actor {
		return "give"
	}
	return s.ActionString(a)
}

// notationHelp lists the valid forms for error messages.
const notationHelp = "write one of: place CARD (place 7H), burn RANK (burn Q), challenge SEAT RANK K " +
	"(challenge 2 Q 1; K=0 takes from an empty army), campaign-battle SEAT, pick SLOT (pick 3), " +
	"give CARD, done, end"

// ParseAction implements engine.State; it checks the syntax only.
func (s *State) ParseAction(seat int, text string) (engine.Action, error) {
	f := strings.Fields(strings.ToLower(text))
	bad := func(why engine.Msg, english string) (engine.Action, error) {
		msg := engine.Say("watchtower.notation.bad", engine.TextArg("text", strconv.Quote(text)), engine.MsgArg("why", why), engine.MsgArg("forms", engine.Say("watchtower.notation.forms")))
		return 0, engine.SayErr(engine.ErrNotation, msg, "watchtower: %q: %s; %s", text, english, notationHelp)
	}
	if len(f) == 0 {
		return bad(engine.Say("watchtower.notation.empty"), "empty action")
	}
	want := map[string]int{"place": 2, "burn": 2, "challenge": 4, "campaign-battle": 2, "pick": 2,
		"give": 2, "done": 1, "end": 1, "end-turn": 1}
	n, known := want[f[0]]
	if !known {
		return bad(engine.Say("watchtower.notation.unknown", engine.TextArg("word", strconv.Quote(f[0]))), "unknown action "+strconv.Quote(f[0]))
	}
	if len(f) != n {
		return bad(engine.Say("watchtower.notation.operands", engine.TextArg("form", actionForms[f[0]])), f[0]+" takes "+strconv.Itoa(n-1)+" operand(s)")
	}
	switch f[0] {
	case "place", "give":
		c, err := cards.Parse(f[1])
		if err != nil || c.IsJoker() {
			return bad(engine.Say("watchtower.notation.not-card", engine.TextArg("text", f[1])), "not a card of the 52-card pack: "+f[1])
		}
		if f[0] == "give" {
			return giveAction(c), nil
		}
		return placeAction(c), nil
	case "burn":
		r, err := cards.ParseRank(f[1])
		if err != nil {
			return bad(engine.Say("watchtower.notation.not-rank", engine.TextArg("text", f[1])), "not a rank: "+f[1])
		}
		return burnAction(r), nil
	case "challenge":
		return s.parseChallenge(f, bad)
	case "campaign-battle":
		target, ok := s.parseSeat(f[1])
		if !ok {
			return s.badSeat(f[1], bad)
		}
		return campaignBattleAction(target), nil
	case "pick":
		slot, err := strconv.Atoi(f[1])
		if err != nil || slot < 1 || slot > 52 {
			return bad(engine.Say("watchtower.notation.slot"), "a slot is a position from 1 to 52")
		}
		return pickAction(slot), nil
	case "done":
		return Done, nil
	}
	return End, nil
}

// badNotation refuses a notation: why for people, english for programs.
type badNotation func(why engine.Msg, english string) (engine.Action, error)

func (s *State) parseChallenge(f []string, bad badNotation) (engine.Action, error) {
	target, ok := s.parseSeat(f[1])
	if !ok {
		return s.badSeat(f[1], bad)
	}
	r, err := cards.ParseRank(f[2])
	if err != nil {
		return bad(engine.Say("watchtower.notation.not-rank", engine.TextArg("text", f[2])), "not a rank: "+f[2])
	}
	k, err := strconv.Atoi(f[3])
	if err != nil || k < 0 || k > 2 {
		return bad(engine.Say("watchtower.notation.k"), "K is 1 or 2 cards, or 0 against an empty army")
	}
	return challengeAction(target, r, k), nil
}

// parseSeat reads a seat number as players write it (from 1); ok is
// false for a number that is no seat of the table.
func (s *State) parseSeat(text string) (seat int, ok bool) {
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > s.cfg.players {
		return 0, false
	}
	return n - 1, true
}

// badSeat refuses text, which is no seat of the table.
func (s *State) badSeat(text string, bad badNotation) (engine.Action, error) {
	return bad(engine.Say("watchtower.notation.seat", engine.TextArg("text", strconv.Quote(text)), engine.NumArg("max", s.cfg.players)),
		fmt.Sprintf("seat %q is not a seat from 1 to %d", text, s.cfg.players))
}

// actionForms are the actions as written, for a refusal of one written
// with too few or too many operands.
var actionForms = map[string]string{"place": "place CARD", "burn": "burn RANK", "challenge": "challenge SEAT RANK K",
	"campaign-battle": "campaign-battle SEAT", "pick": "pick SLOT", "give": "give CARD", "done": "done", "end": "end", "end-turn": "end-turn"}

// PlacedCard returns the card a `place CARD` action moves into the
// fortress; ok is false for any other action.
func PlacedCard(a engine.Action) (c cards.Card, ok bool) {
	d, valid := decode(a)
	if !valid || d.kind != kindPlace {
		return cards.NoCard, false
	}
	return d.card, true
}
