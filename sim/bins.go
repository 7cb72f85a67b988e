package sim

import "slices"

// LengthBin is games whose length lies in [Min, Max].
type LengthBin struct {
	Min, Max int
	Games    int64
}

// LengthBins groups the run's game lengths into at most n bins of equal
// width, as `cardtable sim --plot` draws them (sim/plot): from the shortest game to the longest,
// or to the 99th percentile when the longest 1% would squash the rest
// (cut says so).
func (r *Report) LengthBins(n int) (bins []LengthBin, cut bool) {
	lo, hi := r.Length.Min, r.Length.Max
	if hi > 3*r.Length.P99 && r.Length.P99 > lo {
		hi, cut = r.Length.P99, true
	}
	if n < 1 || r.Games == 0 {
		return nil, cut
	}
	width := (hi - lo + n) / n
	counts := r.lengths.counts
	for a := lo; a <= hi; a += width {
		b := LengthBin{Min: a, Max: min(a+width-1, hi)}
		for l := a; l <= b.Max && l < len(counts); l++ {
			b.Games += counts[l]
		}
		bins = append(bins, b)
	}
	return bins, cut
}

// ChangedOptions are the run's options that differ from the game's
// defaults, as key=value in the game's order (a plot's subtitle).
func (r *Report) ChangedOptions() []string {
	var changed []string
	for _, o := range r.specs {
		if v := r.Options.Get(o.Key); v != o.Default {
			changed = append(changed, o.Key+"="+v)
		}
	}
	return slices.Clip(changed)
}
