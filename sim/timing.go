package sim

import (
	"math/bits"
	"time"
)

// Decision times are counted in logarithmic buckets: a time of t ns falls
// in the bucket of its top five significant bits, so every bucket spans at
// most 1/16 of its lower bound, and 960 buckets cover every non-negative
// int64 (whose top bit is bit 63).
const (
	mantissaBits = 5
	subBuckets   = 1 << (mantissaBits - 1)
	timeBuckets  = (63-mantissaBits)*subBuckets + 2*subBuckets
)

// decisionTimes counts how long a bot took to choose each action. Counts,
// sum and maximum are exact; percentiles come from the buckets. Merging is
// addition, so the counts do not depend on which worker played which game
// (the times themselves depend on the machine).
type decisionTimes struct {
	n, sumNS, maxNS int64
	buckets         [timeBuckets]int64
}

// bucketOf returns the bucket of a time of ns nanoseconds.
func bucketOf(ns int64) int {
	u := uint64(max(ns, 0))
	shift := max(bits.Len64(u)-mantissaBits, 0)
	return shift*subBuckets + int(u>>shift)
}

// bucketTop returns the largest time in bucket b.
func bucketTop(b int) int64 {
	if b < 2*subBuckets {
		return int64(b)
	}
	shift := b/subBuckets - 1
	top := int64(b - shift*subBuckets)
	return (top+1)<<shift - 1
}

func (d *decisionTimes) add(took time.Duration) {
	ns := int64(took)
	d.n++
	d.sumNS += ns
	d.maxNS = max(d.maxNS, ns)
	d.buckets[bucketOf(ns)]++
}

func (d *decisionTimes) merge(o *decisionTimes) {
	d.n += o.n
	d.sumNS += o.sumNS
	d.maxNS = max(d.maxNS, o.maxNS)
	for i, c := range o.buckets {
		d.buckets[i] += c
	}
}

// percentileNS returns the nearest-rank percentile p (1..100) as the top of
// its bucket, at most the longest time seen: never below the true
// percentile, and at most 1/16 above it.
func (d *decisionTimes) percentileNS(p int) int64 {
	if d.n == 0 {
		return 0
	}
	rank := max((int64(p)*d.n+99)/100, 1)
	var cum int64
	for b, c := range d.buckets {
		if cum += c; cum >= rank {
			return min(bucketTop(b), d.maxNS)
		}
	}
	return d.maxNS
}

// DecisionStats describes the time a bot took per decision (per call of
// engine.Bot.Act), measured on the State path only.
type DecisionStats struct {
	// Decisions counts the bot's decisions; 0 on the fast path, where no
	// decision is observed.
	Decisions int64 `json:"decisions"`
	// SPerDecision is the mean time per decision in seconds.
	SPerDecision float64 `json:"s_per_decision"`
	// SPerDecisionP90 is the 90th percentile, to within 1/16 above.
	SPerDecisionP90 float64 `json:"s_per_decision_p90"`
	// SPerDecisionMax is the longest decision.
	SPerDecisionMax float64 `json:"s_per_decision_max"`
}

func (d *decisionTimes) stats() DecisionStats {
	if d.n == 0 {
		return DecisionStats{}
	}
	return DecisionStats{
		Decisions:       d.n,
		SPerDecision:    float64(d.sumNS) / float64(d.n) / 1e9,
		SPerDecisionP90: float64(d.percentileNS(90)) / 1e9,
		SPerDecisionMax: float64(d.maxNS) / 1e9,
	}
}
