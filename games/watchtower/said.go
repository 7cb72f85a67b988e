package watchtower

import (
	"cardtable/cards"
	"cardtable/engine"
)

// said is a sentence said twice: in English (the text of the view's
// Events and the result's Detail) and as a message for the reader's
// language (EventsI18n, DetailI18n). Its message is never changed once
// made, so copies of a state may share it.
type said struct {
	text string
	msg  engine.Msg
}

// eventIDs are the events' message ids (package i18n's catalogue); each
// says what eventFormats says in English.
var eventIDs = [...]string{
	evDrawNothing:    "watchtower.event.draw-nothing",
	evDrawFortress:   "watchtower.event.draw-fortress",
	evDrawKnown:      "watchtower.event.draw-known",
	evDraw:           "watchtower.event.draw",
	evRefill:         "watchtower.event.refill",
	evGive:           "watchtower.event.give",
	evSingles:        "watchtower.event.singles",
	evTurn:           "watchtower.event.turn",
	evPick:           "watchtower.event.pick",
	evTakes:          "watchtower.event.takes",
	evFlip:           "watchtower.event.flip",
	evRoyals:         "watchtower.event.royals",
	evTried:          "watchtower.event.tried",
	evThirdTry:       "watchtower.event.third-try",
	evEliminated:     "watchtower.event.eliminated",
	evCompletes:      "watchtower.event.completes",
	evCampaignLost:   "watchtower.event.campaign-lost",
	evRows:           "watchtower.event.rows",
	evShowdown:       "watchtower.event.showdown",
	evTowerBattle:    "watchtower.event.tower-battle",
	evRoundCap:       "watchtower.event.round-cap",
	evGameOver:       "watchtower.event.game-over",
	evFreeForAll:     "watchtower.event.free-for-all",
	evFreeFlip:       "watchtower.event.free-flip",
	evFreeReplay:     "watchtower.event.free-replay",
	evFreeTiedOut:    "watchtower.event.free-tied-out",
	evFreeCompletes:  "watchtower.event.free-completes",
	evFreeTakes:      "watchtower.event.free-takes",
	evDeal:           "watchtower.event.deal",
	evCampaignBattle: "watchtower.event.campaign-battle",
	evDone:           "watchtower.event.done",
	evEnd:            "watchtower.event.end",
	evPlace:          "watchtower.event.place",
	evBurn:           "watchtower.event.burn",
	evVulnerableTake: "watchtower.event.vulnerable-take",
	evChallenge:      "watchtower.event.challenge",
	evShuffled:       "watchtower.event.shuffled",
}

// eventArgNames name each event's arguments, in order. A try count
// (argTimes) is the message's count whatever its name here.
var eventArgNames = [...][]string{
	evDrawNothing:    {"seat"},
	evDrawFortress:   {"seat", "card"},
	evDrawKnown:      {"seat", "card"},
	evDraw:           {"seat"},
	evGive:           {"seat", "given"},
	evSingles:        {"cards", "barracks"},
	evTurn:           {"turn", "round", "seat"},
	evPick:           {"seat", "position", "owner"},
	evTakes:          {"seat", "card"},
	evFlip:           {"attacker", "attacking", "defender", "defending", "outcome"},
	evRoyals:         {"cards"},
	evTried:          {"card", "count"},
	evThirdTry:       {"card", "owner"},
	evEliminated:     {"seat"},
	evCompletes:      {"seat", "rank"},
	evCampaignLost:   {"seat", "rank"},
	evRows:           {"rows"},
	evTowerBattle:    {"seats"},
	evRoundCap:       {"round"},
	evGameOver:       {"detail"},
	evText:           {"said"},
	evFreeForAll:     {"card", "seat"},
	evFreeFlip:       {"seat", "cards"},
	evFreeReplay:     {"count"},
	evFreeTiedOut:    {"card"},
	evFreeCompletes:  {"seat", "card"},
	evFreeTakes:      {"seat", "card"},
	evDeal:           {"dealer", "first"},
	evCampaignBattle: {"seat", "defender"},
	evDone:           {"seat"},
	evEnd:            {"seat"},
	evPlace:          {"seat", "card"},
	evBurn:           {"seat", "card"},
	evVulnerableTake: {"seat", "card", "owner"},
	evChallenge:      {"seat", "defender", "card", "with"},
	evShuffled:       {"barracks"},
}

// nounIDs are the message ids of the counted nouns.
var nounIDs = [...]string{nounCard: "noun.cards", nounArmyCard: "noun.army-cards", nounTrick: "noun.tricks", nounRound: "noun.rounds"}

// eventMsgs says the recorded events as messages.
func (s *State) eventMsgs() []engine.Msg {
	if len(s.events) == 0 {
		return nil
	}
	out := make([]engine.Msg, len(s.events))
	for i, e := range s.events {
		out[i] = s.eventMsg(e)
	}
	return out
}

// eventMsg says one event as a message. Cards and ranks are written in
// notation ("7H", "K"), as the English texts write them.
func (s *State) eventMsg(e event) engine.Msg {
	if e.kind == evText {
		return s.evSaid[e.args[0]&argValue].msg
	}
	names := eventArgNames[e.kind]
	args := make([]engine.Arg, e.n)
	for j, a := range e.args[:e.n] {
		args[j] = s.msgArg(names[j], a)
	}
	return engine.Say(eventIDs[e.kind], args...)
}

// msgArg is event argument a as a message's argument called name.
func (s *State) msgArg(name string, a earg) engine.Arg {
	v := int(a & argValue)
	switch a &^ argValue {
	case argSeat:
		return engine.SeatArg(name, v)
	case argCard:
		return engine.TextArg(name, cards.Card(v).String())
	case argRank:
		return engine.TextArg(name, cards.Rank(v).String())
	case argTimes:
		return engine.CountArg(v)
	case argOutcome:
		if v == 0xff {
			return engine.MsgArg(name, engine.Say("watchtower.outcome.draw"))
		}
		return engine.MsgArg(name, engine.Say("watchtower.outcome.wins", engine.SeatArg("seat", v)))
	case argCards:
		return engine.TextArg(name, cards.Format(s.dataCards(v)))
	case argSeats:
		return engine.SeatsArg(name, s.dataSeats(v))
	case argRows:
		return engine.MsgsArg(name, s.rowsMsgs(v))
	case argSaid:
		return engine.MsgArg(name, s.evSaid[v].msg)
	case argDetail:
		return engine.MsgArg(name, s.endDetail().msg)
	case argCount:
		return engine.NounArg(name, v&0xffff, nounIDs[noun(v>>16)])
	}
	if name == "count" {
		return engine.CountArg(v)
	}
	return engine.NumArg(name, v)
}

// rowsMsgs says the showdown rows rowsArg recorded from offset off.
func (s *State) rowsMsgs(off int) []engine.Msg {
	d := s.evData[off:]
	n, d := int(d[0]), d[1:]
	out := make([]engine.Msg, n)
	for i := range out {
		seat, tricks, l := int(d[0]), int(d[1]), int(d[2])
		row := make([]cards.Card, l)
		for j := range row {
			row[j] = cards.Card(d[3+j])
		}
		d = d[3+l:]
		out[i] = engine.Say("watchtower.row", engine.SeatArg("seat", seat), engine.TextArg("cards", cards.Format(row)),
			engine.NounArg("tricks", tricks, nounIDs[nounTrick]))
	}
	return out
}
