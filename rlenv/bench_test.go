package rlenv

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkRandomPlay plays random games through Env as a learner would:
// at each step the mover's legal indices and observation, then a random
// index. It reports steps/s.
func BenchmarkRandomPlay(b *testing.B) {
	for _, cfg := range []Config{{Game: "war"}, {Game: "regicide"}, {Game: "watchtower"}} {
		b.Run(cfg.Game, func(b *testing.B) {
			e, err := New(cfg, 1)
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			obs := make([]float32, e.Space().Obs.Size)
			var legal, moving []int
			steps, game := 0, uint64(1)
			for b.Loop() {
				if e.Terminal() || e.Steps() > 3000 {
					game++
					if err := e.Reset(game); err != nil {
						b.Fatal(err)
					}
				}
				moving = e.ToMove(moving[:0])
				seat := moving[0]
				legal, _ = e.Legal(seat, legal[:0])
				_ = e.Observe(seat, obs)
				if err := e.Step(seat, legal[rng.IntN(len(legal))]); err != nil {
					b.Fatal(err)
				}
				steps++
			}
			b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}
