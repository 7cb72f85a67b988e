package analysis

import (
	"context"
	"syscall"
	"testing"
	"time"

	"cardtable/bots/regicidesolver"
	"cardtable/record"
)

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchRecords plays seeded games until it has n finished ones that keep:
// the heuristic in every seat, seeds from 1 on.
func benchRecords(b *testing.B, name string, n int, keep func(*record.Record) bool) []*record.Record {
	var out []*record.Record
	for seed := uint64(1); len(out) < n; seed++ {
		rec := playRecord(b, name, nil, "heuristic", seed)
		if keep(rec) {
			out = append(out, rec)
		}
	}
	return out
}

// BenchmarkAnalyze analyses whole games at the default depth and reports
// the CPU seconds a game takes, in all and for each part, with the
// decisions a game has: solo Regicide games the heuristic lost in 35 to 50
// actions (the "about 40 decisions"), and two-player Watchtower
// games between heuristics with both seats analysed. The targets
// (docs/analysis.md): Regicide ≤ 10 s in all and ≤ 2 s for the solver,
// Watchtower ≤ 30 s, on one core (run it under taskset -c 0).
func BenchmarkAnalyze(b *testing.B) {
	b.Run("game=regicide-solo", func(b *testing.B) {
		recs := benchRecords(b, "regicide", 4, func(r *record.Record) bool {
			return len(r.Result.Winners) == 0 && len(r.Actions) >= 35 && len(r.Actions) <= 50
		})
		benchGames(b, recs, true)
	})
	b.Run("game=watchtower-2p", func(b *testing.B) {
		recs := benchRecords(b, "watchtower", 2, func(*record.Record) bool { return true })
		benchGames(b, recs, false)
	})
}

func benchGames(b *testing.B, recs []*record.Record, solver bool) {
	var total, hind time.Duration
	decisions, games := 0, 0
	for i := 0; b.Loop(); i++ {
		rec := recs[i%len(recs)]
		start := cpuTime()
		doc, err := Analyze(context.Background(), rec, Options{})
		if err != nil {
			b.Fatal(err)
		}
		total += cpuTime() - start
		if solver {
			hind += solverCPU(b, rec, doc.Settings)
		}
		decisions += len(doc.Decisions)
		games++
	}
	b.ReportMetric(total.Seconds()/float64(games), "cpu-s/game")
	b.ReportMetric(float64(decisions)/float64(games), "decisions/game")
	if solver {
		b.ReportMetric(hind.Seconds()/float64(games), "solver-cpu-s/game")
	}
}

// solverCPU runs the hindsight part of rec's analysis alone and returns
// its CPU time.
func solverCPU(b *testing.B, rec *record.Record, st Settings) time.Duration {
	positions, err := replayPositions(rec)
	if err != nil {
		b.Fatal(err)
	}
	start := cpuTime()
	o, err := NewOracle(regicidesolver.DefaultTableBits)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := hindsight(context.Background(), o, rec, positions, st); err != nil {
		b.Fatal(err)
	}
	return cpuTime() - start
}
