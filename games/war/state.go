package war

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// State is a War position. It implements engine.State and
// engine.CardHolder.
type State struct {
	opts engine.Options
	// optsText is opts.String(), kept for MarshalBinary.
	optsText string
	play
}

var (
	_ engine.State      = (*State)(nil)
	_ engine.CardHolder = (*State)(nil)
)

// Game returns War.
func (s *State) Game() engine.Game { return Game{} }

// Options returns the options the game was made with.
func (s *State) Options() engine.Options { return s.opts }

// NumSeats returns the number of players.
func (s *State) NumSeats() int { return s.r.seats }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// toMove is the set of seats that may act now.
func (s *State) toMove() uint8 {
	switch s.phase {
	case phaseFlip:
		return s.pending
	case phaseSlap:
		return s.window.eligible &^ s.window.answered
	}
	return 0
}

// ToMove appends the seats that still have to flip, or that still have to
// answer an open slap window.
func (s *State) ToMove(dst []int) []int {
	return appendSeats(dst, s.toMove())
}

func appendSeats(dst []int, set uint8) []int {
	for ; set != 0; set &= set - 1 {
		dst = append(dst, bits.TrailingZeros8(set))
	}
	return dst
}

// canFalseSlap reports whether seat may slap while no slap card shows.
func (s *State) canFalseSlap(seat int) bool {
	return s.r.slap != 0 && (s.locked|s.falseSlapped)&bit(seat) == 0
}

// Legal appends seat's legal actions: flip (and slap in Slap War) while it
// has to flip; slap@0 and pass in a slap window.
func (s *State) Legal(seat int, dst []engine.Action) []engine.Action {
	if seat < 0 || seat >= s.r.seats || s.toMove()&bit(seat) == 0 {
		return dst
	}
	if s.phase == phaseSlap {
		return append(dst, Slap(0), Pass)
	}
	dst = append(dst, Flip)
	if s.canFalseSlap(seat) {
		dst = append(dst, Slap(0))
	}
	return dst
}

// Apply plays a for seat, or returns an error saying why it may not and
// leaves the state unchanged.
func (s *State) Apply(seat int, a engine.Action) error {
	kind, ms, err := s.check(seat, a)
	if err != nil {
		return err
	}
	switch {
	case s.phase == phaseSlap:
		w := &s.window
		w.answered |= bit(seat)
		if kind == kindSlap {
			w.slapped |= bit(seat)
			w.ms[seat] = uint16(ms)
		}
		if w.answered == w.eligible {
			s.closeWindow()
		}
	case kind == kindFlip:
		s.flip(seat)
	default:
		s.count.falseSlaps++
		s.falseSlapped |= bit(seat)
		if s.r.lockout {
			s.locked |= bit(seat)
		}
	}
	return nil
}

// check validates an action for seat and decodes it.
func (s *State) check(seat int, a engine.Action) (kind, ms int, err error) {
	if s.phase == phaseOver {
		return 0, 0, fmt.Errorf("war: %w: %s", engine.ErrGameOver, s.Result().Detail)
	}
	if seat < 0 || seat >= s.r.seats {
		return 0, 0, fmt.Errorf("war: %w: there is no seat %d in a %d-player game", engine.ErrNotYourTurn, seat+1, s.r.seats)
	}
	kind, ms, ok := decode(a)
	if !ok {
		return 0, 0, fmt.Errorf("war: %w: %d is not a War action (%s)", engine.ErrIllegal, uint64(a), notationHelp)
	}
	if s.toMove()&bit(seat) == 0 {
		return 0, 0, fmt.Errorf("war: %w: seat %d has nothing to do now (to move: %s)", engine.ErrNotYourTurn, seat+1, engine.SeatList(s.ToMove(nil)))
	}
	illegal := func(why string, args ...any) (int, int, error) {
		return 0, 0, fmt.Errorf("war: %w: seat %d cannot %s: %s", engine.ErrIllegal, seat+1, s.ActionString(a), fmt.Sprintf(why, args...))
	}
	switch {
	case s.phase == phaseSlap && kind == kindFlip:
		return illegal("a slap window is open; answer slap@MS or pass")
	case s.phase == phaseSlap && kind == kindSlap && ms >= s.r.windowMS:
		return illegal("the slap window is %d ms long; slap@MS needs MS from 0 to %d", s.r.windowMS, s.r.windowMS-1)
	case s.phase == phaseFlip && kind == kindPass:
		return illegal("no slap window is open; flip")
	case s.phase == phaseFlip && kind == kindSlap && s.r.slap == 0:
		return illegal("Slap War is off (option slap); flip")
	case s.phase == phaseFlip && kind == kindSlap && s.locked&bit(seat) != 0:
		return illegal("it false-slapped and is locked out until the next reveal has passed; flip")
	case s.phase == phaseFlip && kind == kindSlap && s.falseSlapped&bit(seat) != 0:
		return illegal("it already false-slapped in this flip phase; flip")
	}
	return kind, ms, nil
}

// Returns gives zero-sum returns: n-1 to the winner and -1 to every other
// seat; all zero on a draw and before the end.
func (s *State) Returns() []float64 {
	if s.end != endWin {
		return engine.Draw(s.r.seats)
	}
	return engine.WinReturns(s.r.seats, []int{int(s.winner)})
}

// Result describes the outcome; Length counts battles.
func (s *State) Result() engine.Result {
	r := engine.Result{Winners: []int{}, Returns: s.Returns(), Length: s.count.battles}
	if s.phase != phaseOver {
		return r
	}
	r.Over = true
	r.End = endReasons[s.end-1]
	switch s.end {
	case endWin:
		r.Winners = []int{int(s.winner)}
		r.Detail = fmt.Sprintf("seat %d holds all 52 cards after %d battles", s.winner+1, s.count.battles)
		r.DetailI18n = engine.Say("war.end.won", engine.SeatArg("seat", int(s.winner)), engine.CountArg(s.count.battles))
	case endDraw:
		r.Detail = fmt.Sprintf("every player left in the war ran out of cards in battle %d: a draw", s.count.battles)
		r.DetailI18n = engine.Say("war.end.draw", engine.NumArg("battle", s.count.battles))
	case endRepetition:
		r.Detail = fmt.Sprintf("the position after battle %d repeats an earlier one, so the game would loop forever: a draw", s.count.battles)
		r.DetailI18n = engine.Say("war.end.repetition", engine.NumArg("battle", s.count.battles))
	case endCap:
		r.Detail = fmt.Sprintf("no winner within the cap of %d battles: a draw", s.r.maxBattles)
		r.DetailI18n = engine.Say("war.end.cap", engine.CountArg(s.r.maxBattles))
	}
	return r
}

// Clone returns a deep copy.
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// AllCards lists every card the game holds (piles and table), sorted, so
// that the list says nothing about where any card is.
func (s *State) AllCards() []cards.Card {
	out := make([]cards.Card, 0, 52)
	for seat := 0; seat < s.r.seats; seat++ {
		for i := range int(s.piles[seat].n) {
			out = append(out, s.piles[seat].at(i))
		}
	}
	for seat := 0; seat < s.r.seats; seat++ {
		out = append(out, s.table[seat].cards[:s.table[seat].n]...)
	}
	slices.Sort(out)
	return out
}

// Determinize returns a state seat cannot tell from s: every card nobody
// can see (the piles' contents and order, face-down cards on the table) is
// re-dealt at random keeping every size, the generator is reseeded, the
// other seats' hidden answers in an open slap window become passes, and
// the position kept for repetition detection is re-drawn.
func (s *State) Determinize(seat int, rng *rand.Rand) engine.State {
	c := *s
	var pool []cards.Card
	c.eachHidden(func(card *cards.Card) { pool = append(pool, *card) })
	slices.Sort(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	k := 0
	c.eachHidden(func(card *cards.Card) { *card = pool[k]; k++ })
	c.rng = cards.NewRNG(rng.Uint64())
	for other := 0; other < c.r.seats; other++ {
		if other != seat {
			c.window.slapped &^= bit(other)
			c.window.ms[other] = 0
		}
	}
	if c.r.repetitionApplies() {
		saved := standardDeck
		rng.Shuffle(len(saved), func(i, j int) { saved[i], saved[j] = saved[j], saved[i] })
		c.cycle.saved = saved
		c.cycle.rings, c.cycle.inRings = [3][64]cards.Card{}, false
	}
	return &c
}

// eachHidden visits every card nobody can see, in a fixed order of places.
func (p *play) eachHidden(visit func(*cards.Card)) {
	for seat := 0; seat < p.r.seats; seat++ {
		pl := &p.piles[seat]
		for i := range int(pl.n) {
			visit(&pl.buf[(int(pl.head)+i)&63])
		}
		st := &p.table[seat]
		for i := uint8(0); i < st.n; i++ {
			if st.up&(1<<i) == 0 {
				visit(&st.cards[i])
			}
		}
	}
}
