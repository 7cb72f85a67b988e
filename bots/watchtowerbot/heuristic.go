package watchtowerbot

import (
	"slices"

	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// Heuristic is the rule-based Watchtower player, the bot registered as
// "heuristic". It reads only its seat's view and
// legal actions. It completes towers with won cards, takes from vulnerable
// fortresses, challenges when a Monte Carlo estimate of the battle (its own
// army against the defender's seen cards plus cards drawn from those it
// cannot see) says the expected gain is worth it, burns single fortress
// cards for draws (royals and aces first, keeping one fortress card so an
// attack never risks elimination), builds triples towards a tower, keeps
// its 7s (assassins) for attack, and gives its lowest cards to an empty
// barracks. It cycles junk: a low single card (2 to 6) is placed and
// burned at once for a fresh draw; when it can only wait for a 4th card
// (the last player off campaign, or a fortress of triples only) it cycles
// its lowest card of any rank but 7, to bring the refills that return
// hidden cards sooner. It places a drawn 4th card (risking a
// free-for-all) when its army is likely to win it, fights campaign battles
// only with a clear edge
// (a lost campaign undoes a tower), and in the last round before the round
// cap places its lowest cards so that only its best ones make the forced
// showdown's row. Blind picks are random: positions carry no information.
type Heuristic struct {
	rng    cards.RNG
	legal  []engine.Action
	scores []float64
	pool   []cards.Card
	// lastRound: the round cap's forced showdown follows this round.
	lastRound bool
	// view is the seat's view of the position being ranked, rewritten in
	// place for each decision (watchtower.ViewInto).
	view *watchtower.View
	// mine and theirs are battleScore's armies.
	mine, theirs []cards.Card
	// trim is the army kept for the round cap's forced showdown; armies
	// are keepForCap's samples.
	trim   trimPlan
	armies [][]cards.Card
	// twoPlayerCost is what a challenge's estimated gain must exceed, in
	// card values, for the bot to make it at 2 players (challengeCost).
	twoPlayerCost float64
	// handFrom, when set, is the lowest rank the bot keeps in its army
	// rather than building it up in its fortress, at 2 players off
	// campaign (the expert's policy, rule 7: keepsInHand); the heuristic
	// leaves it 0 and stacks every rank.
	handFrom cards.Rank
}

// NewHeuristic returns a heuristic bot seeded with seed; its Ranked method
// gives its ranking of the actions as well as its choice.
func NewHeuristic(seed uint64) *Heuristic {
	return &Heuristic{rng: cards.NewRNG(seed), twoPlayerCost: heuristicChallengeCost}
}

// heuristicChallengeCost is what a challenge's estimated gain must exceed,
// in card values, for the heuristic bot to make it. The expert's policy
// ranks with its own at 2 players (policyChallengeCost).
const heuristicChallengeCost = 0.3

// challengeCost is what a challenge's estimated gain must exceed for b to
// make it in a game of players.
func (b *Heuristic) challengeCost(players int) float64 {
	if players == 2 {
		return b.twoPlayerCost
	}
	return heuristicChallengeCost
}

// cycleMax is the highest rank the bot places only to burn it at once:
// the cards below the assassin.
const cycleMax = cards.Rank(6)

// samples is the number of simulated battles per candidate challenge.
const samples = 48

// Act implements engine.Bot.
func (b *Heuristic) Act(st engine.State, seat int) engine.Action {
	var one [1]engine.Action
	return b.Ranked(st, seat, one[:0], 1)[0]
}

// Ranked appends to dst at most limit (at least 1) of seat's legal actions
// in st, best first by the bot's judgement: first the action Act plays,
// then ending the turn (unless that is the first), then the other actions
// it scores above zero, best first. Actions it scores zero or less are
// left out, and so are the other positions of a blind pick (positions
// carry no information) and the other cards of a gift.
func (b *Heuristic) Ranked(st engine.State, seat int, dst []engine.Action, limit int) []engine.Action {
	b.legal = st.Legal(seat, b.legal[:0])
	b.view = watchtower.ViewInto(st, seat, b.view)
	v := b.view
	if v.Pending != nil {
		if v.Pending.Kind == "give" {
			return append(dst, b.lowest(v.Players[seat].Army, watchtower.KindGive))
		}
		return append(dst, b.legal[b.rng.IntN(len(b.legal))])
	}
	b.pool = v.Unseen(b.pool[:0])
	b.lastRound = v.Round >= st.Options().Int("max-rounds")
	b.scores = b.scores[:0]
	fallback, best, bestScore := b.fallback(), -1, 0.0
	for i, a := range b.legal {
		score := b.score(v, seat, a)
		if a == fallback || score <= 0 {
			score = 0
		}
		b.scores = append(b.scores, score)
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	start := len(dst)
	if best >= 0 {
		dst = append(dst, b.legal[best])
		b.scores[best] = 0
		if _, placed := watchtower.PlacedCard(b.legal[best]); placed && b.lastRound {
			b.trim.started = true
		}
	}
	dst = append(dst, fallback)
	for len(dst)-start < limit {
		i := indexOfMax(b.scores)
		if i < 0 {
			break
		}
		dst = append(dst, b.legal[i])
		b.scores[i] = 0
	}
	dst = dst[:start+min(limit, len(dst)-start)]
	if b.capMode(v, seat) {
		dst = capRanked(v, seat, b.legal, dst, start, limit)
	}
	return dst
}

// indexOfMax returns the first index of the largest positive score, or -1.
func indexOfMax(scores []float64) int {
	best, bestScore := -1, 0.0
	for i, x := range scores {
		if x > bestScore {
			best, bestScore = i, x
		}
	}
	return best
}

// fallback ends the (setup) turn.
func (b *Heuristic) fallback() engine.Action {
	if slices.Contains(b.legal, watchtower.Done) {
		return watchtower.Done
	}
	return watchtower.End
}

// lowest returns the legal action of kind on the lowest card of army that
// is not a 7.
func (b *Heuristic) lowest(army []cards.Card, kind watchtower.ActionKind) engine.Action {
	best, bestRank := b.legal[0], 99
	for _, a := range b.legal {
		d, _ := watchtower.Fields(a)
		if d.Kind != kind {
			continue
		}
		r := int(d.Card.Rank())
		if r == 7 {
			r = 15
		}
		if r < bestRank {
			best, bestRank = a, r
		}
	}
	return best
}

// score rates one legal action; the best positive score is played, else
// the turn ends.
func (b *Heuristic) score(v *watchtower.View, seat int, a engine.Action) float64 {
	d, _ := watchtower.Fields(a)
	me := &v.Players[seat]
	if b.lastRound && d.Kind != watchtower.KindPlace && b.trimming(v, seat) {
		return 0
	}
	switch d.Kind {
	case watchtower.KindPlace:
		return b.placeScore(v, seat, d.Card)
	case watchtower.KindBurn:
		if b.lastRound && v.Barracks < burnDraws(d.Rank) {
			// The draw would refill the barracks from the armies (WT-21)
			// just before the forced showdown.
			return 0
		}
		return burnScore(me, d.Rank)
	case watchtower.KindChallenge:
		if d.K == 0 {
			return 5 + cardValue(d.Rank) + b.completionBonus(v, seat, d.Rank)
		}
		return b.challengeScore(v, seat, d)
	case watchtower.KindCampaignBattle:
		return b.battleScore(v, seat, d.Seat, min(3, me.ArmySize, v.Players[d.Seat].ArmySize), cards.NoCard) - 1
	}
	return 0
}

// cardValue is what a card is worth in an army: one card, plus its rank's
// strength in the showdown.
func cardValue(r cards.Rank) float64 { return (float64(r) - 5) / 6 }

// completionBonus values winning a card of rank r that completes a
// triple: one on seat's fortress, or, for a rank it keeps in hand
// (keepsInHand), three cards of it held in all.
func (b *Heuristic) completionBonus(v *watchtower.View, seat int, r cards.Rank) float64 {
	me := &v.Players[seat]
	switch {
	case me.Campaign:
		return 0
	case me.StackSize(r) == 3:
		return 20
	case b.keepsInHand(v, seat, r) && me.StackSize(r)+countRank(me.Army, r) == 3:
		return 20
	}
	return 0
}

func countRank(cs []cards.Card, r cards.Rank) int {
	n := 0
	for _, c := range cs {
		if c.Rank() == r {
			n++
		}
	}
	return n
}

// placeScore: complete a tower with a won card; risk a free-for-all for a
// drawn 4th; stack towards a triple of a rank held three times; never
// place a 7 otherwise.
func (b *Heuristic) placeScore(v *watchtower.View, seat int, c cards.Card) float64 {
	me := &v.Players[seat]
	r := c.Rank()
	onFort := me.StackSize(r)
	switch {
	case b.lastRound:
		return b.trimScore(v, seat, c)
	case onFort == 3 && capBound(v, seat):
		return 0
	case onFort == 3 && slices.Contains(me.Won, c):
		return 100
	case onFort == 3:
		return 8 * b.freeForAllOdds(v, seat, c)
	case b.keepsInHand(v, seat, r):
		return b.inHandScore(v, seat, c)
	case r == 7:
		return 0
	case onFort+countRank(me.Army, r) >= 3 && len(me.Army) > 3:
		if r >= capKeepRank && capBound(v, seat) {
			return 0
		}
		return 2
	case cycles(v, seat, c):
		return 1.2
	}
	return 0
}

// cycles reports whether c is junk worth placing to burn at once (T5
// allows it): the army's lowest card, not a 7, of a rank the bot does not
// build, with the turn's burn unused and allowed, and another fortress card
// left so that the burn keeps one. A bot that is stuck (waiting) cycles any
// card up to cycleStuckMax, the lowest it may, to draw faster.
func cycles(v *watchtower.View, seat int, c cards.Card) bool {
	me := &v.Players[seat]
	if v.BurnUsed || len(me.Fortress) == 0 {
		return false
	}
	if c == slices.Min(me.Army) && cyclable(v, seat, c, cycleMax) {
		return true
	}
	if !waiting(v, seat) || !cyclable(v, seat, c, cycleStuckMax) {
		return false
	}
	for _, o := range me.Army {
		if o.Rank() < c.Rank() && cyclable(v, seat, o, cycleStuckMax) {
			return false
		}
	}
	return true
}

// cycleStuckMax is the highest rank a waiting bot cycles: any, for draws
// matter more to it than the card (a royal or an ace burned even draws 2).
const cycleStuckMax = cards.Ace

// waiting reports whether the bot can only wait for draws: it is the last
// player off campaign (no one can take its cards or give it theirs but the
// barracks), or its fortress holds only triples, whose 4th cards sit in
// armies or the barracks out of reach of challenges (a triple needs 10
// army cards, WT-07). The 4th cards come back through refills, which only
// draws bring closer.
func waiting(v *watchtower.View, seat int) bool {
	last := true
	for i := range v.Players {
		if p := &v.Players[i]; i != seat && !p.Out && !p.Campaign {
			last = false
		}
	}
	if last {
		return true
	}
	for _, st := range v.Players[seat].Fortress {
		if st.Count != 3 {
			return false
		}
	}
	return true
}

// cyclable reports whether c, of rank at most limit and not a 7, is the
// army's only card of its rank and may be placed and burned at once: no
// stack of its rank in the bot's fortress, and none of two or more in
// another (WT-06).
func cyclable(v *watchtower.View, seat int, c cards.Card, limit cards.Rank) bool {
	r := c.Rank()
	if r > limit || r == 7 || countRank(v.Players[seat].Army, r) > 1 {
		return false
	}
	for i := range v.Players {
		if n := v.Players[i].StackSize(r); n > 0 && (i == seat || n >= 2) {
			return false
		}
	}
	return true
}

// burnScore: burn a single for one or two draws while another fortress
// card remains.
func burnScore(me *watchtower.PlayerView, r cards.Rank) float64 {
	total := 0
	for _, st := range me.Fortress {
		total += st.Count
	}
	if me.StackSize(r) != 1 || total < 2 || countRank(me.Army, r) > 0 {
		return 0
	}
	if watchtower.IsHigh(r) {
		return 3
	}
	return 1.5 - float64(r)/20
}

// challengeScore is the expected gain of a challenge, less its cost
// (challengeCost).
func (b *Heuristic) challengeScore(v *watchtower.View, seat int, d watchtower.ActionFields) float64 {
	def := &v.Players[d.Seat]
	target := cards.NoCard
	for _, st := range def.Fortress {
		if st.Rank == d.Rank.String() {
			target = st.Cards[len(st.Cards)-1]
		}
	}
	score := b.battleScore(v, seat, d.Seat, d.K, target) - b.challengeCost(len(v.Players))
	if d.K == def.ArmySize {
		// A win empties their army: their fortress becomes vulnerable, and
		// an empty army scores nothing in the round cap's showdown.
		score++
		if b.lastRound {
			score += 9
		}
	}
	return score
}

// battleScore simulates a battle of k cards each against def and returns
// the mean gain in card values.
func (b *Heuristic) battleScore(v *watchtower.View, seat, def, k int, target cards.Card) float64 {
	me, them := &v.Players[seat], &v.Players[def]
	b.mine = append(b.mine[:0], me.Army...)
	mine, theirs := b.mine, b.theirs[:0]
	bonus := 0.0
	if target != cards.NoCard {
		bonus = b.completionBonus(v, seat, target.Rank())
	}
	total := 0.0
	for i := 0; i < samples; i++ {
		theirs = append(theirs[:0], them.Seen...)
		pool := b.pool
		for len(theirs) < them.ArmySize && len(pool) > 0 {
			j := b.rng.IntN(len(pool))
			theirs = append(theirs, pool[j])
			pool[j], pool[len(pool)-1] = pool[len(pool)-1], pool[j]
			pool = pool[:len(pool)-1]
		}
		b.partialShuffle(mine, k)
		b.partialShuffle(theirs, k)
		total += battleGain(mine[:k], theirs[:k], target, bonus, me, them)
	}
	b.theirs = theirs
	return total / samples
}

func (b *Heuristic) partialShuffle(cs []cards.Card, k int) {
	for i := 0; i < k && i < len(cs); i++ {
		j := i + b.rng.IntN(len(cs)-i)
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// battleGain values one simulated battle for the attacker; bonus is what
// winning the target is worth beyond its card (completionBonus).
func battleGain(mine, theirs []cards.Card, target cards.Card, bonus float64, me, them *watchtower.PlayerView) float64 {
	w := watchtower.BattleWinner(mine, theirs)
	returns := target != cards.NoCard
	gain := 0.0
	lostArmy := w == 1 && len(mine) == me.ArmySize
	for _, c := range mine {
		switch {
		case returns && !me.Campaign && watchtower.IsHigh(c.Rank()):
			gain -= cardValue(c.Rank())
		case w == 1:
			gain -= cardValue(c.Rank())
		}
	}
	if w == 0 && (!returns || !me.Campaign) {
		for _, c := range theirs {
			if !returns || !watchtower.IsHigh(c.Rank()) {
				gain += cardValue(c.Rank())
			}
		}
	}
	if w == 0 && target != cards.NoCard {
		gain += cardValue(target.Rank()) + bonus
	}
	switch {
	case w == 1 && !me.Campaign && fortressEmpty(me):
		gain -= 100
	case lostArmy && me.Campaign:
		gain -= 6
	}
	return gain
}

func fortressEmpty(p *watchtower.PlayerView) bool { return len(p.Fortress) == 0 }

// freeForAllOdds estimates the chance that placing c, a 4th card that was
// not won, completes the tower: the drawer's blind-picked card must beat
// every other participant's (WT-17; a tie counts as a loss here); with no
// other participant the tower completes at once.
func (b *Heuristic) freeForAllOdds(v *watchtower.View, seat int, c cards.Card) float64 {
	me := &v.Players[seat]
	if len(me.Army) <= 1 {
		return 0
	}
	return b.freeForAllOddsWith(v, seat, me.Army, c)
}

// freeForAllOddsWith estimates the chance that seat, holding army, wins a
// free-for-all: its blind-picked card must beat every other participant's
// (a tie counts as a loss here, and so does a pick of skip); with no other
// participant it wins at once.
func (b *Heuristic) freeForAllOddsWith(v *watchtower.View, seat int, army []cards.Card, skip cards.Card) float64 {
	rivals := 0
	for i := range v.Players {
		if p := &v.Players[i]; i != seat && !p.Out && !p.Campaign && p.ArmySize > 0 {
			rivals++
		}
	}
	if rivals == 0 {
		return 1
	}
	if len(army) == 0 || len(b.pool) == 0 {
		return 0
	}
	wins := 0
	for i := 0; i < samples; i++ {
		mine := army[b.rng.IntN(len(army))]
		if mine == skip {
			continue
		}
		won := true
		for k := 0; k < rivals && won; k++ {
			won = b.pool[b.rng.IntN(len(b.pool))].Rank() < mine.Rank()
		}
		if won {
			wins++
		}
	}
	return float64(wins) / samples
}
