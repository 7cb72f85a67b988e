package ismcts_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"cardtable/cards"
	"cardtable/engine"
)

// kuhnGame is Kuhn poker, an imperfect-information test game: three cards
// (JS QS KS), each of two seats antes 1 and gets one card face down, the
// third is set aside unseen. Seat 0 passes or bets 1; then seat 1 passes
// or bets (after a pass) or folds or calls (after a bet); after pass-bet
// seat 0 folds or calls. A fold loses the antes; otherwise the higher card
// wins the pot. Returns are chips won: ±1 or ±2.
type kuhnGame struct{}

// Kuhn actions: pass is check or fold, bet is bet or call.
const (
	kuhnPass engine.Action = 0
	kuhnBet  engine.Action = 1
)

var kuhnDeck = cards.Stack("JS QS KS")

func (kuhnGame) Name() string            { return "kuhn" }
func (kuhnGame) Title() string           { return "Kuhn poker" }
func (kuhnGame) Seats() (int, int)       { return 2, 2 }
func (kuhnGame) Utility() engine.Utility { return engine.ZeroSum }
func (kuhnGame) Rules() string           { return "Kuhn poker: J, Q, K; ante 1, one bet of 1." }

func (kuhnGame) Options() []engine.Option {
	return []engine.Option{{Key: "players", Kind: engine.Int, Default: "2", Min: 2, Max: 2, Help: "number of players"}}
}

// New deals deck (top first: seat 0, seat 1, set aside), shuffled from the
// seed unless setup.Deck gives it.
func (kuhnGame) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	deck := slices.Clone(setup.Deck)
	if deck == nil {
		deck = slices.Clone(kuhnDeck)
		rng := cards.NewRNG(setup.Seed)
		rng.Shuffle(deck)
	} else if err := cards.CheckPermutation(deck, kuhnDeck); err != nil {
		return nil, engine.BadSetup("kuhn: want JS QS KS in some order: %v", err)
	}
	return &kuhnState{opts: opts, hand: [2]cards.Card{deck[0], deck[1]}, aside: deck[2]}, nil
}

func (g kuhnGame) Unmarshal(data []byte) (engine.State, error) {
	if len(data) < 4 || data[0] != 'K' {
		return nil, engine.Corrupt("kuhn: want at least 4 bytes starting with K")
	}
	s := &kuhnState{
		opts:    engine.MustResolve(g, nil),
		hand:    [2]cards.Card{cards.Card(data[1]), cards.Card(data[2])},
		aside:   cards.Card(data[3]),
		history: string(data[4:]),
	}
	if cards.CheckPermutation(s.AllCards(), kuhnDeck) != nil {
		return nil, engine.Corrupt("kuhn: cards are not JS QS KS")
	}
	if !kuhnPrefixes[s.history] {
		return nil, engine.Corrupt("kuhn: %q is not a betting history", s.history)
	}
	return s, nil
}

// kuhnPrefixes holds every betting history that can occur; kuhnEnds the
// ones that end the game.
var (
	kuhnPrefixes = map[string]bool{"": true, "p": true, "b": true, "pb": true, "pp": true, "bp": true, "bb": true, "pbp": true, "pbb": true}
	kuhnEnds     = map[string]bool{"pp": true, "bp": true, "bb": true, "pbp": true, "pbb": true}
)

type kuhnState struct {
	opts    engine.Options
	hand    [2]cards.Card
	aside   cards.Card
	history string // 'p' pass, 'b' bet, in order
}

// kuhnView shows a seat its own card, the betting and, after a showdown,
// both hands.
type kuhnView struct {
	Card     string   `json:"card,omitempty"`
	History  string   `json:"history"`
	Showdown []string `json:"showdown,omitempty"`
}

func (v kuhnView) String() string {
	return fmt.Sprintf("card %s, betting %q, showdown %v", v.Card, v.History, v.Showdown)
}

func (s *kuhnState) Game() engine.Game       { return kuhnGame{} }
func (s *kuhnState) Options() engine.Options { return s.opts }
func (s *kuhnState) NumSeats() int           { return 2 }
func (s *kuhnState) Terminal() bool          { return kuhnEnds[s.history] }
func (s *kuhnState) Clone() engine.State     { c := *s; return &c }
func (s *kuhnState) AllCards() []cards.Card  { return []cards.Card{s.hand[0], s.hand[1], s.aside} }

// showdown reports whether the hands were compared (no one folded).
func (s *kuhnState) showdown() bool {
	return s.history == "pp" || s.history == "bb" || s.history == "pbb"
}

func (s *kuhnState) View(seat int) engine.View {
	v := kuhnView{History: s.history}
	if seat >= 0 {
		v.Card = s.hand[seat].String()
	}
	if s.showdown() {
		v.Showdown = []string{s.hand[0].String(), s.hand[1].String()}
	}
	return v
}

func (s *kuhnState) ToMove(dst []int) []int {
	if s.Terminal() {
		return dst
	}
	return append(dst, len(s.history)%2)
}

func (s *kuhnState) Legal(seat int, dst []engine.Action) []engine.Action {
	if s.Terminal() || seat != len(s.history)%2 {
		return dst
	}
	return append(dst, kuhnPass, kuhnBet)
}

func (s *kuhnState) Apply(seat int, a engine.Action) error {
	if s.Terminal() || seat != len(s.history)%2 {
		return engine.CheckSeat(seat, s.ToMove(nil))
	}
	switch a {
	case kuhnPass:
		s.history += "p"
	case kuhnBet:
		s.history += "b"
	default:
		return engine.Illegal("kuhn: action %d: pass (0) or bet (1)", a)
	}
	return nil
}

func (s *kuhnState) Returns() []float64 {
	if !s.Terminal() {
		return engine.Draw(2)
	}
	stake := 1.0
	if slices.Contains([]string{"bb", "pbb"}, s.history) {
		stake = 2
	}
	winner := 0
	switch {
	case s.history == "pbp":
		winner = 1
	case s.history == "bp":
		winner = 0
	case s.hand[1].Rank() > s.hand[0].Rank():
		winner = 1
	}
	r := []float64{-stake, -stake}
	r[winner] = stake
	return r
}

func (s *kuhnState) Result() engine.Result {
	r := engine.Result{Returns: s.Returns(), Length: len(s.history)}
	if s.Terminal() {
		r.Over, r.End = true, "fold"
		if s.showdown() {
			r.End = "showdown"
		}
		if r.Returns[0] > 0 {
			r.Winners = []int{0}
		} else {
			r.Winners = []int{1}
		}
	}
	return r
}

func (s *kuhnState) MarshalBinary() ([]byte, error) {
	return append([]byte{'K', byte(s.hand[0]), byte(s.hand[1]), byte(s.aside)}, s.history...), nil
}

// Determinize re-deals the cards seat has not seen (the other hand and the
// card set aside, or only the set-aside card after a showdown).
func (s *kuhnState) Determinize(seat int, rng *rand.Rand) engine.State {
	d := *s
	if s.showdown() {
		return &d
	}
	pool := []cards.Card{s.hand[1-seat], s.aside}
	slices.Sort(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	d.hand[1-seat], d.aside = pool[0], pool[1]
	return &d
}

func (s *kuhnState) ActionString(a engine.Action) string {
	switch a {
	case kuhnPass:
		return "pass"
	case kuhnBet:
		return "bet"
	}
	return fmt.Sprintf("action(%d)", a)
}

func (s *kuhnState) ParseAction(_ int, text string) (engine.Action, error) {
	switch text {
	case "pass":
		return kuhnPass, nil
	case "bet":
		return kuhnBet, nil
	}
	return 0, engine.Notation("kuhn: %q: write pass or bet", text)
}
