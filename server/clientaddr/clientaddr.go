// Package clientaddr finds the address every per-address limit counts a
// request against: the peer, or behind a trusted proxy the client the
// proxy names.
package clientaddr

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Behind a load balancer or reverse proxy every connection comes from the
// proxy, so per-address limits would count the whole site as one client.
// A server told which peers are its proxies (Resolver.Trusted) takes
// the client's address from the header those proxies set — and from them
// only: a header from any other peer is ignored, since anyone can write
// one. Within the header, entries are read from the right (the hop nearest
// the server) past every trusted proxy; the first address that is not one
// is the client. Entries to its left were written by the client or
// proxies we do not know, so they are never used.

// Proxy headers a Resolver reads (Resolver.Header).
const (
	HeaderXForwardedFor = "X-Forwarded-For"
	HeaderForwarded     = "Forwarded"
)

// ParseTrustedProxies reads a comma-separated list of CIDR prefixes or
// single addresses ("10.0.0.0/8,192.0.2.7,fd00::/8").
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for item := range strings.SplitSeq(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if p, err := netip.ParsePrefix(item); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR prefix (10.0.0.0/8, 192.0.2.7, fd00::/8)", item)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// Resolver reads clients' addresses behind the trusted proxies.
type Resolver struct {
	// Trusted are the load balancers and reverse proxies in front of the
	// server (ParseTrustedProxies); none: every client is its peer.
	Trusted []netip.Prefix
	// Header is the header the trusted proxies set: X-Forwarded-For (the
	// default) or Forwarded.
	Header string
}

// Addr is the address every per-address limit (commands a second,
// connections, lobby writes) counts a request against: the peer, or for a
// trusted proxy the client it names. IPv6 clients count by their /64, the
// block one machine is usually given, so a client cannot escape its
// limits by moving within it.
func (p *Resolver) Addr(r *http.Request) string {
	peer, ok := parseHost(r.RemoteAddr)
	if !ok {
		return r.RemoteAddr
	}
	client := peer
	if p.trusted(peer) {
		client = p.forwardedClient(r.Header, peer)
	}
	if client.Is6() {
		return netip.PrefixFrom(client, 64).Masked().String()
	}
	return client.String()
}

// trusted reports whether a is one of the configured proxies.
func (p *Resolver) trusted(a netip.Addr) bool {
	for _, t := range p.Trusted {
		if t.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedClient reads the client from the proxy header: the right-most
// entry that is not a trusted proxy, or the left-most when all are. A
// missing header, or an entry that is no address, leaves the last
// trusted hop (the peer, or a proxy behind it) as the client.
func (p *Resolver) forwardedClient(h http.Header, peer netip.Addr) netip.Addr {
	var hops []string
	if strings.EqualFold(p.Header, HeaderForwarded) {
		hops = forwardedFor(h.Values(HeaderForwarded))
	} else {
		for _, v := range h.Values(HeaderXForwardedFor) {
			hops = append(hops, strings.Split(v, ",")...)
		}
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHost(strings.TrimSpace(hops[i]))
		if !ok {
			return client
		}
		client = a
		if !p.trusted(a) {
			return a
		}
	}
	return client
}

// forwardedFor is the for= value of each element of Forwarded headers
// (RFC 7239), in order: `for=192.0.2.60;proto=http, for="[2001:db8::1]:4711"`.
// An element without for= gives "" (not an address).
func forwardedFor(values []string) []string {
	var out []string
	for _, v := range values {
		for elem := range strings.SplitSeq(v, ",") {
			hop := ""
			for pair := range strings.SplitSeq(elem, ";") {
				k, val, ok := strings.Cut(strings.TrimSpace(pair), "=")
				if ok && strings.EqualFold(k, "for") {
					hop = strings.Trim(val, `"`)
				}
			}
			out = append(out, hop)
		}
	}
	return out
}

// parseHost reads an address with or without a port ("192.0.2.1",
// "192.0.2.1:80", "[2001:db8::1]:80", "2001:db8::1"), IPv4-mapped IPv6
// as IPv4.
func parseHost(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone(""), true
	}
	host, _, err := net.SplitHostPort(s)
	if err != nil {
		host = strings.Trim(s, "[]")
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}
