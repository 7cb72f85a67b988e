package servecmd

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// serve --pprof answers the heap, goroutine and mutex profiles on its own
// address, and an address it cannot listen on is a usage error naming
// the flag.
func TestServePprof(t *testing.T) {
	ts := httptest.NewServer(pprofMux())
	defer ts.Close()
	for path, want := range map[string]string{
		"/debug/pprof/heap?debug=1":      "heap profile:",
		"/debug/pprof/goroutine?debug=1": "goroutine profile:",
		"/debug/pprof/mutex?debug=1":     "cycles/second",
		"/debug/phases?seconds=1":        `"groups"`,
	} {
		resp, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d, %.80q; want 200 with %q", path, resp.StatusCode, body, want)
		}
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	stop, err := servePprof("127.0.0.1:0", log)
	if err != nil {
		t.Fatal(err)
	}
	stop()
	if _, err := servePprof("no-such-host-or-port", log); err == nil || !strings.Contains(err.Error(), "--pprof no-such-host-or-port") {
		t.Errorf("a bad --pprof: %v, want a usage error naming it", err)
	}
}
