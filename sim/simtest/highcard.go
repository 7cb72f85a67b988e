// Package simtest provides HighCard, a tiny complete game that implements
// the whole engine contract (Reporter and FastSimulator included), so that
// simulation, records and the command line can be tested without depending
// on a real game's rules, and Rigged, HighCard with a known winner.
//
// HighCard: each of 2–4 seats (option players) is dealt 2·target−1 cards
// (option target, default 3). Every round each seat in seat order plays one
// card from its hand; the single highest rank wins the round, a tie for
// highest wins nothing (metric "ties"). A seat reaching target round wins
// wins the game (end "target"); when the hands run out the seat with the
// most round wins wins, or the game is a draw (end "exhausted"). Length is
// counted in rounds.
package simtest

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"cardtable/bots"
	"cardtable/cards"
	"cardtable/engine"
)

// HighCard is the game value.
type HighCard struct{}

// Name returns "highcard".
func (HighCard) Name() string { return "highcard" }

// Title returns "High Card".
func (HighCard) Title() string { return "High Card" }

// Seats returns 2, 4.
func (HighCard) Seats() (int, int) { return 2, 4 }

// Utility returns ZeroSum.
func (HighCard) Utility() engine.Utility { return engine.ZeroSum }

// Rules returns the rules in Markdown.
func (HighCard) Rules() string {
	return "# High Card\n\nEach round every seat plays one card; the single highest rank wins the round.\n"
}

// Options lists players and target.
func (HighCard) Options() []engine.Option {
	return []engine.Option{
		{Key: "players", Kind: engine.Int, Default: "2", Min: 2, Max: 4, Help: "number of players"},
		{Key: "target", Kind: engine.Int, Default: "3", Min: 1, Max: 5, Help: "round wins needed to win"},
	}
}

// Stats declares rounds, the two end reasons and the ties metric.
func (HighCard) Stats(engine.Options) engine.StatsSpec {
	return engine.StatsSpec{LengthUnit: "rounds", EndReasons: []string{"target", "exhausted"}, Metrics: []string{"ties"}}
}

// Outcome summarises a finished state.
func (HighCard) Outcome(s engine.State) engine.Outcome {
	st := s.(*state)
	out := engine.Outcome{Seats: st.N, Length: st.Round, End: st.End}
	out.Metrics[0] = float64(st.Ties)
	for i, r := range st.Returns() {
		out.Returns[i] = r
	}
	for _, w := range st.winners() {
		out.Won[w] = true
	}
	return out
}

// Simulate plays a whole game with the default (random) bots; it is exact
// by construction, which lets tests compare the fast and the State paths.
func (g HighCard) Simulate(opts engine.Options, seed uint64, out *engine.Outcome) {
	s, err := g.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		panic(err)
	}
	players := make([]engine.Bot, s.NumSeats())
	for i := range players {
		players[i] = bots.NewRandom(engine.BotSeed(seed, i))
	}
	var tm []int
	for !s.Terminal() {
		tm = s.ToMove(tm[:0])
		if err := s.Apply(tm[0], players[tm[0]].Act(s, tm[0])); err != nil {
			panic(err)
		}
	}
	*out = g.Outcome(s)
}

// New deals a game: a shuffled 52-card deck or setup.Deck (a permutation
// of the 52 cards), card i to seat i mod players.
func (g HighCard) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	n, target := opts.Int("players"), opts.Int("target")
	if n < 2 || target < 1 {
		return nil, fmt.Errorf("simtest: %w: options not resolved", engine.ErrBadOption)
	}
	rng := cards.NewRNG(setup.Seed)
	deck := cards.Standard52()
	if setup.Deck != nil {
		if err := cards.CheckPermutation(setup.Deck, deck); err != nil {
			return nil, engine.BadSetup("simtest: %v", err)
		}
		deck = slices.Clone(setup.Deck)
	} else {
		rng.Shuffle(deck)
	}
	s := &state{N: n, Target: target, Hands: make([][]cards.Card, n), Scores: make([]int, n), opts: opts}
	size := 2*target - 1
	for i := 0; i < n*size; i++ {
		s.Hands[i%n] = append(s.Hands[i%n], deck[i])
	}
	s.Stock = deck[n*size:]
	s.RNG, _ = rng.MarshalBinary()
	return s, nil
}

// Unmarshal restores a state.
func (HighCard) Unmarshal(data []byte) (engine.State, error) {
	return unmarshal(data, false)
}

// unmarshal restores a state of HighCard or, when rigged, of Rigged.
func unmarshal(data []byte, rigged bool) (engine.State, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, engine.Corrupt("simtest: %v", err)
	}
	if s.N < 2 || s.N > 4 || len(s.Hands) != s.N || len(s.Scores) != s.N {
		return nil, engine.Corrupt("simtest: bad seat count")
	}
	if s.Rigged != rigged {
		return nil, engine.Corrupt("simtest: rigged=%v state given to a game with rigged=%v", s.Rigged, rigged)
	}
	opts, err := engine.ResolveOptions(HighCard{}.Options(), map[string]string{"players": fmt.Sprint(s.N), "target": fmt.Sprint(s.Target)})
	if err != nil {
		return nil, engine.Corrupt("simtest: %v", err)
	}
	s.opts = opts
	return &s, nil
}

// state is a HighCard position; exported fields are its serialization.
type state struct {
	N, Target, Turn, Round, Ties int
	End                          int
	Over                         bool
	// Rigged makes seat 0 win every round (the Rigged game).
	Rigged            bool
	Hands             [][]cards.Card
	Table, Won, Stock []cards.Card
	Scores            []int
	RNG               []byte
	opts              engine.Options
}

func (s *state) Game() engine.Game {
	if s.Rigged {
		return Rigged{}
	}
	return HighCard{}
}
func (s *state) Options() engine.Options { return s.opts }
func (s *state) NumSeats() int           { return s.N }
func (s *state) Terminal() bool          { return s.Over }

func (s *state) ToMove(dst []int) []int {
	if s.Over {
		return dst
	}
	return append(dst, s.Turn)
}

func (s *state) Legal(seat int, dst []engine.Action) []engine.Action {
	if s.Over || seat != s.Turn {
		return dst
	}
	hand := slices.Clone(s.Hands[seat])
	slices.Sort(hand)
	for _, c := range hand {
		dst = append(dst, engine.Action(c))
	}
	return dst
}

func (s *state) Apply(seat int, a engine.Action) error {
	if s.Over {
		return engine.ErrGameOver
	}
	if seat < 0 || seat >= s.N {
		return engine.Illegal("simtest: no seat %d", seat)
	}
	if err := engine.CheckSeat(seat, []int{s.Turn}); err != nil {
		return err
	}
	i := slices.Index(s.Hands[seat], cards.Card(a))
	if a > 255 || i < 0 {
		return engine.Illegal("simtest: seat %d does not hold %s", seat, s.ActionString(a))
	}
	s.Hands[seat] = slices.Delete(s.Hands[seat], i, i+1)
	s.Table = append(s.Table, cards.Card(a))
	s.Turn = (s.Turn + 1) % s.N
	if len(s.Table) == s.N {
		s.scoreRound()
	}
	return nil
}

func (s *state) scoreRound() {
	best, count, who := cards.Rank(0), 0, -1
	for i, c := range s.Table {
		switch {
		case c.Rank() > best:
			best, count, who = c.Rank(), 1, i
		case c.Rank() == best:
			count++
		}
	}
	if s.Rigged {
		count, who = 1, 0
	}
	if count == 1 {
		s.Scores[who]++
	} else {
		s.Ties++
	}
	s.Round++
	s.Won = append(s.Won, s.Table...)
	s.Table = nil
	switch {
	case slices.Contains(s.Scores, s.Target):
		s.Over, s.End = true, 0
	case len(s.Hands[0]) == 0:
		s.Over, s.End = true, 1
	}
}

func (s *state) winners() []int {
	if !s.Over {
		return nil
	}
	top := slices.Max(s.Scores)
	var w []int
	for i, v := range s.Scores {
		if v == top {
			w = append(w, i)
		}
	}
	if len(w) != 1 {
		return nil
	}
	return w
}

func (s *state) Returns() []float64 {
	if !s.Over {
		return make([]float64, s.N)
	}
	return engine.WinReturns(s.N, s.winners())
}

func (s *state) Result() engine.Result {
	r := engine.Result{Over: s.Over, Winners: s.winners(), Returns: s.Returns(), Length: s.Round}
	if s.Over {
		r.End = HighCard{}.Stats(s.opts).EndReasons[s.End]
	}
	return r
}

func (s *state) Clone() engine.State {
	c := *s
	c.Hands = make([][]cards.Card, s.N)
	for i := range s.Hands {
		c.Hands[i] = slices.Clone(s.Hands[i])
	}
	c.Table, c.Won, c.Stock = slices.Clone(s.Table), slices.Clone(s.Won), slices.Clone(s.Stock)
	c.Scores, c.RNG = slices.Clone(s.Scores), slices.Clone(s.RNG)
	return &c
}

func (s *state) MarshalBinary() ([]byte, error) { return json.Marshal(s) }

// AllCards lists every card the state holds.
func (s *state) AllCards() []cards.Card {
	var all []cards.Card
	for _, h := range s.Hands {
		all = append(all, h...)
	}
	return append(append(append(all, s.Table...), s.Won...), s.Stock...)
}

// Determinize re-deals the cards seat cannot see: the other hands and the
// undealt stock.
func (s *state) Determinize(seat int, rng *rand.Rand) engine.State {
	c := s.Clone().(*state)
	pool := slices.Clone(c.Stock)
	for i, h := range c.Hands {
		if i != seat {
			pool = append(pool, h...)
		}
	}
	slices.Sort(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range c.Hands {
		if i != seat {
			n := len(c.Hands[i])
			c.Hands[i], pool = slices.Clone(pool[:n]), pool[n:]
		}
	}
	c.Stock = pool
	r := cards.NewRNG(rng.Uint64())
	c.RNG, _ = r.MarshalBinary()
	return c
}

func (s *state) ActionString(a engine.Action) string {
	if a > 255 || !cards.Card(a).Valid() {
		return fmt.Sprintf("#%d", uint64(a))
	}
	return cards.Card(a).String()
}

func (s *state) ParseAction(_ int, text string) (engine.Action, error) {
	c, err := cards.Parse(text)
	if err != nil {
		return 0, engine.Notation("simtest: %v", err)
	}
	return engine.Action(c), nil
}

// View is what a seat sees: its own hand, the table, sizes and scores.
type View struct {
	Hand      []cards.Card `json:"hand,omitempty"`
	HandSizes []int        `json:"hand_sizes"`
	Table     []cards.Card `json:"table"`
	Scores    []int        `json:"scores"`
	Round     int          `json:"round"`
}

func (v View) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "round %d, scores %v, table [%s]", v.Round, v.Scores, cards.Format(v.Table))
	if v.Hand != nil {
		fmt.Fprintf(&b, ", hand [%s]", cards.Format(v.Hand))
	}
	return b.String()
}

func (s *state) View(seat int) engine.View {
	v := View{Table: slices.Clone(s.Table), Scores: slices.Clone(s.Scores), Round: s.Round}
	if v.Table == nil {
		v.Table = []cards.Card{}
	}
	for i, h := range s.Hands {
		v.HandSizes = append(v.HandSizes, len(h))
		if i == seat {
			v.Hand = slices.Clone(h)
			slices.Sort(v.Hand)
		}
	}
	return v
}
