package cluster_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/store/postgres/pgtest"
)

// A real PostgreSQL restart ends every node's guard session: each node
// logs the loss, takes its guard back once the database is up (counted on
// /metrics), and a server without --nats started afterwards is refused as
// it is beside running nodes; the nodes go on serving the table.
func TestGuardAfterPostgresRestart(t *testing.T) {
	bin, _ := binaries(t)
	nodes, db := startNodes(t, 2)
	c := createTable(t, nodes[0], "regicide", map[string]string{"players": "2"}, 2)
	srv := pgtest.Current(t)
	if err := srv.StopServer(); err != nil {
		t.Fatal(err)
	}
	if err := srv.StartServer(); err != nil {
		t.Fatal(err)
	}
	for _, n := range nodes {
		for deadline := time.Now().Add(time.Minute); metric(t, n, "cardtable_store_guard_lost_total") != 1 || metric(t, n, "cardtable_store_guard_held") != 1; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s after the restart: guard held %v, lost %v times; want held after 1 loss", n.name,
					metric(t, n, "cardtable_store_guard_held"), metric(t, n, "cardtable_store_guard_lost_total"))
			}
		}
		if out := n.output(); !strings.Contains(out, "database guard lost") || !strings.Contains(out, "database guard taken back") {
			t.Errorf("%s did not log losing and taking back its guard:\n%s", n.name, out)
		}
	}
	lone := run(t, "lone", bin, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "--db", db)
	if out := exited(t, lone); !strings.Contains(out, "nodes of a cluster run on it") || strings.Contains(out, "open http://") {
		t.Fatalf("a server without --nats after the restart said:\n%s", out)
	}
	claim(t, nodes[1], c.ID, 1) // the nodes still write
}

// A node given another NATS server than the nodes already on the
// database is refused at start with a sentence saying so (before, its
// tables and theirs answered 503 to each other for as long as it ran).
func TestNodeOnAnotherNATSRefused(t *testing.T) {
	bin, natsBin := binaries(t)
	nodes, db := startNodes(t, 1)
	other := startNATS(t, natsBin)
	late := run(t, "late", bin, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "--db", db, "--nats", other, "--node", "late", "--lease", "1s")
	out := exited(t, late)
	if !strings.Contains(out, "the nodes already on this database (node0-") || !strings.Contains(out, "Give this node the --nats they use") || strings.Contains(out, "open http://") {
		t.Fatalf("a node on another NATS said:\n%s", out)
	}
	if code := nodes[0].api("GET", "/healthz", nil, nil); code != http.StatusOK {
		t.Fatalf("node0 after the other was refused: %d", code)
	}
}
