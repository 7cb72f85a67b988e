package regicide

import (
	"math/bits"

	"cardtable/cards"
	"cardtable/engine"
)

// phase is the step a game waits in.
type phase uint8

const (
	// phasePlay: Step 1, the current player plays or yields (REG-07).
	phasePlay phase = iota
	// phaseDiscard: Step 4, the current player discards to suffer the attack.
	phaseDiscard
	// phaseSignal: after a Jester, the other players signal (REG-20).
	phaseSignal
	// phaseNext: the Jester's player picks who goes next (REG-18).
	phaseNext
	// phaseExact: exact-kill=optional, the killer chooses where the enemy goes.
	phaseExact
	// phaseOver: the game has ended.
	phaseOver
)

var phaseNames = [...]string{"play", "discard", "signal", "next", "exact", "over"}

func (p phase) String() string { return phaseNames[p] }

// Signal values (REG-20); sigNone means the seat has not signalled yet.
const (
	sigPending uint8 = iota
	sigNothing
	sigGood
	sigRatherNot
)

var signalNames = [...]string{"", "none", "good", "rather-not"}

// End reasons, indexing EndReasons; endLostTo+i is "lost to" the i-th enemy
// in enemyOrder.
const (
	endNone = iota
	endWon
	endStuck
	endLostTo
)

// State is one position of Regicide. It is a plain value without pointers
// (apart from the immutable options), so copying it is a deep clone.
type State struct {
	opts engine.Options
	cfg  config
	rng  cards.RNG

	castle  [12]cards.Card // bottom first; castle[nCastle-1] is the enemy
	nCastle uint8
	tavern  [54]cards.Card // bottom first; tavern[nTavern-1] is the top
	nTavern uint8
	// knownTop counts the enemies known to sit on top of the Tavern (exact
	// kills, REG-15); recycled counts the Tavern's bottom cards put there by
	// Hearts, all from recycledSet: the cards Hearts returned to the Tavern
	// that nobody has seen face up since.
	knownTop    uint8
	recycled    uint8
	recycledSet set
	// For each card of recycledSet: layerOf, the Hearts play that put it
	// under the Tavern (a small id, public: its layer's cards are known),
	// and drawnBy, the seat that drew it plus one (0 while in the Tavern).
	// Who drew how many of a layer is public; which cards, only the drawer
	// knows.
	layerOf [64]uint8
	drawnBy [64]uint8

	hands [4]set
	// shown holds the cards of each hand that everyone knows: enemies drawn
	// from the known top of the Tavern (REG-22).
	shown   [4]set
	table   set
	discard set
	// powers are the solo Jesters set aside (REG-30); powersUsed of them are
	// flipped.
	powers     set
	powersUsed uint8

	damage     int16
	shield     int16 // Spades shields that act (REG-13)
	heldShield int16 // Spades blocked by immunity until a Jester (REG-19)
	jestered   bool  // a Jester cancelled the enemy's immunity (REG-18)

	phase   phase
	current uint8
	signals [4]uint8
	yielded [4]bool // whether each seat's most recent turn was a yield

	turns, yields, jestersPlayed uint16
	defeated                     uint8
	end                          uint8
	lostTo                       cards.Card

	// Heal tracking, for the puzzle maker only (puzzle.go): off unless
	// TrackHeals turned it on; fresh counts the cards at the Tavern's
	// bottom that Hearts put there since, freshDrawn whether one of them
	// was drawn.
	trackHeals, freshDrawn bool
	fresh                  uint8
}

var _ interface {
	engine.State
	engine.CardHolder
	engine.Hinter
} = (*State)(nil)

// Game returns Game{}.
func (s *State) Game() engine.Game { return Game{} }

// Options returns the options the game was made with.
func (s *State) Options() engine.Options { return s.opts }

// NumSeats returns the number of players.
func (s *State) NumSeats() int { return s.cfg.players }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// Clone returns a deep copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// ToMove appends the seats that may act: the current player, or in a
// signal window every player who has not signalled yet.
func (s *State) ToMove(dst []int) []int {
	switch s.phase {
	case phaseOver:
		return dst
	case phaseSignal:
		for seat := 0; seat < s.cfg.players; seat++ {
			if seat != int(s.current) && s.signals[seat] == sigPending {
				dst = append(dst, seat)
			}
		}
		return dst
	}
	return append(dst, int(s.current))
}

func (s *State) mayAct(seat int) bool {
	switch s.phase {
	case phaseOver:
		return false
	case phaseSignal:
		return seat >= 0 && seat < s.cfg.players && seat != int(s.current) && s.signals[seat] == sigPending
	}
	return seat == int(s.current)
}

// AllCards lists every card of the game wherever it is.
func (s *State) AllCards() []cards.Card {
	out := make([]cards.Card, 0, 54)
	out = append(out, s.castle[:s.nCastle]...)
	out = append(out, s.tavern[:s.nTavern]...)
	rest := s.table | s.discard | s.powers
	for _, h := range s.hands[:s.cfg.players] {
		rest |= h
	}
	return append(out, rest.cards()...)
}

// enemy returns the current enemy (NoCard once the Castle is empty).
func (s *State) enemy() cards.Card {
	if s.nCastle == 0 {
		return cards.NoCard
	}
	return s.castle[s.nCastle-1]
}

// immuneSuit returns the suit bit whose power the enemy ignores (REG-14),
// or 0.
func (s *State) immuneSuit() uint8 {
	if !s.cfg.immunity || s.jestered || s.nCastle == 0 {
		return 0
	}
	return 1 << s.enemy().Suit()
}

// suffer is the attack the current player must cover in Step 4 (REG-17).
func (s *State) suffer() int {
	return Value(s.enemy()) - int(s.shield)
}

// powersLeft is the number of unused solo Jester powers.
func (s *State) powersLeft() int { return s.powers.len() - int(s.powersUsed) }

// mayYield applies REG-08 to the current player. With solo-yield a solo
// player may yield unless the hand is empty: that yield could repeat the
// same position forever (an empty hand against a fully shielded enemy).
func (s *State) mayYield() bool {
	if s.cfg.players == 1 {
		return s.cfg.soloYield && s.hands[s.current] != 0
	}
	for seat := 0; seat < s.cfg.players; seat++ {
		if seat != int(s.current) && !s.yielded[seat] {
			return true
		}
	}
	return false
}

// startTurn begins seat's Step 1, or ends the game if seat has no legal
// action there (REG-25).
func (s *State) startTurn(seat int) {
	s.current = uint8(seat)
	s.phase = phasePlay
	if s.hands[seat] == 0 && !s.mayYield() && s.powersLeft() == 0 {
		s.finish(endStuck)
	}
}

// startStep4 makes the current player suffer the enemy's attack, or ends
// the game if they cannot (REG-17, REG-25).
func (s *State) startStep4() {
	s.phase = phaseDiscard
	if s.hands[s.current].value() < s.suffer() && s.powersLeft() == 0 {
		s.finish(endLostTo)
	}
}

// finish ends the game.
func (s *State) finish(end uint8) {
	s.phase = phaseOver
	s.end = end
	if end != endWon {
		s.lostTo = s.enemy()
	}
}

// drawOne moves the Tavern's top card to seat's hand.
func (s *State) drawOne(seat int) {
	s.nTavern--
	c := s.tavern[s.nTavern]
	s.hands[seat] |= bit(c)
	if s.fresh > s.nTavern {
		s.fresh, s.freshDrawn = s.nTavern, true
	}
	if s.knownTop > 0 {
		s.knownTop--
		s.shown[seat] |= bit(c)
	} else if s.recycled > s.nTavern {
		s.recycled = s.nTavern
		s.drawnBy[c] = uint8(seat) + 1
	}
}

// reveal records that cards went face up: nobody has them hidden any more.
func (s *State) reveal(m set) {
	for r := s.recycledSet & m; r != 0; r &= r - 1 {
		c := bits.TrailingZeros64(uint64(r))
		s.layerOf[c], s.drawnBy[c] = 0, 0
	}
	s.recycledSet &^= m
	for i := range s.shown {
		s.shown[i] &^= m
	}
}

// leaveHand moves cards from the current hand to the table or discard.
func (s *State) leaveHand(m set) {
	s.hands[s.current] &^= m
	s.reveal(m)
}
