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

// endTeller names seats for an ending: "you" for the one person at this
// terminal, the seat's label otherwise.
type endTeller struct {
	labels []string
	// you is the one person's seat (-1: none, or several people).
	you int
	// persons are the seats played at this terminal.
	persons []int
}

func (e endTeller) name(seat int) string {
	if seat == e.you {
		return "you"
	}
	return seatLabel(e.labels, seat)
}

// names joins seats' names: "Ann", "Ann and Bob", "Ann, Bob and Cy".
func (e endTeller) names(seats []int) string {
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = e.name(s)
	}
	return joinAnd(parts)
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return "nobody"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
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
		end = ending{sentence: e.names(res.Winners) + " won", numbers: res.Detail}
		if len(res.Winners) == 0 {
			end.sentence = "A draw: " + res.Detail
		}
	}
	if (res.End == record.EndResigned || res.End == record.EndTimeout) && len(res.Winners) > 0 {
		// Ended at the table, not by the game's rules: the game's own
		// telling would call it a draw.
		end.sentence = e.names(res.Winners) + " won: " + res.Detail
	}
	end.sentence = capitalise(end.sentence) + "."
	end.tone = e.toneOf(res)
	return end
}

func (e endTeller) tellWar(res engine.Result, v *war.View) ending {
	numbers := plural(v.Battles, "battle") + " · " + plural(v.Wars, "war")
	if res.End == "win" && len(res.Winners) == 1 {
		return ending{sentence: fmt.Sprintf("%s won with all 52 cards after %s", e.name(res.Winners[0]), plural(v.Battles, "battle")), numbers: numbers}
	}
	why := map[string]string{
		"draw":       "every player left in the war ran out of cards",
		"repetition": "the piles came back to an earlier position, so the game would go round forever",
		"cap":        fmt.Sprintf("nobody won within %s", plural(res.Length, "battle")),
	}[res.End]
	if why == "" {
		why = res.Detail
	}
	return ending{sentence: "A draw: " + why, numbers: numbers}
}

func (e endTeller) tellRegicide(res engine.Result, v *regicide.View) ending {
	numbers := fmt.Sprintf("%d of 12 enemies defeated · %s", v.Defeated, plural(v.Turns, "turn"))
	if v.Players == 1 {
		numbers += fmt.Sprintf(" · Jester powers used: %d of 2", 2-v.PowersLeft)
	}
	all := make([]int, v.Players)
	for i := range all {
		all[i] = i
	}
	if res.End == "won" {
		s := fmt.Sprintf("%s defeated the Castle in %s", e.names(all), plural(v.Turns, "turn"))
		if v.Players == 1 {
			s += ": " + soloGrade(2-v.PowersLeft)
		}
		return ending{sentence: s, numbers: numbers}
	}
	enemy := "the Castle"
	if name, ok := strings.CutPrefix(res.End, "lost to "); ok {
		if c, err := cards.Parse(name); err == nil {
			enemy = enemyTitle(c)
		}
	} else if v.Enemy != nil {
		enemy = enemyTitle(v.Enemy.Card)
	}
	victims, how := e.name(0), ""
	if v.Players > 1 {
		victims = "the table"
		how = ": " + e.name(v.Current) + " could not cover its attack"
	}
	if res.End == "stuck" {
		how = ": " + e.name(v.Current) + " had no legal play"
	}
	return ending{sentence: fmt.Sprintf("%s defeated %s with %s down%s", enemy, victims, plural(v.Defeated, "enemy"), how), numbers: numbers}
}

// soloGrade names a solo win's grade (REG-30) by the Jester powers used.
func soloGrade(used int) string {
	switch used {
	case 0:
		return "Gold, no Jester power used"
	case 1:
		return "Silver, 1 Jester power used"
	}
	return fmt.Sprintf("Bronze, %d Jester powers used", used)
}

// enemyTitle is an enemy by name: "the King of Clubs".
func enemyTitle(c cards.Card) string {
	ranks := map[cards.Rank]string{cards.Jack: "Jack", cards.Queen: "Queen", cards.King: "King"}
	suits := [4]string{cards.Clubs: "Clubs", cards.Diamonds: "Diamonds", cards.Hearts: "Hearts", cards.Spades: "Spades"}
	r, ok := ranks[c.Rank()]
	if !ok || c.IsJoker() {
		return "the " + cardText(c)
	}
	return "the " + r + " of " + suits[c.Suit()]
}

func (e endTeller) tellWatchtower(res engine.Result, v *watchtower.View) ending {
	var tricks []string
	for _, p := range v.Players {
		if p.Tricks > 0 || len(p.Row) > 0 {
			tricks = append(tricks, fmt.Sprintf("%s %d", e.name(p.Seat), p.Tricks))
		}
	}
	numbers := fmt.Sprintf("round %d · %s", v.Round, plural(res.Length, "turn"))
	if len(tricks) > 0 {
		numbers = "tricks: " + strings.Join(tricks, ", ") + " · " + numbers
	}
	w := e.names(res.Winners)
	verb := "won"
	var s string
	switch res.End {
	case "showdown":
		s = fmt.Sprintf("%s %s the showdown", w, verb)
	case "tower battle":
		s = fmt.Sprintf("%s %s the tower battle after a tied showdown", w, verb)
	case "elimination":
		s = fmt.Sprintf("%s %s: the last player in", w, verb)
	case "round cap":
		if len(res.Winners) > 1 {
			verb = "shared"
		}
		s = fmt.Sprintf("After %d rounds %s %s the forced showdown", v.Round, w, verb)
	default:
		s = w + " " + verb
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
