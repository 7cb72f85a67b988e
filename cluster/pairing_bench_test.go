package cluster_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"
)

// BenchmarkPairingThousand: 1,000 guests ask three nodes (round-robin)
// for quick pairing at once, spread over seven cells of the grid, each
// waiting 1 s for people, and long-poll their outcome through the node
// they asked. Every one must be seated (with people, or with bots after
// its wait); it reports the time from the first request to the last seat
// and how many sat with bots. One run, whatever b.N:
//
//	go test ./cluster/ -run '^$' -bench PairingThousand -benchtime 1x
func BenchmarkPairingThousand(b *testing.B) {
	nodes, _ := startNodes(b, 3, "--api-rate", "100000", "--max-open-tables", "100000")
	grid := []string{"watchtower-2-1m", "watchtower-2-20s", "war-2-slap-20s", "war-2-classic-20s", "watchtower-3-1m", "regicide-2-1m", "regicide-4-1m"}
	for b.Loop() {
		var wg sync.WaitGroup
		var mu sync.Mutex
		seated, bots := 0, 0
		start := time.Now()
		for i := range 1000 {
			p := nodes[i%3]
			wg.Go(func() {
				var r struct{ ID string }
				if code := p.api("POST", "/api/pairing", map[string]any{"choice": grid[i%len(grid)], "wait": 1}, &r); code != http.StatusAccepted {
					b.Errorf("request %d on %s: %d", i, p.name, code)
					return
				}
				for {
					var out struct {
						Status string
						Bots   int
					}
					p.api("GET", "/api/pairing/"+r.ID+"?wait=20", nil, &out)
					if out.Status == "waiting" {
						continue
					}
					mu.Lock()
					if out.Status == "paired" {
						seated++
						if out.Bots > 0 {
							bots++
						}
					}
					mu.Unlock()
					return
				}
			})
		}
		wg.Wait()
		took := time.Since(start)
		if seated != 1000 {
			b.Fatalf("%d of 1000 seated", seated)
		}
		b.ReportMetric(took.Seconds(), "s-to-seat-all")
		b.ReportMetric(float64(bots), "seated-with-bots")
		fmt.Fprintf(b.Output(), "1,000 requests over 3 nodes: all seated in %v, %d with bots\n", took.Round(time.Millisecond), bots)
	}
}
