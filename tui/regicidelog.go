package tui

import (
	"fmt"
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
func (regicideUI) note(labels []string, before, after engine.View) string {
	b, ok1 := before.(*regicide.View)
	a, ok2 := after.(*regicide.View)
	if !ok1 || !ok2 || b.Enemy == nil {
		return ""
	}
	var parts []string
	healed := len(cardsGone(b.Discard, a.Discard))
	if healed > 0 {
		parts = append(parts, fmt.Sprintf("healed %s under the Tavern", plural(healed, "card")))
	}
	defeated := a.Defeated > b.Defeated || a.Enemy == nil || a.Enemy.Card != b.Enemy.Card
	exact := defeated && slices.Contains(a.TavernTop, b.Enemy.Card) && !slices.Contains(b.TavernTop, b.Enemy.Card)
	if d := drawsNote(labels, b, a, healed, exact); d != "" {
		parts = append(parts, d)
	}
	if !defeated && a.Enemy.Shield > b.Enemy.Shield {
		parts = append(parts, fmt.Sprintf("shield %d", a.Enemy.Shield))
	}
	switch {
	case defeated:
		parts = append(parts, defeatNote(b, a, exact)...)
	case a.Enemy.Damage > b.Enemy.Damage:
		parts = append(parts, fmt.Sprintf("%d damage (%d to go)", a.Enemy.Damage-b.Enemy.Damage, max(a.Enemy.Health-a.Enemy.Damage, 0)))
	}
	if a.Phase == "discard" && b.Phase != "discard" {
		parts = append(parts, fmt.Sprintf("%s attacks: %s suffers %d", cardText(a.Enemy.Card), seatLabel(labels, a.Current), a.Suffer))
	}
	if b.Phase == "discard" && a.Phase != "discard" && a.Phase != "over" {
		parts = append(parts, fmt.Sprintf("suffered %d", b.Suffer))
	}
	return strings.Join(parts, "; ")
}

// drawsNote counts the cards drawn between two views: from the Tavern's
// size (healed cards went under it, an exact kill on top of it), shared
// out by the other seats' hand sizes (they only grow by drawing); the
// actor — the current player before — drew the rest.
func drawsNote(labels []string, b, a *regicide.View, healed int, exact bool) string {
	drawn := b.Tavern + healed - a.Tavern
	if exact {
		drawn++
	}
	if drawn <= 0 {
		return ""
	}
	if b.Players == 1 {
		return "drew " + plural(drawn, "card")
	}
	var who []string
	own := drawn
	for s := 0; s < b.Players && s < len(a.HandSizes); s++ {
		if s == b.Current {
			continue
		}
		if n := a.HandSizes[s] - b.HandSizes[s]; n > 0 {
			own -= n
			who = append(who, fmt.Sprintf("%s %d", seatLabel(labels, s), n))
		}
	}
	if own > 0 {
		who = append([]string{fmt.Sprintf("%s %d", seatLabel(labels, b.Current), own)}, who...)
	}
	return fmt.Sprintf("drew %s: %s", plural(drawn, "card"), strings.Join(who, ", "))
}

// defeatNote tells an enemy's defeat, where it went and who comes next.
func defeatNote(b, a *regicide.View, exact bool) []string {
	out := fmt.Sprintf("%s defeated", cardText(b.Enemy.Card))
	switch {
	case exact:
		out += " exactly: face down on the Tavern"
	case a.Phase == "exact":
		out += " exactly: the Tavern or the discard, to choose"
	default:
		out += ": to the discard"
	}
	parts := []string{out}
	switch {
	case a.Phase == "over" && a.Defeated == 12:
		parts = append(parts, "the Castle has fallen")
	case a.Enemy != nil && a.Enemy.Card != b.Enemy.Card:
		parts = append(parts, fmt.Sprintf("next enemy %s: attack %d, health %d", cardText(a.Enemy.Card), a.Enemy.Attack, a.Enemy.Health))
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
