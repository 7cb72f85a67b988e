package cluster_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkNodes measures CLUSTER_NODES nodes (default 3) with the
// default lease (3 s): War tables created round-robin over the nodes,
// each with seat 0 on the table's owner, seat 1 on the next node
// (relayed) and a spectator on the third (on one node, all three there),
// every seat answering its turn after a think time. It reports the
// clients held, actions a second, the action-to-acknowledgement latency
// (a seat's command sent to its own event back, the store's commit
// included) for a seat on the owner and one relayed through another
// node, the CPU each node used over the hold, and, with several nodes,
// after kill -9 of one node, the time to the first action accepted on
// each of its tables' new owners. One run, whatever b.N:
//
//	go test ./cluster/ -run '^$' -bench Nodes -benchtime 1x
//
// CLUSTER_TABLES sets the number of tables (default 60); CLUSTER_NODE_CPU
// gives each node a CPU budget in cores (a cgroup's CPU quota, so that
// one machine can compare one node with three as if each had a machine
// of its own; needs root and the cgroup v1 cpu controller).
// CLUSTER_ROUTE=owner connects every client of a table to its owner, as
// a balancer that routes by table would: nothing is relayed.
func BenchmarkNodes(b *testing.B) {
	tables := envInt("CLUSTER_TABLES", 60)
	n := envInt("CLUSTER_NODES", 3)
	atOwner := os.Getenv("CLUSTER_ROUTE") == "owner"
	hold := 20 * time.Second
	nodes, _ := startNodes(b, n, "--lease", "3s", "--api-rate", "1000", "--addr-rate", "100000", "--max-conns-per-addr", "100000", "--max-open-tables", "100000")
	if cpu := os.Getenv("CLUSTER_NODE_CPU"); cpu != "" {
		cores, err := strconv.ParseFloat(cpu, 64)
		if err != nil || cores <= 0 {
			b.Fatalf("CLUSTER_NODE_CPU=%q: want a number of cores above 0, like 0.25", cpu)
		}
		for _, p := range nodes {
			capCPU(b, p, cores)
		}
	}
	type tbl struct {
		id      string
		owner   int
		players []*player
	}
	var all []tbl
	acks := &atomic.Int64{}
	for i := range tables {
		owner := i % n
		// Each client's node, then the one it reconnects to when that
		// one is gone.
		next, third := nodes[(owner+1)%n], nodes[(owner+2)%n]
		at := [][2]*proc{{nodes[owner], next}, {next, third}, {third, next}}
		if atOwner {
			at = [][2]*proc{{nodes[owner], next}, {nodes[owner], next}, {nodes[owner], next}}
		}
		var c created
		if st := nodes[owner].api("POST", "/api/tables", map[string]any{"game": "war", "name": "ann",
			"options": map[string]string{"max-battles": "5000"},
			"seats":   []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); st != http.StatusCreated {
			b.Fatalf("create: status %d", st)
		}
		tok := claim(b, next, c.ID, 1)
		ps := []*player{
			newPlayer(b, c.ID, 0, c.Token, acks, at[0][0].base, at[0][1].base),
			newPlayer(b, c.ID, 1, tok, acks, at[1][0].base, at[1][1].base),
			newPlayer(b, c.ID, -1, "", acks, at[2][0].base, at[2][1].base),
		}
		for _, p := range ps {
			p.think = 400 * time.Millisecond
		}
		all = append(all, tbl{c.ID, owner, ps})
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for _, tb := range all {
		for _, p := range tb.players {
			wg.Go(func() { p.play(ctx) })
		}
	}
	time.Sleep(3 * time.Second) // connected and playing
	held := 0
	for _, p := range nodes {
		held += int(metric(b, p, "cardtable_connections"))
	}
	cpu0 := make([]time.Duration, n)
	for i, p := range nodes {
		cpu0[i] = p.cpu()
	}
	start, before := time.Now(), acks.Load()
	time.Sleep(hold)
	elapsed := time.Since(start)
	actions := float64(acks.Load()-before) / elapsed.Seconds()
	var used []string
	for i, p := range nodes {
		used = append(used, fmt.Sprintf("%s %.2f", p.name, (p.cpu()-cpu0[i]).Seconds()/elapsed.Seconds()))
	}
	b.Logf("cores used over the hold: %s", strings.Join(used, ", "))
	var local, remote []time.Duration
	for _, tb := range all {
		local = append(local, tb.players[0].latencies()...)
		remote = append(remote, tb.players[1].latencies()...)
	}
	b.ReportMetric(float64(held), "clients")
	b.ReportMetric(float64(tables), "tables")
	b.ReportMetric(actions, "actions/s")
	b.ReportMetric(pct(local, 50), "local-p50-ms")
	b.ReportMetric(pct(local, 99), "local-p99-ms")
	b.ReportMetric(pct(remote, 50), "relayed-p50-ms")
	b.ReportMetric(pct(remote, 99), "relayed-p99-ms")
	b.ReportMetric(pct(append(local, remote...), 99), "p99-ms")
	if n == 1 {
		cancel()
		wg.Wait()
		return
	}
	nodes[0].kill9()
	killed := time.Now()
	time.Sleep(15 * time.Second)
	cancel()
	wg.Wait()
	var failover []time.Duration
	lostTables := 0
	for _, tb := range all {
		if tb.owner != 0 || ended(tb.players[0], killed) {
			continue // not node0's, or its game was over before the kill
		}
		lostTables++
		var first time.Time
		for _, p := range tb.players[:2] {
			if at := firstAfter(p, killed); !at.IsZero() && (first.IsZero() || at.Before(first)) {
				first = at
			}
		}
		if !first.IsZero() {
			failover = append(failover, first.Sub(killed))
			continue
		}
		for _, p := range tb.players {
			ms := p.messages()
			p.mu.Lock()
			b.Logf("table %s seat %d: byes %v, pending %+v", tb.id, p.seat, p.byes, p.pending)
			p.mu.Unlock()
			for _, m := range ms[max(0, len(ms)-2):] {
				b.Logf("table %s seat %d's last: %.300s", tb.id, p.seat, m.Raw)
			}
		}
	}
	b.ReportMetric(pct(failover, 50), "failover-p50-ms")
	b.ReportMetric(pct(failover, 100), "failover-max-ms")
	b.Logf("%d of node0's %d tables resumed elsewhere within 15 s of the kill", len(failover), lostTables)
	if len(failover) < lostTables {
		b.Errorf("%d of node0's tables had no action accepted within 15 s of the kill", lostTables-len(failover))
	}
}

// capCPU puts p in a cgroup of its own whose CPU quota is cores (the
// cgroup v1 cpu controller); the group goes when the test ends.
func capCPU(t testing.TB, p *proc, cores float64) {
	t.Helper()
	dir := fmt.Sprintf("/sys/fs/cgroup/cpu/cardtable-bench-%d-%s", os.Getpid(), p.name)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatalf("CLUSTER_NODE_CPU needs the cgroup v1 cpu controller at /sys/fs/cgroup/cpu, writable (root): %v", err)
	}
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		for range 50 { // the group empties once the node is gone
			if os.Remove(dir) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	const period = 10000 // a short period: a node over its budget waits at most ~10 ms, not 100
	for _, w := range []struct{ file, value string }{
		{"cpu.cfs_period_us", fmt.Sprint(period)},
		{"cpu.cfs_quota_us", fmt.Sprint(int(cores * period))},
		{"cgroup.procs", fmt.Sprint(p.cmd.Process.Pid)},
	} {
		if err := os.WriteFile(dir+"/"+w.file, []byte(w.value), 0o644); err != nil {
			t.Fatalf("capping %s at %.2f cores: %s: %v", p.name, cores, w.file, err)
		}
	}
}

// cpu is the CPU time the process used so far (user and system, from
// /proc; its threads included).
func (p *proc) cpu() time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The fields after the command's closing parenthesis; utime and
	// stime are the 14th and 15th of the line, in clock ticks (100 a
	// second on Linux).
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	s, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+s) * 10 * time.Millisecond
}

// ended reports whether p saw its game end before at.
func ended(p *player, at time.Time) bool {
	ms := p.messages()
	return len(ms) > 0 && ms[len(ms)-1].Type == "end" && firstAfter(p, at).IsZero()
}

// latencies is a copy of the player's acknowledgement latencies.
func (p *player) latencies() []time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]time.Duration(nil), p.latency...)
}

// pct is the q-th percentile of ds in milliseconds.
func pct(ds []time.Duration, q int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, len(s)*q/100)
	return float64(s[i]) / float64(time.Millisecond)
}

// metric reads one gauge from a node's /metrics.
func metric(t testing.TB, p *proc, name string) float64 {
	resp, err := http.Get(p.base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return 0
}

// envInt is the number in environment variable name, or def.
func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}
