package loadtest

import (
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// fill completes the report: every event received during the hold is
// matched to when its command was sent.
func (r *run) fill(rep *Report, dialErrs int64) {
	rep.ActionsPerSec = float64(rep.Actions) / rep.HoldSeconds
	rep.DialErrors, rep.Refused, rep.RateLimited = dialErrs, r.refused.Load(), r.rateLimited.Load()
	rep.Dropped, rep.GamesEnded = r.dropped.Load(), r.ended.Load()
	r.mu.Lock()
	defer r.mu.Unlock()
	latency := make([]time.Duration, 0, len(r.receipts))
	for _, rc := range r.receipts {
		rc.tb.mu.Lock()
		at, ok := rc.tb.sends[rc.tb.applied[rc.version]]
		rc.tb.mu.Unlock()
		if !ok {
			rep.Unmatched++
			continue
		}
		latency = append(latency, rc.at.Sub(at))
	}
	rep.Broadcasts = len(latency)
	rep.P50ms, rep.P99ms, rep.MaxMs = quantiles(latency)
	rep.AckP50ms, rep.AckP99ms, _ = quantiles(r.ack)
}

func quantiles(ds []time.Duration) (p50, p99, most float64) {
	if len(ds) == 0 {
		return 0, 0, 0
	}
	slices.Sort(ds)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return ms(ds[len(ds)/2]), ms(ds[len(ds)*99/100]), ms(ds[len(ds)-1])
}

// histogram is the server's cardtable_action_broadcast_seconds: the
// cumulative count at each bucket's upper bound (seconds; +Inf last).
type histogram struct {
	bounds []float64
	counts []float64
}

// serverHistogram reads the server's action-to-broadcast histogram from
// its /metrics (nil when it has none).
func (r *run) serverHistogram(ctx context.Context) *histogram {
	req, _ := http.NewRequestWithContext(ctx, "GET", r.base+"/metrics", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	h := &histogram{}
	for _, line := range strings.Split(string(body), "\n") {
		rest, ok := strings.CutPrefix(line, `cardtable_action_broadcast_seconds_bucket{le="`)
		if !ok {
			continue
		}
		le, count, ok := strings.Cut(rest, `"} `)
		if !ok {
			continue
		}
		b, err1 := strconv.ParseFloat(le, 64)
		n, err2 := strconv.ParseFloat(strings.TrimSpace(count), 64)
		if err1 != nil || err2 != nil {
			continue
		}
		h.bounds, h.counts = append(h.bounds, b), append(h.counts, n)
	}
	if len(h.bounds) == 0 {
		return nil
	}
	return h
}

// serverFigures puts the server's own figures over the hold (the
// histogram after less before) in the report.
func serverFigures(rep *Report, before, after *histogram) {
	if before == nil || after == nil || len(before.counts) != len(after.counts) {
		return
	}
	total := after.counts[len(after.counts)-1] - before.counts[len(before.counts)-1]
	if total <= 0 {
		return
	}
	var within, p99 float64
	p99 = -1
	for i, b := range after.bounds {
		n := after.counts[i] - before.counts[i]
		if b == 0.01 {
			within = n / total
		}
		if p99 < 0 && n >= 0.99*total && b < 1e300 {
			p99 = b * 1000
		}
	}
	rep.ServerWithin10ms, rep.ServerP99ms = &within, &p99
}
