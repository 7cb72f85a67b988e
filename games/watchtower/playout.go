package watchtower

import "cardtable/engine"

// The playout path: what a search's rollouts and the random-playout
// benchmark call instead of the generic ToMove, Legal and Apply, in the
// manner of the fast engines written for game research (OpenSpiel's and
// pgx's states, Ludii's playouts): the legal actions are written into the
// caller's fixed buffer as their integer codes, and an action the state
// itself listed is played without checking it again. A game played this
// way is the game Apply plays, state for state: the same steps, events and
// generator draws (TestPlayoutPathIsApply).

// MaxLegal bounds the number of actions legal at once: every card of an
// army placed, 13 burns, challenges with 1 and 2 cards for 13 ranks of 3
// defenders, 3 campaign battles, and end.
const MaxLegal = maxLegal

// Actions is a buffer for LegalTo.
type Actions = [MaxLegal]engine.Action

// Mover is the seat to move, or -1 when the game is over.
func (s *State) Mover() int {
	if s.phase == phaseOver {
		return -1
	}
	return s.mv
}

// LegalTo writes the legal actions of the seat to move (Mover) into out,
// in Legal's order, and returns how many there are (0 when the game is
// over).
func (s *State) LegalTo(out *Actions) int {
	if s.phase == phaseOver {
		return 0
	}
	return s.legalInto(s.mv, out)
}

var _ engine.LegalApplier = (*State)(nil)

// ApplyLegal implements engine.LegalApplier: it plays a for seat, a being
// one of the actions Legal (or LegalTo) listed for seat in this state, and
// checks nothing. The result is exactly Apply's; any other action leaves
// the state undefined. Apply is the path for actions from outside.
//
// Three kinds of action set off no automatic step, and ApplyLegal does
// not look for one: a battle pick that is not the last leaves the next
// pick to the other side; a declared battle waits for its first pick; and
// a card placed as a first, second or third of its rank leaves the turn to
// its player (Apply's steps would find the agenda empty and every end
// check false: the seats in, on campaign and out are unchanged).
func (s *State) ApplyLegal(seat int, a engine.Action) {
	s.clearEvents()
	switch s.wait {
	case waitBattlePick:
		s.pickInBattle(actSlot(a) - 1)
		if s.wait == waitBattlePick {
			s.mv = s.battle.picker()
			return
		}
	case waitFreePick:
		s.pickInFreeForAll(actSlot(a) - 1)
	case waitGive:
		s.give(seat, actCard(a))
	default:
		if s.playTurn(seat, a) {
			return
		}
		if s.wait == waitTurn {
			s.wait = waitNone
		}
	}
	s.run()
}

// playTurn plays a turn's (or setup turn's) action a for seat; it reports
// whether it set off no step: a place that leaves the turn to its player,
// or a declared battle, which waits for its first pick.
func (s *State) playTurn(seat int, a engine.Action) bool {
	switch actKind(a) {
	case kindPlace:
		return s.place(seat, actCard(a))
	case kindBurn:
		s.burn(seat, actRank(a))
	case kindChallenge:
		s.challenge(seat, actSeat(a), challengeRank(a), challengeK(a))
		return s.battleBegun()
	case kindCampaignBattle:
		s.campaignBattle(seat, actSeat(a))
		return s.battleBegun()
	case kindDone:
		s.done(seat)
	default:
		s.log1(evEnd, seatArg(seat))
		s.endTurn()
	}
	return false
}

// battleBegun reports whether a battle now waits for its first pick (a
// challenge with K=0 takes at once and waits for nothing) and if so makes
// its picker the seat to move, as run would: a battle's declaration queues
// no step.
func (s *State) battleBegun() bool {
	if s.wait != waitBattlePick {
		return false
	}
	s.mv = s.battle.picker()
	return true
}
