package server_test

import (
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"cardtable/server"
	"cardtable/server/servertest"
	"cardtable/store/memstore"
)

// guardStore is a memory store with a guard the test takes away.
type guardStore struct {
	*memstore.Store
	held atomic.Bool
	lost atomic.Uint64
}

func (g *guardStore) Guard() (bool, uint64) { return g.held.Load(), g.lost.Load() }

// While the store's guard is lost /healthz answers 503 saying so (a load
// balancer sends the clients elsewhere), and /metrics shows it held 0 and
// counts the loss; both turn back once it is held again.
func TestGuardOnHealthAndMetrics(t *testing.T) {
	st := &guardStore{Store: memstore.New()}
	st.held.Store(true)
	ts := servertest.New(t, st, server.Config{})
	get := func(path string) (int, string) {
		resp, err := http.Get(ts.HTTP.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get("/metrics"); code != 200 || !strings.Contains(body, "cardtable_store_guard_held 1") || !strings.Contains(body, "cardtable_store_guard_lost_total 0") {
		t.Fatalf("/metrics with the guard held: %d\n%s", code, body)
	}
	st.held.Store(false)
	st.lost.Add(1)
	if code, body := get("/healthz"); code != 503 || !strings.Contains(body, "lost its hold on the database") {
		t.Fatalf("/healthz with the guard lost: %d %s", code, body)
	}
	if _, body := get("/metrics"); !strings.Contains(body, "cardtable_store_guard_held 0") || !strings.Contains(body, "cardtable_store_guard_lost_total 1") {
		t.Fatalf("/metrics with the guard lost:\n%s", body)
	}
	st.held.Store(true)
	if code, _ := get("/healthz"); code != 200 {
		t.Fatalf("/healthz once the guard is back: %d", code)
	}
}
