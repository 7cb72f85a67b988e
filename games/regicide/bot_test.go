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
	opts := engine.MustResolve(Game{}, map[string]string{"players": fmt.Sprint(players)})
	st, err := Game{}.New(opts, engine.Setup{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]engine.Bot, players)
	for p := range bots {
		bots[p] = newBot(engine.BotSeed(seed, p))
	}
	var tm []int
	for !st.Terminal() {
		tm = st.ToMove(tm[:0])
		seat := tm[0]
		a := bots[seat].Act(st, seat)
		if err := st.Apply(seat, a); err != nil {
			t.Fatalf("seed %d: bot's %q refused: %v", seed, st.ActionString(a), err)
		}
	}
	return st.(*State)
}

// TestBotWinShares plays the heuristic bot 1,000 times per player count
// (100 with -short) and logs its win share and enemies defeated; run with
// -v to read them. It fails if the bot ever plays an illegal action or
// defeats fewer enemies on average than uniform random play (3.0 solo).
func TestBotWinShares(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	for players := 1; players <= 4; players++ {
		wins, enemies := 0, 0
		for i := range games {
			s := playOut(t, players, cards.SubSeed(2026, uint64(i)), NewBot)
			if s.end == endWon {
				wins++
			}
			enemies += int(s.defeated)
		}
		mean := float64(enemies) / float64(games)
		t.Logf("players=%d: heuristic bot won %d of %d games (%.1f%%), %.2f enemies defeated on average", players, wins, games, 100*float64(wins)/float64(games), mean)
		if mean < 3 {
			t.Errorf("players=%d: the heuristic bot defeats %.2f enemies on average, no better than random play", players, mean)
		}
	}
}
