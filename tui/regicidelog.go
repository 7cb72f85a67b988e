package tui

import (
	"slices"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// note tells what a Regicide action set off, read from the public views
// before and after it, as Watchtower's steps do: the cards Hearts healed,
// the cards Diamonds (or a solo Jester power) drew and for whom, the damage
// and the shield, an enemy defeated and where it went, the next enemy,
// and the attack to suffer. Only public facts are used: which cards were
// drawn stays private.
func (regicideUI) note(t teller, before, after engine.View) string {
	b, ok1 := before.(*regicide.View)
	a, ok2 := after.(*regicide.View)
	if !ok1 || !ok2 || b.Enemy == nil {
		return ""
	}
	var parts []string
	healed := len(cardsGone(b.Discard, a.Discard))
	if healed > 0 {
		parts = append(parts, t.say("tui.regicide.log.healed", engine.NounArg("cards", healed, "noun.cards")))
	}
	defeated := a.Defeated > b.Defeated || a.Enemy == nil || a.Enemy.Card != b.Enemy.Card
	exact := defeated && slices.Contains(a.TavernTop, b.Enemy.Card) && !slices.Contains(b.TavernTop, b.Enemy.Card)
	if d := drawsNote(t, b, a, healed, exact); d != "" {
		parts = append(parts, d)
	}
	if !defeated && a.Enemy.Shield > b.Enemy.Shield {
		parts = append(parts, t.say("regicide.hint.shield", engine.NumArg("n", a.Enemy.Shield)))
	}
	switch {
	case defeated:
		parts = append(parts, defeatNote(t, b, a, exact)...)
	case a.Enemy.Damage > b.Enemy.Damage:
		parts = append(parts, t.say("tui.regicide.log.damage", engine.NumArg("n", a.Enemy.Damage-b.Enemy.Damage), engine.NumArg("left", max(a.Enemy.Health-a.Enemy.Damage, 0))))
	}
	if a.Phase == "discard" && b.Phase != "discard" {
		parts = append(parts, t.say("tui.regicide.log.attacks", engine.TextArg("enemy", cardText(a.Enemy.Card)), engine.SeatArg("seat", a.Current), engine.NumArg("n", a.Suffer)))
	}
	if b.Phase == "discard" && a.Phase != "discard" && a.Phase != "over" {
		parts = append(parts, t.say("tui.regicide.log.suffered", engine.NumArg("n", b.Suffer)))
	}
	return strings.Join(parts, "; ")
}

// drawsNote counts the cards drawn between two views: from the Tavern's
// size (healed cards went under it, an exact kill on top of it), shared
// out by the other seats' hand sizes (they only grow by drawing); the
// actor — the current player before — drew the rest.
func drawsNote(t teller, b, a *regicide.View, healed int, exact bool) string {
	drawn := b.Tavern + healed - a.Tavern
	if exact {
		drawn++
	}
	if drawn <= 0 {
		return ""
	}
	if b.Players == 1 {
		return t.say("tui.regicide.log.drew", engine.NounArg("cards", drawn, "noun.cards"))
	}
	var who []string
	own := drawn
	for s := 0; s < b.Players && s < len(a.HandSizes); s++ {
		if s == b.Current {
			continue
		}
		if n := a.HandSizes[s] - b.HandSizes[s]; n > 0 {
			own -= n
			who = append(who, t.say("tui.regicide.log.drew-seat", engine.SeatArg("seat", s), engine.NumArg("n", n)))
		}
	}
	if own > 0 {
		who = append([]string{t.say("tui.regicide.log.drew-seat", engine.SeatArg("seat", b.Current), engine.NumArg("n", own))}, who...)
	}
	return t.say("tui.regicide.log.drew-who", engine.NounArg("cards", drawn, "noun.cards"), engine.TextArg("who", strings.Join(who, ", ")))
}

// defeatNote tells an enemy's defeat, where it went and who comes next.
func defeatNote(t teller, b, a *regicide.View, exact bool) []string {
	enemy := engine.TextArg("enemy", cardText(b.Enemy.Card))
	id := "tui.regicide.log.defeated"
	switch {
	case exact:
		id = "tui.regicide.log.defeated-tavern"
	case a.Phase == "exact":
		id = "tui.regicide.log.defeated-choose"
	}
	parts := []string{t.say(id, enemy)}
	switch {
	case a.Phase == "over" && a.Defeated == 12:
		parts = append(parts, t.say("tui.regicide.log.castle-fallen"))
	case a.Enemy != nil && a.Enemy.Card != b.Enemy.Card:
		parts = append(parts, t.say("tui.regicide.log.next-enemy", engine.TextArg("enemy", cardText(a.Enemy.Card)),
			engine.NumArg("attack", a.Enemy.Attack), engine.NumArg("health", a.Enemy.Health)))
	}
	return parts
}

// cardsGone are the cards of from missing in to.
func cardsGone(from, to []cards.Card) []cards.Card {
	var out []cards.Card
	for _, c := range from {
		if !slices.Contains(to, c) {
			out = append(out, c)
		}
	}
	return out
}
