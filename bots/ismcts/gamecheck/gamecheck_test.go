package gamecheck

import (
	"fmt"
	"slices"
	"testing"

	"cardtable/bots"
	"cardtable/bots/ismcts"
	"cardtable/cards"
	"cardtable/engine"
	"cardtable/games"
)

// newGame starts g with its default options but for those given.
func newGame(tb testing.TB, g engine.Game, given map[string]string, seed uint64) engine.State {
	tb.Helper()
	s, err := g.New(engine.MustResolve(g, given), engine.Setup{Seed: seed})
	if err != nil {
		tb.Fatalf("%s.New(%v): %v", g.Name(), given, err)
	}
	return s
}

// searchedPerGame bounds the ISMCTS decisions of one test game: random
// rollouts of a long game (Watchtower runs to its round cap under random
// play) make a decision cost milliseconds even at a small budget.
const searchedPerGame = 12

// TestPlaysEveryRegisteredGame plays one game of each registered game for
// each number of players: a small-budget ISMCTS bot in every seat takes the
// first decisions (the lowest seat of a simultaneous window acting first),
// random bots finish the game. Every move must be legal and the game must
// end. Two workers determinize the same state at once: run with -race to
// check that the games' Determinize is safe for concurrent use.
func TestPlaysEveryRegisteredGame(t *testing.T) {
	cfg := ismcts.DefaultConfig()
	cfg.Iterations, cfg.Workers = 30, 2
	if testing.Short() {
		cfg.Iterations = 10
	}
	for _, g := range games.All() {
		lo, hi := g.Seats()
		for players := lo; players <= hi; players++ {
			t.Run(fmt.Sprintf("%s/players=%d", g.Name(), players), func(t *testing.T) {
				s := newGame(t, g, map[string]string{"players": fmt.Sprint(players)}, 1)
				searchers := make([]engine.Bot, s.NumSeats())
				finishers := make([]engine.Bot, s.NumSeats())
				for seat := range searchers {
					b, err := ismcts.New(cfg, engine.BotSeed(1, seat))
					if err != nil {
						t.Fatal(err)
					}
					searchers[seat], finishers[seat] = b, bots.NewRandom(engine.BotSeed(1, seat))
				}
				searched, steps := playOut(t, s, searchers, finishers)
				t.Logf("%s after %d actions, %d of them searched; returns %v", s.Result().End, steps, searched, s.Returns())
			})
		}
	}
}

// playOut plays s to the end, the searchers choosing until they have made
// searchedPerGame real decisions (more than one legal action), the
// finishers after that. It returns the decisions searched and the actions
// played.
func playOut(t *testing.T, s engine.State, searchers, finishers []engine.Bot) (searched, steps int) {
	var toMove []int
	var legal []engine.Action
	for ; !s.Terminal(); steps++ {
		toMove = s.ToMove(toMove[:0])
		seat := toMove[0]
		legal = s.Legal(seat, legal[:0])
		players := searchers
		if searched >= searchedPerGame {
			players = finishers
		} else if len(legal) > 1 {
			searched++
		}
		a := players[seat].Act(s, seat)
		if !slices.Contains(legal, a) {
			t.Fatalf("step %d: seat %d chose %q, not legal", steps, seat, s.ActionString(a))
		}
		if err := s.Apply(seat, a); err != nil {
			t.Fatalf("step %d: %v", steps, err)
		}
	}
	return searched, steps
}

// decisionPoints plays seeded random games of g and keeps up to n
// positions where the seat to move has a real choice, taking about one in
// three along each game.
func decisionPoints(tb testing.TB, g engine.Game, given map[string]string, n int) []engine.State {
	rng := cards.NewRNG(7)
	var out []engine.State
	var legal []engine.Action
	for seed := uint64(1); seed <= 100 && len(out) < n; seed++ {
		s := newGame(tb, g, given, seed)
		for !s.Terminal() && len(out) < n {
			seat := s.ToMove(nil)[0]
			legal = s.Legal(seat, legal[:0])
			if len(legal) > 1 && rng.IntN(3) == 0 {
				out = append(out, s.Clone())
			}
			if err := s.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return out
}

// decisionOptions are the options a game is benchmarked with, where the
// defaults leave no decision to take (War has choices only in Slap War).
var decisionOptions = map[string]map[string]string{"war": {"slap": "5"}}

// BenchmarkDecision times one ISMCTS decision at the default budget (1000
// iterations, one worker) on positions of random games of each registered
// game: ns/op is the time per decision.
func BenchmarkDecision(b *testing.B) {
	for _, g := range games.All() {
		b.Run(g.Name(), func(b *testing.B) {
			positions := decisionPoints(b, g, decisionOptions[g.Name()], 8)
			if len(positions) == 0 {
				b.Skipf("%s: no position with more than one legal action in 100 random games", g.Name())
			}
			bot, err := ismcts.New(ismcts.DefaultConfig(), 1)
			if err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				s := positions[i%len(positions)]
				bot.Act(s, s.ToMove(nil)[0])
				i++
			}
			b.ReportMetric(float64(ismcts.DefaultIterations)*float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

// BenchmarkVersusRandom plays whole games of each registered game with its
// default options: seat 0 is ISMCTS at the default budget (or, for the
// baseline, random), every other seat random. One op is one game; the
// seat0-return metric is seat 0's mean return. Run it with a fixed count
// (-benchtime 20x) so that the games, seeded by their index, are the same
// for both players.
func BenchmarkVersusRandom(b *testing.B) {
	for _, g := range games.All() {
		for _, player := range []string{"ismcts", "random"} {
			b.Run(g.Name()+"/"+player, func(b *testing.B) {
				total, i := 0.0, uint64(0)
				for b.Loop() {
					seed := cards.SubSeed(1, i)
					s := newGame(b, g, nil, seed)
					seats := make([]engine.Bot, s.NumSeats())
					for seat := range seats {
						seats[seat] = bots.NewRandom(engine.BotSeed(seed, seat))
					}
					if player == "ismcts" {
						bot, err := ismcts.New(ismcts.DefaultConfig(), engine.BotSeed(seed, 0))
						if err != nil {
							b.Fatal(err)
						}
						seats[0] = bot
					}
					total += playWith(b, s, seats)[0]
					i++
				}
				b.ReportMetric(total/float64(b.N), "seat0-return")
			})
		}
	}
}

// playWith plays s to the end, the lowest seat in ToMove acting first, and
// returns the returns.
func playWith(b *testing.B, s engine.State, seats []engine.Bot) []float64 {
	var toMove []int
	for !s.Terminal() {
		toMove = s.ToMove(toMove[:0])
		seat := toMove[0]
		if err := s.Apply(seat, seats[seat].Act(s, seat)); err != nil {
			b.Fatal(err)
		}
	}
	return s.Returns()
}
