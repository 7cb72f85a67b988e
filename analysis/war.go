package analysis

import (
	"strconv"
	"strings"

	"cardtable/engine"
	"cardtable/games/war"
	"cardtable/record"
)

// war analyses a War game: its only decisions are Slap War's. Each answer
// in a slap window is a decision (its reaction time, or a miss when the
// seat passed), and so is each false slap (a slap while no slap card
// showed). Everything comes from the record: the window's length from the
// position, the reaction from the action's slap@MS.
func (g *game) war() {
	d := g.doc
	d.Decisions = g.decisions(func(_ int, s engine.State, a record.Action) bool {
		v := s.View(engine.Spectator).(*war.View)
		return v.Phase == "slap" || isSlap(a.Action)
	})
	for i := range d.Decisions {
		dec := &d.Decisions[i]
		v := g.positions[dec.Step-1].View(engine.Spectator).(*war.View)
		window := 0
		if v.Slap != nil {
			window = v.Slap.WindowMS
		}
		sl := &Slap{WindowMS: window, Possible: v.Phase == "slap", ReactionMS: reaction(dec.Action)}
		switch {
		case !sl.Possible:
			dec.Mark = MarkFalse
		case sl.ReactionMS < 0:
			dec.Mark = MarkMissed
		default:
			sl.First = g.tookTheCards(dec.Step, dec.Seat)
		}
		dec.Slap = sl
	}
}

// tookTheCards reports whether seat won the slap window its answer at
// step belongs to: the first position after it where the window has
// closed shows the trick taken by a slap of seat's.
func (g *game) tookTheCards(step, seat int) bool {
	for k := step; k < len(g.positions); k++ {
		v := g.positions[k].View(engine.Spectator).(*war.View)
		if v.Phase == "slap" {
			continue
		}
		return v.Last != nil && v.Last.How == "slap" && v.Last.Winner == seat
	}
	return false
}

// isSlap reports whether a War action is a slap.
func isSlap(action string) bool { return reaction(action) >= 0 }

// reaction is a slap's milliseconds after the reveal, -1 for any other
// action (War's notation: slap is slap@0).
func reaction(action string) int {
	t := strings.ToLower(strings.TrimSpace(action))
	if t == "slap" {
		return 0
	}
	rest, ok := strings.CutPrefix(t, "slap@")
	if !ok {
		return -1
	}
	ms, err := strconv.Atoi(rest)
	if err != nil {
		return -1
	}
	return ms
}
