package tui

import (
	"fmt"
	"strings"

	"cardtable/engine"
	"cardtable/games/war"
)

// warUI draws War: every pile with its count, the cards on the table as
// the war builds, the variants in force, the slap window and the last
// trick. Nobody sees inside a pile, so War has no hidden hands; only a
// slap window's answers are private.
type warUI struct{}

func (warUI) hiddenCards() bool { return false }

func (warUI) privateWindow(v engine.View) bool {
	wv, ok := v.(*war.View)
	return ok && wv.Slap != nil
}

func (warUI) events([]string, engine.View) []string { return nil }

func (warUI) board(sc scene) string {
	v, ok := sc.view.(*war.View)
	if !ok {
		return sc.view.String()
	}
	var b strings.Builder
	b.WriteString(section("variants:", warVariants(sc)) + "\n")
	battle := section("battle", fmt.Sprint(v.Battles+1))
	if v.Result.Over {
		battle = section("battles played:", fmt.Sprint(v.Battles))
	}
	fmt.Fprintf(&b, "%s  %s\n", battle, section("wars so far", fmt.Sprint(v.Wars)))
	round := "battle"
	if v.Round == "war" {
		round = styleAlert.Render(" WAR ")
	}
	b.WriteString(section("this trick:", round) + "\n")
	for i := 0; i < v.Players; i++ {
		b.WriteString(warSeatLine(sc, v, i) + "\n")
	}
	switch {
	case v.Slap != nil:
		b.WriteString(warSlapLine(sc, v.Slap) + "\n")
	case v.Phase == "flip" && len(v.ToFlip) > 0:
		var who []string
		for _, s := range v.ToFlip {
			who = append(who, sc.label(s))
		}
		b.WriteString(section("to flip:", strings.Join(who, ", ")) + "\n")
	}
	if len(v.LockedOut) > 0 {
		var who []string
		for _, s := range v.LockedOut {
			who = append(who, sc.label(s))
		}
		b.WriteString(section("locked out of the next slap:", strings.Join(who, ", ")) + "\n")
	}
	if l := v.Last; l != nil {
		b.WriteString(warLastLine(sc, l))
	}
	return strings.TrimRight(b.String(), "\n")
}

func warSeatLine(sc scene, v *war.View, i int) string {
	name := sc.seatName(i)
	pile := sc.say("noun.cards", engine.CountArg(v.Piles[i]))
	if v.Piles[i] < 10 {
		pile = " " + pile
	}
	if v.Out[i] {
		pile = styleDim.Render("out")
	}
	laid := make([]string, len(v.Table[i]))
	for j, c := range v.Table[i] {
		laid[j] = notationCard(c)
	}
	return "  " + pad(name, 24) + " " + pad(pile, 9) + "  " + strings.Join(laid, " ")
}

func warSlapLine(sc scene, s *war.SlapView) string {
	line := styleAlert.Render(fmt.Sprintf(" SLAP WINDOW: a %s is showing ", s.Rank)) + fmt.Sprintf(" %d ms", s.WindowMS)
	if s.Answer != "" {
		line += section("  you:", s.Answer)
	}
	return line
}

func warLastLine(sc scene, l *war.TrickView) string {
	var laid []string
	for i, cs := range l.Table {
		var cards []string
		for _, c := range cs {
			cards = append(cards, notationCard(c))
		}
		laid = append(laid, sc.label(i)+" "+strings.Join(cards, " "))
	}
	how := trickHow(l.How, sc.options["peace"] == "true")
	switch {
	case l.Underdog != "":
		how += " (" + notationCard(l.Underdog) + ")"
	case l.How == "slap":
		how += fmt.Sprintf(" (%d ms)", l.SlapMS)
	}
	who := "a draw"
	if l.Winner >= 0 {
		who = sc.label(l.Winner) + " took it " + how
	}
	return section("last trick:", who) + "\n  " + strings.Join(laid, " · ")
}

// warVariants lists the options that differ from their defaults, in the
// players' words.
func warVariants(sc scene) string {
	var on []string
	for _, o := range sc.game.Options() {
		val, ok := sc.options[o.Key]
		if !ok || val == o.Default || o.Key == "players" || o.Key == "max-battles" {
			continue
		}
		on = append(on, warVariantName(o.Key, val))
	}
	if len(on) == 0 {
		return "none (plain War)"
	}
	return strings.Join(on, ", ")
}

func warVariantName(key, val string) string {
	switch key {
	case "peace":
		return "Peace (lowest wins)"
	case "auto-war":
		return "Automatic War on " + val
	case "beats-faces":
		return val + " beats faces"
	case "beats-ace":
		return val + " beats the Ace"
	case "underdog":
		return "Underdog " + val
	case "slap":
		return "Slap War on " + val + " (space slaps)"
	}
	return key + "=" + val
}

func (warUI) quiet(action string) bool { return action == "flip" }

// note tells the trick that ended between before and after: who took it,
// how, and the cards everyone saw.
func (warUI) note(labels []string, before, after engine.View) string {
	b, ok1 := before.(*war.View)
	a, ok2 := after.(*war.View)
	if !ok1 || !ok2 || a.Battles == b.Battles || a.Last == nil {
		return ""
	}
	l := a.Last
	var up []string
	for _, cs := range l.Table {
		for _, c := range cs {
			if c != "##" {
				up = append(up, c)
			}
		}
	}
	who := "a draw"
	if l.Winner >= 0 {
		who = seatLabel(labels, l.Winner) + " took the trick"
		if l.How != "compare" {
			// The note does not know the options: Peace's lowest card
			// would read wrong as "the highest".
			who += " " + trickHow(l.How, false)
		}
	}
	return fmt.Sprintf("battle %d: %s: %s", a.Battles, who, strings.Join(up, " "))
}

func (warUI) explain(_ []string, action string) string {
	switch {
	case action == "flip":
		return "lay your next card"
	case action == "pass":
		return "do not slap"
	case strings.HasPrefix(action, "slap"):
		return "slap (space): sent with your time since the card showed"
	}
	return ""
}

// trickHow says in words how a trick was taken (the engine's "compare",
// "underdog", "slap", "run-out"); peace: the lowest card wins.
func trickHow(how string, peace bool) string {
	switch how {
	case "compare":
		if peace {
			return "with the lowest card"
		}
		return "with the highest card"
	case "underdog":
		return "by Underdog"
	case "slap":
		return "by a slap"
	case "run-out":
		return "as the others ran out of cards"
	}
	return "by " + how
}
