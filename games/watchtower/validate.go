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
	if err := cards.CheckPermutation(s.AllCards(), cards.Standard52()); err != nil {
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
		if t.kind < taskDraw || t.kind > taskCampaignChecks || int(t.seat) >= n || t.seat < 0 || t.n < 0 || t.n > 4 {
			return errors.New("bad pending step")
		}
	}
	for _, t := range s.tries {
		if int(t.attacker) >= n || t.attacker < -1 || t.n > 3 {
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

func (p *player) validate() error {
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
	if b.attacker >= s.cfg.players || b.defender >= s.cfg.players || b.k < 1 || b.k > 3 {
		return errors.New("bad battle")
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
		if s.wait == waitFreePick || f.parts != nil {
			return errors.New("waiting for a pick without a free-for-all")
		}
		return nil
	}
	if s.wait != waitFreePick || f.drawer >= s.cfg.players || len(f.parts) < 2 || len(f.order) != len(f.parts) || len(f.picks) >= len(f.parts) {
		return errors.New("bad free-for-all")
	}
	for _, x := range f.parts {
		if x >= s.cfg.players {
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
