package server_test

import (
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
	"cardtable/store/sqlite"
)

// On a SQLite file /metrics counts the store's commits: the writes of
// each batch and the time to have it on disk.
func TestStoreCommitMetrics(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ts := servertest.New(t, st, server.Config{})
	ts.Create(api.CreateRequest{Game: "regicide", Options: map[string]string{"players": "1"}})
	resp, err := http.Get(ts.HTTP.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, name := range []string{"cardtable_store_batch_writes", "cardtable_store_commit_seconds"} {
		m := regexp.MustCompile(`(?m)^` + name + `_count (\d+)$`).FindSubmatch(body)
		if m == nil {
			t.Errorf("/metrics has no %s", name)
			continue
		}
		if n, _ := strconv.Atoi(string(m[1])); n < 1 {
			t.Errorf("%s_count is %d after a table was stored, want at least 1", name, n)
		}
	}
}
