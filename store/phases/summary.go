package phases

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"runtime/metrics"
	"strconv"
	"time"
)

// The parts an action's time is split into. A wait after the goroutine
// due to run had finished its earlier work is a wait for a CPU (a
// hand-off's wake-up); before that, a queue.
var partNames = [...]string{
	"room queue: earlier work of the room",
	"room wake: runnable, waiting for a CPU",
	"room: the command up to the store call",
	"writer queue: the batch under way",
	"writer queue: a finishing checkpoint",
	"writer wake: runnable, waiting for a CPU",
	"batch statements",
	"commit (WAL write and sync)",
	"room wake after the commit: waiting for a CPU",
	"store call (a store without step times)",
	"room: broadcast and turns",
}

const numParts = len(partNames)

// parts splits s's time (read to done) into partNames' parts, in ns.
func (s *Span) parts() (p [numParts]int64) {
	a := s.at
	taken := a[Taken] - a[Read]
	if s.roomFree != 0 && s.roomFree > a[Read] {
		p[0] = min(s.roomFree-a[Read], taken)
	}
	p[1] = taken - p[0]
	p[2] = a[Handed] - a[Taken]
	if a[Begun] == 0 {
		p[9] = a[Resumed] - a[Handed]
	} else {
		wait := a[Begun] - a[Handed]
		if s.writerFree != 0 && s.writerFree > a[Handed] {
			q := min(s.writerFree-a[Handed], wait)
			if s.ckpt > 0 {
				ck := min(q, s.writerFree-max(s.ckpt, a[Handed]))
				p[4] = max(0, ck)
			}
			p[3] = q - p[4]
		}
		p[5] = wait - p[3] - p[4]
		p[6] = a[Ran] - a[Begun]
		p[7] = a[Committed] - a[Ran]
		p[8] = a[Resumed] - a[Committed]
	}
	p[10] = a[Done] - a[Resumed]
	return p
}

// Part is one part's mean and its share of a group's time.
type Part struct {
	Part   string  `json:"part"`
	MeanMS float64 `json:"mean_ms"`
	Share  float64 `json:"share"`
}

// Group sums the actions over a latency.
type Group struct {
	Over      string  `json:"over"`
	Actions   int     `json:"actions"`
	MeanMS    float64 `json:"mean_ms"`
	MeanBatch float64 `json:"mean_batch"`
	Multi     int     `json:"multi_append"` // actions that stored more than once
	Parts     []Part  `json:"parts"`
}

// Report is a window's answer.
type Report struct {
	Seconds float64 `json:"seconds"`
	Actions int     `json:"actions"`
	Groups  []Group `json:"groups"`
	// Sched is the Go scheduler's latencies over the window (every
	// goroutine's time runnable before it ran), from runtime/metrics.
	Sched Sched `json:"sched"`
}

// Sched is quantiles of a latency histogram, in ms (a bucket's upper
// bound).
type Sched struct {
	Count    uint64  `json:"count"`
	P50      float64 `json:"p50_ms"`
	P90      float64 `json:"p90_ms"`
	P99      float64 `json:"p99_ms"`
	P999     float64 `json:"p99_9_ms"`
	Over1ms  float64 `json:"over_1ms"`
	Over5ms  float64 `json:"over_5ms"`
	TotalSec float64 `json:"total_s"` // the waits summed (bucket midpoints)
}

// summarize groups spans by their latency.
func summarize(spans []*Span, over ...time.Duration) []Group {
	var out []Group
	for _, o := range over {
		g := Group{Over: o.String()}
		var sum [numParts]int64
		var total, batch int64
		for _, s := range spans {
			t := s.at[Done] - s.at[Read]
			if t <= int64(o) {
				continue
			}
			g.Actions++
			total += t
			batch += int64(s.batch)
			if s.appends > 1 {
				g.Multi++
			}
			p := s.parts()
			for i := range p {
				sum[i] += p[i]
			}
		}
		if g.Actions > 0 {
			n := float64(g.Actions)
			g.MeanMS = float64(total) / n / 1e6
			g.MeanBatch = float64(batch) / n
			for i, v := range sum {
				if v == 0 {
					continue
				}
				g.Parts = append(g.Parts, Part{Part: partNames[i], MeanMS: float64(v) / n / 1e6, Share: float64(v) / float64(total)})
			}
		}
		out = append(out, g)
	}
	return out
}

const schedMetric = "/sched/latencies:seconds"

func readSched() *metrics.Float64Histogram {
	s := []metrics.Sample{{Name: schedMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram {
		return nil
	}
	return s[0].Value.Float64Histogram()
}

// schedBetween is the scheduler's latencies from a to b (two reads).
func schedBetween(a, b *metrics.Float64Histogram) Sched {
	var out Sched
	if a == nil || b == nil {
		return out
	}
	counts := make([]uint64, len(b.Counts))
	for i := range counts {
		counts[i] = b.Counts[i] - a.Counts[i]
		out.Count += counts[i]
		lo, hi := b.Buckets[i], b.Buckets[i+1]
		if math.IsInf(lo, -1) {
			lo = 0
		}
		if math.IsInf(hi, 1) {
			hi = lo
		}
		out.TotalSec += float64(counts[i]) * (lo + hi) / 2
	}
	q := func(f float64) float64 {
		want := uint64(math.Ceil(f * float64(out.Count)))
		var seen uint64
		for i, c := range counts {
			seen += c
			if seen >= want && c > 0 {
				return b.Buckets[i+1] * 1e3
			}
		}
		return 0
	}
	above := func(sec float64) float64 {
		var n uint64
		for i, c := range counts {
			if b.Buckets[i] >= sec {
				n += c
			}
		}
		return float64(n) / float64(max(out.Count, 1))
	}
	if out.Count > 0 {
		out.P50, out.P90, out.P99, out.P999 = q(0.5), q(0.9), q(0.99), q(0.999)
	}
	out.Over1ms, out.Over5ms = above(1e-3), above(5e-3)
	return out
}

// Record records a window of d (shorter if ctx ends first) and answers
// its report; ok is false when another window was under way.
func Record(ctx context.Context, d time.Duration) (rep Report, ok bool) {
	before := readSched()
	start := time.Now()
	spans, ok := record(ctx, d)
	if !ok {
		return rep, false
	}
	return Report{Seconds: time.Since(start).Seconds(), Actions: len(spans),
		Groups: summarize(spans, 0, 5*time.Millisecond, 10*time.Millisecond),
		Sched:  schedBetween(before, readSched())}, true
}

// Handler answers GET ?seconds=N (1–120, 10 unless given): it records a
// window of N seconds and answers its Report as JSON — every action, and
// those over 5 and 10 ms, split into partNames' parts. One window at a
// time (409 while one runs).
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		secs := 10
		if v := r.URL.Query().Get("seconds"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 120 {
				http.Error(w, "seconds: give a whole number from 1 to 120", http.StatusBadRequest)
				return
			}
			secs = n
		}
		rep, ok := Record(r.Context(), time.Duration(secs)*time.Second)
		if !ok {
			http.Error(w, "a window is being recorded already; ask again when it ends", http.StatusConflict)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	})
}
