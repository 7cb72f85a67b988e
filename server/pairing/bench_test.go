package pairing_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"cardtable/server"
	"cardtable/store/memstore"
)

// BenchmarkThousandClients: 1,000 browsers (each its own cookie jar) ask
// for quick pairing at once over HTTP, spread over seven cells of the
// grid, waiting 1 s for people; each long-polls until it is seated. Every
// one must be seated (with people, or with bots after its wait); the time
// reported is from the first request to the last seat.
//
//	go test ./server/pairing -run '^$' -bench ThousandClients -benchtime 1x
func BenchmarkThousandClients(b *testing.B) {
	grid := []string{"watchtower-2-1m", "watchtower-2-20s", "war-2-slap-20s", "war-2-classic-20s", "watchtower-3-1m", "regicide-2-1m", "regicide-4-1m"}
	for b.Loop() {
		srv := server.New(memstore.New(), server.Config{Limits: server.Limits{APIRate: 1e6, APIBurst: 1e6, OpenTables: 1e6}})
		if err := srv.Start(context.Background()); err != nil {
			b.Fatal(err)
		}
		hs := httptest.NewServer(srv.Handler())
		do := func(c *http.Client, method, path string, body, out any) int {
			var rd *bytes.Reader
			if body != nil {
				data, _ := json.Marshal(body)
				rd = bytes.NewReader(data)
			} else {
				rd = bytes.NewReader(nil)
			}
			req, _ := http.NewRequest(method, hs.URL+path, rd)
			req.Header.Set("Content-Type", "application/json")
			resp, err := c.Do(req)
			if err != nil {
				return 0
			}
			defer resp.Body.Close()
			json.NewDecoder(resp.Body).Decode(out)
			return resp.StatusCode
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		seated, bots := 0, 0
		start := time.Now()
		for i := range 1000 {
			jar, _ := cookiejar.New(nil)
			c := &http.Client{Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 2}}
			wg.Go(func() {
				var r struct{ ID string }
				if code := do(c, "POST", "/api/pairing", map[string]any{"choice": grid[i%len(grid)], "wait": 1}, &r); code != http.StatusAccepted {
					b.Errorf("request %d: %d", i, code)
					return
				}
				for {
					var out struct {
						Status string
						Bots   int
					}
					do(c, "GET", "/api/pairing/"+r.ID+"?wait=20", nil, &out)
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
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		srv.Shutdown(ctx)
		cancel()
		hs.Close()
		if seated != 1000 {
			b.Fatalf("%d of 1000 seated", seated)
		}
		b.ReportMetric(took.Seconds(), "s-to-seat-all")
		b.ReportMetric(float64(bots), "seated-with-bots")
	}
}
