package watchtowerbot_test

import (
	"fmt"
	"slices"
	"testing"

	"cardtable/bots/watchtowerbot"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// playGame plays one game with bots through the generic State API and
// returns the final state.
func playGame(tb testing.TB, opts engine.Options, seed uint64, players []engine.Bot) engine.State {
	s, err := watchtower.New().New(opts, engine.Setup{Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	var tm []int
	for !s.Terminal() {
		tm = s.ToMove(tm[:0])
		seat := tm[0]
		if err := s.Apply(seat, players[seat].Act(s, seat)); err != nil {
			tb.Fatalf("seed %d: %v", seed, err)
		}
	}
	return s
}

// uniform plays uniformly at random among the legal actions (as
// bots.Random does, without the registry).
type uniform struct {
	rng   cards.RNG
	legal []engine.Action
}

func (u *uniform) Act(s engine.State, seat int) engine.Action {
	u.legal = s.Legal(seat, u.legal[:0])
	return u.legal[u.rng.IntN(len(u.legal))]
}

func uniformBots(seed uint64, n int) []engine.Bot {
	out := make([]engine.Bot, n)
	for i := range out {
		out[i] = &uniform{rng: cards.NewRNG(engine.BotSeed(seed, i))}
	}
	return out
}

// botMatch plays n 2-player games of the heuristic bot against a random
// player, alternating seats, and returns the bot's win share and the share
// of games ended by the round cap.
func botMatch(tb testing.TB, n int) (wins, capped float64) {
	opts := engine.MustResolve(watchtower.New(), nil)
	for i := 0; i < n; i++ {
		seed := uint64(i + 1)
		players := uniformBots(seed, 2)
		botSeat := i % 2
		players[botSeat] = watchtowerbot.NewHeuristic(engine.BotSeed(seed, botSeat))
		s := playGame(tb, opts, seed, players)
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

// TestHeuristicBeatsRandom checks the heuristic bot wins most games against a
// random player; the full measurement is BenchmarkHeuristicVsRandom.
func TestHeuristicBeatsRandom(t *testing.T) {
	wins, _ := botMatch(t, 60)
	if wins < 0.8 {
		t.Errorf("heuristic bot won %.0f%% of 60 games against random, want at least 80%%", 100*wins)
	}
}

// BenchmarkHeuristicVsRandom plays 1,000 2-player games of the heuristic bot
// against random (seats alternating) and reports the bot's win share and
// the share of games that hit the round cap.
func BenchmarkHeuristicVsRandom(b *testing.B) {
	var wins, capped float64
	for b.Loop() {
		wins, capped = botMatch(b, 1000)
	}
	b.ReportMetric(100*wins, "%win")
	b.ReportMetric(100*capped, "%capped")
	fmt.Printf("heuristic vs random, 1000 two-player games: bot wins %.1f%%, round cap %.1f%%\n", 100*wins, 100*capped)
}

// BenchmarkHeuristicSelfPlay plays 200 games between heuristic bots for 2, 3 and
// 4 players and reports the median and 90th percentile of rounds and the
// share of games ended by the round cap, to compare with the figures in the
// rules specification.
func BenchmarkHeuristicSelfPlay(b *testing.B) {
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
						bots[k] = watchtowerbot.NewHeuristic(engine.BotSeed(seed, k))
					}
					s := playGame(b, opts, seed, bots)
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

// TestRankedStartsWithTheBotsChoice plays heuristic games and checks, at
// every decision, that Ranked lists Act's choice first (same seed), then
// ending the turn, never more than the limit, only legal actions, and a
// single action at blind picks (WT-09) and gifts (WT-21).
func TestRankedStartsWithTheBotsChoice(t *testing.T) {
	for players := 2; players <= 4; players++ {
		opts := engine.MustResolve(watchtower.New(), map[string]string{"players": string(rune('0' + players)), "refill-pick": "owner"})
		s, err := watchtower.New().New(opts, engine.Setup{Seed: uint64(players)})
		if err != nil {
			t.Fatal(err)
		}
		var tm []int
		for step := 0; !s.Terminal() && step < 600; step++ {
			tm = s.ToMove(tm[:0])
			seat := tm[0]
			ranked := watchtowerbot.NewHeuristic(uint64(step)).Ranked(s, seat, nil, 3)
			choice := watchtowerbot.NewHeuristic(uint64(step)).Act(s, seat)
			legal := s.Legal(seat, nil)
			pending := s.View(seat).(*watchtower.View).Pending != nil
			switch {
			case len(ranked) == 0 || len(ranked) > 3:
				t.Fatalf("players=%d step %d: Ranked listed %d actions, want 1 to 3", players, step, len(ranked))
			case ranked[0] != choice:
				t.Fatalf("players=%d step %d: Ranked starts with %q, Act plays %q", players, step, s.ActionString(ranked[0]), s.ActionString(choice))
			case pending && len(ranked) != 1:
				t.Fatalf("players=%d step %d: %d candidates at a pick or gift, want 1", players, step, len(ranked))
			case !pending && len(ranked) > 1 && ranked[1] != endOrDone(legal):
				t.Fatalf("players=%d step %d: second candidate %q, want the end of the turn", players, step, s.ActionString(ranked[1]))
			}
			for _, a := range ranked {
				if !slices.Contains(legal, a) {
					t.Fatalf("players=%d step %d: Ranked listed illegal %q", players, step, s.ActionString(a))
				}
			}
			if err := s.Apply(seat, choice); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// endOrDone is the action that ends the (setup) turn: the last legal one.
func endOrDone(legal []engine.Action) engine.Action { return legal[len(legal)-1] }
