package http_test

import (
	"crypto/tls"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"testing"

	fphttp "fuelportal/http"
	"fuelportal/http/apitest"
)

func mustProxies(t testing.TB, list string) fphttp.TrustedProxies {
	t.Helper()
	tp, err := fphttp.ParseTrustedProxies(list)
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

func TestParseTrustedProxies_ReadsRangesAndAddressesAndRefusesOthers(t *testing.T) {
	tp := mustProxies(t, " 10.0.0.0/8, 192.0.2.7,2001:db8::/32,, ::ffff:198.51.100.0/120 ")
	if got, want := tp.String(), "10.0.0.0/8,192.0.2.7/32,2001:db8::/32,198.51.100.0/24"; got != want {
		t.Fatalf("parsed %s, want %s", got, want)
	}
	for _, addr := range []string{"10.1.2.3", "192.0.2.7", "2001:db8::5", "198.51.100.9", "::ffff:10.0.0.1"} {
		if !tp.Contains(netip.MustParseAddr(addr)) {
			t.Errorf("%s not trusted", addr)
		}
	}
	for _, addr := range []string{"11.0.0.1", "192.0.2.8", "2001:db9::1"} {
		if tp.Contains(netip.MustParseAddr(addr)) {
			t.Errorf("%s trusted", addr)
		}
	}
	if tp, err := fphttp.ParseTrustedProxies(""); err != nil || len(tp) != 0 {
		t.Fatalf("empty list: %v %v", tp, err)
	}
	for _, bad := range []string{"true", "10.0.0.0/33", "localhost", "10.0.0.1:80"} {
		if _, err := fphttp.ParseTrustedProxies(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func forwardedRequest(peer string, xff ...string) *http.Request {
	r, _ := http.NewRequest("GET", "http://portal.test/api/health", nil)
	r.RemoteAddr = peer
	for _, v := range xff {
		r.Header.Add("X-Forwarded-For", v)
	}
	return r
}

func TestClientAddr_IsTheRightMostUntrustedForwardedAddress(t *testing.T) {
	tp := mustProxies(t, "10.0.0.0/8,2001:db8::/32")
	tests := []struct {
		name string
		peer string
		xff  []string
		want string
	}{
		{"no proxy trusted: the peer", "203.0.113.9:5000", []string{"198.51.100.1"}, "203.0.113.9"},
		{"trusted peer without header: the peer", "10.0.0.2:5000", nil, "10.0.0.2"},
		{"one proxy", "10.0.0.2:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"forged entries left of the proxy's are ignored", "10.0.0.2:5000", []string{"1.2.3.4, 198.51.100.1"}, "198.51.100.1"},
		// haproxy adds its own header after the one the client sent.
		{"over all headers, the last one is the proxy's", "10.0.0.2:5000", []string{"1.2.3.4", "198.51.100.1"}, "198.51.100.1"},
		{"chained trusted proxies are skipped", "10.0.0.2:5000", []string{"6.6.6.6, 198.51.100.1, 10.9.9.9", "10.0.0.3"}, "198.51.100.1"},
		{"all trusted: the left-most", "10.0.0.2:5000", []string{"10.0.0.7, 10.0.0.8"}, "10.0.0.7"},
		{"entries with ports and spaces", "10.0.0.2:5000", []string{" 198.51.100.1:4711 ,  "}, "198.51.100.1"},
		{"IPv6 with port", "[2001:db8::1]:443", []string{"[2001:db9::7]:4711"}, "2001:db9::7"},
		{"IPv4-mapped peer", "[::ffff:10.0.0.2]:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"a non-address stops at the trusted hop right of it", "10.0.0.2:5000", []string{"198.51.100.1, unknown, 10.0.0.5"}, "10.0.0.5"},
		{"a non-address next to the peer: the peer", "10.0.0.2:5000", []string{"198.51.100.1, garbage"}, "10.0.0.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tp.ClientAddr(forwardedRequest(tt.peer, tt.xff...)); got != tt.want {
				t.Fatalf("client = %s, want %s", got, tt.want)
			}
		})
	}
	if got := fphttp.TrustedProxies(nil).ClientAddr(forwardedRequest("10.0.0.2:5000", "198.51.100.1")); got != "10.0.0.2" {
		t.Fatalf("no trusted proxies: client = %s, want the peer", got)
	}
}

// FuzzClientAddr checks the address rule for any headers: it never panics,
// the answer is the peer or one of the forwarded addresses, and it is a
// trusted proxy only when the forwarded chain gives nothing better.
func FuzzClientAddr(f *testing.F) {
	f.Add("10.0.0.2:5000", "1.2.3.4, 198.51.100.1", "10.0.0.3")
	f.Add("203.0.113.9:1", "10.0.0.1", "")
	f.Add("[2001:db8::1]:443", "[2001:db9::7]:4711,unknown", "::ffff:10.1.1.1")
	f.Add("garbage", ",,,", " , ")
	tp := mustProxies(f, "10.0.0.0/8,2001:db8::/32,192.0.2.0/24")
	f.Fuzz(func(t *testing.T, peer, xff1, xff2 string) {
		r := forwardedRequest(peer, xff1, xff2)
		got := tp.ClientAddr(r)
		var entries []string
		for _, v := range strings.Split(xff1+","+xff2, ",") {
			if v = strings.TrimSpace(v); v != "" {
				entries = append(entries, v)
			}
		}
		peerAddr, peerOK := parseAddr(peer)
		if !peerOK {
			if got != peer {
				t.Fatalf("unreadable peer %q: client %q", peer, got)
			}
			return
		}
		if !tp.Contains(peerAddr) {
			if got != peerAddr.String() {
				t.Fatalf("untrusted peer %s: client %q", peerAddr, got)
			}
			return
		}
		// Walk like the rule must: the valid suffix of the chain.
		var chain []netip.Addr
		for i := len(entries) - 1; i >= 0; i-- {
			a, ok := parseAddr(entries[i])
			if !ok {
				break
			}
			chain = append(chain, a)
		}
		candidates := []string{peerAddr.String()}
		for _, a := range chain {
			candidates = append(candidates, a.String())
		}
		if !slices.Contains(candidates, got) {
			t.Fatalf("client %q is neither the peer nor a forwarded address %v", got, candidates)
		}
		gotAddr := netip.MustParseAddr(got)
		untrusted := slices.IndexFunc(chain, func(a netip.Addr) bool { return !tp.Contains(a) })
		switch {
		case untrusted >= 0 && gotAddr != chain[untrusted]:
			t.Fatalf("client %s, want the right-most untrusted %s of %v", got, chain[untrusted], chain)
		case untrusted < 0 && len(chain) > 0 && gotAddr != chain[len(chain)-1]:
			t.Fatalf("all trusted: client %s, want the left-most readable %s", got, chain[len(chain)-1])
		case untrusted < 0 && len(chain) == 0 && gotAddr != peerAddr:
			t.Fatalf("no readable entry: client %s, want the peer %s", got, peerAddr)
		}
	})
}

// parseAddr is the fuzz test's own reading of an address or address:port.
func parseAddr(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap().WithZone(""), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap().WithZone(""), true
	}
	if len(s) > 2 && s[0] == '[' && s[len(s)-1] == ']' {
		return parseAddr(s[1 : len(s)-1])
	}
	return netip.Addr{}, false
}

func TestForwardedTLS_BelievesOnlyTrustedProxies(t *testing.T) {
	tp := mustProxies(t, "10.0.0.0/8")
	r := forwardedRequest("10.0.0.2:5000")
	r.Header.Add("X-Forwarded-Proto", "http")
	r.Header.Add("X-Forwarded-Proto", "HTTPS")
	if !tp.ForwardedTLS(r) {
		t.Fatal("trusted proxy's https not believed")
	}
	r.RemoteAddr = "203.0.113.9:5000"
	if tp.ForwardedTLS(r) {
		t.Fatal("untrusted peer's X-Forwarded-Proto believed")
	}
	r = forwardedRequest("10.0.0.2:5000")
	r.Header.Set("X-Forwarded-Proto", "https, http")
	if tp.ForwardedTLS(r) {
		t.Fatal("the proxy said http (right-most), yet TLS")
	}
	r = forwardedRequest("203.0.113.9:5000")
	r.TLS = &tls.ConnectionState{}
	if !tp.ForwardedTLS(r) {
		t.Fatal("direct TLS not seen")
	}
}

func TestSecurityHeaders_SendHSTSOnlyOverTLS(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.srv.TrustedProxies = mustProxies(t, "10.0.0.0/8")
		f.api = apitest.New(t, f.srv.Handler())
		tests := []struct {
			name  string
			peer  string
			proto string
			want  bool
		}{
			{"plain HTTP", "203.0.113.9:5000", "", false},
			{"trusted proxy says https", "10.0.0.2:5000", "https", true},
			{"trusted proxy says http", "10.0.0.2:5000", "http", false},
			{"untrusted peer says https", "203.0.113.9:5000", "https", false},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				h := http.Header{}
				if tt.proto != "" {
					h.Set("X-Forwarded-Proto", tt.proto)
				}
				res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/config", RemoteAddr: tt.peer, Header: h}).ExpectStatus(t, 200)
				if got := res.Header.Get("Strict-Transport-Security") != ""; got != tt.want {
					t.Fatalf("HSTS sent = %v, want %v", got, tt.want)
				}
			})
		}
	})
}

func TestRateLimits_KeyOnTheAddressTheTrustedProxySaw(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.srv.TrustedProxies = mustProxies(t, "10.0.0.0/8")
		f.withLimits(t, func(l *fphttp.Limits) { l.AvailabilityChecks.Max = 2 })
		check := func(xff ...string) *apitest.Response {
			h := http.Header{}
			for _, v := range xff {
				h.Add("X-Forwarded-For", v)
			}
			return f.api.Do(apitest.Request{Method: "GET", Path: "/api/account/check/email/a@demo.test", RemoteAddr: "10.0.0.2:5000", Header: h})
		}
		check("198.51.100.1").ExpectStatus(t, 200)
		check("198.51.100.1").ExpectStatus(t, 200)
		// A forged first header (haproxy appends its own after it) or a forged
		// entry left of the proxy's does not buy a fresh limit.
		check("1.1.1.1", "198.51.100.1").ExpectStatus(t, 429)
		check("2.2.2.2, 198.51.100.1").ExpectStatus(t, 429)
		// Another real client behind the same proxy is not affected.
		check("198.51.100.2").ExpectStatus(t, 200)
	})
}
