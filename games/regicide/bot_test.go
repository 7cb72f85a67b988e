package regicide

import (
	"fmt"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// playOut plays one seeded game with a bot in every seat and returns the
// final state; a bot action that is refused fails the test.
func playOut(t testing.TB, players int, seed uint64, newBot func(uint64) engine.Bot) *State {
	t.Helper()
	return playOutWith(t, map[string]string{"players": fmt.Sprint(players)}, seed, newBot)
}

// playOutWith is playOut with any options.
func playOutWith(t testing.TB, given map[string]string, seed uint64, newBot func(uint64) engine.Bot) *State {
	t.Helper()
	opts := engine.MustResolve(Game{}, given)
	players := opts.Int("players")
	st, err := Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for p := range bots {
		bots[p] = newBot(engine.BotSeed(seed, p))
	}
	var tm []int
	for steps := 0; !st.Terminal(); steps++ {
		if steps > 20000 {
			t.Fatalf("seed %d %v: no end after %d actions", seed, given, steps)
		}
		tm = st.ToMove(tm[:0])
		seat := tm[0]
		a := bots[seat].Act(st, seat)
		if err := st.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: bot's %q refused: %v", seed, st.ActionString(a), err)
		}
	}
	return st.(*State)
}

// randomBot plays uniformly among the legal actions: the baseline.
type randomBot struct{ rng cards.RNG }

func newRandomBot(seed uint64) engine.Bot { return &randomBot{rng: cards.NewRNG(seed)} }

func (r *randomBot) Act(s engine.State, seat int) engine.Action {
	legal := s.Legal(seat, nil)
	return legal[r.rng.IntN(len(legal))]
}

// shares plays games seeded games of players with newBot and returns the
// wins and the mean number of enemies defeated.
func shares(t *testing.T, players, games int, newBot func(uint64) engine.Bot) (wins int, enemies float64) {
	total := 0
	for i := range games {
		s := playOut(t, players, cards.SubSeed(2026, uint64(i)), newBot)
		if s.end == endWon {
			wins++
		}
		total += int(s.defeated)
	}
	return wins, float64(total) / float64(games)
}

// TestBotWinShares plays the heuristic bot and the uniform random baseline
// 1,000 times per player count (100 with -short) and logs their win shares
// and enemies defeated; run with -v to read them. It fails if the bot ever
// plays an illegal action or defeats no more enemies than random play.
func TestBotWinShares(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	for players := 1; players <= 4; players++ {
		wins, mean := shares(t, players, games, NewBot)
		rwins, rmean := shares(t, players, games, newRandomBot)
		t.Logf("players=%d, %d games: heuristic won %d (%.1f%%), %.2f enemies on average; random won %d, %.2f enemies",
			players, games, wins, 100*float64(wins)/float64(games), mean, rwins, rmean)
		if mean <= rmean {
			t.Errorf("players=%d: the heuristic bot defeats %.2f enemies on average, random play %.2f", players, mean, rmean)
		}
	}
}

// TestBotEndsEveryOptionSet plays the bot under every conformance option
// set: it must finish every game with legal actions (a solo bot that kept
// yielding under solo-yield=true would never end).
func TestBotEndsEveryOptionSet(t *testing.T) {
	for _, given := range conformanceOptions {
		for i := range 50 {
			playOutWith(t, given, uint64(i), NewBot)
		}
	}
}
