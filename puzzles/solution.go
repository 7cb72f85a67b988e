package puzzles

import (
	"fmt"
	"strings"

	"cardtable/cards"
	"cardtable/games/regicide"
)

// SolutionStep is one action of a puzzle's winning line as people read
// it: the action in notation, a sentence that says what it does, and the
// seat's view after it (to step through the line on the board).
type SolutionStep struct {
	Action   string         `json:"action"`
	Sentence string         `json:"sentence"`
	View     *regicide.View `json:"view"`
	// Revealed are the piles after the action, as the puzzle reveals
	// them (the answer is known by then: nothing is left to hide).
	Revealed Revealed `json:"revealed"`
}

// The solution's words, in one place (for the translations to come).
const (
	wordPlay      = "Play %s (attack %d)"
	wordHeal      = "Hearts put %s back under the Tavern"
	wordDraw      = "Diamonds draw %s"
	wordShield    = "Spades shield %d against the attack"
	wordDouble    = "Clubs double the damage"
	wordBlocked   = "the enemy's immunity blocks %s"
	wordKills     = "%s is defeated with %d damage"
	wordExact     = "%s is defeated exactly: it goes on top of the Tavern"
	wordDamage    = "%d damage, %d to go"
	wordStopped   = "the shield stops the whole attack"
	wordAttacked  = "%s attacks for %d"
	wordDiscard   = "Discard %s (worth %d) to survive the attack of %d"
	wordPower     = "Use a Jester power: discard your hand of %s and draw up to 8 from the Tavern"
	wordYield     = "Yield: %s attacks for %d"
	wordOther     = "Then: %s"
	wordNext      = "next enemy: %s (attack %d, health %d)"
	wordWon       = "the last King falls: the Castle is taken"
	wordNothing   = "Discard nothing: the shield stops the whole attack"
	wordAnd       = " and "
	wordCardCount = "%d card"
)

// Solution returns p's winning line step by step, from its position.
func (s *Set) Solution(p *Puzzle) ([]SolutionStep, error) {
	pos, err := p.Position(s.Options())
	if err != nil {
		return nil, err
	}
	out := make([]SolutionStep, 0, len(p.Line))
	for i, text := range p.Line {
		a, err := pos.ParseAction(0, text)
		if err != nil {
			return nil, fmt.Errorf("puzzles: puzzle %d: line action %d %q: %w", p.ID, i+1, text, err)
		}
		before := pos.View(0).(*regicide.View)
		var f *regicide.Forecast
		if fc, err := pos.Forecast(a); err == nil {
			f = &fc
		}
		if err := pos.Apply(0, a); err != nil {
			return nil, fmt.Errorf("puzzles: puzzle %d: line action %d %q: %w", p.ID, i+1, text, err)
		}
		after := pos.View(0).(*regicide.View)
		out = append(out, SolutionStep{Action: text, Sentence: sentence(text, before, after, f), View: after, Revealed: revealed(pos)})
	}
	return out, nil
}

// sentence says what action did, from the views before and after it and
// its forecast.
func sentence(text string, b, a *regicide.View, f *regicide.Forecast) string {
	fields := strings.Fields(text)
	var parts []string
	switch {
	case fields[0] == "play" && f != nil && b.Enemy != nil:
		parts = playWords(fields[1:], b, f)
	case text == "discard":
		parts = []string{wordNothing}
	case fields[0] == "discard" && b.Enemy != nil:
		cs := cardsOf(fields[1:])
		parts = []string{fmt.Sprintf(wordDiscard, cardList(cs), value(cs), b.Suffer)}
	case fields[0] == "power":
		parts = []string{fmt.Sprintf(wordPower, plural(len(b.Hand), wordCardCount))}
	case fields[0] == "yield" && b.Enemy != nil:
		parts = []string{fmt.Sprintf(wordYield, cardWords(b.Enemy.Card), max(b.Enemy.Attack-b.Enemy.Shield, 0))}
	default:
		parts = []string{fmt.Sprintf(wordOther, text)}
	}
	switch {
	case a.Phase == "over" && a.Defeated == 12:
		parts = append(parts, wordWon)
	case a.Enemy != nil && (b.Enemy == nil || a.Enemy.Card != b.Enemy.Card):
		parts = append(parts, fmt.Sprintf(wordNext, cardWords(a.Enemy.Card), a.Enemy.Attack, a.Enemy.Health))
	}
	s := strings.Join(parts, "; ") + "."
	return strings.ToUpper(s[:1]) + s[1:]
}

// playWords tells a play from its forecast.
func playWords(cs []string, b *regicide.View, f *regicide.Forecast) []string {
	parts := []string{fmt.Sprintf(wordPlay, cardList(cardsOf(cs)), f.Attack)}
	for _, p := range f.Powers {
		switch p {
		case "hearts":
			if f.Heal > 0 {
				parts = append(parts, fmt.Sprintf(wordHeal, plural(f.Heal, wordCardCount)))
			}
		case "diamonds":
			if f.Draw > 0 {
				parts = append(parts, fmt.Sprintf(wordDraw, plural(f.Draw, wordCardCount)))
			}
		case "spades":
			parts = append(parts, fmt.Sprintf(wordShield, f.Attack))
		case "clubs":
			parts = append(parts, wordDouble)
		}
	}
	if len(f.Blocked) > 0 {
		suits := make([]string, len(f.Blocked))
		for i, b := range f.Blocked {
			suits[i] = strings.ToUpper(b[:1]) + b[1:]
		}
		parts = append(parts, fmt.Sprintf(wordBlocked, strings.Join(suits, wordAnd)))
	}
	enemy := cardWords(b.Enemy.Card)
	switch {
	case f.Kills && f.Exact:
		parts = append(parts, fmt.Sprintf(wordExact, enemy))
	case f.Kills:
		parts = append(parts, fmt.Sprintf(wordKills, enemy, f.Damage))
	default:
		parts = append(parts, fmt.Sprintf(wordDamage, f.Damage, max(b.Enemy.Health-b.Enemy.Damage-f.Damage, 0)))
		if f.Suffer <= 0 {
			parts = append(parts, wordStopped)
		} else {
			parts = append(parts, fmt.Sprintf(wordAttacked, enemy, f.Suffer))
		}
	}
	return parts
}

// cardsOf reads cards in notation, skipping what does not read.
func cardsOf(texts []string) []cards.Card {
	var out []cards.Card
	for _, t := range texts {
		if c, err := cards.Parse(t); err == nil {
			out = append(out, c)
		}
	}
	return out
}

func value(cs []cards.Card) int {
	n := 0
	for _, c := range cs {
		n += regicide.Value(c)
	}
	return n
}

var rankWords = map[cards.Rank]string{cards.Ace: "Ace", cards.Jack: "Jack", cards.Queen: "Queen", cards.King: "King"}
var suitWords = [4]string{cards.Clubs: "Clubs", cards.Diamonds: "Diamonds", cards.Hearts: "Hearts", cards.Spades: "Spades"}

// cardWords names a card: "the King of Diamonds", "the 7 of Clubs".
func cardWords(c cards.Card) string {
	if c.IsJoker() || !c.Valid() {
		return "the Jester"
	}
	r, ok := rankWords[c.Rank()]
	if !ok {
		r = c.Rank().String()
	}
	return "the " + r + " of " + suitWords[c.Suit()]
}

// cardList names cards: "the 5 of Clubs and the 5 of Hearts".
func cardList(cs []cards.Card) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = cardWords(c)
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + wordAnd + names[len(names)-1]
}

func plural(n int, format string) string {
	s := fmt.Sprintf(format, n)
	if n != 1 {
		s += "s"
	}
	return s
}
