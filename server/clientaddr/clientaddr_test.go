package clientaddr

import (
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
		p := Resolver{Trusted: mustProxies(t, trusted), Header: tc.header}
		r := &http.Request{RemoteAddr: tc.peer, Header: http.Header{}}
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		for _, v := range tc.fwd {
			r.Header.Add("Forwarded", v)
		}
		if got := p.Addr(r); got != tc.want {
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
