package regicide

import (
	"math/bits"

	"cardtable/cards"
)

// Suit bits, as returned by set.suits.
const (
	clubsBit    = 1 << cards.Clubs
	diamondsBit = 1 << cards.Diamonds
	heartsBit   = 1 << cards.Hearts
	spadesBit   = 1 << cards.Spades
)

// play resolves Steps 1–3 of a play of m by the current player, then
// Step 4 or the defeat (REG-07..REG-16).
func (s *State) play(m set) {
	s.leaveHand(m)
	s.table |= m
	s.yielded[s.current] = false
	s.turns++
	if m&jesters != 0 {
		s.playJester()
		return
	}
	n := m.value()
	suits := m.suits()
	acting := suits &^ s.immuneSuit()
	if acting&heartsBit != 0 {
		s.heal(n)
	}
	if acting&diamondsBit != 0 {
		s.drawRound(n)
	}
	if acting&spadesBit != 0 {
		s.shield += int16(n)
	} else if suits&spadesBit != 0 {
		s.heldShield += int16(n)
	}
	if acting&clubsBit != 0 {
		n *= 2
	}
	s.damage += int16(n)
	switch h := int16(health(s.enemy())); {
	case s.damage < h:
		s.startStep4()
	case s.damage == h && s.cfg.exactOptional:
		s.phase = phaseExact
	default:
		s.defeat(s.damage == h)
	}
}

// playJester cancels the enemy's immunity, lets Spades blocked so far act
// (REG-19) and opens the go-next choice (REG-18, REG-20).
func (s *State) playJester() {
	s.jestersPlayed++
	s.jestered = true
	s.shield += s.heldShield
	s.heldShield = 0
	s.clearSignals()
	s.phase = phaseNext
	if s.cfg.players > 1 {
		s.phase = phaseSignal
	}
}

func (s *State) clearSignals() { s.signals = [4]uint8{} }

// signal records seat's go-next signal; the last one opens the choice.
func (s *State) signal(seat int, v uint8) {
	s.signals[seat] = v
	for p := 0; p < s.cfg.players; p++ {
		if p != int(s.current) && s.signals[p] == sigPending {
			return
		}
	}
	s.phase = phaseNext
}

// heal shuffles the discard pile and puts n of its cards (all if fewer) at
// the bottom of the Tavern (REG-10).
func (s *State) heal(n int) {
	var buf [54]cards.Card
	pile := append(buf[:0], s.discard.cards()...)
	s.rng.Shuffle(pile)
	n = min(n, len(pile))
	back := pile[:n]
	copy(s.tavern[n:], s.tavern[:s.nTavern])
	copy(s.tavern[:n], back)
	s.nTavern += uint8(n)
	s.recycled += uint8(n)
	if s.trackHeals {
		s.fresh += uint8(n)
	}
	layer := s.freeLayer()
	for _, c := range back {
		s.layerOf[c] = layer
	}
	s.recycledSet |= setOf(back)
	s.discard &^= setOf(back)
}

// freeLayer returns the smallest layer id no recycled card carries (ids
// stay below 64 since at most 54 cards are recycled).
func (s *State) freeLayer() uint8 {
	var used uint64
	for r := s.recycledSet; r != 0; r &= r - 1 {
		used |= 1 << s.layerOf[bits.TrailingZeros64(uint64(r))]
	}
	return uint8(bits.TrailingZeros64(^(used | 1)))
}

// drawRound draws n cards for Diamonds: the current player first, then the
// others in turn, skipping full hands (REG-11).
func (s *State) drawRound(n int) {
	limit := maxHand[s.cfg.players]
	seat, skipped := int(s.current), 0
	for drawn := 0; drawn < n && s.nTavern > 0 && skipped < s.cfg.players; seat = (seat + 1) % s.cfg.players {
		if s.hands[seat].len() >= limit {
			skipped++
			continue
		}
		s.drawOne(seat)
		drawn++
		skipped = 0
	}
}

// defeat removes the current enemy (to the Tavern's top when toTavern),
// discards the table and gives the killer a new turn (REG-15, REG-16), or
// ends the game after the last King (REG-24).
func (s *State) defeat(toTavern bool) {
	e := s.enemy()
	s.nCastle--
	s.defeated++
	s.discard |= s.table
	s.table = 0
	if toTavern {
		s.tavern[s.nTavern] = e
		s.nTavern++
		s.knownTop++
	} else {
		s.discard |= bit(e)
	}
	s.damage, s.shield, s.heldShield, s.jestered = 0, 0, 0, false
	if s.nCastle == 0 {
		s.finish(endWon)
		return
	}
	s.startTurn(int(s.current))
}

// yield skips to Step 4 (REG-08).
func (s *State) yield() {
	s.yielded[s.current] = true
	s.yields++
	s.turns++
	s.startStep4()
}

// discardCover discards m to suffer the attack and passes the turn
// (REG-17).
func (s *State) discardCover(m set) {
	s.leaveHand(m)
	s.discard |= m
	s.startTurn((int(s.current) + 1) % s.cfg.players)
}

// usePower flips a solo Jester power: the hand is discarded and the player
// draws back to 8 (REG-30). The step is unchanged.
func (s *State) usePower() {
	s.powersUsed++
	s.discardHand()
	for s.hands[s.current].len() < maxHand[1] && s.nTavern > 0 {
		s.drawOne(int(s.current))
	}
	if s.phase == phasePlay {
		s.startTurn(int(s.current))
	} else {
		s.startStep4()
	}
}

// discardHand discards the whole current hand.
func (s *State) discardHand() {
	m := s.hands[s.current]
	s.leaveHand(m)
	s.discard |= m
}
