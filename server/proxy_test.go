package server_test

import (
	"encoding/json"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"cardtable/server"
	"cardtable/server/api"
	"cardtable/server/servertest"
)

// Behind a trusted proxy the per-address limits count each client: one
// client's lobby writes and connections run out while another's do not,
// and a client that spoofs the header from outside the proxy is counted
// as itself.
func TestLimitsBehindProxy(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, // the test's client plays the proxy
		Limits:         server.Limits{APIRate: 0.001, APIBurst: 2, ConnsPerAddr: 1},
	})
	post := func(client string) int {
		req, _ := http.NewRequest("POST", ts.HTTP.URL+"/api/tables", strings.NewReader(`{"game":"war"}`))
		req.Header.Set("X-Forwarded-For", client)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for i, want := range []int{201, 201, 429} {
		if got := post("203.0.113.9"); got != want {
			t.Fatalf("client A's write %d: %d; want %d", i+1, got, want)
		}
	}
	if got := post("6.6.6.6, 198.51.100.4"); got != 201 {
		t.Fatalf("client B's first write: %d", got)
	}

	// Connections per address: client A holds its one; B still gets one.
	tb := create2(ts, "198.51.100.99")
	dial := func(client string) (int, func()) {
		req, _ := http.NewRequest("GET", ts.HTTP.URL+"/ws/"+tb, nil)
		for k, v := range map[string]string{"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "X-Forwarded-For": client} {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, func() { resp.Body.Close() }
	}
	codeA, closeA := dial("203.0.113.9")
	defer closeA()
	codeA2, closeA2 := dial("203.0.113.9")
	defer closeA2()
	codeB, closeB := dial("198.51.100.4")
	defer closeB()
	if codeA != 101 || codeA2 != 429 || codeB != 101 {
		t.Fatalf("connections: A %d, A again %d, B %d; want 101, 429, 101", codeA, codeA2, codeB)
	}
}

// Without the proxy trusted, a spoofed header changes nothing: every
// request counts against the peer.
func TestSpoofedHeaderIgnored(t *testing.T) {
	ts := servertest.New(t, nil, server.Config{
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")},
		Limits:         server.Limits{APIRate: 0.001, APIBurst: 2},
	})
	for i, want := range []int{201, 201, 429, 429} {
		req, _ := http.NewRequest("POST", ts.HTTP.URL+"/api/tables", strings.NewReader(`{"game":"war"}`))
		req.Header.Set("X-Forwarded-For", "203.0.113."+string(rune('1'+i)))
		req.Header.Set("Forwarded", "for=198.51.100."+string(rune('1'+i)))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Fatalf("write %d with a new spoofed address: %d; want %d", i+1, resp.StatusCode, want)
		}
	}
}

// create2 makes a War table as the client at addr (through the proxy).
func create2(ts *servertest.Server, addr string) string {
	ts.T.Helper()
	req, _ := http.NewRequest("POST", ts.HTTP.URL+"/api/tables", strings.NewReader(`{"game":"war"}`))
	req.Header.Set("X-Forwarded-For", addr)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.T.Fatal(err)
	}
	defer resp.Body.Close()
	var c api.Created
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil || resp.StatusCode != 201 {
		ts.T.Fatalf("create: %d %v", resp.StatusCode, err)
	}
	return c.ID
}
