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
func (watchtowerUI) events(labels []string, v engine.View) []string {
	return watchtowerEvents(labels, v)
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
	phase := fmt.Sprintf("round %d", v.Round)
	if cap := sc.options["max-rounds"]; cap != "" {
		phase += " of " + cap
	}
	if v.Phase == "setup" {
		phase = "setup"
	}
	turn := ""
	if v.Phase != "over" {
		turn = sc.label(v.Turn) + "'s turn"
	}
	barracks := fmt.Sprintf("%d", v.Barracks)
	if len(v.Known) > 0 {
		var known []string
		for _, k := range v.Known {
			known = append(known, fmt.Sprintf("#%d %s", k.Position, card(k.Card)))
		}
		barracks += " (known: " + strings.Join(known, ", ") + ")"
	}
	used := []string{}
	if v.BurnUsed {
		used = append(used, "burn used")
	}
	if v.ChallengeUsed {
		used = append(used, "challenge used")
	}
	line := joinNonEmpty(" · ", phase, turn, section("barracks", barracks), strings.Join(used, ", "))
	if len(v.Aside) > 0 {
		line += " · " + section("set aside", cardList(v.Aside))
	}
	return line
}

func watchtowerPlayer(sc scene, v *watchtower.View, p watchtower.PlayerView) string {
	var status string
	switch {
	case p.Out:
		status = styleDim.Render("out")
	case p.Campaign:
		status = styleAlert.Render(" ON CAMPAIGN ") + " tower " + cardList(p.Tower)
	}
	army := fmt.Sprintf("army %d", p.ArmySize)
	if p.Army != nil {
		army += ": " + armyList(p.Army, p.Won)
		if len(p.Won) > 0 {
			army += styleDim.Render("  (* won)")
		}
	} else if len(p.Seen) > 0 {
		army += styleDim.Render(" seen ") + cardList(sortedCards(p.Seen))
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
		fort = styleDim.Render("empty")
	}
	line += section("fortress", fort)
	if len(p.Row) > 0 {
		line += "  " + section("showdown row", cardList(p.Row)) + " (" + plural(p.Tricks, "trick") + ")"
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
		who := "all"
		if t.Attacker >= 0 {
			who = sc.label(t.Attacker)
		}
		parts = append(parts, fmt.Sprintf("%s %d/3 (%s)", card(t.Card), t.Count, who))
	}
	return section("tries:", strings.Join(parts, ", "))
}

// watchtowerPending shows a battle or free-for-all waiting for a blind
// pick: the face-down positions, the taken ones crossed out.
func watchtowerPending(sc scene, p *watchtower.Pending) string {
	switch p.Kind {
	case "give":
		return section("pending:", fmt.Sprintf("%s gives %s to the empty barracks", sc.label(p.Picker), plural(p.Owed, "army card")))
	case "battle":
		what := "a campaign battle"
		if p.Target != nil {
			what = "for " + card(*p.Target)
		}
		head := fmt.Sprintf("battle: %s challenges %s %s with %s", sc.label(p.Attacker), sc.label(p.Defender), what, plural(p.K, "card"))
		return section("pending", head) + "\n  " + blindRow(sc, p)
	case "free-for-all":
		var who []string
		for _, s := range p.Participants {
			who = append(who, sc.label(s))
		}
		head := "free-for-all"
		if p.Contested != nil {
			head += " for " + card(*p.Contested)
		}
		return section("pending", head+" between "+strings.Join(who, ", ")) + "\n  " + blindRow(sc, p)
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
	return fmt.Sprintf("%s picks blind from %s's army: %s", sc.label(p.Picker), sc.label(p.From), strings.Join(slots, ""))
}

// watchtowerExplain reads a challenge's seat for people.
func watchtowerExplain(labels []string, action string) string {
	f := strings.Fields(action)
	if len(f) == 4 && f[0] == "challenge" {
		n, _ := strconv.Atoi(f[1])
		k := f[3]
		if k == "0" {
			return fmt.Sprintf("take the top %s of %s's fortress (their army is empty)", f[2], seatLabel(labels, n-1))
		}
		kn, _ := strconv.Atoi(k)
		return fmt.Sprintf("battle %s for the top %s with %s", seatLabel(labels, n-1), f[2], plural(kn, "card"))
	}
	switch action {
	case "end", "end-turn":
		return "end your turn"
	case "done":
		return "finish your setup turn"
	}
	if len(f) == 2 && f[0] == "campaign-battle" {
		n, _ := strconv.Atoi(f[1])
		return "battle " + seatLabel(labels, n-1) + " on campaign"
	}
	if len(f) == 2 && f[0] == "burn" {
		return "burn the top " + f[1] + " of your fortress"
	}
	return ""
}

func seatLabel(labels []string, i int) string {
	if i >= 0 && i < len(labels) {
		return labels[i]
	}
	return fmt.Sprintf("seat %d", i+1)
}

func (watchtowerUI) explain(labels []string, action string) string {
	return watchtowerExplain(labels, action)
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
