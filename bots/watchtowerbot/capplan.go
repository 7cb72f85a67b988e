package watchtowerbot

import (
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// Playing for the round cap (WT-24). A game ends in a showdown only when
// every player still in has completed a tower, so a rival that never
// builds one makes the round cap's forced showdown the real end of the
// game. That showdown is unlike the natural one: a player off campaign
// can still place cards, and so choose the few best cards its row will
// hold, while a campaigner (WT-18) plays its whole army, which it cannot
// add to by drawing and which refills (WT-21) wear down for the rest of
// the game. So a bot that expects the cap holds its completions back,
// keeps its high cards in its army rather than in towers, waits with its
// cards in hand as the last player off campaign does, and on its last
// turn chooses its row (lastturn.go).

// Settings of the play for the round cap.
const (
	// capModeFrom is the first round in which a bot that expects the cap
	// (capBound) stops building and waits with its cards in hand: before
	// it, a rival without a triple is as likely to be slow as never to
	// build one (one player in ten has none by round 10 in games between
	// the heuristic and the expert).
	capModeFrom = 15
	// capKeepRank is the lowest rank a bot that expects the cap keeps out
	// of its towers: a card in a tower never reaches the forced
	// showdown's row, unless the tower's completion returns it.
	capKeepRank = cards.Rank(9)
	// capClearFrom is the first round in which a bot in capMode burns the
	// tops of its triples as well: with its fortress empty no challenge
	// can reach its army, whose cards a battle would take or, royals and
	// aces, send to the barracks (WT-12). Earlier its triples would tell
	// the other bots that it builds no tower (capBound).
	capClearFrom = 50
)

// capBound reports whether the round cap, not a showdown, is the likely
// end of the game for seat: it has rivals still in off campaign, and none
// of them holds a triple, the only way to a tower but holding all four
// cards of a rank.
func capBound(v *watchtower.View, seat int) bool {
	off := 0
	for i := range v.Players {
		p := &v.Players[i]
		if i == seat || p.Out || p.Campaign {
			continue
		}
		off++
		for _, st := range p.Fortress {
			if st.Count >= 3 {
				return false
			}
		}
	}
	return off > 0
}

// capMode reports whether seat, off campaign on a play turn before the
// last round, expects the round cap to end the game (capBound) late
// enough in it to stop building and wait for it.
func (b *Heuristic) capMode(v *watchtower.View, seat int) bool {
	me := &v.Players[seat]
	return v.Phase == "play" && v.Pending == nil && !me.Campaign && !me.Out && !b.lastRound &&
		v.Round >= capModeFrom && capBound(v, seat)
}

// capRanked rewrites dst[start:], the heuristic's ranking, for a bot in
// capMode: the only placement it plays is its waiting move's (waitMove: a
// card placed to be burned at once for a draw, the cards it keeps never
// placed; from round capClearFrom its triples' tops burned too), which
// leads the ranking unless a challenge does; ending the turn stays in it.
func capRanked(v *watchtower.View, seat int, legal, dst []engine.Action, start, limit int) []engine.Action {
	w := waitMoveKeeping(v, seat, legal, v.Round < capClearFrom)
	dst = slices.DeleteFunc(dst[:len(dst):len(dst)], func(a engine.Action) bool {
		_, placed := watchtower.PlacedCard(a)
		return placed || a == w && w != watchtower.End
	})
	if w != watchtower.End {
		at := start
		if len(dst) > start {
			if d, _ := watchtower.Fields(dst[start]); d.Kind == watchtower.KindChallenge {
				at = start + 1
			}
		}
		dst = slices.Insert(dst, at, w)
	}
	if !slices.Contains(dst[start:], watchtower.End) {
		dst = append(dst, watchtower.End)
	}
	return dst[:start+min(limit, len(dst)-start)]
}

// sampleArmies sets armies[i] to a sample of seat i's army as seat sees it:
// seat's own is mine; another's is its seen cards and cards drawn from pool
// (the cards seat cannot place), which it reorders; a seat that is out has
// none. Each card is drawn from pool at random (lean nil) or with the
// weight lean gives its rank (the policy's, leanWeights).
func sampleArmies(v *watchtower.View, seat int, mine, pool []cards.Card, rng *cards.RNG, armies [][]cards.Card, lean *rankWeights) {
	for i := range v.Players {
		o := &v.Players[i]
		a := armies[i][:0]
		switch {
		case i == seat:
			a = append(a, mine...)
		case !o.Out:
			a = append(a, o.Seen...)
			for len(a) < o.ArmySize && len(pool) > 0 {
				j := lean.pick(pool, rng)
				a = append(a, pool[j])
				pool[j], pool[len(pool)-1] = pool[len(pool)-1], pool[j]
				pool = pool[:len(pool)-1]
			}
		}
		armies[i] = a
	}
}
