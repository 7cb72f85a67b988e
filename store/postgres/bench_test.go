package postgres

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/store"
	"cardtable/store/postgres/pgtest"
)

// BenchmarkAppend measures Append and AppendFenced on the throwaway
// server: one table appended to by one goroutine (each append waits for
// its own commit) and 64 tables at once. It reports appends per second and
// the latency of one append. The throwaway server runs with fsync off
// unless PGTEST_FSYNC=on:
//
//	PGTEST_FSYNC=on go test -run '^$' -bench Append -benchtime 2000x ./store/postgres/
func BenchmarkAppend(b *testing.B) {
	for _, fenced := range []bool{false, true} {
		for _, tables := range []int{1, 64} {
			b.Run(fmt.Sprintf("fenced=%v/tables=%d", fenced, tables), func(b *testing.B) {
				benchAppend(b, fenced, tables)
			})
		}
	}
}

func benchAppend(b *testing.B, fenced bool, tables int) {
	s, err := OpenOptions(context.Background(), pgtest.DB(b), Options{MaxConns: 16})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	epochs := make([]int64, tables)
	for i := range tables {
		id := fmt.Sprint("t", i)
		t := store.Table{ID: id, Game: "war", Seats: []store.Seat{{Kind: "bot"}, {Kind: "bot"}}, Created: time.Now()}
		if err := s.CreateTable(ctx, t); err != nil {
			b.Fatal(err)
		}
		l, _, err := s.Acquire(ctx, id, "bench", time.Hour)
		if err != nil {
			b.Fatal(err)
		}
		epochs[i] = l.Epoch
	}
	lat := make([]time.Duration, b.N)
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i := range tables {
		wg.Go(func() {
			id := fmt.Sprint("t", i)
			for seq := 0; ; seq++ {
				n := next.Add(1) - 1
				if n >= int64(b.N) {
					return
				}
				t0 := time.Now()
				a := store.Action{Seq: seq, Seat: seq % 2, Action: "flip", At: t0}
				var err error
				if fenced {
					err = s.AppendFenced(ctx, id, epochs[i], a)
				} else {
					err = s.Append(ctx, id, a)
				}
				if err != nil {
					b.Error(err)
					return
				}
				lat[n] = time.Since(t0)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "appends/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}
