package pairing_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"cardtable/pairing"
)

// BenchmarkThousandAtOnce: 1,000 players ask at once, spread over a grid of
// 12 choices (rated ones with ranges); one Match seats them, and a second
// at the shortest wait offers the rest bots. Every request must be seated.
//
//	go test ./pairing -run '^$' -bench ThousandAtOnce -benchmem
func BenchmarkThousandAtOnce(b *testing.B) {
	grid := []pairing.Key{}
	for _, g := range []string{"war", "watchtower"} {
		for seats := 2; seats <= 4; seats++ {
			for _, rated := range []bool{false, true} {
				grid = append(grid, pairing.Key{Game: g, Preset: "standard", Seats: seats, Clock: "1+0", Rated: rated})
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	reqs := make([]pairing.Request, 1000)
	for i := range reqs {
		k := grid[rng.IntN(len(grid))]
		r := pairing.Request{ID: fmt.Sprint("r", i), Player: fmt.Sprint("p", i), Key: k, Account: true,
			Address: fmt.Sprint("a", i), Rating: 1000 + rng.IntN(1000), BotAfter: 30 * time.Second}
		if k.Rated {
			r.Min, r.Max = r.Rating-400, r.Rating+400
		}
		reqs[i] = r
	}
	b.ReportAllocs()
	for b.Loop() {
		p := pairing.NewPool(0)
		for _, r := range reqs {
			if err := p.Add(r, t0); err != nil {
				b.Fatal(err)
			}
		}
		seated := 0
		ms, _ := p.Match(t0)
		for _, m := range ms {
			seated += len(m.Requests)
		}
		ms, _ = p.Match(t0.Add(30 * time.Second))
		for _, m := range ms {
			seated += len(m.Requests)
		}
		if seated != len(reqs) || p.Len() != 0 {
			b.Fatalf("%d of %d seated, %d left", seated, len(reqs), p.Len())
		}
	}
}
