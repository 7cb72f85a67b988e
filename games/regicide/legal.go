package regicide

import (
	"fmt"
	"math/bits"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// Legal appends seat's legal actions in a stable order: plays by card
// mask, then yield and power; covers by total value, then card count, then
// mask (the cheapest covers first); signals, seats and choices in notation
// order.
func (s *State) Legal(seat int, dst []engine.Action) []engine.Action {
	if !s.mayAct(seat) {
		return dst
	}
	switch s.phase {
	case phasePlay:
		dst = appendPlays(s.hands[seat], dst)
		if s.mayYield() {
			dst = append(dst, encode(kindYield, 0, 0))
		}
	case phaseDiscard:
		dst = appendCovers(s.hands[seat], s.suffer(), dst)
	case phaseSignal:
		for v := sigNothing; v <= sigRatherNot; v++ {
			dst = append(dst, encode(kindSignal, v, 0))
		}
		return dst
	case phaseNext:
		for p := 0; p < s.cfg.players; p++ {
			dst = append(dst, encode(kindNext, uint8(p), 0))
		}
		return dst
	case phaseExact:
		return append(dst, encode(kindExact, exactTavern, 0), encode(kindExact, exactDiscard, 0))
	}
	if s.powersLeft() > 0 {
		dst = append(dst, encode(kindPower, 0, 0))
	}
	return dst
}

// appendPlays appends every legal play from hand (REG-07, REG-21).
func appendPlays(hand set, dst []engine.Action) []engine.Action {
	start := len(dst)
	for m := hand; m != 0; m &= m - 1 {
		c := set(1) << bits.TrailingZeros64(uint64(m))
		dst = append(dst, encode(kindPlay, 0, c))
		if c&aces != 0 {
			for o := hand &^ c &^ jesters; o != 0; o &= o - 1 {
				other := set(1) << bits.TrailingZeros64(uint64(o))
				if other&aces == 0 || other > c {
					dst = append(dst, encode(kindPlay, 0, c|other))
				}
			}
		}
	}
	for r := cards.Rank(2); r <= 5; r++ {
		same := hand & (set(0xf) << (uint(r) << 2))
		for sub := same; sub != 0; sub = (sub - 1) & same {
			if n := sub.len(); n >= 2 && n*int(r) <= 10 {
				dst = append(dst, encode(kindPlay, 0, sub))
			}
		}
	}
	slices.Sort(dst[start:])
	return dst
}

// appendCovers appends every discard that covers attack (REG-17): the empty
// discard alone when attack <= 0, else each subset of hand worth at least
// attack, ordered by value, then card count, then mask.
//
// Subsets are numbered by which of the hand's cards (ascending) they hold;
// among subsets of one hand that number orders like the mask. Listing them
// by size, each size in increasing number (Gosper's hack), then a stable
// counting sort by value gives the order without comparisons.
func appendCovers(hand set, attack int, dst []engine.Action) []engine.Action {
	if attack <= 0 {
		return append(dst, encode(kindDiscard, 0, 0))
	}
	held := hand.cards() // at most 8 cards: the largest hand
	all := 1 << len(held)
	var values [256]int
	for i := 1; i < all; i++ {
		values[i] = values[i&(i-1)] + Value(held[bits.TrailingZeros(uint(i))])
	}
	var found [256]uint8
	var start [8*20 + 2]int // by value: a hand is worth at most 8 Kings
	n := 0
	for k := 1; k <= len(held); k++ {
		for i := 1<<k - 1; i < all; i = nextSameSize(i) {
			if values[i] >= attack {
				found[n] = uint8(i)
				n++
				start[values[i]+1]++
			}
		}
	}
	for v := 1; v < len(start); v++ {
		start[v] += start[v-1]
	}
	var order [256]uint8
	for _, i := range found[:n] {
		order[start[values[i]]] = i
		start[values[i]]++
	}
	for _, i := range order[:n] {
		var m set
		for b := uint(i); b != 0; b &= b - 1 {
			m |= bit(held[bits.TrailingZeros(b)])
		}
		dst = append(dst, encode(kindDiscard, 0, m))
	}
	return dst
}

// nextSameSize returns the next larger integer with as many bits set as i.
func nextSameSize(i int) int {
	low := i & -i
	ripple := i + low
	return ((ripple^i)>>2)/low | ripple
}

// playError says why m is not a legal play from hand (REG-07, REG-18,
// REG-21), or returns nil.
func playError(hand, m set) error {
	if missing := m &^ hand; missing != 0 {
		return notHeld(missing)
	}
	n := m.len()
	switch {
	case n == 1:
		return nil
	case m&jesters != 0:
		return engine.IllegalSay(engine.Say("regicide.refuse.jester-alone"), "regicide: the Jester is played alone")
	case m&aces != 0 && n == 2:
		return nil
	case m&aces != 0:
		return engine.IllegalSay(engine.Say("regicide.refuse.ace-pairs"), "regicide: an Ace pairs with exactly one other card; Aces never join a combo")
	}
	cs := m.cards()
	for _, c := range cs[1:] {
		if c.Rank() != cs[0].Rank() {
			return engine.IllegalSay(engine.Say("regicide.refuse.not-combo", engine.CardsArg("cards", cs)),
				"regicide: %s is neither a combo (one rank) nor an Ace with one card", cards.Format(cs))
		}
	}
	if v := m.value(); v > 10 {
		return engine.IllegalSay(engine.Say("regicide.refuse.combo-total", engine.NumArg("total", v)), "regicide: combo total %d exceeds 10", v)
	}
	return nil
}

// check says why seat may not apply a now, or returns nil.
func (s *State) check(seat int, a engine.Action) error {
	if s.phase == phaseOver {
		return fmt.Errorf("regicide: %w", engine.ErrGameOver)
	}
	if !s.mayAct(seat) {
		return fmt.Errorf("regicide: %w", engine.CheckSeat(seat, s.ToMove(nil)))
	}
	if !wellFormed(a) {
		return engine.Illegal("regicide: %#x is not a Regicide action; %s", uint64(a), validForms)
	}
	k, arg, m := decode(a)
	if !s.phaseAllows(k) {
		return engine.IllegalSay(engine.Say("regicide.refuse.not-now", engine.MsgArg("waiting", engine.Say(waitingIDs[s.phase]))),
			"regicide: %s is not possible now: the game waits for %s", kindWords[k], s.waitingFor())
	}
	switch k {
	case kindPlay:
		return playError(s.hands[seat], m)
	case kindYield:
		return s.yieldError()
	case kindPower:
		if s.powersLeft() == 0 {
			return engine.IllegalSay(engine.Say("regicide.refuse.no-power"), "regicide: no Jester power left (powers exist in solo games only)")
		}
	case kindDiscard:
		return s.discardError(m)
	case kindNext:
		if int(arg) >= s.cfg.players {
			return engine.Illegal("regicide: next %d: pick a seat index from 0 to %d (next 0 is seat 1)", arg, s.cfg.players-1)
		}
	}
	return nil
}

func (s *State) phaseAllows(k kind) bool {
	switch s.phase {
	case phasePlay:
		return k == kindPlay || k == kindYield || k == kindPower
	case phaseDiscard:
		return k == kindDiscard || k == kindPower
	case phaseSignal:
		return k == kindSignal
	case phaseNext:
		return k == kindNext
	}
	return k == kindExact
}

// notHeld refuses cards the player does not hold.
func notHeld(missing set) error {
	return engine.IllegalSay(engine.Say("regicide.refuse.not-held", engine.CardsArg("cards", missing.cards())),
		"regicide: you do not hold %s", cards.Format(missing.cards()))
}

// waitingIDs say what each phase waits for, as waitingFor does in English.
var waitingIDs = map[phase]string{phasePlay: "regicide.waiting.play", phaseDiscard: "regicide.waiting.discard",
	phaseSignal: "regicide.waiting.signal", phaseNext: "regicide.waiting.next", phaseExact: "regicide.waiting.exact"}

func (s *State) waitingFor() string {
	switch s.phase {
	case phasePlay:
		return "a play, yield or power (Step 1)"
	case phaseDiscard:
		return "a discard to suffer the attack (Step 4)"
	case phaseSignal:
		return "signals after the Jester"
	case phaseNext:
		return "the Jester's player to pick who goes next"
	}
	return "the choice where the exactly killed enemy goes"
}

func (s *State) yieldError() error {
	if s.cfg.players == 1 && !s.cfg.soloYield {
		return engine.IllegalSay(engine.Say("regicide.refuse.solo-yield"), "regicide: a solo player may not yield (option solo-yield=true allows it)")
	}
	if s.cfg.players == 1 && s.hands[s.current] == 0 {
		return engine.IllegalSay(engine.Say("regicide.refuse.solo-yield-empty"), "regicide: a solo player may not yield with an empty hand")
	}
	if !s.mayYield() {
		return engine.IllegalSay(engine.Say("regicide.refuse.yield-all"), "regicide: cannot yield: every other player's last turn was a yield")
	}
	return nil
}

func (s *State) discardError(m set) error {
	hand := s.hands[s.current]
	if missing := m &^ hand; missing != 0 {
		return notHeld(missing)
	}
	attack := s.suffer()
	if attack <= 0 && m != 0 {
		return engine.IllegalSay(engine.Say("regicide.refuse.discard-nothing", engine.NumArg("attack", attack)), "regicide: the attack is %d: discard nothing (write discard)", attack)
	}
	if v := m.value(); v < attack {
		return engine.IllegalSay(engine.Say("regicide.refuse.discard-short", engine.NumArg("total", v), engine.NumArg("attack", attack)),
			"regicide: discard total %d does not cover the attack of %d", v, attack)
	}
	return nil
}

// Apply plays a for seat after checking it is legal; an illegal action
// changes nothing.
func (s *State) Apply(seat int, a engine.Action) error {
	if err := s.check(seat, a); err != nil {
		return err
	}
	k, arg, m := decode(a)
	switch k {
	case kindPlay:
		s.play(m)
	case kindYield:
		s.yield()
	case kindPower:
		s.usePower()
	case kindDiscard:
		s.discardCover(m)
	case kindSignal:
		s.signal(seat, arg)
	case kindNext:
		s.clearSignals()
		s.startTurn(int(arg))
	case kindExact:
		s.defeat(arg == exactTavern)
	}
	return nil
}
