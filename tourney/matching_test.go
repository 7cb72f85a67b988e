package tourney

import (
	"math/rand/v2"
	"testing"

	"pgregory.net/rapid"
)

// bestMatching is the exhaustive answer: over every matching of the graph,
// the most edges and then the greatest weight.
func bestMatching(n int, edges []edge) (pairs int, weight int64) {
	w := map[[2]int]int64{}
	for _, e := range edges {
		u, v := min(e.u, e.v), max(e.u, e.v)
		if old, ok := w[[2]int{u, v}]; !ok || e.w > old {
			w[[2]int{u, v}] = e.w
		}
	}
	used := make([]bool, n)
	pairs, weight = -1, 0
	var walk func(from, count int, sum int64)
	walk = func(from, count int, sum int64) {
		for from < n && used[from] {
			from++
		}
		if from == n {
			if count > pairs || count == pairs && sum > weight {
				pairs, weight = count, sum
			}
			return
		}
		used[from] = true
		walk(from+1, count, sum) // from stays single
		for to := from + 1; to < n; to++ {
			if x, ok := w[[2]int{from, to}]; ok && !used[to] {
				used[to] = true
				walk(from+1, count+1, sum+x)
				used[to] = false
			}
		}
		used[from] = false
	}
	walk(0, 0, 0)
	return pairs, weight
}

func TestMatchingAgainstExhaustiveSearch(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 11).Draw(t, "n")
		var edges []edge
		seen := map[[2]int]bool{}
		if n > 1 {
			for range rapid.IntRange(0, n*(n-1)/2).Draw(t, "edges") {
				u := rapid.IntRange(0, n-1).Draw(t, "u")
				v := rapid.IntRange(0, n-1).Draw(t, "v")
				if u == v || seen[[2]int{min(u, v), max(u, v)}] {
					continue
				}
				seen[[2]int{min(u, v), max(u, v)}] = true
				edges = append(edges, edge{u, v, rapid.Int64Range(0, 40).Draw(t, "w")})
			}
		}
		mate := maxWeightMatching(n, edges)
		pairs, weight := checkMatching(t, n, edges, mate)
		wantPairs, wantWeight := bestMatching(n, edges)
		if pairs != wantPairs || weight != wantWeight {
			t.Fatalf("matching of %d vertices %v: %d pairs weighing %d, want %d pairs weighing %d (mate %v)",
				n, edges, pairs, weight, wantPairs, wantWeight, mate)
		}
	})
}

// checkMatching checks that mate is a matching of the graph's edges and
// returns its size and weight.
func checkMatching(t interface{ Fatalf(string, ...any) }, n int, edges []edge, mate []int) (int, int64) {
	if len(mate) != n {
		t.Fatalf("mate has %d vertices, want %d", len(mate), n)
	}
	w := map[[2]int]int64{}
	for _, e := range edges {
		w[[2]int{min(e.u, e.v), max(e.u, e.v)}] = e.w
	}
	pairs, weight := 0, int64(0)
	for v, u := range mate {
		if u == -1 || u < v {
			continue
		}
		if mate[u] != v {
			t.Fatalf("mate[%d] = %d but mate[%d] = %d", v, u, u, mate[u])
		}
		x, ok := w[[2]int{v, u}]
		if !ok {
			t.Fatalf("%d and %d are matched without an edge", v, u)
		}
		pairs++
		weight += x
	}
	return pairs, weight
}

// The classic cases that need blossoms (from the literature's test graphs):
// an odd cycle with a stem, nested blossoms, a blossom expanded mid-stage.
func TestMatchingBlossoms(t *testing.T) {
	cases := []struct {
		n     int
		edges []edge
	}{
		{4, []edge{{0, 1, 8}, {0, 2, 9}, {1, 2, 10}, {2, 3, 7}}},
		{6, []edge{{0, 1, 8}, {0, 2, 9}, {1, 2, 10}, {2, 3, 7}, {0, 5, 5}, {3, 4, 6}}},
		{7, []edge{{0, 1, 9}, {0, 2, 9}, {1, 2, 10}, {1, 3, 8}, {2, 4, 8}, {3, 4, 10}, {4, 5, 6}}},
		{8, []edge{{0, 1, 23}, {0, 4, 22}, {0, 5, 15}, {1, 2, 25}, {2, 3, 22}, {3, 4, 25}, {3, 7, 14}, {4, 6, 13}}},
		{9, []edge{{0, 1, 19}, {0, 2, 20}, {0, 7, 8}, {1, 2, 25}, {1, 3, 18}, {2, 4, 18}, {3, 4, 13}, {3, 6, 7}, {4, 5, 7}}},
		{11, []edge{{0, 1, 45}, {0, 4, 45}, {1, 2, 50}, {2, 3, 45}, {3, 4, 50}, {0, 5, 30}, {2, 8, 35}, {3, 7, 35}, {4, 6, 26}, {8, 9, 5}}},
		{11, []edge{{0, 1, 45}, {0, 6, 45}, {1, 2, 50}, {2, 3, 45}, {3, 4, 95}, {3, 5, 94}, {4, 5, 94}, {5, 6, 50}, {0, 7, 30}, {2, 10, 35}, {4, 8, 36}, {6, 9, 26}, {10, 9, 5}}},
	}
	for _, c := range cases {
		mate := maxWeightMatching(c.n, c.edges)
		pairs, weight := checkMatching(t, c.n, c.edges, mate)
		wantPairs, wantWeight := bestMatching(c.n, c.edges)
		if pairs != wantPairs || weight != wantWeight {
			t.Errorf("maxWeightMatching(%d, %v) = %v: %d pairs weighing %d, want %d weighing %d",
				c.n, c.edges, mate, pairs, weight, wantPairs, wantWeight)
		}
	}
}

// Dense graphs with wide weights, where blossoms nest and expand often.
func TestMatchingDenseGraphs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 30))
	for range 800 {
		n := 2 + rng.IntN(11)
		var edges []edge
		for u := range n {
			for v := u + 1; v < n; v++ {
				if rng.IntN(10) < 7 {
					edges = append(edges, edge{u, v, rng.Int64N(1000)})
				}
			}
		}
		mate := maxWeightMatching(n, edges)
		pairs, weight := checkMatching(t, n, edges, mate)
		wantPairs, wantWeight := bestMatching(n, edges)
		if pairs != wantPairs || weight != wantWeight {
			t.Fatalf("maxWeightMatching(%d, %v): %d pairs weighing %d, want %d weighing %d",
				n, edges, pairs, weight, wantPairs, wantWeight)
		}
	}
}
