package analysis

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cardtable/engine"
	"cardtable/games/war"
)

// war analyses a War game: its only decisions are Slap War's. Each answer
// in a slap window is a decision (its reaction time, or a miss when the
// seat passed), and so is each false slap (a slap while no slap card
// showed). Everything comes from the record, replayed once without
// keeping its positions (a War game can run to millions of actions): the
// window's length from the position, the reaction from the action's
// slap@MS, who took the cards from the position after the window closed.
func (g *game) war() error {
	d := g.doc
	s := g.start.Clone()
	var window []int // the decisions of the slap window open, by index
	var legal []engine.Action
	for i, a := range g.rec.Actions {
		v := s.View(engine.Spectator).(*war.View)
		if slices.Contains(d.Analysed, a.Seat) && (v.Phase == "slap" || isSlap(a.Action)) {
			legal = s.Legal(a.Seat, legal[:0])
			sl := &Slap{Possible: v.Phase == "slap", ReactionMS: reaction(a.Action)}
			if v.Slap != nil {
				sl.WindowMS = v.Slap.WindowMS
			}
			dec := Decision{Step: i + 1, Seat: a.Seat, Action: a.Action, Choices: len(legal), Slap: sl}
			switch {
			case !sl.Possible:
				dec.Mark = MarkFalse
			case sl.ReactionMS < 0:
				dec.Mark = MarkMissed
			default:
				window = append(window, len(d.Decisions))
			}
			d.Decisions = append(d.Decisions, dec)
		}
		if err := engine.ApplyText(s, a.Seat, a.Action); err != nil {
			return fmt.Errorf("analysis: actions[%d]: %w", i, err)
		}
		if after := s.View(engine.Spectator).(*war.View); after.Phase != "slap" && len(window) > 0 {
			g.creditSlaps(window, after)
			window = window[:0]
		}
	}
	return nil
}

// creditSlaps marks the slap of window's decisions that took the cards,
// from the view after the window closed.
func (g *game) creditSlaps(window []int, after *war.View) {
	if after.Last == nil || after.Last.How != "slap" {
		return
	}
	for _, k := range window {
		dec := &g.doc.Decisions[k]
		dec.Slap.First = dec.Seat == after.Last.Winner
	}
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
