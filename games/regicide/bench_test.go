package regicide

import (
	"fmt"
	"testing"

	"cardtable/cards"
	"cardtable/engine"
)

// BenchmarkRandomPlayout plays whole games with uniformly random legal
// actions through the generic engine.State API and reports games/s.
func BenchmarkRandomPlayout(b *testing.B) {
	for players := 1; players <= 4; players++ {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			var g engine.Game = Game{}
			opts := engine.MustResolve(g, map[string]string{"players": fmt.Sprint(players)})
			rng := cards.NewRNG(1)
			var tm []int
			var legal []engine.Action
			for i := 0; i < b.N; i++ {
				st, err := g.New(opts, engine.Setup{Seed: uint64(i)})
				if err != nil {
					b.Fatal(err)
				}
				for !st.Terminal() {
					tm = st.ToMove(tm[:0])
					seat := tm[rng.IntN(len(tm))]
					legal = st.Legal(seat, legal[:0])
					if err := st.Apply(seat, legal[rng.IntN(len(legal))]); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
