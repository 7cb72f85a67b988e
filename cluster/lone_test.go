package cluster_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"cardtable/store/postgres/pgtest"
)

// TestLoneServerRefusedBesideNodes: `cardtable serve` without --nats on a
// database that nodes of a cluster use exits at once with a sentence
// saying why and what to do, serving nothing; and the other way round, a
// node is refused on a database a lone server runs on. Real processes and
// PostgreSQL.
func TestLoneServerRefusedBesideNodes(t *testing.T) {
	bin, natsBin := binaries(t)
	natsURL := startNATS(t, natsBin)

	// Nodes first: the lone server is refused.
	db := pgtest.DB(t)
	node := startNode(t, bin, "node0", db, natsURL)
	createTable(t, node, "war", nil, 2) // a table the node owns
	lone := run(t, "lone", bin, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "--db", db)
	out := exited(t, lone)
	if !strings.Contains(out, "nodes of a cluster run on it") || !strings.Contains(out, "Start this one as a node of theirs with --nats") || strings.Contains(out, "open http://") {
		t.Fatalf("the lone server beside a node said:\n%s", out)
	}

	// A lone server first: the node is refused.
	db2 := pgtest.DB(t)
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	first := run(t, "lone2", bin, "serve", "--addr", addr, "--db", db2)
	waitHealthy(t, first, "http://"+addr)
	late := run(t, "node-late", bin, "serve", "--addr", fmt.Sprintf("127.0.0.1:%d", freePort(t)), "--db", db2, "--nats", natsURL, "--node", "late")
	out = exited(t, late)
	if !strings.Contains(out, "a server without --nats runs on it") || !strings.Contains(out, "Stop that server first") || strings.Contains(out, "open http://") {
		t.Fatalf("the node beside a lone server said:\n%s", out)
	}
	if resp, err := http.Get("http://" + addr + "/healthz"); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the lone server after the node was refused: %v", err)
	}
}

// exited waits for p to exit (a guard, not a timing claim) and returns
// its output; it fails the test if p exited 0.
func exited(t *testing.T, p *proc) string {
	t.Helper()
	select {
	case err := <-p.exit:
		if err == nil {
			t.Fatalf("%s exited 0:\n%s", p.name, p.output())
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("%s still runs after 60 s:\n%s", p.name, p.output())
	}
	return p.output()
}

// waitHealthy waits for /healthz of a process started with run.
func waitHealthy(t *testing.T, p *proc, base string) {
	t.Helper()
	for range 600 {
		select {
		case err := <-p.exit:
			t.Fatalf("%s exited before serving: %v\n%s", p.name, err, p.output())
		default:
		}
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s did not answer /healthz within 60 s\n%s", p.name, p.output())
}
