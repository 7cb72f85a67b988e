package watchtower

import (
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// phase is the stage of the game.
type phase uint8

const (
	phaseSetup phase = iota
	phasePlay
	phaseOver
)

// waitKind is the decision the state waits for.
type waitKind uint8

const (
	// waitNone: automatic steps are running (never seen between actions).
	waitNone waitKind = iota
	// waitTurn: the seat in turn plays its (setup) turn.
	waitTurn
	// waitBattlePick: a battle picker chooses a position.
	waitBattlePick
	// waitFreePick: a free-for-all participant chooses a position.
	waitFreePick
	// waitGive: a giver chooses a card for the empty barracks.
	waitGive
)

// numRanks bounds arrays indexed by rank (2..14).
const numRanks = int(cards.Ace) + 1

// player is one seat's cards and status.
type player struct {
	// army is the hidden hand, in the order its cards arrived.
	army []cards.Card
	// won marks army cards taken from an opponent (WT-11); seen marks army
	// cards every seat watched arrive and has not since lost track of.
	// Both are sets of cards indexed by the card's byte value.
	won, seen uint64
	// fort holds the fortress: one stack per rank, bottom first.
	fort  [numRanks][4]cards.Card
	fortN [numRanks]uint8
	// stacks[j] has bit r set while the stack of rank r holds more than j
	// cards: stacks[0] the non-empty stacks, stacks[1] those of 2 or more
	// (kept by toFortress, takeTop, complete and syncRanks).
	stacks [4]uint16
	// tower is the tower area of a completed watchtower, bottom first; it is
	// empty (NoCard) unless the player is on campaign.
	tower [4]cards.Card
	out   bool
	// row is the player's showdown row; tricks its score.
	row    []cards.Card
	tricks int
}

func bit(c cards.Card) uint64 { return 1 << (c & 63) }

// syncRanks sets the stacks masks from the stacks.
func (p *player) syncRanks() {
	p.stacks = [4]uint16{}
	for r, n := range p.fortN {
		for j := 0; j < int(n) && j < 4; j++ {
			p.stacks[j] |= 1 << r
		}
	}
}

func (p *player) onCampaign() bool { return p.tower[0] != cards.NoCard }

// fortressSize is the number of cards in the fortress.
func (p *player) fortressSize() int {
	n := 0
	for _, k := range p.fortN {
		n += int(k)
	}
	return n
}

// top returns the top card of the stack of rank r (NoCard if none).
func (p *player) top(r cards.Rank) cards.Card {
	if r < cards.Two || r > cards.Ace || p.fortN[r] == 0 {
		return cards.NoCard
	}
	return p.fort[r][p.fortN[r]-1]
}

func (p *player) armyIndex(c cards.Card) int { return slices.Index(p.army, c) }

// task is one automatic step waiting to run (see agenda.go).
type task struct {
	kind  taskKind
	seat  int8
	n     int8
	flag  bool
	retry bool
	card  cards.Card
}

// tryCount counts the failed challenges of one fortress card (WT-13);
// attacker is -1 when tries are counted per card.
type tryCount struct {
	card     cards.Card
	attacker int8
	n        uint8
}

// State is a Watchtower position. It implements engine.State and
// engine.CardHolder.
type State struct {
	cfg  config
	opts engine.Options
	rng  cards.RNG

	// barracks is the draw pile, top first; known[i] holds one bit per
	// seat that knows which card lies at position i (all bits: public).
	barracks []cards.Card
	known    []uint8

	players []player
	phase   phase
	dealer  int
	first   int
	turn    int
	rounds  int
	turns   int

	burnUsed      bool
	challengeUsed bool

	wait   waitKind
	agenda []task
	// aside holds cards set aside between steps: a burned card waiting for
	// its owner's draw, a card that lost its third try waiting for the
	// replacement (both public).
	aside []cards.Card

	battle battle
	free   freeForAll
	// giver and owed: the seat choosing cards for an empty barracks.
	giver, owed int

	tries []tryCount
	// events are what the action being applied set off; evData and
	// evSaid hold their list and finished arguments (see event).
	events []event
	evData []byte
	evSaid []said

	end     endReason
	winners []int
	detail  said
	stats   [numMetrics]int

	// mem is the storage the slices above start in (nil for a state built
	// field by field, which then allocates as it grows); see arena.
	mem *arena
}

var _ engine.State = (*State)(nil)
var _ engine.CardHolder = (*State)(nil)

// Game implements engine.State.
func (s *State) Game() engine.Game { return Game{} }

// Options implements engine.State.
func (s *State) Options() engine.Options { return s.opts }

// NumSeats implements engine.State.
func (s *State) NumSeats() int { return s.cfg.players }

// Terminal implements engine.State.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// ToMove implements engine.State.
func (s *State) ToMove(dst []int) []int {
	if s.phase == phaseOver {
		return dst
	}
	return append(dst, s.mover())
}

// mover is the seat whose decision the state waits for.
func (s *State) mover() int {
	switch s.wait {
	case waitBattlePick:
		return s.battle.picker()
	case waitFreePick:
		return s.free.picker()
	case waitGive:
		return s.giver
	}
	return s.turn
}

// Returns implements engine.State.
func (s *State) Returns() []float64 {
	if s.phase != phaseOver {
		return engine.Draw(s.cfg.players)
	}
	return engine.WinReturns(s.cfg.players, s.winners)
}

// Result implements engine.State.
func (s *State) Result() engine.Result {
	r := engine.Result{Returns: s.Returns(), Length: s.turns, Winners: []int{}}
	if s.phase == phaseOver {
		r.Over = true
		r.End = endNames[s.end]
		r.Winners = append(r.Winners, s.winners...)
		r.Detail, r.DetailI18n = s.detail.text, s.detail.msg
	}
	return r
}

// AllCards implements engine.CardHolder. The cards are sorted, so the list
// tells nothing about where any card is.
func (s *State) AllCards() []cards.Card {
	out := make([]cards.Card, 0, 52)
	out = append(out, s.barracks...)
	out = append(out, s.aside...)
	if s.free.card != cards.NoCard {
		out = append(out, s.free.card)
	}
	for i := range s.players {
		p := &s.players[i]
		out = append(out, p.army...)
		out = append(out, p.row...)
		for r := range p.fort {
			out = append(out, p.fort[r][:p.fortN[r]]...)
		}
		for _, c := range p.tower {
			if c != cards.NoCard {
				out = append(out, c)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Clone implements engine.State.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := newState()
	c.copyFrom(s)
	return c
}

// deal sets up the table from deck (top first) per WT-02 and runs the
// automatic steps up to the first player's setup turn. s must come from
// newState: its slices start in its arena.
func (s *State) deal(deck []cards.Card) {
	n := s.cfg.players
	m := s.mem
	s.players = m.players[:n]
	for i := range s.players {
		s.players[i].army, s.players[i].row = m.army[i][:0], m.row[i][:0]
	}
	s.agenda, s.aside, s.tries, s.winners = m.agenda[:0], m.aside[:0], m.tries[:0], m.winners[:0]
	s.events, s.evData, s.evSaid = m.events[:0], m.evData[:0], m.evSaid[:0]
	for i := range s.battle.order {
		s.battle.order[i], s.battle.picks[i] = m.order[i][:0], m.picks[i][:0]
	}
	s.free.parts, s.free.order, s.free.picks = m.parts[:0], m.forders[:0], m.fpicks[:0]
	s.first = (s.dealer + 1) % n
	i := 0
	for round := 0; round < 4; round++ {
		for k := 0; k < n; k++ {
			s.toFortress(s.seatFrom(s.first, k), deck[i])
			i++
		}
	}
	for round := 0; round < 4; round++ {
		for k := 0; k < n; k++ {
			seat := s.seatFrom(s.first, k)
			s.players[seat].army = append(s.players[seat].army, deck[i])
			i++
		}
	}
	s.barracks = append(m.barracks[:0], deck[i:]...)
	s.known = m.known[:len(s.barracks)]
	s.logf(evDeal, seatArg(s.dealer), seatArg(s.first))
	s.beginSetup(s.first)
	s.run()
}

// seatFrom returns the seat k places after from, going up the seats.
func (s *State) seatFrom(from, k int) int { return (from + k) % s.cfg.players }

// order returns the seats still in, in seat order starting at from.
func (s *State) order(from int) []int {
	out := make([]int, 0, s.cfg.players)
	for k := 0; k < s.cfg.players; k++ {
		if seat := s.seatFrom(from, k); !s.players[seat].out {
			out = append(out, seat)
		}
	}
	return out
}

// nextIn returns the next seat still in after seat.
func (s *State) nextIn(seat int) int {
	for k := 1; k <= s.cfg.players; k++ {
		if next := s.seatFrom(seat, k); !s.players[next].out {
			return next
		}
	}
	return seat
}

// playersIn counts the players still in.
func (s *State) playersIn() int {
	n := 0
	for i := range s.players {
		if !s.players[i].out {
			n++
		}
	}
	return n
}
