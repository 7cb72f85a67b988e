package tui

import (
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

func (regicideUI) hiddenCards() bool                   { return true }
func (regicideUI) privateWindow(engine.View) bool      { return true }
func (regicideUI) events(teller, engine.View) []string { return nil }

// suitPowerIDs name each suit's power, as an enemy's immunity cancels it.
var suitPowerIDs = [4]string{cards.Clubs: "tui.regicide.power.clubs", cards.Diamonds: "tui.regicide.power.diamonds",
	cards.Hearts: "tui.regicide.power.hearts", cards.Spades: "tui.regicide.power.spades"}

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
	piles := sc.say("tui.regicide.piles", engine.NumArg("come", max(v.Castle-1, 0)), engine.NumArg("defeated", v.Defeated))
	tavern := sc.number(v.Tavern)
	if len(v.TavernTop) > 0 {
		tavern = sc.say("tui.regicide.tavern-top", engine.NumArg("n", v.Tavern), engine.TextArg("cards", cardList(v.TavernTop)))
	}
	b.WriteString(section(sc.say("tui.regicide.castle"), piles) + "  " + section(sc.say("tui.regicide.tavern"), tavern) + "  " +
		section(sc.say("tui.regicide.discard"), sc.number(len(v.Discard))) + "\n")
	if v.RecycledAtBottom > 0 {
		b.WriteString(section(sc.say("tui.regicide.healed-label"), sc.say("tui.regicide.healed", engine.NumArg("n", v.RecycledAtBottom))) + " " + cardList(v.Recycled) + "\n")
	}
	b.WriteString(section(sc.say("tui.regicide.on-table"), cardList(v.Table)) + "\n")
	for p := 0; p < v.Players; p++ {
		b.WriteString(regicideSeatLine(sc, v, p) + "\n")
	}
	if v.Hand != nil {
		b.WriteString(section(sc.say("tui.regicide.your-hand"), cardList(v.Hand)) + "\n")
	}
	if v.Players == 1 {
		powers := section(sc.say("tui.regicide.powers-left"), sc.number(v.PowersLeft))
		if v.PowersLeft > 0 {
			powers += styleDim.Render("  " + sc.say("tui.regicide.power-what"))
		}
		b.WriteString(powers + "\n")
	}
	b.WriteString(regicideStep(sc, v))
	return strings.TrimRight(b.String(), "\n")
}

func enemyLines(sc scene, e *regicide.EnemyView) string {
	attack := sc.say("tui.regicide.enemy.attack", engine.NumArg("n", e.Attack))
	if e.Shield > 0 {
		attack = sc.say("tui.regicide.enemy.attack-shield", engine.NumArg("n", e.Attack), engine.NumArg("shield", e.Shield), engine.NumArg("left", max(e.Attack-e.Shield, 0)))
	}
	left := e.Health - e.Damage
	line := section(sc.say("tui.regicide.enemy"), card(e.Card)) + "  " + attack + " · " +
		sc.say("tui.regicide.enemy.health", engine.NumArg("health", e.Health), engine.NumArg("damage", e.Damage), engine.NumArg("left", max(left, 0)))
	var imm string
	suit := e.Card.Suit()
	switch {
	case e.Immune:
		imm = sc.say("tui.regicide.immune", engine.TextArg("suit", suitSymbols[suit]), engine.TextArg("power", sc.say(suitPowerIDs[suit])))
	case sc.options["immunity"] == "false":
		imm = sc.say("tui.regicide.no-immunity")
	default:
		imm = sc.say("tui.regicide.immunity-cancelled", engine.TextArg("suit", suitSymbols[suit]))
	}
	if e.HeldShield > 0 {
		imm += " · " + sc.say("tui.regicide.held-shield", engine.NumArg("n", e.HeldShield))
	}
	return line + "\n      " + styleDim.Render(imm)
}

// signalIDs say a player's signal after a Jester, by the engine's word.
var signalIDs = map[string]string{"none": "tui.regicide.signal.none", "good": "tui.regicide.signal.good", "rather-not": "tui.regicide.signal.rather-not"}

func regicideSeatLine(sc scene, v *regicide.View, p int) string {
	line := "  " + pad(sc.seatName(p), 26) + " " + sc.say("noun.cards", engine.CountArg(v.HandSizes[p]))
	if p == v.Current && v.Phase != "over" {
		line += styleHighlight.Render("  " + sc.say("tui.regicide.current"))
	}
	if len(v.Known[p]) > 0 {
		line += "  " + sc.say("tui.regicide.holds", engine.TextArg("cards", cardList(v.Known[p])))
	}
	if v.Yielded[p] {
		line += styleDim.Render("  " + sc.say("tui.regicide.yielded"))
	}
	if s := v.Signals[p]; s != "" {
		if id, ok := signalIDs[s]; ok {
			s = sc.say(id)
		}
		line += "  " + sc.say("tui.regicide.signal", engine.TextArg("signal", s))
	}
	return line
}

// regicideStep says what the table is waiting for. The person at this
// terminal, when the board calls them "you", is spoken to.
func regicideStep(sc scene, v *regicide.View) string {
	cur := engine.SeatArg("seat", v.Current)
	you := sc.label(v.Current) == sc.say("tui.you")
	// pick is the message spoken to the person, or of another player.
	pick := func(them, toYou string) string {
		if you {
			return toYou
		}
		return them
	}
	step := sc.say("tui.regicide.step")
	switch v.Phase {
	case "play":
		what := sc.say(pick("tui.regicide.step.play", "tui.regicide.step.play-you"), cur)
		if v.Players >= 3 {
			// Only three or four players shuffle Jesters into the Tavern.
			what = sc.say(pick("tui.regicide.step.play-jester", "tui.regicide.step.play-jester-you"), cur)
		}
		if canYield(sc, v) {
			what = sc.say(pick("tui.regicide.step.or-yield", "tui.regicide.step.or-yield-you"), engine.TextArg("what", what))
		}
		return section(step, what)
	case "discard":
		suffers := sc.say(pick("tui.regicide.step.suffers", "tui.regicide.step.suffers-you"), cur, engine.NumArg("n", v.Suffer))
		return section(step, styleAlert.Render(" "+suffers+" ")+" "+sc.say("tui.regicide.step.discard-how"))
	case "signal":
		return section(step, sc.say("tui.regicide.step.signal"))
	case "next":
		return section(step, sc.say(pick("tui.regicide.step.next", "tui.regicide.step.next-you"), cur))
	case "exact":
		return section(step, sc.say(pick("tui.regicide.step.exact", "tui.regicide.step.exact-you"), cur))
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

// regicideExplainIDs say what the actions whose notation is terse mean.
var regicideExplainIDs = map[string]string{
	"power": "tui.regicide.explain.power", "yield": "tui.regicide.explain.yield",
	"exact tavern": "tui.regicide.explain.exact-tavern", "exact discard": "tui.regicide.explain.exact-discard",
}

// regicideExplain says in words what an action means where the notation
// uses a seat index.
func regicideExplain(t teller, action string) string {
	if id, ok := regicideExplainIDs[action]; ok {
		return t.say(id)
	}
	if rest, ok := strings.CutPrefix(action, "next "); ok {
		if n, err := strconv.Atoi(rest); err == nil && n >= 0 && n < len(t.labels) {
			return t.say("tui.regicide.explain.next", engine.SeatArg("seat", n))
		}
	}
	return ""
}

func (regicideUI) explain(t teller, action string) string {
	return regicideExplain(t, action)
}
