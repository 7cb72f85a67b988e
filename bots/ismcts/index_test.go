package ismcts

import (
	"math/rand/v2"
	"testing"

	"cardtable/engine"
)

// The index must agree with a linear search on short and long lists,
// including actions that differ only in high bits (card sets).
func TestActionIndexFindsEveryAction(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var x actionIndex
	for _, n := range []int{0, 1, linearLimit, linearLimit + 1, 100, 700} {
		seen := map[engine.Action]bool{}
		var legal []engine.Action
		for len(legal) < n {
			a := engine.Action(rng.Uint64() & 0xffff_ff00_0000_0000)
			if rng.IntN(2) == 0 {
				a = engine.Action(rng.IntN(4 * n))
			}
			if !seen[a] {
				seen[a] = true
				legal = append(legal, a)
			}
		}
		x.reset(legal)
		for i, a := range legal {
			if got := x.find(a); got != i {
				t.Fatalf("n=%d: find(%#x) = %d, want %d", n, a, got, i)
			}
		}
		for range 200 {
			a := engine.Action(rng.Uint64())
			if got, want := x.find(a), indexOf(legal, a); got != want {
				t.Fatalf("n=%d: find(%#x) = %d, want %d", n, a, got, want)
			}
		}
	}
}
