package sim

import (
	"bytes"
	"math"
	"strconv"
)

// MaxDistValue is the largest metric value counted in a distribution; a
// metric with a larger, negative or fractional value gets no distribution.
const MaxDistValue = 1 << 16

// Dist counts games by the value of an integer metric: Dist[v] games had
// value v. Its JSON is an object whose keys are the values in increasing
// numeric order, every value from the smallest to the largest seen listed
// (with 0 for a value no game had).
type Dist map[int]int64

// MarshalJSON writes the counts in numeric order of their values.
func (d Dist) MarshalJSON() ([]byte, error) {
	lo, hi := d.Span()
	var b bytes.Buffer
	b.WriteByte('{')
	for v := lo; v <= hi && len(d) > 0; v++ {
		if v > lo {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(strconv.Itoa(v))
		b.WriteString(`":`)
		b.WriteString(strconv.FormatInt(d[v], 10))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Span returns the smallest and largest value with a count (0, 0 when
// empty).
func (d Dist) Span() (lo, hi int) {
	first := true
	for v := range d {
		if first || v < lo {
			lo = v
		}
		if first || v > hi {
			hi = v
		}
		first = false
	}
	return lo, hi
}

// metricDist is one worker's distribution of one metric.
type metricDist struct {
	counts histogram
	// fractional is set once a value could not be counted (not an integer
	// in 0..MaxDistValue); the metric then has no distribution.
	fractional bool
}

func (m *metricDist) add(v float64) {
	if m.fractional {
		return
	}
	if v < 0 || v > MaxDistValue || v != math.Trunc(v) {
		m.fractional = true
		return
	}
	m.counts.add(int(v))
}

func (m *metricDist) merge(o *metricDist) {
	m.fractional = m.fractional || o.fractional
	m.counts.merge(&o.counts)
}

// dist returns the counts from the smallest to the largest value seen, or
// nil when the metric took a value that could not be counted.
func (m *metricDist) dist() Dist {
	if m.fractional || m.counts.total() == 0 {
		return nil
	}
	d := Dist{}
	for v := m.counts.minLength(); v <= m.counts.maxLength(); v++ {
		d[v] = m.counts.counts[v]
	}
	return d
}
