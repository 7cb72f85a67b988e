package puzzles

import (
	"fmt"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
	"cardtable/i18n"
)

// SolutionStep is one action of a puzzle's winning line as people read
// it: the action in notation, a sentence that says what it does, and the
// seat's view after it (to step through the line on the board).
type SolutionStep struct {
	Action string `json:"action"`
	// Sentence is the step in English words; SentenceI18n says the same
	// as a message (puzzles.step: its parts, each a message of their
	// own), for the reader's language (docs/i18n.md).
	Sentence     string         `json:"sentence"`
	SentenceI18n engine.Msg     `json:"sentence_i18n"`
	View         *regicide.View `json:"view"`
	// Revealed are the piles after the action, as the puzzle reveals
	// them (the answer is known by then: nothing is left to hide).
	Revealed Revealed `json:"revealed"`
}

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
		msg := sentence(text, before, after, f)
		out = append(out, SolutionStep{Action: text, Sentence: i18n.English.Say(msg), SentenceI18n: msg, View: after, Revealed: revealed(pos)})
	}
	return out, nil
}

// sentence says what action did, from the views before and after it and
// its forecast: its parts (what the action is, what its powers do, what
// it leads to) in one message.
func sentence(text string, b, a *regicide.View, f *regicide.Forecast) engine.Msg {
	fields := strings.Fields(text)
	var parts []engine.Msg
	switch {
	case fields[0] == "play" && f != nil && b.Enemy != nil:
		parts = playWords(fields[1:], b, f)
	case text == "discard":
		parts = []engine.Msg{engine.Say("puzzles.step.discard-nothing")}
	case fields[0] == "discard" && b.Enemy != nil:
		cs := cardsOf(fields[1:])
		parts = []engine.Msg{engine.Say("puzzles.step.discard", engine.CardsArg("cards", cs),
			engine.NumArg("worth", value(cs)), engine.NumArg("attack", b.Suffer))}
	case fields[0] == "power":
		parts = []engine.Msg{engine.Say("puzzles.step.power", engine.NounArg("cards", len(b.Hand), "noun.cards"))}
	case fields[0] == "yield" && b.Enemy != nil:
		parts = []engine.Msg{engine.Say("puzzles.step.yield", engine.CardArg("enemy", b.Enemy.Card),
			engine.NumArg("attack", max(b.Enemy.Attack-b.Enemy.Shield, 0)))}
	default:
		parts = []engine.Msg{engine.Say("puzzles.step.other", engine.TextArg("action", text))}
	}
	switch {
	case a.Phase == "over" && a.Defeated == 12:
		parts = append(parts, engine.Say("puzzles.step.won"))
	case a.Enemy != nil && (b.Enemy == nil || a.Enemy.Card != b.Enemy.Card):
		parts = append(parts, engine.Say("puzzles.step.next", engine.CardArg("enemy", a.Enemy.Card),
			engine.NumArg("attack", a.Enemy.Attack), engine.NumArg("health", a.Enemy.Health)))
	}
	return engine.Say("puzzles.step", engine.MsgsArg("parts", parts))
}

// playWords tells a play from its forecast.
func playWords(cs []string, b *regicide.View, f *regicide.Forecast) []engine.Msg {
	parts := []engine.Msg{engine.Say("puzzles.step.play", engine.CardsArg("cards", cardsOf(cs)), engine.NumArg("attack", f.Attack))}
	for _, p := range f.Powers {
		switch p {
		case "hearts":
			if f.Heal > 0 {
				parts = append(parts, engine.Say("puzzles.step.heal", engine.NounArg("cards", f.Heal, "noun.cards")))
			}
		case "diamonds":
			if f.Draw > 0 {
				parts = append(parts, engine.Say("puzzles.step.draw", engine.NounArg("cards", f.Draw, "noun.cards")))
			}
		case "spades":
			parts = append(parts, engine.Say("puzzles.step.shield", engine.NumArg("attack", f.Attack)))
		case "clubs":
			parts = append(parts, engine.Say("puzzles.step.double"))
		}
	}
	for _, s := range f.Blocked {
		parts = append(parts, engine.Say("puzzles.step.blocked", engine.MsgArg("suit", engine.Say("suit."+s))))
	}
	enemy := engine.CardArg("enemy", b.Enemy.Card)
	switch {
	case f.Kills && f.Exact:
		parts = append(parts, engine.Say("puzzles.step.exact", enemy))
	case f.Kills:
		parts = append(parts, engine.Say("puzzles.step.kills", enemy, engine.NumArg("damage", f.Damage)))
	default:
		parts = append(parts, engine.Say("puzzles.step.damage", engine.NumArg("damage", f.Damage),
			engine.NumArg("left", max(b.Enemy.Health-b.Enemy.Damage-f.Damage, 0))))
		if f.Suffer <= 0 {
			parts = append(parts, engine.Say("puzzles.step.stopped"))
		} else {
			parts = append(parts, engine.Say("puzzles.step.attacked", enemy, engine.NumArg("attack", f.Suffer)))
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
