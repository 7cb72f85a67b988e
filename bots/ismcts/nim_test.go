package ismcts_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"cardtable/cards"
	"cardtable/engine"
)

// nimGame is a perfect-information test game: a pile of stones (the first
// cards of a standard deck), two seats take 1 to 3 stones in turn, and the
// seat that takes the last stone wins. Leaving a multiple of 4 stones wins,
// so the best move is known everywhere.
type nimGame struct{}

const maxStones = 40

func (nimGame) Name() string            { return "nim" }
func (nimGame) Title() string           { return "Take-away" }
func (nimGame) Seats() (int, int)       { return 2, 2 }
func (nimGame) Utility() engine.Utility { return engine.ZeroSum }
func (nimGame) Rules() string {
	return "Take 1 to 3 stones in turn; whoever takes the last stone wins."
}

func (nimGame) Options() []engine.Option {
	return []engine.Option{
		{Key: "players", Kind: engine.Int, Default: "2", Min: 2, Max: 2, Help: "number of players"},
		{Key: "stones", Kind: engine.Int, Default: "21", Min: 1, Max: maxStones, Help: "stones in the pile"},
	}
}

func (g nimGame) New(opts engine.Options, setup engine.Setup) (engine.State, error) {
	if setup.Deck != nil {
		return nil, engine.BadSetup("nim takes no deck")
	}
	n := opts.Int("stones")
	return &nimState{opts: opts, stones: n, left: n}, nil
}

func (g nimGame) Unmarshal(data []byte) (engine.State, error) {
	if len(data) != 5 || data[0] != 'N' {
		return nil, engine.Corrupt("nim: want 5 bytes starting with N, got %d", len(data))
	}
	s := &nimState{stones: int(data[1]), left: int(data[2]), turn: int(data[3]), moves: int(data[4])}
	if s.stones < 1 || s.stones > maxStones || s.left > s.stones || s.turn > 1 || s.moves > s.stones-s.left {
		return nil, engine.Corrupt("nim: inconsistent state %v", data)
	}
	if s.moves%2 != s.turn || (s.moves == 0) != (s.left == s.stones) {
		return nil, engine.Corrupt("nim: move count %d does not fit turn %d", s.moves, s.turn)
	}
	opts, err := engine.ResolveOptions(g.Options(), map[string]string{"stones": strconv.Itoa(s.stones)})
	if err != nil {
		return nil, engine.Corrupt("nim: %v", err)
	}
	s.opts = opts
	return s, nil
}

type nimState struct {
	opts               engine.Options
	stones, left, turn int
	moves              int
}

type nimView struct {
	Stones int `json:"stones"`
	Turn   int `json:"turn"`
}

func (v nimView) String() string { return fmt.Sprintf("%d stones, seat %d to take", v.Stones, v.Turn) }

func (s *nimState) Game() engine.Game       { return nimGame{} }
func (s *nimState) Options() engine.Options { return s.opts }
func (s *nimState) NumSeats() int           { return 2 }
func (s *nimState) Terminal() bool          { return s.left == 0 }
func (s *nimState) View(int) engine.View    { return nimView{s.left, s.turn} }
func (s *nimState) Clone() engine.State     { c := *s; return &c }

// AllCards lists the stones: the pile's and those already taken.
func (s *nimState) AllCards() []cards.Card { return cards.Standard52()[:s.stones] }

func (s *nimState) ToMove(dst []int) []int {
	if s.Terminal() {
		return dst
	}
	return append(dst, s.turn)
}

func (s *nimState) Legal(seat int, dst []engine.Action) []engine.Action {
	if s.Terminal() || seat != s.turn {
		return dst
	}
	for k := 1; k <= 3 && k <= s.left; k++ {
		dst = append(dst, engine.Action(k))
	}
	return dst
}

func (s *nimState) Apply(seat int, a engine.Action) error {
	if s.Terminal() || seat != s.turn {
		return engine.CheckSeat(seat, s.ToMove(nil))
	}
	if a < 1 || a > 3 || int(a) > s.left {
		return engine.Illegal("take %d of %d stones: take 1 to 3, at most what is left", a, s.left)
	}
	s.left -= int(a)
	s.moves++
	s.turn = 1 - s.turn
	return nil
}

// winner is the seat that took the last stone: the one that just moved.
func (s *nimState) winner() int { return 1 - s.turn }

func (s *nimState) Returns() []float64 {
	if !s.Terminal() {
		return engine.Draw(2)
	}
	return engine.WinReturns(2, []int{s.winner()})
}

func (s *nimState) Result() engine.Result {
	r := engine.Result{Returns: s.Returns(), Length: s.moves}
	if s.Terminal() {
		r.Over, r.End, r.Winners = true, "last stone", []int{s.winner()}
	}
	return r
}

func (s *nimState) MarshalBinary() ([]byte, error) {
	return []byte{'N', byte(s.stones), byte(s.left), byte(s.turn), byte(s.moves)}, nil
}

// Determinize returns a copy: nim hides nothing.
func (s *nimState) Determinize(int, *rand.Rand) engine.State { return s.Clone() }

func (s *nimState) ActionString(a engine.Action) string { return strconv.FormatUint(uint64(a), 10) }

func (s *nimState) ParseAction(_ int, text string) (engine.Action, error) {
	k, err := strconv.Atoi(text)
	if err != nil || k < 1 || k > 3 {
		return 0, engine.Notation("nim: %q: write how many stones to take, 1 to 3", text)
	}
	return engine.Action(k), nil
}
