package ismcts_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// revealGame is a test game with simultaneous moves: seat 0 holds 2C 3C
// 4C, seat 1 holds 2H 3H 4H. In each of three rounds both seats choose a
// card face down at the same time (ToMove lists every seat that has not
// chosen yet); once both have, the cards are revealed and the higher rank
// scores the round's number (1, 2, then 3) for its seat, equal ranks
// nothing. The higher total wins. Against a uniformly random opponent the
// best play is 2, 3, 4 in that order.
type revealGame struct{}

var revealHands = [2][]cards.Card{cards.Stack("2C 3C 4C"), cards.Stack("2H 3H 4H")}

const revealRounds = 3

func (revealGame) Name() string            { return "reveal" }
func (revealGame) Title() string           { return "Reveal" }
func (revealGame) Seats() (int, int)       { return 2, 2 }
func (revealGame) Utility() engine.Utility { return engine.ZeroSum }
func (revealGame) Rules() string           { return "Three rounds of simultaneous high card." }

func (revealGame) Options() []engine.Option {
	return []engine.Option{{Key: "players", Kind: engine.Int, Default: "2", Min: 2, Max: 2, Help: "number of players"}}
}

func (revealGame) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	if setup.Deck != nil {
		return nil, engine.BadSetup("reveal: the hands are fixed; give no deck")
	}
	return &revealState{opts: opts, hand: [2][]cards.Card{slices.Clone(revealHands[0]), slices.Clone(revealHands[1])}}, nil
}

type revealState struct {
	opts   engine.Options
	hand   [2][]cards.Card // sorted; without the chosen card
	chosen [2]cards.Card   // face down this round; NoCard: none yet
	played [][2]cards.Card // revealed, by round
	score  [2]int
}

// revealView: a seat sees its own hand and choice; of the other seat only
// which cards it has not revealed yet and whether it has chosen.
type revealView struct {
	Hand       []cards.Card    `json:"hand,omitempty"`
	Chosen     cards.Card      `json:"chosen,omitempty"`
	Unrevealed [2][]cards.Card `json:"unrevealed"`
	HasChosen  [2]bool         `json:"has_chosen"`
	Played     [][2]cards.Card `json:"played"`
	Score      [2]int          `json:"score"`
}

func (v revealView) String() string {
	return fmt.Sprintf("hand %v chosen %v unrevealed %v played %v score %v", v.Hand, v.Chosen, v.Unrevealed, v.Played, v.Score)
}

func (s *revealState) Game() engine.Game       { return revealGame{} }
func (s *revealState) Options() engine.Options { return s.opts }
func (s *revealState) NumSeats() int           { return 2 }
func (s *revealState) Terminal() bool          { return len(s.played) == revealRounds }

func (s *revealState) Clone() engine.State {
	c := *s
	c.hand = [2][]cards.Card{slices.Clone(s.hand[0]), slices.Clone(s.hand[1])}
	c.played = slices.Clone(s.played)
	return &c
}

func (s *revealState) AllCards() []cards.Card {
	all := append(slices.Clone(s.hand[0]), s.hand[1]...)
	for _, c := range s.chosen {
		if c != cards.NoCard {
			all = append(all, c)
		}
	}
	for _, p := range s.played {
		all = append(all, p[0], p[1])
	}
	return all
}

// unrevealed is seat's hand and chosen card, sorted.
func (s *revealState) unrevealed(seat int) []cards.Card {
	u := append([]cards.Card{}, s.hand[seat]...)
	if s.chosen[seat] != cards.NoCard {
		u = append(u, s.chosen[seat])
		slices.Sort(u)
	}
	return u
}

func (s *revealState) View(seat int) engine.View {
	v := revealView{Played: append([][2]cards.Card{}, s.played...), Score: s.score}
	for i := range 2 {
		v.Unrevealed[i] = s.unrevealed(i)
		v.HasChosen[i] = s.chosen[i] != cards.NoCard
	}
	if seat >= 0 {
		v.Hand, v.Chosen = append([]cards.Card{}, s.hand[seat]...), s.chosen[seat]
	}
	return v
}

func (s *revealState) ToMove(dst []int) []int {
	if s.Terminal() {
		return dst
	}
	for seat, c := range s.chosen {
		if c == cards.NoCard {
			dst = append(dst, seat)
		}
	}
	return dst
}

func (s *revealState) Legal(seat int, dst []engine.Action) []engine.Action {
	if s.Terminal() || seat < 0 || seat > 1 || s.chosen[seat] != cards.NoCard {
		return dst
	}
	for _, c := range s.hand[seat] {
		dst = append(dst, engine.Action(c))
	}
	return dst
}

func (s *revealState) Apply(seat int, a engine.Action) error {
	if s.Terminal() || seat < 0 || seat > 1 || s.chosen[seat] != cards.NoCard {
		return engine.CheckSeat(seat, s.ToMove(nil))
	}
	i := slices.Index(s.hand[seat], cards.Card(a))
	if a > 255 || i < 0 {
		return engine.Illegal("reveal: seat %d does not hold %v; it holds %v", seat, cards.Card(a), s.hand[seat])
	}
	s.hand[seat] = slices.Delete(s.hand[seat], i, i+1)
	s.chosen[seat] = cards.Card(a)
	if s.chosen[1-seat] != cards.NoCard {
		s.reveal()
	}
	return nil
}

// reveal turns both chosen cards up and scores the round.
func (s *revealState) reveal() {
	round := len(s.played) + 1
	c0, c1 := s.chosen[0], s.chosen[1]
	switch {
	case c0.Rank() > c1.Rank():
		s.score[0] += round
	case c1.Rank() > c0.Rank():
		s.score[1] += round
	}
	s.played = append(s.played, [2]cards.Card{c0, c1})
	s.chosen = [2]cards.Card{}
}

func (s *revealState) winners() []int {
	switch {
	case s.score[0] > s.score[1]:
		return []int{0}
	case s.score[1] > s.score[0]:
		return []int{1}
	}
	return nil
}

func (s *revealState) Returns() []float64 {
	if !s.Terminal() {
		return engine.Draw(2)
	}
	return engine.WinReturns(2, s.winners())
}

func (s *revealState) Result() engine.Result {
	r := engine.Result{Returns: s.Returns(), Length: len(s.played)}
	if s.Terminal() {
		r.Over, r.End, r.Winners = true, "scores", s.winners()
	}
	return r
}

// Determinize picks the other seat's face-down card, if it has chosen one,
// at random among the cards it has not revealed.
func (s *revealState) Determinize(seat int, rng *rand.Rand) engine.State {
	d := s.Clone().(*revealState)
	other := 1 - seat
	if s.chosen[other] == cards.NoCard {
		return d
	}
	pool := s.unrevealed(other)
	i := rng.IntN(len(pool))
	d.chosen[other] = pool[i]
	d.hand[other] = slices.Delete(pool, i, i+1)
	return d
}

func (s *revealState) ActionString(a engine.Action) string { return cards.Card(a).String() }

func (s *revealState) ParseAction(_ int, text string) (engine.Action, error) {
	c, err := cards.Parse(text)
	if err != nil {
		return 0, engine.Notation("reveal: %v", err)
	}
	return engine.Action(c), nil
}

func (s *revealState) MarshalBinary() ([]byte, error) {
	b := []byte{'R', byte(s.chosen[0]), byte(s.chosen[1])}
	for _, h := range s.hand {
		b = append(b, byte(len(h)))
		for _, c := range h {
			b = append(b, byte(c))
		}
	}
	b = append(b, byte(len(s.played)))
	for _, p := range s.played {
		b = append(b, byte(p[0]), byte(p[1]))
	}
	return b, nil
}

func (g revealGame) Unmarshal(data []byte) (engine.State, error) {
	if len(data) < 3 || data[0] != 'R' {
		return nil, engine.Corrupt("reveal: want bytes starting with R")
	}
	s := &revealState{opts: engine.MustResolve(g, nil), chosen: [2]cards.Card{cards.Card(data[1]), cards.Card(data[2])}}
	rest := data[3:]
	next := func(n int) ([]byte, bool) {
		if len(rest) < n {
			return nil, false
		}
		b := rest[:n]
		rest = rest[n:]
		return b, true
	}
	for seat := range 2 {
		n, ok := next(1)
		if !ok {
			return nil, engine.Corrupt("reveal: truncated")
		}
		h, ok := next(int(n[0]))
		if !ok {
			return nil, engine.Corrupt("reveal: truncated hand")
		}
		for _, c := range h {
			s.hand[seat] = append(s.hand[seat], cards.Card(c))
		}
	}
	n, ok := next(1)
	if !ok || int(n[0]) > revealRounds {
		return nil, engine.Corrupt("reveal: bad round count")
	}
	pairs, ok := next(2 * int(n[0]))
	if !ok || len(rest) != 0 {
		return nil, engine.Corrupt("reveal: %d rounds do not fit the data", n[0])
	}
	for i := 0; i < len(pairs); i += 2 {
		s.chosen = [2]cards.Card{cards.Card(pairs[i]), cards.Card(pairs[i+1])}
		s.reveal()
	}
	s.chosen = [2]cards.Card{cards.Card(data[1]), cards.Card(data[2])}
	if err := s.check(); err != nil {
		return nil, engine.Corrupt("reveal: %v", err)
	}
	return s, nil
}

// check verifies a decoded state: each seat's cards are its own three,
// hands sorted, and at most one seat has chosen.
func (s *revealState) check() error {
	for seat := range 2 {
		mine := slices.Clone(s.hand[seat])
		for _, p := range s.played {
			mine = append(mine, p[seat])
		}
		if s.chosen[seat] != cards.NoCard {
			mine = append(mine, s.chosen[seat])
		}
		if err := cards.CheckPermutation(mine, revealHands[seat]); err != nil {
			return fmt.Errorf("seat %d: %v", seat, err)
		}
		if !slices.IsSorted(s.hand[seat]) {
			return fmt.Errorf("seat %d's hand is not sorted", seat)
		}
	}
	if s.chosen[0] != cards.NoCard && s.chosen[1] != cards.NoCard {
		return fmt.Errorf("both seats have a card face down")
	}
	if s.Terminal() && s.chosen != [2]cards.Card{} {
		return fmt.Errorf("a card is face down after the last round")
	}
	return nil
}
