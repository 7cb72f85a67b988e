package api_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/conn"
	"cardtable/server/servertest"
	"cardtable/web"
)

// Every refusal of the HTTP side is the documented JSON {code, message}
// with the right status: an unknown route, an unknown table, another
// method, a plain GET on a WebSocket address, a bad handshake, a missing
// static file, a server shutting down.
func TestHTTPErrorsAreJSON(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Assets: web.Assets})
	tb := ts.Create(api.CreateRequest{Game: "war"})
	for _, tc := range []struct {
		method, path string
		header       map[string]string
		status       int
		code         string
		want         string
		allow        string
	}{
		{"GET", "/nothing/here", nil, 404, "not-found", "nothing at /nothing/here", ""},
		{"GET", "/api/nope", nil, 404, "not-found", "the lobby is at /", ""},
		{"GET", "/api/tables/zzzzzzzzzz", nil, 404, "not-found", `no table "zzzzzzzzzz"`, ""},
		{"GET", "/api/tables/zzzzzzzzzz/record", nil, 404, "not-found", "no table", ""},
		{"GET", "/static/nope.js", nil, 404, "not-found", "/static/nope.js", ""},
		{"GET", "/static/js/", nil, 404, "not-found", "", ""},
		{"DELETE", "/api/tables", nil, 405, "method-not-allowed", "DELETE is not taken", "GET, HEAD, POST"},
		{"POST", "/api/games", nil, 405, "method-not-allowed", "", "GET, HEAD"},
		{"PUT", "/t/" + tb.ID, nil, 405, "method-not-allowed", "", "GET, HEAD"},
		{"POST", "/ws/" + tb.ID, nil, 405, "method-not-allowed", "", "GET, HEAD"},
		{"GET", "/ws/" + tb.ID, nil, 426, "upgrade-required", "connect with a WebSocket client", ""},
		{"GET", "/ws/zzzzzzzzzz", nil, 426, "upgrade-required", "", ""},
		{"GET", "/ws/" + tb.ID, map[string]string{"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "8", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}, 400, "bad-request", "only 13 is supported", ""},
		{"GET", "/ws/" + tb.ID, map[string]string{"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "https://evil.example"}, 403, "forbidden", "not authorized", ""},
		{"GET", "/ws/zzzzzzzzzz", map[string]string{"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}, 404, "not-found", "no table", ""},
		{"GET", "/api/tables?limit=0", nil, 400, "bad-request", "limit", ""},
		{"POST", "/api/tables", map[string]string{"Content-Type": "application/json"}, 400, "bad-request", "empty", ""},
	} {
		req, _ := http.NewRequest(tc.method, ts.HTTP.URL+tc.path, nil)
		for k, v := range tc.header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e servertest.APIError
		name := tc.method + " " + tc.path
		if err := json.Unmarshal(body, &e); err != nil || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%s: %d %q (%s): not JSON", name, resp.StatusCode, body, resp.Header.Get("Content-Type"))
			continue
		}
		if resp.StatusCode != tc.status || e.Code != tc.code || e.Message == "" || !strings.Contains(e.Message, tc.want) {
			t.Errorf("%s: %d %+v; want %d %s mentioning %q", name, resp.StatusCode, e, tc.status, tc.code, tc.want)
		}
		if tc.allow != "" && resp.Header.Get("Allow") != tc.allow {
			t.Errorf("%s: Allow %q; want %q", name, resp.Header.Get("Allow"), tc.allow)
		}
		if tc.status == 426 && resp.Header.Get("Upgrade") != "websocket" {
			t.Errorf("%s: 426 without Upgrade: websocket", name)
		}
	}
	// A shutting-down server's health check.
	if err := ts.Srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	var e servertest.APIError
	if code := ts.Do("GET", "/healthz", nil, &e); code != 503 || e.Code != conn.ByeShutdown {
		t.Errorf("healthz while shutting down: %d %+v", code, e)
	}
}

// A table or replay address of a table that does not exist is a page for
// people (HTML) saying so, with a link to the lobby, and status 404; an id
// that cannot be a table's says that instead, and nothing of it is echoed
// unescaped.
func TestMissingTablePage(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{Assets: web.Assets})
	tb := ts.Create(api.CreateRequest{Game: "war"})
	get := func(path string) (int, string, string) {
		resp, err := http.Get(ts.HTTP.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(body)
	}
	for _, tc := range []struct {
		path   string
		status int
		want   []string
		not    []string
	}{
		{"/t/" + tb.ID, 200, []string{"table-page.js"}, []string{"does not exist"}},
		{"/t/zzzzzzzzzz", 404, []string{"This table does not exist", "zzzzzzzzzz", `href="/"`, "Go to the lobby"}, []string{"table-page.js"}},
		{"/replay/zzzzzzzzzz", 404, []string{"This table does not exist", `href="/"`}, []string{"replay.js"}},
		{"/t/%3Cscript%3Ealert(1)%3C%2Fscript%3E", 404, []string{"not a table's address", `href="/"`}, []string{"<script>alert", "table-page.js"}},
		{"/t/" + strings.Repeat("a", 65), 404, []string{"not a table's address"}, nil},
		{"/t/%E2%80%AEevil", 404, []string{"not a table's address"}, []string{"\u202e"}},
	} {
		status, ctype, body := get(tc.path)
		if status != tc.status || !strings.HasPrefix(ctype, "text/html") {
			t.Errorf("%s: %d %s", tc.path, status, ctype)
		}
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: page lacks %q:\n%s", tc.path, w, body)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(body, n) {
				t.Errorf("%s: page has %q", tc.path, n)
			}
		}
	}
}
