package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cardtable/store"
)

// BenchmarkAppend measures Append: one table appended to by one goroutine
// (each append waits for its own commit), and many tables appended to at
// once (their appends share commits), with each synchronous setting. It
// reports appends per second and the latency of one Append.
//
//	go test -run '^$' -bench Append -benchtime 2000x ./store/sqlite/
func BenchmarkAppend(b *testing.B) {
	for _, sync := range []string{"FULL", "NORMAL"} {
		for _, tables := range []int{1, 64} {
			b.Run(fmt.Sprintf("sync=%s/tables=%d", sync, tables), func(b *testing.B) {
				benchAppend(b, Options{Synchronous: sync}, tables)
			})
		}
	}
}

func benchAppend(b *testing.B, o Options, tables int) {
	s, err := OpenOptions(filepath.Join(b.TempDir(), "bench.db"), o)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for i := range tables {
		t := store.Table{ID: fmt.Sprint("t", i), Game: "war", Seats: []store.Seat{{Kind: "bot"}, {Kind: "bot"}}, Created: time.Now()}
		if err := s.CreateTable(ctx, t); err != nil {
			b.Fatal(err)
		}
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
				if err := s.Append(ctx, id, store.Action{Seq: seq, Seat: seq % 2, Action: "flip", At: t0}); err != nil {
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

// BenchmarkAppendLoad offers the store the load of a busy server: 2,500
// tables, each appending one action every 600 ms (bots at the default
// --bot-delay), about 4,200 appends/s, and reports the latency of Append
// under it. b.N counts the appends measured. The loadtest case is the
// store's share of `cardtable loadtest --tables 2500 --clients 10000`:
// 2,500 tables each appending every 1.337 s, about 1,870 appends/s.
//
//	go test -run '^$' -bench AppendLoad -benchtime 40000x ./store/sqlite/
func BenchmarkAppendLoad(b *testing.B) {
	for _, sync := range []string{"FULL", "NORMAL"} {
		b.Run("sync="+sync, func(b *testing.B) { benchLoad(b, Options{Synchronous: sync}, 2500, 600*time.Millisecond) })
	}
	b.Run("sync=FULL/loadtest", func(b *testing.B) { benchLoad(b, Options{}, 2500, 1337*time.Millisecond) })
}

func benchLoad(b *testing.B, o Options, tables int, every time.Duration) {
	s, err := OpenOptions(filepath.Join(b.TempDir(), "load.db"), o)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for i := range tables {
		t := store.Table{ID: fmt.Sprint("t", i), Game: "war", Seats: []store.Seat{{Kind: "bot"}, {Kind: "bot"}}, Created: time.Now()}
		if err := s.CreateTable(ctx, t); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, b.N)
	var next atomic.Int64
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i := range tables {
		wg.Go(func() {
			id := fmt.Sprint("t", i)
			// Spread the tables' first moves over one period.
			tick := start.Add(every * time.Duration(i) / time.Duration(tables))
			for seq := 0; ; seq++ {
				time.Sleep(time.Until(tick))
				tick = tick.Add(every)
				n := next.Add(1) - 1
				if n >= int64(b.N) {
					return
				}
				t0 := time.Now()
				if err := s.Append(ctx, id, store.Action{Seq: seq, Seat: seq % 2, Action: "flip", At: t0}); err != nil {
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
	b.ReportMetric(float64(lat[len(lat)*999/1000].Microseconds()), "p99.9-µs")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds()), "max-µs")
	within, _ := slices.BinarySearch(lat, 10*time.Millisecond)
	b.ReportMetric(100*float64(len(lat)-within)/float64(len(lat)), "%over10ms")
}
