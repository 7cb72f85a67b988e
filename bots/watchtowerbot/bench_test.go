package watchtowerbot_test

import (
	"testing"

	"cardtable/bots/ismcts"
	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// midgame plays seed's 2-player game between heuristic bots for at least
// n actions, up to a turn decision with several candidates, and returns the
// position and the seat to move.
func midgame(b *testing.B, seed uint64, n int) (engine.State, int) {
	s := newState(b, 2, seed)
	players := []engine.Bot{watchtower.NewBot(1), watchtower.NewBot(2)}
	for i := 0; ; i++ {
		seat := s.ToMove(nil)[0]
		if i >= n && len(watchtower.NewRanker(9).Ranked(s, seat, nil, 3)) > 1 {
			return s, seat
		}
		if err := s.Apply(seat, players[seat].Act(s, seat)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlainSearch measures generic ISMCTS (uniform rollouts to the
// end) on a 2-player Watchtower position: iterations/s is the figure that
// the game's Legal, Apply, Clone and Determinize speed decide.
func BenchmarkPlainSearch(b *testing.B) {
	s, seat := midgame(b, 5, 40)
	cfg := ismcts.DefaultConfig()
	cfg.Iterations = 200
	bot, err := ismcts.New(cfg, 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		bot.Search(s, seat)
	}
	b.ReportMetric(float64(cfg.Iterations)*float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
}

// BenchmarkExpertDecision measures one expert decision at the default
// settings on a 2-player position.
func BenchmarkExpertDecision(b *testing.B) {
	s, seat := midgame(b, 5, 40)
	bot := newBot(b, watchtowerbot.DefaultSettings(), 1)
	b.ReportAllocs()
	for b.Loop() {
		bot.Act(s, seat)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
