package metrics

import (
	"compress/gzip"
	"io"
	"net/http/httptest"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// scrapeText is what the handler serves for a request with the given
// Accept-Encoding, unzipped when it says it is gzipped.
func scrapeText(t *testing.T, m *Metrics, acceptEncoding string) (body string, gzipped bool) {
	t.Helper()
	req := httptest.NewRequest("GET", "/metrics", nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, req)
	if got := rec.Header().Get("Content-Type"); got != contentType {
		t.Errorf("Content-Type %q, want %q", got, contentType)
	}
	var r io.Reader = rec.Body
	if rec.Header().Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatalf("gzipped body: %v", err)
		}
		r, gzipped = zr, true
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), gzipped
}

// values are a scrape's samples by name and labels ("name{a=\"b\"}").
func values(t *testing.T, text string) map[string]float64 {
	t.Helper()
	out := map[string]float64{}
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("sample %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// shape is a scrape without its values: HELP and TYPE lines whole, and
// each sample's name and labels, go_info's version as V.
var versionLabel = regexp.MustCompile(`version="[^"]*"`)

func shape(text string) []string {
	var out []string
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		if !strings.HasPrefix(line, "#") {
			line = line[:strings.LastIndexByte(line, ' ')]
		}
		out = append(out, versionLabel.ReplaceAllString(line, "version=V"))
	}
	return out
}

// The families are those the Prometheus Go client wrote before this
// package wrote them itself: same names, help, types, labels, buckets
// and quantiles, in the same order (testdata/families.txt is that
// client's /metrics with the values left out). Dashboards, alerts and
// the load generator read these names.
func TestFamiliesAsThePrometheusClientWroteThem(t *testing.T) {
	b, err := os.ReadFile("testdata/families.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for line := range strings.Lines(string(b)) {
		if line = strings.TrimSuffix(line, "\n"); !strings.HasPrefix(line, "# /metrics") && !strings.HasPrefix(line, "# HELP and TYPE") {
			want = append(want, line)
		}
	}
	text, _ := scrapeText(t, New(), "")
	got := shape(text)
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("line %d: got\n  %s\nwant\n  %s", i+1, g, w)
		}
	}
}

// What the server counts shows in the scrape: counters add, gauges go up
// and down, a histogram's buckets count what is at most their bound
// (cumulatively, the bound itself included), and a counter per refusal
// code appears once a code is counted, codes in order, escaped.
func TestValuesCounted(t *testing.T) {
	m := New()
	m.Actions.Add(3)
	m.Actions.Inc()
	m.Rooms.Inc()
	m.Rooms.Inc()
	m.Rooms.Dec()
	m.Rejected.WithLabelValues("not-your-turn").Inc()
	m.Rejected.WithLabelValues(`odd"code`).Inc()
	m.Rejected.WithLabelValues("not-your-turn").Inc()
	for _, d := range []float64{0.0001, 0.0003, 0.002, 5} {
		m.Latency.Observe(d)
	}
	m.ObserveCommit(3, 2*time.Millisecond)
	text, _ := scrapeText(t, m, "")
	v := values(t, text)
	for k, want := range map[string]float64{
		"cardtable_actions_total": 4,
		"cardtable_rooms":         1,
		`cardtable_rejected_commands_total{code="not-your-turn"}`: 2,
		`cardtable_rejected_commands_total{code="odd\"code"}`:     1,
		`cardtable_action_broadcast_seconds_bucket{le="0.0001"}`:  1,
		`cardtable_action_broadcast_seconds_bucket{le="0.00025"}`: 1,
		`cardtable_action_broadcast_seconds_bucket{le="0.0005"}`:  2,
		`cardtable_action_broadcast_seconds_bucket{le="0.0025"}`:  3,
		`cardtable_action_broadcast_seconds_bucket{le="1"}`:       3,
		`cardtable_action_broadcast_seconds_bucket{le="+Inf"}`:    4,
		"cardtable_action_broadcast_seconds_count":                4,
		"cardtable_action_broadcast_seconds_sum":                  5.0024,
		`cardtable_store_batch_writes_bucket{le="2"}`:             0,
		`cardtable_store_batch_writes_bucket{le="4"}`:             1,
		`cardtable_store_commit_seconds_bucket{le="0.0025"}`:      1,
		`cardtable_store_commit_seconds_bucket{le="0.001"}`:       0,
		"cardtable_store_commit_seconds_sum":                      0.002,
		"cardtable_tables_created_total":                          0,
		"cardtable_connections":                                   0,
		"cardtable_games_finished_total":                          0,
		"cardtable_relayed_connections":                           0,
		"cardtable_tables_lost_total":                             0,
		"cardtable_store_batch_writes_count":                      1,
		`cardtable_action_broadcast_seconds_bucket{le="0.001"}`:   2,
		`cardtable_action_broadcast_seconds_bucket{le="0.005"}`:   3,
		`cardtable_store_batch_writes_bucket{le="1"}`:             0,
		`cardtable_store_batch_writes_bucket{le="+Inf"}`:          1,
		`cardtable_store_commit_seconds_bucket{le="+Inf"}`:        1,
		"cardtable_store_batch_writes_sum":                        3,
		"cardtable_store_commit_seconds_count":                    1,
	} {
		got, ok := v[k]
		if !ok || got-want > 1e-12 || want-got > 1e-12 {
			t.Errorf("%s = %v (present %v), want %v", k, got, ok, want)
		}
	}
	if !strings.Contains(text, "# TYPE cardtable_rejected_commands_total counter\ncardtable_rejected_commands_total{code=\"not-your-turn\"} 2\ncardtable_rejected_commands_total{code=\"odd\\\"code\"} 1\n") {
		t.Errorf("refusal codes not in order under their TYPE line:\n%s", text)
	}
}

// A scrape is gzipped for a client that accepts gzip (Prometheus does),
// plain otherwise or when gzip is refused with q=0; both say the same.
func TestHandlerGzipsWhenAccepted(t *testing.T) {
	m := New()
	m.Tables.Inc()
	for _, c := range []struct {
		accept string
		gzip   bool
	}{{"", false}, {"gzip", true}, {"deflate, gzip;q=0.5", true}, {"gzip;q=0", false}, {"identity", false}} {
		text, gz := scrapeText(t, m, c.accept)
		if gz != c.gzip {
			t.Errorf("Accept-Encoding %q: gzipped %v, want %v", c.accept, gz, c.gzip)
		}
		if values(t, text)["cardtable_tables_created_total"] != 1 {
			t.Errorf("Accept-Encoding %q: tables created not 1:\n%s", c.accept, text)
		}
	}
}

// The runtime's and the process's families follow what the process
// does: goroutines started, files opened, memory's parts adding up, the
// start time now, the CPU spent.
func TestRuntimeAndProcessFollowTheProcess(t *testing.T) {
	m := New()
	before := values(t, mustText(t, m))
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { <-stop })
	}
	defer wg.Wait() // before a next run (-count) counts its own
	var files []*os.File
	for range 20 {
		f, err := os.Open("testdata/families.txt")
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	spendCPU(t, 50*time.Millisecond) // the kernel counts CPU in 10 ms ticks
	after := values(t, mustText(t, m))
	close(stop)
	for _, f := range files {
		f.Close()
	}
	if d := after["go_goroutines"] - before["go_goroutines"]; d < 50 {
		t.Errorf("go_goroutines rose by %v with 50 goroutines started", d)
	}
	if d := after["process_open_fds"] - before["process_open_fds"]; d != 20 {
		t.Errorf("process_open_fds rose by %v with 20 files opened", d)
	}
	if got, want := after["go_memstats_heap_sys_bytes"], after["go_memstats_heap_inuse_bytes"]+after["go_memstats_heap_idle_bytes"]; got != want || got == 0 {
		t.Errorf("heap sys %v, want in use + idle = %v", got, want)
	}
	if got := after["go_sched_gomaxprocs_threads"]; got != float64(runtime.GOMAXPROCS(0)) {
		t.Errorf("go_sched_gomaxprocs_threads %v, GOMAXPROCS %d", got, runtime.GOMAXPROCS(0))
	}
	if got := after[`go_info{version="`+runtime.Version()+`"}`]; got != 1 {
		t.Errorf("go_info for %s: %v", runtime.Version(), got)
	}
	if start := after["process_start_time_seconds"]; time.Since(time.Unix(int64(start), 0)) > time.Hour || start > float64(time.Now().Unix()+1) {
		t.Errorf("process_start_time_seconds %v, now %d", start, time.Now().Unix())
	}
	for _, k := range []string{"process_cpu_seconds_total", "process_resident_memory_bytes", "process_virtual_memory_bytes", "process_max_fds", "go_memstats_alloc_bytes_total", "go_memstats_mallocs_total", "go_threads"} {
		if after[k] <= 0 {
			t.Errorf("%s = %v, want > 0", k, after[k])
		}
	}
}

// spendCPU keeps the process busy until it has used at least d of CPU
// (user + system, as getrusage counts it), so the process's CPU family
// has ticks to count in a test that ran for a few milliseconds.
func spendCPU(t *testing.T, d time.Duration) {
	t.Helper()
	x := 0
	for {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		if time.Duration(ru.Utime.Nano()+ru.Stime.Nano()) >= d {
			break
		}
		for i := range 1 << 20 {
			x ^= i * i
		}
	}
	runtime.KeepAlive(x)
}

func mustText(t *testing.T, m *Metrics) string {
	t.Helper()
	var b strings.Builder
	if err := m.Reg.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// A family registered twice is refused (a programming error).
func TestRegisteredTwicePanics(t *testing.T) {
	m := New()
	defer func() {
		if recover() == nil {
			t.Error("registering cardtable_rooms twice did not panic")
		}
	}()
	m.Reg.MustRegister(NewGauge("cardtable_rooms", "again"))
}

// The thinking pool's gauges read the pool at each scrape.
func TestThinkPoolGaugesReadThePool(t *testing.T) {
	m := New()
	waiting, running := 3, 1
	m.ThinkPool(func() (int, int) { return waiting, running })
	v := values(t, mustText(t, m))
	if v["cardtable_think_waiting"] != 3 || v["cardtable_think_running"] != 1 {
		t.Errorf("waiting %v running %v, want 3 and 1", v["cardtable_think_waiting"], v["cardtable_think_running"])
	}
	waiting, running = 0, 2
	v = values(t, mustText(t, m))
	if v["cardtable_think_waiting"] != 0 || v["cardtable_think_running"] != 2 {
		t.Errorf("waiting %v running %v, want 0 and 2", v["cardtable_think_waiting"], v["cardtable_think_running"])
	}
}
