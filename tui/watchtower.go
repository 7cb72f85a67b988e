package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// watchtowerUI draws Watchtower: every fortress and tower, army sizes (the
// viewer's own army in full), campaign status, try counters, the barracks
// and what everyone knows of it, and a pending battle's face-down cards
// to pick from blind.
type watchtowerUI struct{ noNotes }

func (watchtowerUI) hiddenCards() bool              { return true }
func (watchtowerUI) privateWindow(engine.View) bool { return true }
func (watchtowerUI) events(t teller, v engine.View) []string {
	return watchtowerEvents(t, v)
}

func (watchtowerUI) board(sc scene) string {
	v, ok := sc.view.(*watchtower.View)
	if !ok {
		return sc.view.String()
	}
	var b strings.Builder
	b.WriteString(watchtowerHead(sc, v) + "\n")
	for _, p := range v.Players {
		b.WriteString(watchtowerPlayer(sc, v, p))
	}
	if t := watchtowerTries(sc, v.Tries); t != "" {
		b.WriteString(t + "\n")
	}
	if p := v.Pending; p != nil {
		b.WriteString(watchtowerPending(sc, p) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func watchtowerHead(sc scene, v *watchtower.View) string {
	phase := sc.say("tui.watchtower.round", engine.NumArg("n", v.Round))
	if cap := sc.options["max-rounds"]; cap != "" {
		phase = sc.say("tui.watchtower.round-of", engine.NumArg("n", v.Round), engine.TextArg("cap", cap))
	}
	if v.Phase == "setup" {
		phase = sc.say("tui.watchtower.setup")
	}
	turn := ""
	if v.Phase != "over" {
		turn = sc.say("tui.watchtower.turn", engine.SeatArg("seat", v.Turn))
	}
	barracks := sc.number(v.Barracks)
	if len(v.Known) > 0 {
		var known []string
		for _, k := range v.Known {
			known = append(known, fmt.Sprintf("#%d %s", k.Position, card(k.Card)))
		}
		barracks = sc.say("tui.watchtower.barracks-known", engine.NumArg("n", v.Barracks), engine.TextArg("known", strings.Join(known, ", ")))
	}
	used := []string{}
	if v.BurnUsed {
		used = append(used, sc.say("tui.watchtower.burn-used"))
	}
	if v.ChallengeUsed {
		used = append(used, sc.say("tui.watchtower.challenge-used"))
	}
	line := joinNonEmpty(" · ", phase, turn, section(sc.say("tui.watchtower.barracks"), barracks), strings.Join(used, ", "))
	if len(v.Aside) > 0 {
		line += " · " + section(sc.say("tui.watchtower.aside"), cardList(v.Aside))
	}
	return line
}

func watchtowerPlayer(sc scene, v *watchtower.View, p watchtower.PlayerView) string {
	var status string
	switch {
	case p.Out:
		status = styleDim.Render(sc.say("tui.watchtower.out"))
	case p.Campaign:
		status = styleAlert.Render(" "+sc.say("tui.watchtower.on-campaign")+" ") + " " + sc.say("tui.watchtower.tower") + " " + cardList(p.Tower)
	}
	army := sc.say("tui.watchtower.army", engine.NumArg("n", p.ArmySize))
	if p.Army != nil {
		army += ": " + armyList(p.Army, p.Won)
		if len(p.Won) > 0 {
			army += styleDim.Render("  " + sc.say("tui.watchtower.won-mark"))
		}
	} else if len(p.Seen) > 0 {
		army += styleDim.Render(" "+sc.say("tui.watchtower.seen")+" ") + cardList(sortedCards(p.Seen))
	}
	// The status leads the second line, where it is not cut off by a long
	// army.
	line := "  " + pad(sc.seatName(p.Seat), 22) + "  " + army + "\n      "
	if status != "" {
		line += status + "  "
	}
	var stacks []string
	for _, st := range p.Fortress {
		s := cardList(st.Cards)
		if st.Count > 1 {
			s = "[" + s + "]"
		}
		stacks = append(stacks, s)
	}
	fort := strings.Join(stacks, "  ")
	if fort == "" {
		fort = styleDim.Render(sc.say("tui.watchtower.empty"))
	}
	line += section(sc.say("tui.watchtower.fortress"), fort)
	if len(p.Row) > 0 {
		line += "  " + section(sc.say("tui.watchtower.showdown-row"), cardList(p.Row)) + " (" + sc.say("noun.tricks", engine.CountArg(p.Tricks)) + ")"
	}
	return line + "\n"
}

// armyList is the viewer's own army, sorted by rank (ties by suit), the
// cards won in battle marked with a star.
func armyList(army, won []cards.Card) string {
	if len(army) == 0 {
		return styleDim.Render("—")
	}
	wonLeft := slices.Clone(won)
	parts := make([]string, 0, len(army))
	for _, c := range sortedCards(army) {
		s := card(c)
		if i := slices.Index(wonLeft, c); i >= 0 {
			wonLeft = slices.Delete(wonLeft, i, i+1)
			s += styleHighlight.Render("*")
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

// sortedCards sorts by rank, 2 to Ace, then suit.
func sortedCards(cs []cards.Card) []cards.Card {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b cards.Card) int {
		if a.Rank() != b.Rank() {
			return int(a.Rank()) - int(b.Rank())
		}
		return int(a.Suit()) - int(b.Suit())
	})
	return out
}

func watchtowerTries(sc scene, tries []watchtower.TryView) string {
	if len(tries) == 0 {
		return ""
	}
	var parts []string
	for _, t := range tries {
		who := sc.say("tui.watchtower.tries-all")
		if t.Attacker >= 0 {
			who = sc.label(t.Attacker)
		}
		parts = append(parts, fmt.Sprintf("%s %d/3 (%s)", card(t.Card), t.Count, who))
	}
	return section(sc.say("tui.watchtower.tries"), strings.Join(parts, ", "))
}

// watchtowerPending shows a battle or free-for-all waiting for a blind
// pick: the face-down positions, the taken ones crossed out.
func watchtowerPending(sc scene, p *watchtower.Pending) string {
	switch p.Kind {
	case "give":
		return section(sc.say("tui.watchtower.pending-colon"), sc.say("tui.watchtower.pending.give", engine.SeatArg("seat", p.Picker), engine.NounArg("cards", p.Owed, "noun.army-cards")))
	case "battle":
		with := engine.NounArg("cards", p.K, "noun.cards")
		head := sc.say("tui.watchtower.pending.campaign-battle", engine.SeatArg("attacker", p.Attacker), engine.SeatArg("defender", p.Defender), with)
		if p.Target != nil {
			head = sc.say("tui.watchtower.pending.battle", engine.SeatArg("attacker", p.Attacker), engine.SeatArg("defender", p.Defender),
				engine.TextArg("card", card(*p.Target)), with)
		}
		return section(sc.say("tui.watchtower.pending"), head) + "\n  " + blindRow(sc, p)
	case "free-for-all":
		seats := engine.SeatsArg("seats", p.Participants)
		head := sc.say("tui.watchtower.pending.free-for-all", seats)
		if p.Contested != nil {
			head = sc.say("tui.watchtower.pending.free-for-all-for", engine.TextArg("card", card(*p.Contested)), seats)
		}
		return section(sc.say("tui.watchtower.pending"), head) + "\n  " + blindRow(sc, p)
	}
	return ""
}

func blindRow(sc scene, p *watchtower.Pending) string {
	open := map[int]bool{}
	for _, o := range p.Open {
		open[o] = true
	}
	var slots []string
	for pos := 1; pos <= p.Positions; pos++ {
		if open[pos] {
			slots = append(slots, styleFaceDown.Render("["+strconv.Itoa(pos)+"░]"))
		} else {
			slots = append(slots, styleDim.Render(" ·· "))
		}
	}
	return sc.say("tui.watchtower.blind", engine.SeatArg("seat", p.Picker), engine.SeatArg("owner", p.From), engine.TextArg("slots", strings.Join(slots, "")))
}

// watchtowerExplain reads a challenge's seat for people.
func watchtowerExplain(t teller, action string) string {
	f := strings.Fields(action)
	if len(f) == 4 && f[0] == "challenge" {
		n, _ := strconv.Atoi(f[1])
		seat, rank := engine.SeatArg("seat", n-1), engine.TextArg("rank", f[2])
		if f[3] == "0" {
			return t.say("tui.watchtower.explain.take-top", seat, rank)
		}
		kn, _ := strconv.Atoi(f[3])
		return t.say("tui.watchtower.explain.challenge", seat, rank, engine.NounArg("cards", kn, "noun.cards"))
	}
	switch action {
	case "end", "end-turn":
		return t.say("tui.watchtower.explain.end")
	case "done":
		return t.say("tui.watchtower.explain.done")
	}
	if len(f) == 2 && f[0] == "campaign-battle" {
		n, _ := strconv.Atoi(f[1])
		return t.say("tui.watchtower.explain.campaign-battle", engine.SeatArg("seat", n-1))
	}
	if len(f) == 2 && f[0] == "burn" {
		return t.say("tui.watchtower.explain.burn", engine.TextArg("rank", f[1]))
	}
	return ""
}

func (watchtowerUI) explain(t teller, action string) string {
	return watchtowerExplain(t, action)
}

// watchtowerGroups are the groups of Watchtower's actions, in the order
// the list shows them: ending the turn (or the setup) and the challenges
// first, never behind a long list of places.
var watchtowerGroups = []string{"end", "challenge", "pick", "place", "burn", "give"}

func (watchtowerUI) group(action string) string {
	verb, _, _ := strings.Cut(action, " ")
	switch verb {
	case "end", "end-turn", "done":
		return "end"
	case "challenge", "campaign-battle":
		return "challenge"
	}
	return verb
}

func (watchtowerUI) groupRank(g string) int {
	if i := slices.Index(watchtowerGroups, g); i >= 0 {
		return i
	}
	return len(watchtowerGroups)
}
