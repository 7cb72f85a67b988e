package watchtower_test

import (
	"fmt"
	"slices"
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

// BenchmarkBotSelfPlay plays 200 games between heuristic bots for 2, 3 and
// 4 players and reports the median and 90th percentile of rounds and the
// share of games ended by the round cap, to compare with the figures in the
// rules specification.
func BenchmarkBotSelfPlay(b *testing.B) {
	for players := 2; players <= 4; players++ {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			opts := engine.MustResolve(watchtower.New(), map[string]string{"players": fmt.Sprint(players)})
			var rounds []int
			capped := 0
			for b.Loop() {
				rounds, capped = rounds[:0], 0
				for i := 0; i < 200; i++ {
					seed := uint64(i + 1)
					bots := make([]engine.Bot, players)
					for k := range bots {
						bots[k] = watchtower.NewBot(engine.BotSeed(seed, k))
					}
					s, _ := playout(b, opts, seed, bots)
					rounds = append(rounds, int(watchtower.New().Outcome(s).Metrics[0]))
					if s.Result().End == "round cap" {
						capped++
					}
				}
			}
			slices.Sort(rounds)
			b.ReportMetric(float64(rounds[len(rounds)/2]), "median-rounds")
			b.ReportMetric(float64(rounds[len(rounds)*9/10]), "p90-rounds")
			b.ReportMetric(float64(capped)/2, "%capped")
		})
	}
}
