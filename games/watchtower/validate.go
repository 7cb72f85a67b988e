package watchtower

import (
	"errors"
	"fmt"
	"slices"

	"cardtable/cards"
)

// validate checks a decoded state for the invariants the engine relies on,
// so that a damaged save is refused instead of failing later.
func (s *State) validate() error {
	n := s.cfg.players
	all := s.AllCards()
	for _, c := range all {
		// cards.Count folds card values modulo 64, so check each card first.
		if !c.Valid() || c.IsJoker() {
			return fmt.Errorf("card value %d is not a card of the pack", uint8(c))
		}
	}
	if err := cards.CheckPermutation(all, cards.Standard52()); err != nil {
		return err
	}
	switch {
	case len(s.known) != len(s.barracks):
		return errors.New("barracks knowledge does not match the barracks")
	case s.dealer >= n || s.first != (s.dealer+1)%n || s.turn >= n || s.giver >= n:
		return errors.New("seat out of range")
	case s.phase > phaseOver || s.wait > waitGive || s.end > endRoundCap:
		return errors.New("phase out of range")
	case (s.phase == phaseOver) != (s.wait == waitNone):
		return errors.New("the waiting decision does not match the phase")
	}
	for i := range s.players {
		if err := s.players[i].validate(); err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
	}
	for _, t := range s.agenda {
		if err := s.validateTask(t); err != nil {
			return err
		}
	}
	for _, t := range s.tries {
		if int(t.attacker) >= n || t.attacker < -1 || t.n > 3 || !t.card.Valid() || s.fortressOf(t.card) < 0 {
			return errors.New("bad try count")
		}
	}
	for _, w := range s.winners {
		if w >= n {
			return errors.New("winner out of range")
		}
	}
	if s.wait == waitGive && (s.owed < 1 || len(s.players[s.giver].army) < s.owed) {
		return errors.New("bad refill gift")
	}
	if err := s.validateBattle(); err != nil {
		return err
	}
	return s.validateFree()
}

// validateTask checks that a pending step names a seat and, for the steps
// that move a card, a card where the step expects it.
func (s *State) validateTask(t task) error {
	if t.kind < taskDraw || t.kind > taskCampaignChecks || int(t.seat) >= s.cfg.players || t.seat < 0 || t.n < 0 || t.n > 4 {
		return errors.New("bad pending step")
	}
	switch t.kind {
	case taskBottom:
		if !slices.Contains(s.aside, t.card) {
			return errors.New("a pending step moves a card that is not set aside")
		}
	case taskFreeForAll:
		if !t.card.Valid() || s.players[t.seat].top(t.card.Rank()) != t.card {
			return errors.New("a pending free-for-all contests a card not on top of its stack")
		}
	}
	return nil
}

// isArrangement reports whether order holds exactly the cards of army.
func isArrangement(order, army []cards.Card) bool {
	return cards.CheckPermutation(order, army) == nil
}

func (p *player) validate() error {
	var held uint64
	for _, c := range p.army {
		held |= bit(c)
	}
	if p.won&^held != 0 || p.seen&^held != 0 {
		return errors.New("marks on cards not in the army")
	}
	if p.tower[0] == cards.NoCard && p.tower != [4]cards.Card{} {
		return errors.New("a partial tower")
	}
	for r := cards.Two; r <= cards.Ace; r++ {
		for _, c := range p.fort[r][:p.fortN[r]] {
			if c.Rank() != r {
				return fmt.Errorf("%v in the stack of %vs", c, r)
			}
		}
	}
	if p.onCampaign() {
		for _, c := range p.tower {
			if c.Rank() != p.tower[0].Rank() {
				return errors.New("tower of mixed ranks")
			}
		}
	}
	return nil
}

func (s *State) validateBattle() error {
	b := &s.battle
	if s.wait != waitBattlePick {
		return nil
	}
	if b.attacker >= s.cfg.players || b.defender >= s.cfg.players || b.attacker == b.defender || b.k < 1 || b.k > 3 ||
		!isArrangement(b.order[0], s.players[b.attacker].army) || !isArrangement(b.order[1], s.players[b.defender].army) {
		return errors.New("bad battle")
	}
	if b.target != cards.NoCard && (!b.target.Valid() || b.target.IsJoker() || s.players[b.defender].top(b.target.Rank()) != b.target) {
		return errors.New("a battle for a card not on top of the defender's stack")
	}
	for i := range b.order {
		if len(b.picks[i]) > b.k || len(b.order[i]) < b.k || (i == 1 && len(b.picks[0]) < b.k && len(b.picks[1]) > 0) {
			return errors.New("bad battle picks")
		}
		for j, pos := range b.picks[i] {
			if pos >= len(b.order[i]) || slices.Contains(b.picks[i][:j], pos) {
				return errors.New("bad battle pick")
			}
		}
	}
	if len(b.picks[1]) == b.k {
		return errors.New("battle picks complete but unresolved")
	}
	return nil
}

func (s *State) validateFree() error {
	f := &s.free
	if f.card == cards.NoCard {
		if s.wait == waitFreePick || len(f.parts) != 0 {
			return errors.New("waiting for a pick without a free-for-all")
		}
		return nil
	}
	if s.wait != waitFreePick || f.drawer >= s.cfg.players || len(f.parts) < 2 || len(f.order) != len(f.parts) || len(f.picks) >= len(f.parts) {
		return errors.New("bad free-for-all")
	}
	for i, x := range f.parts {
		if x >= s.cfg.players || slices.Contains(f.parts[:i], x) || !isArrangement(f.order[i], s.players[x].army) {
			return errors.New("bad free-for-all participant")
		}
	}
	for i, pos := range f.picks {
		if pos >= len(f.order[f.victim(i)]) {
			return errors.New("bad free-for-all pick")
		}
	}
	if len(f.order[f.victim(len(f.picks))]) == 0 {
		return errors.New("free-for-all pick from an empty army")
	}
	return nil
}
