package sim

import "math"

// Z95 is the standard normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval for k successes out of n trials
// at normal quantile z (Z95 for 95%). It stays inside [0, 1] and is sound
// for shares near 0 or 1, unlike the normal approximation. n = 0 gives the
// uninformative interval [0, 1].
func Wilson(k, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	lo, hi = WilsonShare(float64(k)/float64(n), n, z)
	// At k = 0 and k = n the interval ends exactly at 0 and 1; rounding
	// would otherwise leave a share of 1 just outside its own interval.
	if k == 0 {
		lo = 0
	}
	if k == n {
		hi = 1
	}
	return lo, hi
}

// WilsonShare is the Wilson score interval of a share p of n trials that
// need not be a whole number of successes (a score counting a tie as half
// a win).
func WilsonShare(p float64, n int64, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	fn := float64(n)
	z2 := z * z
	centre := p + z2/(2*fn)
	spread := z * math.Sqrt(p*(1-p)/fn+z2/(4*fn*fn))
	den := 1 + z2/fn
	return math.Max(0, (centre-spread)/den), math.Min(1, (centre+spread)/den)
}

// histogram counts integer game lengths exactly: counts[L] is the number
// of games of length L. Merging is addition, so it does not depend on which
// worker played which game.
type histogram struct {
	counts []int64
}

func (h *histogram) add(length int) {
	if length < 0 {
		length = 0
	}
	if length >= len(h.counts) {
		h.grow(length)
	}
	h.counts[length]++
}

func (h *histogram) grow(length int) {
	n := max(2*len(h.counts), length+1, 64)
	c := make([]int64, n)
	copy(c, h.counts)
	h.counts = c
}

func (h *histogram) merge(o *histogram) {
	if len(o.counts) > len(h.counts) {
		h.grow(len(o.counts) - 1)
	}
	for i, c := range o.counts {
		h.counts[i] += c
	}
}

// total is the number of games counted.
func (h *histogram) total() int64 {
	var n int64
	for _, c := range h.counts {
		n += c
	}
	return n
}

// mean is the exact mean length (integer sums, one division).
func (h *histogram) mean() float64 {
	var n, sum int64
	for l, c := range h.counts {
		n += c
		sum += int64(l) * c
	}
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}

// percentile returns the nearest-rank percentile p (1..100): the smallest
// length L such that at least p% of the games have length <= L. It is
// always a length that occurred; 0 for an empty histogram.
func (h *histogram) percentile(p int) int {
	n := h.total()
	if n == 0 {
		return 0
	}
	rank := (int64(p)*n + 99) / 100
	rank = max(rank, 1)
	var cum int64
	for l, c := range h.counts {
		cum += c
		if cum >= rank {
			return l
		}
	}
	return h.maxLength()
}

// sd is the sample standard deviation of the lengths (0 below 2 games).
func (h *histogram) sd() float64 {
	n := h.total()
	if n < 2 {
		return 0
	}
	m := h.mean()
	var ss float64
	for l, c := range h.counts {
		d := float64(l) - m
		ss += float64(c) * d * d
	}
	return math.Sqrt(ss / float64(n-1))
}

func (h *histogram) maxLength() int {
	for l := len(h.counts) - 1; l >= 0; l-- {
		if h.counts[l] > 0 {
			return l
		}
	}
	return 0
}

func (h *histogram) minLength() int {
	for l, c := range h.counts {
		if c > 0 {
			return l
		}
	}
	return 0
}

// moments accumulates the count, mean and sum of squared deviations of a
// series (Welford), and merges with Chan's formula. Floating-point merging
// is not associative, so the simulator merges per-chunk moments in chunk
// order to keep results independent of the number of workers.
type moments struct {
	n    int64
	mean float64
	m2   float64
}

func (m *moments) add(x float64) {
	m.n++
	d := x - m.mean
	if d == 0 {
		// A value equal to the mean leaves mean and m2 as they are (both
		// start at +0 and never become -0, so adding ±0 changes no bit):
		// no division for a metric that is always 0.
		return
	}
	m.mean += d / float64(m.n)
	m.m2 += d * (x - m.mean)
}

func (m *moments) merge(o moments) {
	if o.n == 0 {
		return
	}
	if m.n == 0 {
		*m = o
		return
	}
	n := m.n + o.n
	d := o.mean - m.mean
	m.mean += d * float64(o.n) / float64(n)
	m.m2 += o.m2 + d*d*float64(m.n)*float64(o.n)/float64(n)
	m.n = n
}

// sd is the sample standard deviation (n-1 denominator); 0 below 2 values.
func (m moments) sd() float64 {
	if m.n < 2 {
		return 0
	}
	return math.Sqrt(m.m2 / float64(m.n-1))
}
