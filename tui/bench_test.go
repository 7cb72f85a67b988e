package tui

import "testing"

// BenchmarkView measures drawing one frame of each game's table at
// 120×40 (a frame is drawn after every message).
func BenchmarkView(b *testing.B) {
	for _, game := range []string{"war", "regicide", "watchtower"} {
		b.Run(game, func(b *testing.B) {
			h := newHarness(b, game, nil, 7, "human", "heuristic")
			h.size(120, 40)
			for i := 0; i < 10 && h.asking() == 0; i++ {
				h.key("enter")
			}
			b.ReportAllocs()
			for b.Loop() {
				_ = h.m.View()
			}
		})
	}
}
