package watchtowerbot

import (
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// With 2 players the last player off campaign thins its army while it
// waits (thinMove): it places army cards below thinBelow onto its
// fortress as singles until thinKeep are left in the army.
const (
	thinBelow = cards.Rank(9)
	thinKeep  = 3
)

// thinMove returns the waiting move of the last player off campaign with
// 2 players when the waiting move first (waitMove) is not a burn: a
// placement of its army card below thinBelow, 7s first and then the
// lowest, onto a fortress place of its own, while its army holds more
// than thinKeep cards; else first.
//
// The campaigner's challenges pick the defenders blind from the army
// (WT-09), any card beats a defending 7 (T12), and a campaigner who loses
// a battle loses its soldiers to the defender (WT-11): low cards kept in
// hand lose those battles. A single on the fortress risks one card, and
// completing the tower takes every fortress card back into the army for
// the showdown (WT-18), so the estimate the bar reads is unchanged. It
// never places a rank already on its fortress (no stack is built, no
// triple touched) or one it holds all four of. Measured with 2 players
// only (docs/watchtower.md); with 3 and 4 first stands.
func thinMove(v *watchtower.View, seat int, legal []engine.Action, first engine.Action) engine.Action {
	if len(v.Players) != 2 {
		return first
	}
	if d, _ := watchtower.Fields(first); d.Kind == watchtower.KindBurn {
		return first
	}
	me := &v.Players[seat]
	if me.ArmySize <= thinKeep {
		return first
	}
	best, bestKey := first, cards.Rank(99)
	for _, a := range legal {
		c, ok := watchtower.PlacedCard(a)
		if !ok {
			continue
		}
		r, key := c.Rank(), c.Rank()
		if r >= thinBelow || me.StackSize(r) > 0 || holdsAll(me, r) {
			continue
		}
		if r == 7 {
			key = 0
		}
		if key < bestKey {
			best, bestKey = a, key
		}
	}
	return best
}
