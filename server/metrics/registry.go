package metrics

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// A Collector is one or more metric families that a Registry writes at
// each scrape: the metrics made here (NewCounter, NewGauge, NewHistogram,
// NewCounterVec, NewGaugeFunc, NewCounterFunc) and the Go runtime's and
// the process's.
type Collector interface {
	// names are the families' names, fixed for the collector's life.
	names() []string
	// collect adds the families' current values to s.
	collect(s *scrape)
}

// A Registry is a set of collectors written together in Prometheus'
// text exposition format (version 0.0.4), the families sorted by name.
type Registry struct {
	mu         sync.Mutex
	collectors []Collector
	names      map[string]bool
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{names: map[string]bool{}}
}

// MustRegister adds collectors to r. A family name registered twice is a
// programming error and panics, as it does in the Prometheus client.
func (r *Registry) MustRegister(cs ...Collector) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, c := range cs {
		for _, n := range c.names() {
			if r.names[n] {
				panic(fmt.Sprintf("metrics: %s registered twice", n))
			}
			r.names[n] = true
		}
		r.collectors = append(r.collectors, c)
	}
}

// WriteText writes every registered family to w in the text format.
func (r *Registry) WriteText(w io.Writer) error {
	r.mu.Lock()
	cs := slices.Clone(r.collectors)
	r.mu.Unlock()
	var s scrape
	for _, c := range cs {
		c.collect(&s)
	}
	sort.SliceStable(s.families, func(i, j int) bool { return s.families[i].name < s.families[j].name })
	bw := bufio.NewWriter(w)
	for _, f := range s.families {
		f.write(bw)
	}
	return bw.Flush()
}

// A scrape is the families collected for one write.
type scrape struct {
	families []*family
}

// add starts a family of the given type ("counter", "gauge",
// "histogram", "summary") and returns it for its samples.
func (s *scrape) add(name, help, typ string) *family {
	f := &family{name: name, help: help, typ: typ}
	s.families = append(s.families, f)
	return f
}

// A family is one metric's HELP, TYPE and sample lines.
type family struct {
	name, help, typ string
	samples         []sample
}

// A sample is one line: the family's name with a suffix (_bucket, _sum,
// _count or none), its labels in order, and its value already formatted.
type sample struct {
	suffix string
	labels []string // name, value, name, value…
	value  string
}

func (f *family) sample(suffix, value string, labels ...string) {
	f.samples = append(f.samples, sample{suffix: suffix, labels: labels, value: value})
}

func (f *family) write(w *bufio.Writer) {
	fmt.Fprintf(w, "# HELP %s %s\n# TYPE %s %s\n", f.name, escapeHelp(f.help), f.name, f.typ)
	for _, s := range f.samples {
		w.WriteString(f.name + s.suffix)
		if len(s.labels) > 0 {
			w.WriteByte('{')
			for i := 0; i < len(s.labels); i += 2 {
				if i > 0 {
					w.WriteByte(',')
				}
				w.WriteString(s.labels[i] + `="` + escapeLabel(s.labels[i+1]) + `"`)
			}
			w.WriteByte('}')
		}
		w.WriteString(" " + s.value + "\n")
	}
}

var (
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
	labelEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`)
)

func escapeHelp(s string) string  { return helpEscaper.Replace(s) }
func escapeLabel(s string) string { return labelEscaper.Replace(s) }

// formatFloat writes a value as the Prometheus client does: the
// shortest representation that reads back the same, with NaN, +Inf and
// -Inf spelled so.
func formatFloat(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, +1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

func formatUint(v uint64) string { return strconv.FormatUint(v, 10) }

// atomicFloat is a float64 updated without a lock.
type atomicFloat struct{ bits atomic.Uint64 }

func (a *atomicFloat) load() float64   { return math.Float64frombits(a.bits.Load()) }
func (a *atomicFloat) store(v float64) { a.bits.Store(math.Float64bits(v)) }
func (a *atomicFloat) add(d float64) {
	for {
		old := a.bits.Load()
		if a.bits.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+d)) {
			return
		}
	}
}

// A Counter is a value that only goes up.
type Counter struct {
	name, help string
	v          atomicFloat
}

// NewCounter returns a counter at 0.
func NewCounter(name, help string) *Counter { return &Counter{name: name, help: help} }

// Inc adds 1.
func (c *Counter) Inc() { c.v.add(1) }

// Add adds d, which must not be negative: a counter never goes down
// (a negative d is a programming error and panics, as in the Prometheus
// client).
func (c *Counter) Add(d float64) {
	if d < 0 {
		panic(fmt.Sprintf("metrics: counter %s cannot decrease (added %v)", c.name, d))
	}
	c.v.add(d)
}

// Value is the counter's value.
func (c *Counter) Value() float64 { return c.v.load() }

func (c *Counter) names() []string { return []string{c.name} }
func (c *Counter) collect(s *scrape) {
	s.add(c.name, c.help, "counter").sample("", formatFloat(c.Value()))
}

// A Gauge is a value that goes up and down.
type Gauge struct {
	name, help string
	v          atomicFloat
}

// NewGauge returns a gauge at 0.
func NewGauge(name, help string) *Gauge { return &Gauge{name: name, help: help} }

// Set sets the gauge to v.
func (g *Gauge) Set(v float64) { g.v.store(v) }

// Inc adds 1.
func (g *Gauge) Inc() { g.v.add(1) }

// Dec takes 1 away.
func (g *Gauge) Dec() { g.v.add(-1) }

// Value is the gauge's value.
func (g *Gauge) Value() float64 { return g.v.load() }

func (g *Gauge) names() []string { return []string{g.name} }
func (g *Gauge) collect(s *scrape) {
	s.add(g.name, g.help, "gauge").sample("", formatFloat(g.Value()))
}

// A CounterVec is a counter for each value of one label.
type CounterVec struct {
	name, help, label string
	mu                sync.Mutex
	counters          map[string]*Counter
}

// NewCounterVec returns a counter family with one label, with no value
// until a label value is first used.
func NewCounterVec(name, help, label string) *CounterVec {
	return &CounterVec{name: name, help: help, label: label, counters: map[string]*Counter{}}
}

// WithLabelValues is the counter for the label's value v (made at 0 the
// first time).
func (cv *CounterVec) WithLabelValues(v string) *Counter {
	cv.mu.Lock()
	defer cv.mu.Unlock()
	c, ok := cv.counters[v]
	if !ok {
		c = NewCounter(cv.name, cv.help)
		cv.counters[v] = c
	}
	return c
}

func (cv *CounterVec) names() []string { return []string{cv.name} }
func (cv *CounterVec) collect(s *scrape) {
	cv.mu.Lock()
	values := make([]string, 0, len(cv.counters))
	for v := range cv.counters {
		values = append(values, v)
	}
	cv.mu.Unlock()
	if len(values) == 0 {
		return // as in the Prometheus client: a vector without children has no family
	}
	slices.Sort(values)
	f := s.add(cv.name, cv.help, "counter")
	for _, v := range values {
		f.sample("", formatFloat(cv.WithLabelValues(v).Value()), cv.label, v)
	}
}

// A Histogram counts observations in buckets with fixed upper bounds.
type Histogram struct {
	name, help string
	upper      []float64 // sorted; +Inf is implied
	mu         sync.Mutex
	counts     []uint64 // per bucket, not cumulative; the last is +Inf's
	count      uint64
	sum        float64
}

// NewHistogram returns a histogram with the given bucket upper bounds
// (ascending; +Inf is added).
func NewHistogram(name, help string, buckets []float64) *Histogram {
	if !slices.IsSorted(buckets) {
		panic(fmt.Sprintf("metrics: histogram %s: buckets not ascending", name))
	}
	return &Histogram{name: name, help: help, upper: slices.Clone(buckets), counts: make([]uint64, len(buckets)+1)}
}

// Observe counts v in the first bucket whose upper bound is at least v.
func (h *Histogram) Observe(v float64) {
	i := sort.SearchFloat64s(h.upper, v)
	h.mu.Lock()
	h.counts[i]++
	h.count++
	h.sum += v
	h.mu.Unlock()
}

func (h *Histogram) names() []string { return []string{h.name} }
func (h *Histogram) collect(s *scrape) {
	h.mu.Lock()
	counts, count, sum := slices.Clone(h.counts), h.count, h.sum
	h.mu.Unlock()
	f := s.add(h.name, h.help, "histogram")
	var cum uint64
	for i, u := range h.upper {
		cum += counts[i]
		f.sample("_bucket", formatUint(cum), "le", formatFloat(u))
	}
	f.sample("_bucket", formatUint(count), "le", "+Inf")
	f.sample("_sum", formatFloat(sum))
	f.sample("_count", formatUint(count))
}

// funcMetric is a gauge or counter whose value is read at each scrape.
type funcMetric struct {
	name, help, typ string
	f               func() float64
}

// NewGaugeFunc returns a gauge whose value is f() at each scrape.
func NewGaugeFunc(name, help string, f func() float64) Collector {
	return &funcMetric{name: name, help: help, typ: "gauge", f: f}
}

// NewCounterFunc returns a counter whose value is f() at each scrape (f
// must never go down).
func NewCounterFunc(name, help string, f func() float64) Collector {
	return &funcMetric{name: name, help: help, typ: "counter", f: f}
}

func (m *funcMetric) names() []string { return []string{m.name} }
func (m *funcMetric) collect(s *scrape) {
	s.add(m.name, m.help, m.typ).sample("", formatFloat(m.f()))
}
