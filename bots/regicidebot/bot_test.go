package regicidebot_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"cardtable/bots/regicidebot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// newState starts a seeded game of players.
func newState(t testing.TB, players int, seed uint64) engine.State {
	t.Helper()
	g := regicide.Game{}
	s, err := g.New(engine.MustResolve(g, map[string]string{"players": fmt.Sprint(players)}), engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// newBot makes an expert with an iteration budget (0: the policy alone).
func newBot(t testing.TB, iterations int, seed uint64) *regicidebot.Bot {
	t.Helper()
	st := regicidebot.DefaultSettings()
	st.Search.Iterations = iterations
	b, err := regicidebot.New(st, seed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// playOut plays s to the end with one bot per seat, failing on any action
// that is not in s.Legal, and returns the actions played in notation.
func playOut(t testing.TB, s engine.State, seatBots []engine.Bot) []string {
	t.Helper()
	var log []string
	var tm []int
	for !s.Terminal() {
		tm = s.ToMove(tm[:0])
		seat := tm[0]
		a := seatBots[seat].Act(s, seat)
		if !slices.Contains(s.Legal(seat, nil), a) {
			t.Fatalf("seat %d chose %q, not a legal action", seat, s.ActionString(a))
		}
		log = append(log, s.ActionString(a))
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return log
}

// Every step of every player count (REG-05): plays, yields, covers,
// powers (REG-30), signals and go-next picks after Jesters (REG-18,
// REG-20) are legal, and the games end.
func TestPlaysLegallyForEveryPlayerCount(t *testing.T) {
	for players := 1; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			s := newState(t, players, seed)
			seatBots := make([]engine.Bot, players)
			for p := range seatBots {
				seatBots[p] = newBot(t, 20, engine.BotSeed(seed, p))
			}
			log := playOut(t, s, seatBots)
			t.Logf("players=%d seed=%d: %s after %d actions", players, seed, s.Result().End, len(log))
		}
	}
}

// With an iteration budget the same seed replays the same game.
func TestDeterministicForASeed(t *testing.T) {
	var games [2][]string
	for i := range games {
		games[i] = playOut(t, newState(t, 1, 5), []engine.Bot{newBot(t, 50, 9)})
	}
	if !slices.Equal(games[0], games[1]) {
		t.Fatalf("two runs of seed 9 differ:\n%v\n%v", games[0], games[1])
	}
}

// peeking shows a search the real state as its every determinization: a
// bot that searched it could see the Tavern's order.
type peeking struct{ engine.State }

func (p peeking) Determinize(int, *rand.Rand) engine.State { return p.State.Clone() }

// twins returns two solo deals that deal the same hand and differ only in
// the order of the Tavern below it, which the player cannot see (REG-23).
func twins(t *testing.T, seed uint64) (engine.State, engine.State) {
	rng := cards.NewRNG(seed)
	var castle, tavern []cards.Card
	for _, c := range cards.Standard52() {
		if c.Rank().IsRoyal() {
			castle = append(castle, c)
		} else {
			tavern = append(tavern, c)
		}
	}
	slices.SortStableFunc(castle, func(a, b cards.Card) int { return int(a.Rank()) - int(b.Rank()) })
	rng.Shuffle(tavern)
	other := slices.Clone(tavern)
	rest := other[8:]
	slices.Reverse(rest)
	g := regicide.Game{}
	opts := engine.MustResolve(g, nil)
	var out [2]engine.State
	for i, tav := range [][]cards.Card{tavern, other} {
		s, err := g.New(opts, engine.Setup{Seed: seed, Deck: append(slices.Clone(castle), tav...)})
		if err != nil {
			t.Fatal(err)
		}
		out[i] = s
	}
	a, _ := json.Marshal(out[0].View(0))
	b, _ := json.Marshal(out[1].View(0))
	if string(a) != string(b) {
		t.Fatalf("twin deals look different to the player:\n%s\n%s", a, b)
	}
	return out[0], out[1]
}

// The bot must not peek (REG-23): two deals its seat cannot tell apart get
// the same first move from bots of one seed. The control, whose search
// sees the real Tavern, must choose differently somewhere, or this test
// could not fail.
func TestDoesNotPeekAtTheTavern(t *testing.T) {
	differs := 0
	for seed := uint64(1); seed <= 8; seed++ {
		a, b := twins(t, seed)
		fair := [2]engine.Action{newBot(t, 100, seed).Act(a, 0), newBot(t, 100, seed).Act(b, 0)}
		if fair[0] != fair[1] {
			t.Errorf("deal %d: chose %q and %q in positions the seat cannot tell apart", seed, a.ActionString(fair[0]), b.ActionString(fair[1]))
		}
		seen := [2]engine.Action{newBot(t, 100, seed).Act(peeking{a}, 0), newBot(t, 100, seed).Act(peeking{b}, 0)}
		if seen[0] != seen[1] {
			differs++
		}
	}
	if differs == 0 {
		t.Error("a search that sees the Tavern chose alike in every deal: the test cannot detect peeking")
	}
}

// The expert must win more fixed solo deals (REG-24) than regicide's
// heuristic bot by a margin that chance does not explain: among the deals
// exactly one of them wins, the expert's share must pass a one-sided sign
// test at the 1% level.
func TestBeatsTheHeuristic(t *testing.T) {
	const deals = 30
	expertOnly, heuristicOnly := 0, 0
	for i := range deals {
		seed := cards.SubSeed(4242, uint64(i))
		results := [2]bool{}
		for j, bot := range []engine.Bot{newBot(t, 100, engine.BotSeed(seed, 0)), regicidebot.NewHeuristic(engine.BotSeed(seed, 0))} {
			s := newState(t, 1, seed)
			playOut(t, s, []engine.Bot{bot})
			results[j] = s.Result().End == "won"
		}
		switch {
		case results[0] && !results[1]:
			expertOnly++
		case results[1] && !results[0]:
			heuristicOnly++
		}
	}
	p := signTestP(expertOnly, expertOnly+heuristicOnly)
	t.Logf("%d solo deals: only the expert won %d, only the heuristic %d (sign test p = %.4f)", deals, expertOnly, heuristicOnly, p)
	if p > 0.01 {
		t.Errorf("only the expert won %d deals, only the heuristic %d: p = %.3f, want <= 0.01", expertOnly, heuristicOnly, p)
	}
}

// signTestP is the chance of at least k heads in n fair coin tosses.
func signTestP(k, n int) float64 {
	p, term := 0.0, math.Pow(0.5, float64(n)) // term = C(n, i) / 2^n
	for i := 0; i <= n; i++ {
		if i >= k {
			p += term
		}
		term = term * float64(n-i) / float64(i+1)
	}
	return p
}

func TestSignTestP(t *testing.T) {
	for _, tt := range []struct {
		k, n int
		want float64
	}{{0, 5, 1}, {5, 5, 1.0 / 32}, {4, 5, 6.0 / 32}, {8, 10, 56.0 / 1024}} {
		if got := signTestP(tt.k, tt.n); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("signTestP(%d, %d) = %v, want %v", tt.k, tt.n, got, tt.want)
		}
	}
}

func TestParseSettings(t *testing.T) {
	st, err := regicidebot.ParseSettings(map[string]string{"iterations": "300", "c": "0.5", "covers": "3", "loss": "0.25"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Search.Iterations != 300 || st.Search.C != 0.5 || st.Covers != 3 || st.LossScale != 0.25 {
		t.Errorf("ParseSettings = %+v", st)
	}
	if st, err := regicidebot.ParseSettings(map[string]string{"iterations": "0"}); err != nil || st.Search.Iterations != 0 {
		t.Errorf("ParseSettings(iterations=0) = %+v, %v; want the policy alone", st, err)
	}
	if st, err := regicidebot.ParseSettings(map[string]string{"time": "50ms"}); err != nil || st.Search.Iterations != 0 || st.Search.Time == 0 {
		t.Errorf("ParseSettings(time=50ms) = %+v, %v; want a time budget alone", st, err)
	}
	for _, bad := range []map[string]string{{"covers": "0"}, {"plays": "x"}, {"loss": "2"}, {"depth": "3"}, {"c": "-1"}, {"iterations": "-5"}} {
		if _, err := regicidebot.ParseSettings(bad); !errors.Is(err, engine.ErrBadOption) {
			t.Errorf("ParseSettings(%v) error = %v, want one wrapping ErrBadOption", bad, err)
		}
	}
	st = regicidebot.DefaultSettings()
	st.Covers = 0
	if _, err := regicidebot.New(st, 1); !errors.Is(err, engine.ErrBadOption) {
		t.Errorf("New(covers=0) error = %v, want one wrapping ErrBadOption", err)
	}
}
