package server

import (
	"encoding/json"
	"net/http"
	"net/netip"
	"strings"
	"testing"
)

func mustProxies(t *testing.T, list string) []netip.Prefix {
	t.Helper()
	p, err := ParseTrustedProxies(list)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The client's address: the peer unless the peer is a trusted proxy;
// then the right-most hop of the header that is not a trusted proxy. A
// header from an untrusted peer is ignored, whatever it says.
func TestClientAddr(t *testing.T) {
	for _, tc := range []struct {
		name, peer, header string
		xff, fwd           []string
		want               string
	}{
		{"no proxies trusted: the peer", "203.0.113.9:5000", "", []string{"1.2.3.4"}, nil, "203.0.113.9"},
		{"untrusted peer's spoofed header ignored", "198.51.100.7:5000", "", []string{"10.0.0.1, 1.2.3.4"}, nil, "198.51.100.7"},
		{"trusted proxy, one hop", "10.0.0.2:5000", "", []string{"203.0.113.9"}, nil, "203.0.113.9"},
		{"trusted proxy, client's own spoofed entries to the left", "10.0.0.2:5000", "", []string{"6.6.6.6, 7.7.7.7, 203.0.113.9"}, nil, "203.0.113.9"},
		{"two trusted proxies", "10.0.0.2:5000", "", []string{"6.6.6.6, 203.0.113.9, 10.0.0.5"}, nil, "203.0.113.9"},
		{"several header lines", "10.0.0.2:5000", "", []string{"6.6.6.6", "203.0.113.9, 10.0.0.5"}, nil, "203.0.113.9"},
		{"all hops trusted: the left-most", "10.0.0.2:5000", "", []string{"10.0.0.9, 10.0.0.5"}, nil, "10.0.0.9"},
		{"no header from the proxy: the proxy", "10.0.0.2:5000", "", nil, nil, "10.0.0.2"},
		{"garbage next to the proxy: the proxy", "10.0.0.2:5000", "", []string{"203.0.113.9, not-an-ip"}, nil, "10.0.0.2"},
		{"with ports", "10.0.0.2:5000", "", []string{"203.0.113.9:4711"}, nil, "203.0.113.9"},
		{"IPv6 client by its /64", "10.0.0.2:5000", "", []string{"2001:db8:1:2:3:4:5:6"}, nil, "2001:db8:1:2::/64"},
		{"IPv4-mapped peer", "[::ffff:10.0.0.2]:5000", "", []string{"203.0.113.9"}, nil, "203.0.113.9"},
		{"Forwarded read when chosen", "10.0.0.2:5000", HeaderForwarded, []string{"6.6.6.6"}, []string{`for=6.6.6.6, for="203.0.113.9:4711";proto=https;by=10.0.0.2`}, "203.0.113.9"},
		{"Forwarded IPv6 in brackets", "10.0.0.2:5000", HeaderForwarded, nil, []string{`for="[2001:db8::1]:4711"`}, "2001:db8::/64"},
		{"Forwarded obfuscated: the proxy", "10.0.0.2:5000", HeaderForwarded, nil, []string{`for=_hidden`}, "10.0.0.2"},
		{"X-Forwarded-For chosen: a slipped-in Forwarded ignored", "10.0.0.2:5000", "", []string{"203.0.113.9"}, []string{"for=6.6.6.6"}, "203.0.113.9"},
		{"Forwarded chosen: a slipped-in X-Forwarded-For ignored", "10.0.0.2:5000", HeaderForwarded, []string{"6.6.6.6"}, nil, "10.0.0.2"},
	} {
		trusted := "10.0.0.0/8, 192.0.2.7"
		if strings.HasPrefix(tc.name, "no proxies") {
			trusted = ""
		}
		s := &Server{cfg: Config{TrustedProxies: mustProxies(t, trusted), ProxyHeader: tc.header}}
		r := &http.Request{RemoteAddr: tc.peer, Header: http.Header{}}
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		for _, v := range tc.fwd {
			r.Header.Add("Forwarded", v)
		}
		if got := s.clientAddr(r); got != tc.want {
			t.Errorf("%s: %s; want %s", tc.name, got, tc.want)
		}
	}
}

func TestParseTrustedProxies(t *testing.T) {
	p, err := ParseTrustedProxies(" 10.0.0.0/8, 192.0.2.7 ,fd00::/8,,10.1.2.3/16")
	if err != nil || len(p) != 4 || p[1].String() != "192.0.2.7/32" || p[3].String() != "10.1.0.0/16" {
		t.Fatalf("%v %v", p, err)
	}
	if _, err := ParseTrustedProxies("10.0.0.0/8,proxy.local"); err == nil || !strings.Contains(err.Error(), `"proxy.local"`) {
		t.Fatalf("a host name: %v", err)
	}
}

// Behind a trusted proxy the per-address limits count each client: one
// client's lobby writes and connections run out while another's do not,
// and a client that spoofs the header from outside the proxy is counted
// as itself.
func TestLimitsBehindProxy(t *testing.T) {
	ts := newTestServer(t, nil, Config{
		TrustedProxies: mustProxies(t, "127.0.0.1"), // the test's client plays the proxy
		Limits:         Limits{APIRate: 0.001, APIBurst: 2, ConnsPerAddr: 1},
	})
	post := func(client string) int {
		req, _ := http.NewRequest("POST", ts.http.URL+"/api/tables", strings.NewReader(`{"game":"war"}`))
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
	tb := ts.create2("198.51.100.99")
	dial := func(client string) (int, func()) {
		req, _ := http.NewRequest("GET", ts.http.URL+"/ws/"+tb, nil)
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
	ts := newTestServer(t, nil, Config{
		TrustedProxies: mustProxies(t, "10.0.0.0/8"),
		Limits:         Limits{APIRate: 0.001, APIBurst: 2},
	})
	for i, want := range []int{201, 201, 429, 429} {
		req, _ := http.NewRequest("POST", ts.http.URL+"/api/tables", strings.NewReader(`{"game":"war"}`))
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
func (ts *testServer) create2(addr string) string {
	ts.t.Helper()
	req, _ := http.NewRequest("POST", ts.http.URL+"/api/tables", strings.NewReader(`{"game":"war"}`))
	req.Header.Set("X-Forwarded-For", addr)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	var c createResp
	if err := json.NewDecoder(resp.Body).Decode(&c); err != nil || resp.StatusCode != 201 {
		ts.t.Fatalf("create: %d %v", resp.StatusCode, err)
	}
	return c.ID
}
