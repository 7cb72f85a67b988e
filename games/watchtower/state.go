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
	// army is the hidden hand, in the order its cards arrived; held is the
	// same cards as a set (bit(c)), for membership and listing in order.
	// noArmy is set after an elimination or the showdown rows, when the
	// owner is shown no army at all, until a card arrives.
	army   cardList
	held   uint64
	noArmy bool
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
	row    cardList
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

// holds reports whether c is in the army.
func (p *player) holds(c cards.Card) bool { return p.held&bit(c) != 0 }

// armySize is the number of army cards.
func (p *player) armySize() int { return int(p.army.n) }

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

// maxTries bounds the try counts kept at once: one per fortress card and
// attacker (per card: one per fortress card), and a card's count is
// dropped when it leaves the fortress.
const maxTries = 52 * (engine.MaxSeats - 1)

// State is a Watchtower position. It implements engine.State and
// engine.CardHolder.
//
// Everything but the agenda and the events is held in the state itself
// (fixed arrays, no slices), so a copy is an assignment plus those few
// buffers (copyFrom).
type State struct {
	cfg  config
	opts engine.Options
	rng  cards.RNG

	// barracks is the draw pile, top first, with who knows each position
	// (one bit per seat; everyone: public).
	barracks pile

	// players are the seats' cards and status: players[:cfg.players]
	// (see all).
	players [engine.MaxSeats]player
	phase   phase
	dealer  int
	first   int
	turn    int
	rounds  int
	turns   int

	burnUsed      bool
	challengeUsed bool

	wait waitKind
	// agenda is the pending automatic steps as a stack: the next step is
	// the last (see agenda.go).
	agenda []task
	// aside holds cards set aside between steps: a burned card waiting for
	// its owner's draw, a card that lost its third try waiting for the
	// replacement (both public).
	aside cardList

	battle battle
	free   freeForAll
	// giver and owed: the seat choosing cards for an empty barracks.
	giver, owed int

	tries  [maxTries]tryCount
	ntries uint8
	// tried holds every card with a try count (bit(c)), so that a card
	// leaving a fortress looks for its counts only when it has some.
	tried uint64
	// events are what the action being applied set off; evData and
	// evSaid hold their list and finished arguments (see event).
	events []event
	evData []byte
	evSaid []said

	// outSeats and campSeats mirror the players' out and on-campaign
	// marks as sets of seats (bit x: seat x), for the checks made after
	// every action; syncSeats sets them from the players.
	outSeats, campSeats uint8
	// mv is the seat whose decision the state waits for (see mover), set
	// when the automatic steps stop; a playout asks for it three times an
	// action (ToMove, Legal, Apply).
	mv int

	end      endReason
	winners  [engine.MaxSeats]int
	nwinners uint8
	// detail is the end's sentence restored from bytes (else made when
	// read: endDetail); higherTower marks a tower battle decided on tower
	// rank after its replays.
	detail      said
	higherTower bool
	stats       [numMetrics]int

	// mem is the storage the slices above start in (nil for a state built
	// field by field, which then allocates as it grows); see arena.
	mem *arena
}

// sync sets the fields kept beside the rest (outSeats, campSeats, mv) for
// a state built field by field.
func (s *State) sync() {
	s.syncSeats()
	s.mv = s.whoMoves()
}

// syncSeats sets outSeats and campSeats from the players.
func (s *State) syncSeats() {
	s.outSeats, s.campSeats = 0, 0
	for i := range s.all() {
		if s.players[i].out {
			s.outSeats |= 1 << i
		}
		if s.players[i].onCampaign() {
			s.campSeats |= 1 << i
		}
	}
}

// seatsIn is the set of seats still in.
func (s *State) seatsIn() uint8 { return (uint8(1)<<s.cfg.players - 1) &^ s.outSeats }

// all returns the seats' players.
func (s *State) all() []player { return s.players[:s.cfg.players] }

// tryCounts returns the try counts kept.
func (s *State) tryCounts() []tryCount { return s.tries[:s.ntries] }

// winnerSeats returns the winners of a finished game, in seat order.
func (s *State) winnerSeats() []int { return s.winners[:s.nwinners] }

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
func (s *State) mover() int { return s.mv }

// whoMoves works out mover from the wait: run sets mv from it.
func (s *State) whoMoves() int {
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
	return engine.WinReturns(s.cfg.players, s.winnerSeats())
}

// Result implements engine.State.
func (s *State) Result() engine.Result {
	r := engine.Result{Returns: s.Returns(), Length: s.turns, Winners: []int{}}
	if s.phase == phaseOver {
		r.Over = true
		r.End = endNames[s.end]
		r.Winners = append(r.Winners, s.winnerSeats()...)
		d := s.endDetail()
		r.Detail, r.DetailI18n = d.text, d.msg
	}
	return r
}

// AllCards implements engine.CardHolder. The cards are sorted, so the list
// tells nothing about where any card is.
func (s *State) AllCards() []cards.Card {
	out := make([]cards.Card, 0, 52)
	out = append(out, s.barracks.cards()...)
	out = append(out, s.aside.all()...)
	if s.free.card != cards.NoCard {
		out = append(out, s.free.card)
	}
	for i := range s.all() {
		p := &s.players[i]
		out = append(out, p.army.all()...)
		out = append(out, p.row.all()...)
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
	s.agenda = m.agenda[:0]
	s.events, s.evData, s.evSaid = m.events[:0], m.evData[:0], m.evSaid[:0]
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
			s.addToArmy(s.seatFrom(s.first, k), deck[i], false, false)
			i++
		}
	}
	s.barracks.set(deck[i:], nil)
	s.log2(evDeal, seatArg(s.dealer), seatArg(s.first))
	s.beginSetup(s.first)
	s.run()
}

// seatFrom returns the seat k places after from, going up the seats.
// (k is at most the number of players; no division, which costs more than
// the rest of a legal-action listing, and no branch: the sum wraps by a
// mask made of its sign.)
func (s *State) seatFrom(from, k int) int {
	n := s.cfg.players
	x := from + k
	return x - n&((n-1-x)>>63)
}

// b2i is 1 for true and 0 for false, without a branch.
func b2i(b bool) int {
	var x int
	if b {
		x = 1
	}
	return x
}

// order returns the seats still in, in seat order starting at from: the
// first n of out.
func (s *State) order(from int) (out [engine.MaxSeats]int, n int) {
	for k := 0; k < s.cfg.players; k++ {
		if seat := s.seatFrom(from, k); !s.players[seat].out {
			out[n] = seat
			n++
		}
	}
	return out, n
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
