package sim

import (
	"math"
	"testing"
)

func TestWilsonAgainstHandComputedIntervals(t *testing.T) {
	tests := []struct {
		k, n   int64
		lo, hi float64
	}{
		// p = 0.8, z = 1.96: (0.992 ∓ 0.3136) / 1.38416.
		{8, 10, 0.4902, 0.9433},
		// No successes: the lower end is exactly 0, the upper z²/(n+z²).
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		// p = 0.5, n = 100: 0.5 ∓ 1.96·sqrt(0.25/100 + 0.96/40000) / 1.0384.
		{50, 100, 0.4038, 0.5962},
		{0, 0, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := Wilson(tt.k, tt.n, Z95)
		if math.Abs(lo-tt.lo) > 5e-4 || math.Abs(hi-tt.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

func histogramOf(lengths ...int) *histogram {
	var h histogram
	for _, l := range lengths {
		h.add(l)
	}
	return &h
}

func TestHistogramStatistics(t *testing.T) {
	tests := []struct {
		lengths                      []int
		mean                         float64
		min, median, p90, p99, maxim int
	}{
		// Nearest rank: median is the 3rd of 5, p90 the ceil(4.5) = 5th.
		{[]int{10, 2, 1, 3, 2}, 3.6, 1, 2, 10, 10, 10},
		// Even count: the median is the lower middle value (rank 1 of 2).
		{[]int{7, 5}, 6, 5, 5, 7, 7, 7},
		{[]int{4}, 4, 4, 4, 4, 4, 4},
		// 100 games 1..100: p90 is the 90th value, p99 the 99th.
		{seq(1, 100), 50.5, 1, 50, 90, 99, 100},
	}
	for _, tt := range tests {
		h := histogramOf(tt.lengths...)
		got := []int{h.minLength(), h.percentile(50), h.percentile(90), h.percentile(99), h.maxLength()}
		want := []int{tt.min, tt.median, tt.p90, tt.p99, tt.maxim}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("lengths %v: min/median/p90/p99/max = %v, want %v", tt.lengths, got, want)
				break
			}
		}
		if h.mean() != tt.mean {
			t.Errorf("lengths %v: mean = %v, want %v", tt.lengths, h.mean(), tt.mean)
		}
	}
}

func seq(a, b int) []int {
	var s []int
	for i := a; i <= b; i++ {
		s = append(s, i)
	}
	return s
}

func TestHistogramMergeAddsCounts(t *testing.T) {
	a, b := histogramOf(1, 2), histogramOf(200, 2)
	a.merge(b)
	if a.total() != 4 || a.counts[2] != 2 || a.maxLength() != 200 {
		t.Errorf("merged histogram: total %d, counts[2] %d, max %d; want 4, 2, 200", a.total(), a.counts[2], a.maxLength())
	}
}

func TestMomentsMergeEqualsOnePass(t *testing.T) {
	// Mean 5, sum of squared deviations 32, sample sd sqrt(32/7).
	xs := []float64{2, 4, 4, 4, 5, 5, 7, 9}
	var all, left, right moments
	for i, x := range xs {
		all.add(x)
		if i < 3 {
			left.add(x)
		} else {
			right.add(x)
		}
	}
	left.merge(right)
	for _, m := range []moments{all, left} {
		if m.n != 8 || math.Abs(m.mean-5) > 1e-12 || math.Abs(m.sd()-math.Sqrt(32.0/7)) > 1e-12 {
			t.Errorf("moments n=%d mean=%v sd=%v, want 8, 5, %v", m.n, m.mean, m.sd(), math.Sqrt(32.0/7))
		}
	}
	var empty moments
	empty.merge(all)
	if empty != all {
		t.Errorf("merging into empty moments gave %+v, want %+v", empty, all)
	}
}
