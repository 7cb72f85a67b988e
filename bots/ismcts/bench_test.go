package ismcts_test

import (
	"testing"

	"cardtable/bots/ismcts"
	"cardtable/engine"
)

// BenchmarkSearch measures search speed on the test games: one op is one
// decision at the default budget from the opening position; the
// iterations/s figure is the one to compare across changes.
func BenchmarkSearch(b *testing.B) {
	positions := map[string]engine.State{
		"nim21":  newState(b, nimGame{}, map[string]string{"stones": "21"}, 1),
		"kuhn":   newState(b, kuhnGame{}, nil, 1),
		"reveal": newState(b, revealGame{}, nil, 1),
	}
	for _, name := range []string{"nim21", "kuhn", "reveal"} {
		s := positions[name]
		for _, workers := range []int{1, 2} {
			b.Run(name+"/workers="+string(rune('0'+workers)), func(b *testing.B) {
				cfg := ismcts.DefaultConfig()
				cfg.Workers = workers
				bot := newBot(b, cfg, 1)
				seat := s.ToMove(nil)[0]
				b.ReportAllocs()
				for b.Loop() {
					bot.Search(s, seat)
				}
				b.ReportMetric(float64(cfg.Iterations)*float64(b.N)/b.Elapsed().Seconds(), "iterations/s")
			})
		}
	}
}
