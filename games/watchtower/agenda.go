package watchtower

import (
	"math/bits"
	"slices"

	"cardtable/cards"
)

// taskKind names an automatic step. The agenda is a queue of steps run in
// order until one needs a player's decision; a step may put further steps
// at the front (the steps it is made of). Keeping the pending steps as data
// lets a refill or a free-for-all that needs decisions interrupt any draw,
// battle or campaign loss and resume exactly where the specification's
// order says, and lets the whole state serialize.
type taskKind uint8

const (
	// taskDraw: seat draws n cards into the army (flag: into the fortress);
	// retry is set when the barracks was already refilled for this card.
	taskDraw taskKind = iota + 1
	// taskRefill: the barracks is empty (WT-21).
	taskRefill
	// taskGive: seat gives n cards to the barracks (WT-21).
	taskGive
	// taskSingles: single fortress cards go in and the barracks is shuffled.
	taskSingles
	// taskBottom: the set-aside card goes under the barracks (public).
	taskBottom
	// taskCheckFortress: four of a kind in seat's fortress starts a
	// free-for-all (WT-16).
	taskCheckFortress
	// taskFreeForAll: seat's 4th card is contested (WT-17).
	taskFreeForAll
	// taskCampaignChecks: campaigners with empty armies lose (WT-20).
	taskCampaignChecks
)

// The agenda is kept as a stack, the next step last: a step's parts are
// pushed in reverse, so taking the next step and putting steps before the
// others are both at the end of the slice.

// push puts t at the front of the agenda.
func (s *State) push(t task) { s.agenda = append(s.agenda, t) }

// push2 puts t, then u, at the front of the agenda: t runs first.
func (s *State) push2(t, u task) { s.agenda = append(s.agenda, u, t) }

// push3 puts t, u, v at the front of the agenda, in that order.
func (s *State) push3(t, u, v task) { s.agenda = append(s.agenda, v, u, t) }

// pending returns the agenda in the order its steps will run.
func (s *State) pending() []task {
	out := slices.Clone(s.agenda)
	slices.Reverse(out)
	return out
}

// run executes automatic steps until a decision is needed or the game ends.
func (s *State) run() {
	for s.wait == waitNone && s.phase != phaseOver {
		n := len(s.agenda)
		if n == 0 {
			s.settle()
			continue
		}
		t := s.agenda[n-1]
		s.agenda = s.agenda[:n-1]
		s.exec(t)
	}
	s.mv = s.whoMoves()
}

// settle runs when no step is pending: the last-player and showdown checks,
// then the turn passes on if its player is out, else it waits for them.
func (s *State) settle() {
	in := s.seatsIn()
	switch {
	case bits.OnesCount8(in) == 1:
		s.endByElimination()
	case s.phase == phasePlay && in&^s.campSeats == 0:
		s.showdown()
	case s.outSeats>>s.turn&1 != 0:
		s.endTurn()
	default:
		s.wait = waitTurn
	}
}

func (s *State) exec(t task) {
	seat := int(t.seat)
	switch t.kind {
	case taskDraw:
		s.execDraw(t)
	case taskRefill:
		s.refill()
	case taskGive:
		s.execGive(seat, int(t.n))
	case taskSingles:
		s.singlesIn()
	case taskBottom:
		s.takeAside(t.card)
		s.toBottom(t.card, everyone)
	case taskCheckFortress:
		p := &s.players[seat]
		for r := cards.Two; r <= cards.Ace; r++ {
			if p.fortN[r] == 4 {
				s.push(task{kind: taskFreeForAll, seat: t.seat, card: p.top(r)})
			}
		}
	case taskFreeForAll:
		s.startFreeForAll(seat, t.card)
	case taskCampaignChecks:
		in, n := s.order(s.turn)
		for _, x := range in[:n] {
			if p := &s.players[x]; p.onCampaign() && p.armySize() == 0 {
				s.push(t)
				s.loseCampaign(x)
				return
			}
		}
	}
}

// drawTask is the step of seat drawing n cards.
func drawTask(seat, n int, toFortress bool) task {
	return task{kind: taskDraw, seat: int8(seat), n: int8(n), flag: toFortress}
}

// execDraw draws t.n cards one at a time; a draw that finds the barracks
// empty refills it first and is skipped if it is still empty (WT-21).
func (s *State) execDraw(t task) {
	seat := int(t.seat)
	refilled := t.retry
	for n := int(t.n); n > 0; n-- {
		if s.barracks.len() == 0 {
			if !refilled {
				t.n, t.retry = int8(n), true
				s.push2(task{kind: taskRefill}, t)
				return
			}
			s.log1(evDrawNothing, seatArg(seat))
			refilled = false
			continue
		}
		refilled = false
		c, public := s.drawTop()
		switch {
		case t.flag:
			s.toFortress(seat, c)
			s.log2(evDrawFortress, seatArg(seat), cardArg(c))
		case public:
			// Everyone knew the card on top, so everyone knows who holds it.
			s.addToArmy(seat, c, false, true)
			s.log2(evDrawKnown, seatArg(seat), cardArg(c))
		default:
			s.addToArmy(seat, c, false, false)
			s.log1(evDraw, seatArg(seat))
		}
	}
}

// refill queues the WT-21 refill: each player's gift by army size, in seat
// order from the current player, then the single fortress cards.
func (s *State) refill() {
	s.stats[metricRefills]++
	s.log0(evRefill)
	s.push(task{kind: taskSingles})
	in, n := s.order(s.turn)
	for i := n - 1; i >= 0; i-- {
		seat := in[i]
		if n := giftSize(s.players[seat].armySize()); n > 0 {
			s.push(task{kind: taskGive, seat: int8(seat), n: int8(n)})
		}
	}
}

// giftSize is how many army cards a player with n gives (WT-21).
func giftSize(n int) int {
	switch {
	case n >= 8:
		return 4
	case n == 7:
		return 3
	case n == 6:
		return 2
	case n >= 3:
		return 1
	}
	return 0
}

// execGive takes n cards from seat's army at random, or asks the owner.
func (s *State) execGive(seat, n int) {
	p := &s.players[seat]
	p.seen = 0
	s.log2(evGive, seatArg(seat), countArg(n, nounArmyCard))
	if s.cfg.ownerGives {
		s.giver, s.owed, s.wait = seat, n, waitGive
		return
	}
	for ; n > 0; n-- {
		i := s.rng.IntN(p.armySize())
		c := p.army.c[i]
		s.removeFromArmy(seat, c)
		s.toBottom(c, 0)
	}
}

// singlesIn puts every single fortress card in the barracks, seat order
// from the current player, and shuffles it.
func (s *State) singlesIn() {
	var buf [52]cards.Card
	moved := buf[:0]
	in, n := s.order(s.turn)
	for _, seat := range in[:n] {
		p := &s.players[seat]
		for r := cards.Two; r <= cards.Ace; r++ {
			if p.fortN[r] == 1 {
				c := s.takeTop(seat, r)
				s.toBottom(c, 0)
				moved = append(moved, c)
			}
		}
	}
	s.shuffleBarracks()
	if len(moved) == 0 {
		// Not "single fortress cards go in ()".
		s.log1(evShuffled, countArg(s.barracks.len(), nounCard))
		return
	}
	s.log2(evSingles, s.cardsArg(moved), countArg(s.barracks.len(), nounCard))
}

// allOnCampaign reports whether every player still in is on campaign.
func (s *State) allOnCampaign() bool { return s.seatsIn()&^s.campSeats == 0 }

// beginSetup starts seat's setup turn (WT-03); a dealt four of a kind is
// contested first (WT-16).
func (s *State) beginSetup(seat int) {
	s.turn, s.burnUsed = seat, false
	s.push(task{kind: taskCheckFortress, seat: int8(seat)})
}

// beginTurn starts seat's turn: the draw unless on campaign (WT-05).
// The draw is made at once rather than queued: every caller (a turn's
// end, the last setup turn's done, settle) begins the turn as its last
// step with nothing queued, so the queued draw would be the very next
// step run (a draw that finds the barracks empty still queues the refill
// and itself again).
func (s *State) beginTurn(seat int) {
	s.turn, s.burnUsed, s.challengeUsed = seat, false, false
	s.turns++
	s.log3(evTurn, intArg(s.turns), intArg(s.rounds+1), seatArg(seat))
	if !s.players[seat].onCampaign() {
		s.execDraw(drawTask(seat, 1, false))
	}
}

// endTurn passes the turn up the seats; after the last round the round cap
// ends the game (WT-24).
func (s *State) endTurn() {
	next := s.nextIn(s.turn)
	if s.rel(next) <= s.rel(s.turn) {
		s.rounds++
		if s.rounds >= s.cfg.maxRounds {
			s.roundCap()
			return
		}
	}
	s.beginTurn(next)
}

// rel is seat's place in the turn order (0 for the first player).
func (s *State) rel(seat int) int {
	x := seat - s.first
	return x + s.cfg.players&(x>>63)
}
