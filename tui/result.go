package tui

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/games/war"
	"cardtable/games/watchtower"
	"cardtable/i18n"
	"cardtable/record"
)

// The end of a game in words: who won and how, in a sentence with names
// ("You defeated the Castle in 61 turns", "The King of Clubs defeated you
// with 9 enemies down"), the game's numbers on a line of their own, and a
// tone, so that a loss of the people at this terminal looks like one.

// tone is how the result reads for the people at this terminal.
type tone int

const (
	toneNeutral tone = iota
	toneWin
	toneLoss
)

// ending is a finished game told for people.
type ending struct {
	sentence string
	numbers  string
	tone     tone
}

// endTeller tells an ending in the reader's language, naming seats:
// "you" for the one person at this terminal, the seat's label otherwise.
type endTeller struct {
	words  *i18n.Printer
	labels []string
	// own are the seats' own names, for the game's own sentences
	// ("ann resigned"); nil: the labels.
	own []string
	// you is the one person's seat (-1: none, or several people).
	you int
	// persons are the seats played at this terminal.
	persons []int
}

// printer is the ending's language (English when none was set).
func (e endTeller) printer() *i18n.Printer {
	if e.words == nil {
		return i18n.English
	}
	return e.words
}

// say writes message id with args, naming seats as the ending does.
func (e endTeller) say(id string, args ...engine.Arg) string {
	return e.printer().WithSeats(e.name).T(id, args...)
}

// youWon reports whether the winners are the one person here alone:
// then the sentence speaks to them.
func (e endTeller) youWon(winners []int) bool {
	return e.you >= 0 && len(winners) == 1 && winners[0] == e.you
}

func (e endTeller) name(seat int) string {
	if seat == e.you {
		return e.printer().T("tui.you")
	}
	if seat >= 0 && seat < len(e.labels) {
		return e.labels[seat]
	}
	return e.printer().SeatName(seat)
}

// names joins seats' names: "Ann", "Ann and Bob", "Ann, Bob and Cy".
func (e endTeller) names(seats []int) engine.Arg {
	if len(seats) == 0 {
		return engine.TextArg("seats", e.printer().T("tui.end.nobody"))
	}
	return engine.SeatsArg("seats", seats)
}

// toneOf is a win when a person here is among the winners, a loss when
// people here played and none won, neutral otherwise (a draw, nobody
// here, or people on both sides).
func (e endTeller) toneOf(res engine.Result) tone {
	if len(e.persons) == 0 || len(res.Winners) == 0 && !strings.Contains(res.End, "lost") && res.End != "stuck" {
		return toneNeutral
	}
	won := 0
	for _, p := range e.persons {
		for _, w := range res.Winners {
			if p == w {
				won++
			}
		}
	}
	switch {
	case won == len(e.persons):
		return toneWin
	case won == 0:
		return toneLoss
	}
	return toneNeutral
}

// detail is the game's own sentence about the end, in the reader's
// language, its seats named by their names (never "you": the sentence
// is the game's, as records keep it).
func (e endTeller) detail(res engine.Result) string {
	if res.DetailI18n.IsZero() {
		return res.Detail
	}
	return e.printer().WithSeats(e.ownName).Say(res.DetailI18n)
}

// ownName names seat as the game's sentences do: its name.
func (e endTeller) ownName(seat int) string {
	if seat >= 0 && seat < len(e.own) {
		return e.own[seat]
	}
	if seat >= 0 && seat < len(e.labels) {
		return e.labels[seat]
	}
	return e.printer().SeatName(seat)
}

// won says that the winners won (them: "Ann won", you: "you won"),
// with how after a colon when how is not empty.
func (e endTeller) won(winners []int, how string) string {
	if e.youWon(winners) {
		if how == "" {
			return e.say("tui.end.you-won")
		}
		return e.say("tui.end.you-won-how", engine.TextArg("how", how))
	}
	if how == "" {
		return e.say("tui.end.won", e.names(winners), engine.CountArg(len(winners)))
	}
	return e.say("tui.end.won-how", e.names(winners), engine.CountArg(len(winners)), engine.TextArg("how", how))
}

// tell is the ending of a finished game from its result and final public
// view.
func (e endTeller) tell(res engine.Result, final engine.View) ending {
	var end ending
	switch v := final.(type) {
	case *war.View:
		end = e.tellWar(res, v)
	case *regicide.View:
		end = e.tellRegicide(res, v)
	case *watchtower.View:
		end = e.tellWatchtower(res, v)
	default:
		end = ending{sentence: e.won(res.Winners, ""), numbers: e.detail(res)}
		if len(res.Winners) == 0 {
			end.sentence = e.say("tui.end.draw-how", engine.TextArg("how", e.detail(res)))
		}
	}
	if (res.End == record.EndResigned || res.End == record.EndTimeout || res.End == record.EndAbandoned) && len(res.Winners) > 0 {
		// Ended at the table, not by the game's rules: the game's own
		// telling would call it a draw.
		end.sentence = e.won(res.Winners, e.detail(res))
	}
	end.sentence = e.say("tui.end.sentence", engine.TextArg("text", capitalise(end.sentence)))
	end.tone = e.toneOf(res)
	return end
}

func (e endTeller) tellWar(res engine.Result, v *war.View) ending {
	numbers := e.say("tui.end.war.numbers", engine.NounArg("battles", v.Battles, "noun.battles"), engine.NounArg("wars", v.Wars, "noun.wars"))
	if res.End == "win" && len(res.Winners) == 1 {
		id := "tui.end.war.won"
		if e.youWon(res.Winners) {
			id = "tui.end.war.you-won"
		}
		return ending{sentence: e.say(id, engine.SeatArg("seat", res.Winners[0]), engine.NounArg("battles", v.Battles, "noun.battles")), numbers: numbers}
	}
	why := map[string]string{
		"draw":       e.say("tui.end.war.draw"),
		"repetition": e.say("tui.end.war.repetition"),
		"cap":        e.say("tui.end.war.cap", engine.NounArg("battles", res.Length, "noun.battles")),
	}[res.End]
	if why == "" {
		why = e.detail(res)
	}
	return ending{sentence: e.say("tui.end.draw-how", engine.TextArg("how", why)), numbers: numbers}
}

func (e endTeller) tellRegicide(res engine.Result, v *regicide.View) ending {
	numbers := e.say("tui.end.regicide.numbers", engine.NumArg("defeated", v.Defeated), engine.NounArg("turns", v.Turns, "noun.turns"))
	if v.Players == 1 {
		numbers += " · " + e.say("tui.end.regicide.powers-used", engine.NumArg("n", 2-v.PowersLeft))
	}
	all := make([]int, v.Players)
	for i := range all {
		all[i] = i
	}
	if res.End == "won" {
		turns := engine.NounArg("turns", v.Turns, "noun.turns")
		s := e.say("tui.end.regicide.won", e.names(all), engine.CountArg(len(all)), turns)
		if e.youWon(all) {
			s = e.say("tui.end.regicide.you-won", turns)
		}
		if v.Players == 1 {
			s = e.say("tui.end.regicide.graded", engine.TextArg("won", s), engine.TextArg("grade", soloGrade(e, 2-v.PowersLeft)))
		}
		return ending{sentence: s, numbers: numbers}
	}
	enemy := e.say("tui.end.regicide.the-castle")
	if name, ok := strings.CutPrefix(res.End, "lost to "); ok {
		if c, err := cards.Parse(name); err == nil {
			enemy = enemyTitle(e.printer(), c)
		}
	} else if v.Enemy != nil {
		enemy = enemyTitle(e.printer(), v.Enemy.Card)
	}
	defeated := engine.NounArg("defeated", v.Defeated, "noun.enemies")
	who := engine.TextArg("enemy", enemy)
	var s string
	switch {
	case v.Players > 1 && res.End == "stuck":
		s = e.say("tui.end.regicide.lost-table-stuck", who, defeated, engine.SeatArg("seat", v.Current))
	case v.Players > 1:
		s = e.say("tui.end.regicide.lost-table", who, defeated, engine.SeatArg("seat", v.Current))
	case res.End == "stuck":
		s = e.say(e.pick("tui.end.regicide.lost-stuck", "tui.end.regicide.you-lost-stuck"), who, defeated, engine.SeatArg("seat", 0))
	default:
		s = e.say(e.pick("tui.end.regicide.lost", "tui.end.regicide.you-lost"), who, defeated, engine.SeatArg("seat", 0))
	}
	return ending{sentence: s, numbers: numbers}
}

// pick is the message spoken to the one person here (seat 0 of a solo
// game), or of the player.
func (e endTeller) pick(them, toYou string) string {
	if e.you == 0 {
		return toYou
	}
	return them
}

// soloGrade names a solo win's grade (REG-30) by the Jester powers used.
func soloGrade(e endTeller, used int) string {
	switch used {
	case 0:
		return e.say("tui.end.regicide.gold")
	case 1:
		return e.say("tui.end.regicide.silver")
	}
	return e.say("tui.end.regicide.bronze", engine.NumArg("n", used))
}

// enemyTitle is an enemy by name: "the King of Clubs".
func enemyTitle(w *i18n.Printer, c cards.Card) string {
	if !c.Rank().IsRoyal() || c.IsJoker() {
		return w.T("tui.end.the-card", engine.TextArg("card", cardText(c)))
	}
	return w.TheCard(c)
}

func (e endTeller) tellWatchtower(res engine.Result, v *watchtower.View) ending {
	var tricks []string
	for _, p := range v.Players {
		if p.Tricks > 0 || len(p.Row) > 0 {
			tricks = append(tricks, fmt.Sprintf("%s %d", e.name(p.Seat), p.Tricks))
		}
	}
	numbers := e.say("tui.end.watchtower.numbers", engine.NumArg("round", v.Round), engine.NounArg("turns", res.Length, "noun.turns"))
	if len(tricks) > 0 {
		numbers = e.say("tui.end.watchtower.tricks", engine.TextArg("tricks", strings.Join(tricks, ", ")), engine.TextArg("numbers", numbers))
	}
	w, n := e.names(res.Winners), engine.CountArg(len(res.Winners))
	you := 0
	if e.youWon(res.Winners) {
		you = 1
	}
	var s string
	switch res.End {
	case "showdown":
		s = e.say([2]string{"tui.end.watchtower.showdown", "tui.end.watchtower.showdown-you"}[you], w, n)
	case "tower battle":
		s = e.say([2]string{"tui.end.watchtower.tower-battle", "tui.end.watchtower.tower-battle-you"}[you], w, n)
	case "elimination":
		s = e.say([2]string{"tui.end.watchtower.last-in", "tui.end.watchtower.last-in-you"}[you], w, n)
	case "round cap":
		id := [2]string{"tui.end.watchtower.round-cap", "tui.end.watchtower.round-cap-you"}[you]
		if len(res.Winners) > 1 {
			id = "tui.end.watchtower.round-cap-shared"
		}
		s = e.say(id, w, n, engine.NounArg("rounds", v.Round, "noun.rounds"))
	default:
		s = e.won(res.Winners, "")
	}
	return ending{sentence: s, numbers: numbers}
}

func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// render draws the ending width cells wide: the sentence in the tone's
// style, the numbers under it.
func (end ending) render(width int) string {
	st := styleResult
	switch end.tone {
	case toneWin:
		st = styleWin
	case toneLoss:
		st = styleLoss
	}
	out := lipgloss.NewStyle().Width(width).Render(st.Render(" " + end.sentence + " "))
	if end.numbers != "" {
		out += "\n" + lipgloss.NewStyle().Width(width).Render(styleLabel.Render(end.numbers))
	}
	return out
}
