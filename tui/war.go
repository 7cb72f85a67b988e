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

func (warUI) events(teller, engine.View) []string { return nil }

func (warUI) board(sc scene) string {
	v, ok := sc.view.(*war.View)
	if !ok {
		return sc.view.String()
	}
	var b strings.Builder
	b.WriteString(section(sc.say("tui.war.variants"), warVariants(sc)) + "\n")
	battle := section(sc.say("tui.war.battle"), sc.number(v.Battles+1))
	if v.Result.Over {
		battle = section(sc.say("tui.war.battles-played"), sc.number(v.Battles))
	}
	fmt.Fprintf(&b, "%s  %s\n", battle, section(sc.say("tui.war.wars-so-far"), sc.number(v.Wars)))
	round := sc.say("tui.war.round-battle")
	if v.Round == "war" {
		round = styleAlert.Render(" " + sc.say("tui.war.round-war") + " ")
	}
	b.WriteString(section(sc.say("tui.war.this-trick"), round) + "\n")
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
		b.WriteString(section(sc.say("tui.war.to-flip"), strings.Join(who, ", ")) + "\n")
	}
	if len(v.LockedOut) > 0 {
		var who []string
		for _, s := range v.LockedOut {
			who = append(who, sc.label(s))
		}
		b.WriteString(section(sc.say("tui.war.locked-out"), strings.Join(who, ", ")) + "\n")
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
		pile = styleDim.Render(sc.say("tui.war.out"))
	}
	laid := make([]string, len(v.Table[i]))
	for j, c := range v.Table[i] {
		laid[j] = notationCard(c)
	}
	return "  " + pad(name, 24) + " " + pad(pile, 9) + "  " + strings.Join(laid, " ")
}

func warSlapLine(sc scene, s *war.SlapView) string {
	line := styleAlert.Render(" "+sc.say("tui.war.slap-window", engine.TextArg("rank", s.Rank))+" ") + " " + sc.say("tui.war.ms", engine.NumArg("n", s.WindowMS))
	if s.Answer != "" {
		line += section("  "+sc.say("tui.war.you"), s.Answer)
	}
	return line
}

func warLastLine(sc scene, l *war.TrickView) string {
	var laid []string
	for i, cs := range l.Table {
		if len(cs) == 0 {
			continue // a seat out before the trick laid nothing
		}
		var cards []string
		for _, c := range cs {
			cards = append(cards, notationCard(c))
		}
		laid = append(laid, sc.label(i)+" "+strings.Join(cards, " "))
	}
	how := trickHow(sc.say, l.How, sc.options["peace"] == "true")
	switch {
	case l.Underdog != "":
		how = sc.say("tui.war.how-card", engine.TextArg("how", how), engine.TextArg("card", notationCard(l.Underdog)))
	case l.How == "slap":
		how = sc.say("tui.war.how-ms", engine.TextArg("how", how), engine.NumArg("n", l.SlapMS))
	}
	who := sc.say("tui.war.draw")
	if l.Winner >= 0 {
		who = sc.say("tui.war.took-it", engine.TextArg("seat", sc.label(l.Winner)), engine.TextArg("how", how))
	}
	return section(sc.say("tui.war.last-trick"), who) + "\n  " + strings.Join(laid, " · ")
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
		on = append(on, warVariantName(sc, o.Key, val))
	}
	if len(on) == 0 {
		return sc.say("tui.war.no-variants")
	}
	return strings.Join(on, ", ")
}

// warVariantIDs name the variants an option turns on.
var warVariantIDs = map[string]string{
	"peace": "tui.war.variant.peace", "auto-war": "tui.war.variant.auto-war", "beats-faces": "tui.war.variant.beats-faces",
	"beats-ace": "tui.war.variant.beats-ace", "underdog": "tui.war.variant.underdog", "slap": "tui.war.variant.slap",
}

func warVariantName(sc scene, key, val string) string {
	if id, ok := warVariantIDs[key]; ok {
		return sc.say(id, engine.TextArg("rank", val))
	}
	return key + "=" + val
}

func (warUI) quiet(action string) bool { return action == "flip" }

// note tells the trick that ended between before and after: who took it,
// how, and the cards everyone saw.
func (warUI) note(t teller, before, after engine.View) string {
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
	who := t.say("tui.war.draw")
	if l.Winner >= 0 {
		who = t.say("tui.war.took-trick", engine.SeatArg("seat", l.Winner))
		if l.How != "compare" {
			// The note does not know the options: Peace's lowest card
			// would read wrong as "the highest".
			who = t.say("tui.war.took-trick-how", engine.SeatArg("seat", l.Winner), engine.TextArg("how", trickHow(t.say, l.How, false)))
		}
	}
	return t.say("tui.war.note", engine.NumArg("n", a.Battles), engine.TextArg("who", who), engine.TextArg("cards", strings.Join(up, " ")))
}

func (warUI) explain(t teller, action string) string {
	switch {
	case action == "flip":
		return t.say("tui.war.explain.flip")
	case action == "pass":
		return t.say("tui.war.explain.pass")
	case strings.HasPrefix(action, "slap"):
		return t.say("tui.war.explain.slap")
	}
	return ""
}

// trickHowIDs say how a trick was taken, by the engine's word for it.
var trickHowIDs = map[string]string{"underdog": "tui.war.how.underdog", "slap": "tui.war.how.slap", "run-out": "tui.war.how.run-out"}

// trickHow says in words how a trick was taken (the engine's "compare",
// "underdog", "slap", "run-out"); peace: the lowest card wins.
func trickHow(say func(string, ...engine.Arg) string, how string, peace bool) string {
	switch {
	case how == "compare" && peace:
		return say("tui.war.how.lowest")
	case how == "compare":
		return say("tui.war.how.highest")
	case trickHowIDs[how] != "":
		return say(trickHowIDs[how])
	}
	return say("tui.war.how.other", engine.TextArg("how", how))
}
