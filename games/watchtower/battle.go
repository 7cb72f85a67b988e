package watchtower

import (
	"fmt"
	"slices"

	"cardtable/cards"
)

// battle is a challenge or campaign battle in progress (WT-07..WT-15,
// WT-19, WT-27); it is in progress exactly while the state waits for a
// battle pick.
type battle struct {
	attacker, defender int
	k                  int
	// target is the contested fortress card; NoCard in a campaign battle.
	target cards.Card
	// emptyFortress: the attacker, not on campaign, declared with an empty
	// fortress (WT-15). atkCampaign, defCampaign: the fighters were on
	// campaign at declaration.
	emptyFortress            bool
	atkCampaign, defCampaign bool
	// order[0] is the attacker's army in its hidden shuffled order, order[1]
	// the defender's; picks[0] are the positions the defender picked from
	// order[0], picks[1] those the attacker picked from order[1] (WT-09).
	order [2]cardList
	picks [2]positions
}

// side is the army being picked from: 0 the attacker's, 1 the defender's.
// The picks alternate sides in no order a branch predictor could learn, so
// side, picker and seat compute without a branch.
func (b *battle) side() int { return b2i(b.picks[0].len() >= b.k) }

// picker is the seat choosing the next position: the defender picks from
// the attacker's army, then the attacker from the defender's.
func (b *battle) picker() int { return b.seat(1 - b.side()) }

// taken reports whether position pos of the current side is already picked.
func (b *battle) taken(pos int) bool { return b.picks[b.side()].has(pos) }

// startBattle declares a battle of k cards each; the defender picks first.
func (s *State) startBattle(att, def int, target cards.Card, k int) {
	a, d := &s.players[att], &s.players[def]
	b := &s.battle
	b.attacker, b.defender, b.k, b.target = att, def, k, target
	b.emptyFortress = !a.onCampaign() && a.fortressSize() == 0
	b.atkCampaign, b.defCampaign = a.onCampaign(), d.onCampaign()
	b.order[0], b.order[1] = a.army, d.army
	b.picks = [2]positions{}
	s.rng.Shuffle(b.order[0].all())
	s.rng.Shuffle(b.order[1].all())
	s.challengeUsed = true
	s.wait = waitBattlePick
}

// pickInBattle records the picker's choice of position pos (0-based).
func (s *State) pickInBattle(pos int) {
	b := &s.battle
	side := b.side()
	s.log3(evPick, seatArg(b.seat(1-side)), intArg(pos+1), seatArg(b.seat(side)))
	b.picks[side].push(pos)
	if b.picks[1].len() == b.k {
		s.wait = waitNone
		s.resolveBattle()
	}
}

// pairWinner returns 0 if the attacker's card a wins the pair against the
// defender's d, 1 if d wins, -1 on a tie. Assassins (T12, WT-10): any pair
// with a 7 goes to the attacker.
func pairWinner(a, d cards.Card) int {
	ra, rd := a.Rank(), d.Rank()
	switch {
	case ra == 7 || rd == 7 || ra > rd:
		return 0
	case rd > ra:
		return 1
	}
	return -1
}

// BattleWinner counts the pairs won when att and def are turned up pair by
// pair (WT-10): 0 the attacker wins, 1 the defender, -1 a draw.
func BattleWinner(att, def []cards.Card) int {
	var wins [2]int
	for i := range att {
		if w := pairWinner(att[i], def[i]); w >= 0 {
			wins[w]++
		}
	}
	switch {
	case wins[0] > wins[1]:
		return 0
	case wins[1] > wins[0]:
		return 1
	}
	return -1
}

// resolveBattle plays WT-27 in order: flip, spoils, royal returns, target,
// elimination, try count (queued: replacement and free-for-all), campaign
// loss (queued); the last-player and showdown checks follow when the agenda
// drains.
func (s *State) resolveBattle() {
	b := s.battle
	s.battle = battle{}
	seats := [2]int{b.attacker, b.defender}
	var fought [2][]cards.Card
	var wasWon [2][]bool
	var foughtBuf [2][3]cards.Card
	var wasWonBuf [2][3]bool
	for side := range fought {
		fought[side], wasWon[side] = foughtBuf[side][:0], wasWonBuf[side][:0]
		for _, pos := range b.picks[side].pos[:b.picks[side].n] {
			c := b.order[side].c[pos]
			fought[side] = append(fought[side], c)
			wasWon[side] = append(wasWon[side], s.removeFromArmy(seats[side], c))
		}
	}
	w := BattleWinner(fought[0], fought[1])
	s.logFlip(&b, fought, w)
	s.spoils(&b, fought, wasWon, w)
	// Steps queued below run before the campaign checks.
	s.push(task{kind: taskCampaignChecks})
	if b.target == cards.NoCard {
		return
	}
	s.royalReturns(&b, fought, w)
	if w == 0 {
		c := s.takeTop(b.defender, b.target.Rank())
		s.addToArmy(b.attacker, c, true, true)
		s.log2(evTakes, seatArg(b.attacker), cardArg(c))
	}
	if w == 1 && b.emptyFortress {
		s.eliminate(b.attacker)
	}
	if w != 0 {
		s.countTry(b.attacker, b.defender, b.target)
	}
}

// logFlip records the flipped cards and the outcome.
func (s *State) logFlip(b *battle, fought [2][]cards.Card, w int) {
	outcome := outcomeArg(-1)
	if w >= 0 {
		outcome = outcomeArg([2]int{b.attacker, b.defender}[w])
	}
	s.log5(evFlip, seatArg(b.attacker), s.cardsArg(fought[0]), seatArg(b.defender), s.cardsArg(fought[1]), outcome)
}

// flipOutcome is the seat that won a flip, or -1 for a draw; it formats
// itself only when printed.
type flipOutcome int

func (o flipOutcome) String() string {
	if o < 0 {
		return "a draw"
	}
	return seatName(o).String() + " wins"
}

// spoils gives the fighting cards to the winner, or back on a draw
// (WT-11); a campaigner's won challenge leaves the soldiers with their
// owners, and a campaign battle's winner takes all (WT-19).
func (s *State) spoils(b *battle, fought [2][]cards.Card, wasWon [2][]bool, w int) {
	for side := range fought {
		to := spoilsTo(b, w, side)
		for i, c := range fought[side] {
			s.addToArmy(to, c, wasWon[side][i] || to != b.seat(side), true)
		}
	}
}

// seat is the attacker (side 0) or the defender (side 1).
func (b *battle) seat(side int) int { return [2]int{b.attacker, b.defender}[side&1] }

// spoilsTo is the seat the cards side fought with go to when w won the
// flip (WT-11, WT-19): the winner, or their owner on a draw or when a
// campaigner wins a challenge.
func spoilsTo(b *battle, w, side int) int {
	if w == 0 && b.atkCampaign && b.target != cards.NoCard {
		w = -1
	}
	if w < 0 || w == side {
		return b.seat(side)
	}
	return b.seat(w)
}

// royalReturns sends every J, Q, K, A that fought to the bottom of the
// barracks, the attacker's in pick order first, unless its fighter is on
// campaign (WT-12).
func (s *State) royalReturns(b *battle, fought [2][]cards.Card, w int) {
	campaign := [2]bool{b.atkCampaign, b.defCampaign}
	var held [12]cards.Card
	back := held[:0]
	for side := range fought {
		if campaign[side] {
			continue
		}
		for _, c := range fought[side] {
			if IsHigh(c.Rank()) {
				s.removeFromArmy(spoilsTo(b, w, side), c)
				s.toBottom(c, everyone)
				back = append(back, c)
			}
		}
	}
	if len(back) > 0 {
		s.log1(evRoyals, s.cardsArg(back))
	}
}

// countTry counts a failed challenge of target; the third sends it under
// the barracks after the defender's replacement is drawn (WT-13).
func (s *State) countTry(att, def int, target cards.Card) {
	key := int8(att)
	if s.cfg.triesByCard {
		key = -1
	}
	i := slices.IndexFunc(s.tryCounts(), func(t tryCount) bool { return t.card == target && t.attacker == key })
	if i < 0 {
		s.tries[s.ntries] = tryCount{card: target, attacker: key}
		i = int(s.ntries)
		s.ntries++
		s.tried |= bit(target)
	}
	s.tries[i].n++
	if s.tries[i].n < 3 {
		s.log2(evTried, cardArg(target), timesArg(s.tries[i].n))
		return
	}
	s.stats[metricThirdTries]++
	c := s.takeTop(def, target.Rank())
	s.aside.push(c)
	s.log2(evThirdTry, cardArg(c), seatArg(def))
	s.push3(drawTask(def, 1, true), task{kind: taskBottom, card: c}, task{kind: taskCheckFortress, seat: int8(def)})
}

// times is a count of tries in words; it formats itself only when printed
// (a string boxed in an event's arguments would be allocated).
type times uint8

func (n times) String() string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "2 times"
	}
	return fmt.Sprintf("%d times", int(n))
}

// eliminate puts seat out; their army goes under the barracks in the order
// held (WT-15), known only to them.
func (s *State) eliminate(seat int) {
	p := &s.players[seat]
	for _, c := range p.army.all() {
		s.toBottom(c, 1<<seat)
	}
	// The owner's view shows no army at all (as it always has); an
	// eliminated player never holds cards again.
	p.army.clear()
	p.held, p.won, p.seen, p.out, p.noArmy = 0, 0, 0, true, true
	s.outSeats |= 1 << seat
	s.stats[metricEliminations]++
	s.log1(evEliminated, seatArg(seat))
}
