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
	case s.dealer >= n || s.first != (s.dealer+1)%n || s.turn >= n || s.giver >= n:
		return errors.New("seat out of range")
	case s.phase > phaseOver || s.wait > waitGive || s.end > endRoundCap:
		return errors.New("phase out of range")
	case (s.phase == phaseOver) != (s.wait == waitNone):
		return errors.New("the waiting decision does not match the phase")
	}
	for i := range s.all() {
		if err := s.players[i].validate(); err != nil {
			return fmt.Errorf("seat %d: %w", i+1, err)
		}
	}
	for _, t := range s.agenda {
		if err := s.validateTask(t); err != nil {
			return err
		}
	}
	for _, t := range s.tryCounts() {
		if int(t.attacker) >= n || t.attacker < -1 || t.n > 3 || !t.card.Valid() || s.fortressOf(t.card) < 0 {
			return errors.New("bad try count")
		}
	}
	for _, w := range s.winnerSeats() {
		if w >= n {
			return errors.New("winner out of range")
		}
	}
	if s.wait == waitGive && (s.owed < 1 || s.players[s.giver].armySize() < s.owed) {
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
		if s.aside.index(t.card) < 0 {
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
	held := p.held
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
		!isArrangement(b.order[0].all(), s.players[b.attacker].army.all()) || !isArrangement(b.order[1].all(), s.players[b.defender].army.all()) {
		return errors.New("bad battle")
	}
	if b.target != cards.NoCard && (!b.target.Valid() || b.target.IsJoker() || s.players[b.defender].top(b.target.Rank()) != b.target) {
		return errors.New("a battle for a card not on top of the defender's stack")
	}
	for i := range b.order {
		picks := b.picks[i].pos[:b.picks[i].n]
		if len(picks) > b.k || b.order[i].len() < b.k || (i == 1 && b.picks[0].len() < b.k && len(picks) > 0) {
			return errors.New("bad battle picks")
		}
		for j, pos := range picks {
			if int(pos) >= b.order[i].len() || slices.Contains(picks[:j], pos) {
				return errors.New("bad battle pick")
			}
		}
	}
	if b.picks[1].len() == b.k {
		return errors.New("battle picks complete but unresolved")
	}
	return nil
}

func (s *State) validateFree() error {
	f := &s.free
	if f.card == cards.NoCard {
		if s.wait == waitFreePick || f.parts.n != 0 {
			return errors.New("waiting for a pick without a free-for-all")
		}
		return nil
	}
	if s.wait != waitFreePick || f.drawer >= s.cfg.players || f.parts.n < 2 || f.picks.len() >= f.parts.n {
		return errors.New("bad free-for-all")
	}
	for i, x := range f.parts.all() {
		if x >= s.cfg.players || slices.Contains(f.parts.s[:i], x) || !isArrangement(f.order[i].all(), s.players[x].army.all()) {
			return errors.New("bad free-for-all participant")
		}
	}
	for i, pos := range f.picks.pos[:f.picks.n] {
		if int(pos) >= f.order[f.victim(i)].len() {
			return errors.New("bad free-for-all pick")
		}
	}
	if f.order[f.victim(f.picks.len())].len() == 0 {
		return errors.New("free-for-all pick from an empty army")
	}
	return nil
}
