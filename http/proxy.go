package http

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// TrustedProxies is the set of load balancers and reverse proxies whose
// X-Forwarded-For and X-Forwarded-Proto headers are believed. The zero value
// trusts nobody: the client is the direct peer.
type TrustedProxies []netip.Prefix

// ParseTrustedProxies reads a comma-separated list of CIDR ranges and single
// addresses ("10.0.0.0/8, 192.0.2.7, ::1"). An empty list trusts nobody.
func ParseTrustedProxies(list string) (TrustedProxies, error) {
	var proxies TrustedProxies
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if strings.Contains(item, "/") {
			p, err := netip.ParsePrefix(item)
			if err != nil {
				return nil, fmt.Errorf("trusted proxies: %q is not a CIDR range", item)
			}
			if p.Addr().Is4In6() {
				p = netip.PrefixFrom(p.Addr().Unmap(), max(p.Bits()-96, 0))
			}
			proxies = append(proxies, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("trusted proxies: %q is not an IP address or CIDR range", item)
		}
		a = a.Unmap()
		proxies = append(proxies, netip.PrefixFrom(a, a.BitLen()))
	}
	return proxies, nil
}

// Contains reports whether a is one of the trusted proxies.
func (tp TrustedProxies) Contains(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range tp {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// String lists the ranges as ParseTrustedProxies reads them.
func (tp TrustedProxies) String() string {
	parts := make([]string, len(tp))
	for i, p := range tp {
		parts[i] = p.String()
	}
	return strings.Join(parts, ",")
}

// ClientAddr returns the address of the client that sent r. Forwarding
// headers are believed only when the direct peer is a trusted proxy; then
// the client is the right-most X-Forwarded-For address, over all the
// request's X-Forwarded-For headers in order, that is not itself a trusted
// proxy. Each proxy appends the address it received the request from, so
// entries left of the first untrusted one are the client's own to forge.
// When every entry is trusted the left-most one is the client; an entry
// that is not an address ends the walk at the trusted hop right of it.
func (tp TrustedProxies) ClientAddr(r *http.Request) string {
	peer, ok := peerAddr(r.RemoteAddr)
	if !ok {
		return r.RemoteAddr
	}
	if !tp.Contains(peer) {
		return peer.String()
	}
	client := peer
	hops := forwardedValues(r.Header, "X-Forwarded-For")
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseForwardedAddr(hops[i])
		if !ok {
			break
		}
		client = a
		if !tp.Contains(a) {
			break
		}
	}
	return client.String()
}

// ForwardedTLS reports whether the request came over TLS: directly, or per
// a trusted proxy's X-Forwarded-Proto (its right-most value is the one the
// proxy next to us set).
func (tp TrustedProxies) ForwardedTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	peer, ok := peerAddr(r.RemoteAddr)
	if !ok || !tp.Contains(peer) {
		return false
	}
	protos := forwardedValues(r.Header, "X-Forwarded-Proto")
	return len(protos) > 0 && strings.EqualFold(protos[len(protos)-1], "https")
}

// forwardedValues splits every header name of h at commas, in order, with
// spaces trimmed and empty entries dropped.
func forwardedValues(h http.Header, name string) []string {
	var values []string
	for _, line := range h.Values(name) {
		for _, v := range strings.Split(line, ",") {
			if v = strings.TrimSpace(v); v != "" {
				values = append(values, v)
			}
		}
	}
	return values
}

// peerAddr reads the IP of a RemoteAddr ("ip:port" or a bare ip).
func peerAddr(remote string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.Unmap().WithZone(""), true
}

// parseForwardedAddr reads one X-Forwarded-For entry: an IP, optionally with
// a port ("192.0.2.1:4711", "[2001:db8::1]:4711").
func parseForwardedAddr(entry string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(entry); err == nil {
		return a.Unmap().WithZone(""), true
	}
	if ap, err := netip.ParseAddrPort(entry); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	if strings.HasPrefix(entry, "[") && strings.HasSuffix(entry, "]") {
		if a, err := netip.ParseAddr(entry[1 : len(entry)-1]); err == nil {
			return a.Unmap().WithZone(""), true
		}
	}
	return netip.Addr{}, false
}
