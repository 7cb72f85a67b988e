package tui

import (
	"fmt"
	"strconv"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// regicideUI draws Regicide: the enemy, the Castle, Tavern and discard,
// the Tavern knowledge everyone shares, every hand's size and the
// viewer's own hand, and the step the table is at.
type regicideUI struct{ noNotes }

func (regicideUI) hiddenCards() bool                     { return true }
func (regicideUI) privateWindow(engine.View) bool        { return true }
func (regicideUI) events([]string, engine.View) []string { return nil }

var suitPowers = [4]string{cards.Clubs: "double damage", cards.Diamonds: "draw", cards.Hearts: "heal", cards.Spades: "shield"}

func (regicideUI) board(sc scene) string {
	v, ok := sc.view.(*regicide.View)
	if !ok {
		return sc.view.String()
	}
	var b strings.Builder
	if e := v.Enemy; e != nil {
		b.WriteString(enemyLines(sc, e) + "\n")
	}
	// The Castle count includes the enemy on top.
	piles := fmt.Sprintf("%d to come · %d defeated", max(v.Castle-1, 0), v.Defeated)
	tavern := fmt.Sprintf("%d", v.Tavern)
	if len(v.TavernTop) > 0 {
		tavern += " (on top: " + cardList(v.TavernTop) + ")"
	}
	b.WriteString(section("Castle", piles) + "  " + section("Tavern", tavern) + "  " + section("discard", fmt.Sprint(len(v.Discard))) + "\n")
	if v.RecycledAtBottom > 0 {
		b.WriteString(section("healed under the Tavern:", fmt.Sprintf("%d still at its bottom, order unknown, of", v.RecycledAtBottom)) + " " + cardList(v.Recycled) + "\n")
	}
	b.WriteString(section("on the table:", cardList(v.Table)) + "\n")
	for p := 0; p < v.Players; p++ {
		b.WriteString(regicideSeatLine(sc, v, p) + "\n")
	}
	if v.Hand != nil {
		b.WriteString(section("your hand:", cardList(v.Hand)) + "\n")
	}
	if v.Players == 1 {
		powers := section("Jester powers left:", fmt.Sprint(v.PowersLeft))
		if v.PowersLeft > 0 {
			powers += styleDim.Render("  (power: discard your hand, draw 8)")
		}
		b.WriteString(powers + "\n")
	}
	b.WriteString(regicideStep(sc, v))
	return strings.TrimRight(b.String(), "\n")
}

func enemyLines(sc scene, e *regicide.EnemyView) string {
	attack := fmt.Sprintf("attack %d", e.Attack)
	if e.Shield > 0 {
		attack += fmt.Sprintf(" − shield %d = %d", e.Shield, max(e.Attack-e.Shield, 0))
	}
	left := e.Health - e.Damage
	line := section("Enemy", card(e.Card)) + "  " + attack + fmt.Sprintf(" · health %d · damage %d (%d to go)", e.Health, e.Damage, max(left, 0))
	var imm string
	suit := e.Card.Suit()
	switch {
	case e.Immune:
		imm = fmt.Sprintf("immune to %s: its %s does not work", suitSymbols[suit], suitPowers[suit])
	case sc.options["immunity"] == "false":
		imm = "no immunity (variant)"
	default:
		imm = fmt.Sprintf("immunity to %s cancelled by the Jester", suitSymbols[suit])
	}
	if e.HeldShield > 0 {
		imm += fmt.Sprintf(" · %d shield held until a Jester", e.HeldShield)
	}
	return line + "\n      " + styleDim.Render(imm)
}

func regicideSeatLine(sc scene, v *regicide.View, p int) string {
	line := "  " + pad(sc.seatName(p), 26) + " " + plural(v.HandSizes[p], "card")
	if p == v.Current && v.Phase != "over" {
		line += styleHighlight.Render("  ← current")
	}
	if len(v.Known[p]) > 0 {
		line += "  holds " + cardList(v.Known[p])
	}
	if v.Yielded[p] {
		line += styleDim.Render("  yielded")
	}
	if s := v.Signals[p]; s != "" {
		line += "  signal: " + s
	}
	return line
}

// regicideStep says what the table is waiting for.
func regicideStep(sc scene, v *regicide.View) string {
	cur := sc.label(v.Current)
	// verb agrees with cur: "you play", "Alice plays".
	verb := func(third string) string {
		if cur == "you" {
			return strings.TrimSuffix(third, "s")
		}
		return third
	}
	switch v.Phase {
	case "play":
		what := cur + " " + verb("plays") + " a card, a combo or an Ace with a card"
		if v.Players >= 3 {
			// Only three or four players shuffle Jesters into the Tavern.
			what = cur + " " + verb("plays") + " a card, a combo, an Ace with a card, the Jester"
		}
		if canYield(sc, v) {
			what += " — or yields"
		}
		return section("step:", what)
	case "discard":
		return section("step:", styleAlert.Render(fmt.Sprintf(" %s %s %d ", cur, verb("suffers"), v.Suffer))+" discard cards worth at least that (the list shows the covers)")
	case "signal":
		return section("step:", "Jester played: everyone else signals whether they would like to go next")
	case "next":
		return section("step:", cur+" "+verb("chooses")+" who goes next")
	case "exact":
		return section("step:", cur+" killed exactly: the enemy goes to the Tavern or the discard")
	}
	return ""
}

// canYield reports whether the current player may yield (REG-08): never
// in solo unless the solo-yield variant is on, and not when every other
// player's last turn was a yield.
func canYield(sc scene, v *regicide.View) bool {
	if v.Players == 1 {
		return sc.options["solo-yield"] == "true"
	}
	for p, y := range v.Yielded {
		if p != v.Current && !y {
			return true
		}
	}
	return false
}

// regicideExplain says in words what an action means where the notation
// uses a seat index.
func regicideExplain(labels []string, action string) string {
	switch action {
	case "power":
		return "a Jester power: discard your hand, draw back to 8"
	case "yield":
		return "play nothing: go straight to suffering the attack"
	case "exact tavern":
		return "the enemy goes face down on the Tavern"
	case "exact discard":
		return "the enemy goes to the discard pile"
	}
	if rest, ok := strings.CutPrefix(action, "next "); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 && n < len(labels) {
			return labels[n] + " goes next"
		}
	}
	return ""
}

func (regicideUI) explain(labels []string, action string) string {
	return regicideExplain(labels, action)
}
