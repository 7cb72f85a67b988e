package watchtowerbot_test

import (
	"testing"

	"cardtable/bots/ismcts"
	"cardtable/bots/watchtowerbot"
	"cardtable/engine"
	"cardtable/games/watchtower"
)

// midgame plays seed's 2-player game between heuristic bots for at least
// n actions, up to a position where seat to move passes decisive, and
// returns the position and that seat.
func midgame(b testing.TB, seed uint64, n int, decisive func(s engine.State, seat int) bool) (engine.State, int) {
	s := newState(b, 2, seed)
	players := []engine.Bot{watchtowerbot.NewHeuristic(1), watchtowerbot.NewHeuristic(2)}
	for i := 0; ; i++ {
		seat := s.ToMove(nil)[0]
		if i >= n && decisive(s, seat) {
			return s, seat
		}
		if err := s.Apply(seat, players[seat].Act(s, seat)); err != nil {
			b.Fatal(err)
		}
	}
}

// turnChoice: a turn decision with more than 4 legal actions.
func turnChoice(s engine.State, seat int) bool {
	return s.View(seat).(*watchtower.View).Pending == nil && len(s.Legal(seat, nil)) > 4
}

// searched: a decision where the heuristic has several candidates, so the
// expert searches.
func searched(s engine.State, seat int) bool {
	return len(watchtowerbot.NewHeuristic(9).Ranked(s, seat, nil, 3)) > 1
}

// BenchmarkPlainSearch measures generic ISMCTS (uniform rollouts to the
// end, 200 iterations) on a 2-player Watchtower position: iterations/s is the figure that
// the game's Legal, Apply, Clone and Determinize speed decide.
func BenchmarkPlainSearch(b *testing.B) {
	s, seat := midgame(b, 5, 40, turnChoice)
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

// BenchmarkExpertDecision measures one searched expert decision
// (candidates=3, 200 iterations: the default is the policy alone) on a
// 2-player position where the policy has several candidates.
func BenchmarkExpertDecision(b *testing.B) {
	s, seat := midgame(b, 5, 40, searched)
	st := watchtowerbot.DefaultSettings()
	st.Candidates = 3
	bot := newBot(b, st, 1)
	b.ReportAllocs()
	for b.Loop() {
		bot.Act(s, seat)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
}
