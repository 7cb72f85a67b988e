package watchtower_test

import (
	"fmt"
	"testing"

	"cardtable/engine"
	"cardtable/games/watchtower"
)

// botMatch plays n 2-player games of the heuristic bot against a random
// player, alternating seats, and returns the bot's win share and the share
// of games ended by the round cap.
func botMatch(tb testing.TB, n int) (wins, capped float64) {
	opts := engine.MustResolve(watchtower.New(), nil)
	for i := 0; i < n; i++ {
		seed := uint64(i + 1)
		players := randomBots(seed, 2)
		botSeat := i % 2
		players[botSeat] = watchtower.NewBot(engine.BotSeed(seed, botSeat))
		s, _ := playout(tb, opts, seed, players)
		r := s.Result()
		for _, w := range r.Winners {
			if w == botSeat {
				wins += 1 / float64(len(r.Winners))
			}
		}
		if r.End == "round cap" {
			capped++
		}
	}
	return wins / float64(n), capped / float64(n)
}

// TestBotBeatsRandom checks the heuristic bot wins most games against a
// random player; the full measurement is BenchmarkBotVsRandom.
func TestBotBeatsRandom(t *testing.T) {
	wins, _ := botMatch(t, 60)
	if wins < 0.8 {
		t.Errorf("heuristic bot won %.0f%% of 60 games against random, want at least 80%%", 100*wins)
	}
}

// BenchmarkBotVsRandom plays 1,000 2-player games of the heuristic bot
// against random (seats alternating) and reports the bot's win share and
// the share of games that hit the round cap.
func BenchmarkBotVsRandom(b *testing.B) {
	var wins, capped float64
	for b.Loop() {
		wins, capped = botMatch(b, 1000)
	}
	b.ReportMetric(100*wins, "%win")
	b.ReportMetric(100*capped, "%capped")
	fmt.Printf("heuristic vs random, 1000 two-player games: bot wins %.1f%%, round cap %.1f%%\n", 100*wins, 100*capped)
}
