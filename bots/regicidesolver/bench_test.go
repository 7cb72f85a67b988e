package regicidesolver

import (
	"context"
	"testing"

	"cardtable/engine"
	"cardtable/games/regicide"
)

// BenchmarkSolveSolo solves solo deals 0..7 of seed 1 with a budget of
// 200,000 nodes each and reports the search's speed in nodes per second.
func BenchmarkSolveSolo(b *testing.B) {
	opts := engine.MustResolve(regicide.Game{}, map[string]string{"players": "1"})
	solver, err := New(DefaultTableBits)
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := NewDeal(opts, DealSeed(1, i%8))
		if err != nil {
			b.Fatal(err)
		}
		res, err := solver.Solve(context.Background(), s, Limits{Nodes: 200000})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/deal")
}
