package cluster_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// asked is a quick-pairing request the test made, and its outcome.
type asked struct {
	ID    string
	On    *proc // the node that took it
	Out   pairingOutcome
	Taken time.Time
	Seats int
}

type pairingOutcome struct {
	Status string `json:"status"`
	Table  string `json:"table"`
	Seat   int    `json:"seat"`
	Token  string `json:"token"`
}

// ask asks node p for choice as a new guest (no cookie: a guest of its
// own), waiting for people only.
func ask(t *testing.T, p *proc, choice string) *asked {
	t.Helper()
	var out struct {
		ID string `json:"id"`
	}
	if st := p.api("POST", "/api/pairing", map[string]any{"choice": choice, "wait": 0}, &out); st != http.StatusAccepted || out.ID == "" {
		t.Fatalf("asking %s for %s: status %d", p.name, choice, st)
	}
	seats := 2
	if strings.Contains(choice, "-3-") {
		seats = 3
	}
	return &asked{ID: out.ID, On: p, Taken: time.Now(), Seats: seats}
}

// await long-polls request a through node p until it is no longer waiting.
func (a *asked) await(t *testing.T, p *proc) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if st := p.api("GET", "/api/pairing/"+a.ID+"?wait=20", nil, &a.Out); st != http.StatusOK {
			t.Fatalf("request %s through %s: status %d", a.ID, p.name, st)
		}
		if a.Out.Status != "waiting" {
			return
		}
	}
	t.Fatalf("request %s (asked on %s) still waits after a minute", a.ID, a.On.name)
}

// checkPaired: every request was paired, each table holds exactly seats
// requests (its choice's seats) at distinct seats, and the database agrees: each request is
// paired once, at the table and seat it was told, and the tables are
// exactly the tables told.
func checkPaired(t *testing.T, db string, reqs []*asked) {
	t.Helper()
	byTable := map[string]map[int]string{}
	want := map[string]int{}
	for _, a := range reqs {
		want[a.Out.Table] = a.Seats
		if a.Out.Status != "paired" || a.Out.Table == "" || a.Out.Token == "" {
			t.Errorf("request %s (asked on %s): %+v, want paired", a.ID, a.On.name, a.Out)
			continue
		}
		if byTable[a.Out.Table] == nil {
			byTable[a.Out.Table] = map[int]string{}
		}
		if other, ok := byTable[a.Out.Table][a.Out.Seat]; ok {
			t.Errorf("requests %s and %s both hold seat %d of %s", other, a.ID, a.Out.Seat, a.Out.Table)
		}
		byTable[a.Out.Table][a.Out.Seat] = a.ID
	}
	for id, s := range byTable {
		if len(s) != want[id] {
			t.Errorf("table %s seats %d requests, want %d", id, len(s), want[id])
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rows, err := conn.Query(ctx, `SELECT id, status, table_id, seat FROM pairing_requests`)
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]pairingOutcome{}
	for rows.Next() {
		var id string
		var o pairingOutcome
		if err := rows.Scan(&id, &o.Status, &o.Table, &o.Seat); err != nil {
			t.Fatal(err)
		}
		stored[id] = o
	}
	if len(stored) != len(reqs) {
		t.Errorf("the database holds %d requests, the test made %d", len(stored), len(reqs))
	}
	for _, a := range reqs {
		if s := stored[a.ID]; s.Status != "paired" || s.Table != a.Out.Table || s.Seat != a.Out.Seat {
			t.Errorf("request %s is stored as %+v, told %+v", a.ID, s, a.Out)
		}
	}
	var tables int
	if err := conn.QueryRow(ctx, `SELECT COUNT(*) FROM game_tables`).Scan(&tables); err != nil {
		t.Fatal(err)
	}
	if tables != len(byTable) {
		t.Errorf("%d tables stored for %d paired tables: a pairing was doubled or lost", tables, len(byTable))
	}
}

// TestPairingAcrossNodes: requests made on different nodes meet at one
// table (issue 30 item 4); then the node that pairs (the first by id,
// node0) is killed with requests waiting on it and others, while more
// come to the nodes left: every request is paired exactly once, a request
// asked on the dead node is answered by another, and no table is doubled.
func TestPairingAcrossNodes(t *testing.T) {
	start := time.Now()
	nodes, db := startNodes(t, 3)
	t.Logf("three nodes up in %v", time.Since(start).Round(time.Millisecond))
	// Two strangers on two nodes, one table.
	a, b := ask(t, nodes[1], "watchtower-2-1m"), ask(t, nodes[2], "watchtower-2-1m")
	a.await(t, nodes[1])
	b.await(t, nodes[2])
	if a.Out.Table == "" || a.Out.Table != b.Out.Table {
		t.Fatalf("requests on node1 and node2 were not seated together: %+v, %+v", a.Out, b.Out)
	}
	t.Logf("node1 and node2's requests paired after %v", time.Since(b.Taken).Round(time.Millisecond))
	// The paired table plays: its seat's token opens it on another node.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, err := dial(ctx, nodes[0].base, a.Out.Table, a.Out.Token)
	if err != nil {
		t.Fatalf("the paired seat through node0: %v", err)
	}
	ws.close()
	reqs := []*asked{a, b}

	// Two requests for a three-seat table wait, one of them on node0.
	waiting := []*asked{ask(t, nodes[0], "watchtower-3-1m"), ask(t, nodes[1], "watchtower-3-1m")}
	for _, w := range waiting {
		if st := nodes[2].api("GET", "/api/pairing/"+w.ID, nil, &w.Out); st != http.StatusOK || w.Out.Status != "waiting" {
			t.Fatalf("request %s through node2: status %d, %+v; want it waiting", w.ID, st, w.Out)
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	more := func(n int, on ...*proc) {
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := ask(t, on[i%len(on)], "watchtower-2-1m")
				mu.Lock()
				reqs = append(reqs, r)
				mu.Unlock()
			}()
		}
	}
	more(9, nodes...)
	wg.Wait()
	nodes[0].kill9()
	killed := time.Now()
	more(11, nodes[1], nodes[2])
	wg.Wait()
	late := []*asked{ask(t, nodes[2], "watchtower-3-1m")}
	for i, r := range append(append(reqs, waiting...), late...) {
		r.await(t, nodes[1+i%2])
	}
	t.Logf("every request answered %v after node0 was killed", time.Since(killed).Round(time.Millisecond))
	checkPaired(t, db, append(append(reqs, waiting...), late...))
	// The first table, opened by node0 (which paired it), was adopted.
	if ws, err = dial(ctx, nodes[1].base, a.Out.Table, a.Out.Token); err != nil {
		t.Fatalf("the first paired table after node0 died, through node1: %v", err)
	}
	defer ws.close()
	select {
	case _, ok := <-ws.msgs:
		if !ok {
			t.Error("the first paired table closed the connection through node1 after node0 died")
		}
	case <-ctx.Done():
		t.Error("the first paired table said nothing through node1 after node0 died")
	}
	if t.Failed() {
		for _, n := range nodes {
			for _, line := range strings.Split(n.output(), "\n") {
				if strings.Contains(line, "pair") {
					t.Log(n.name, line)
				}
			}
		}
	}
}
