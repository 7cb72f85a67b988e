package regicide

import (
	"cardtable/cards"
)

// SeatFacts are the numbers of a seat's View that a playing policy reads at
// every decision of a search's rollouts, without the View's card lists
// (the discard pile, the Tavern's known cards, every seat's known cards,
// signals): filling them costs a few field copies where a View lists
// dozens of cards. Each field equals the View field of the same name
// (View.SeatFacts reads them from a View); Hand is the seat's hand as a set.
type SeatFacts struct {
	Seat    int
	Players int
	Current int
	// Moves reports whether Seat is among the View's ToMove.
	Moves bool
	// Hand has bit c set for each card c of Seat's hand (none for a
	// spectator).
	Hand uint64
	// HandSizes[p] for each seat p below Players.
	HandSizes [4]int
	// Enemy is the current enemy; its Card is cards.NoCard when there is
	// none.
	Enemy EnemyView
	// Suffer is the attack the current player must cover (Step 4).
	Suffer int
	// Tavern and Discard are the two piles' sizes.
	Tavern, Discard int
	PowersLeft      int
}

// SeatFacts returns seat's SeatFacts in s: what s.View(seat) holds, in brief.
func (s *State) SeatFacts(seat int) SeatFacts {
	n := s.cfg.players
	f := SeatFacts{Seat: seat, Players: n, Current: int(s.current), Moves: s.mayAct(seat),
		Tavern: int(s.nTavern), Discard: s.discard.len(), PowersLeft: s.powersLeft()}
	if e := s.enemy(); e != cards.NoCard {
		f.Enemy = EnemyView{Card: e, Attack: Value(e), Health: health(e), Damage: int(s.damage),
			Shield: int(s.shield), HeldShield: int(s.heldShield), Immune: s.immuneSuit() != 0}
	}
	if s.phase == phaseDiscard {
		f.Suffer = s.suffer()
	}
	for p := 0; p < n; p++ {
		f.HandSizes[p] = s.hands[p].len()
	}
	if seat >= 0 && seat < n {
		f.Hand = uint64(s.hands[seat])
	}
	return f
}

// SeatFacts reads the view's SeatFacts.
func (v *View) SeatFacts() SeatFacts {
	f := SeatFacts{Seat: v.Seat, Players: v.Players, Current: v.Current, Suffer: v.Suffer,
		Tavern: v.Tavern, Discard: len(v.Discard), PowersLeft: v.PowersLeft}
	for _, p := range v.ToMove {
		f.Moves = f.Moves || p == v.Seat
	}
	if v.Enemy != nil {
		f.Enemy = *v.Enemy
	}
	copy(f.HandSizes[:], v.HandSizes)
	f.Hand = uint64(setOf(v.Hand))
	return f
}
