package regicidebot_test

import (
	"fmt"
	"testing"

	"cardtable/bots/regicidebot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/regicide"
)

// heuristicOptions are the option sets of regicide's conformance suite.
var heuristicOptions = []map[string]string{
	{"players": "1"},
	{"players": "2"},
	{"players": "3"},
	{"players": "4"},
	{"players": "1", "immunity": "false", "exact-kill": "optional", "solo-yield": "true", "first": "0"},
	{"players": "2", "exact-kill": "optional", "first": "1"},
	{"players": "3", "immunity": "false", "first": "2"},
	{"players": "4", "exact-kill": "optional", "immunity": "false", "first": "3"},
}

// playHeuristicGame plays one seeded game with a bot from newBot in every
// seat and returns the final state; a bot action that is refused fails the
// test.
func playHeuristicGame(t testing.TB, given map[string]string, seed uint64, newBot func(uint64) engine.Bot) engine.State {
	t.Helper()
	opts := engine.MustResolve(regicide.Game{}, given)
	st, err := regicide.Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, opts.Int("players"))
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
	return st
}

// enemiesDefeated reads the enemies metric of a finished game.
func enemiesDefeated(s engine.State) int { return int(regicide.Game{}.Outcome(s).Metrics[0]) }

// randomBot plays uniformly among the legal actions: the baseline.
type randomBot struct{ rng cards.RNG }

func newRandom(seed uint64) engine.Bot { return &randomBot{rng: cards.NewRNG(seed)} }

func (r *randomBot) Act(s engine.State, seat int) engine.Action {
	legal := s.Legal(seat, nil)
	return legal[r.rng.IntN(len(legal))]
}

// shares plays games seeded games of players with newBot and returns the
// wins and the mean number of enemies defeated.
func shares(t *testing.T, players, games int, newBot func(uint64) engine.Bot) (wins int, enemies float64) {
	total := 0
	for i := range games {
		s := playHeuristicGame(t, map[string]string{"players": fmt.Sprint(players)}, cards.SubSeed(2026, uint64(i)), newBot)
		if s.Result().Returns[0] == 1 {
			wins++
		}
		total += enemiesDefeated(s)
	}
	return wins, float64(total) / float64(games)
}

// TestHeuristicWinShares plays the heuristic bot and the uniform random
// baseline 1,000 times per player count (100 with -short) and logs their
// win shares and enemies defeated; run with -v to read them. It fails if the bot ever
// plays an illegal action or defeats no more enemies than random play.
func TestHeuristicWinShares(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	for players := 1; players <= 4; players++ {
		wins, mean := shares(t, players, games, regicidebot.NewHeuristic)
		rwins, rmean := shares(t, players, games, newRandom)
		t.Logf("players=%d, %d games: heuristic won %d (%.1f%%), %.2f enemies on average; random won %d, %.2f enemies",
			players, games, wins, 100*float64(wins)/float64(games), mean, rwins, rmean)
		if mean <= rmean {
			t.Errorf("players=%d: the heuristic bot defeats %.2f enemies on average, random play %.2f", players, mean, rmean)
		}
	}
}

// TestHeuristicEndsEveryOptionSet plays the bot under the conformance
// suite's option sets: it must finish every game with legal actions (a solo bot that kept
// yielding under solo-yield=true would never end).
func TestHeuristicEndsEveryOptionSet(t *testing.T) {
	for _, given := range heuristicOptions {
		for i := range 50 {
			playHeuristicGame(t, given, uint64(i), regicidebot.NewHeuristic)
		}
	}
}

// BenchmarkHeuristicPlayout plays whole games with the heuristic bot.
func BenchmarkHeuristicPlayout(b *testing.B) {
	for players := 1; players <= 4; players++ {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			given := map[string]string{"players": fmt.Sprint(players)}
			for i := 0; i < b.N; i++ {
				playHeuristicGame(b, given, uint64(i), regicidebot.NewHeuristic)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
