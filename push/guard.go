package push

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"syscall"
	"time"

	"fuelportal"
)

// The rule of where the server may post to (https, a public address) is
// the webhooks' too: these checks belong in the shared guard the webhooks
// use, and should be folded into it.

// allowPrivate reports whether FUELPORTAL_WEBHOOK_ALLOW_PRIVATE=1 lifts
// the public-address rule (tests with a local receiver only).
func allowPrivate() bool { return os.Getenv("FUELPORTAL_WEBHOOK_ALLOW_PRIVATE") == "1" }

// CheckEndpoint returns an EINVALID error unless endpoint is an https URL
// without credentials whose host is a name, or an address that is public.
// FUELPORTAL_WEBHOOK_ALLOW_PRIVATE=1 lifts the address rule and allows
// plain http, as it does for webhooks (a local receiver in tests).
// A name is checked when the Sender connects (its addresses may change).
func CheckEndpoint(endpoint string) error {
	invalid := fuelportal.FieldError("endpoint", fuelportal.MsgPushEndpointInvalid)
	u, err := url.Parse(endpoint)
	scheme := u != nil && (u.Scheme == "https" || u.Scheme == "http" && allowPrivate())
	if err != nil || !scheme || u.Host == "" || u.User != nil || u.Opaque != "" {
		return invalid
	}
	if allowPrivate() {
		return nil
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if addr, err := netip.ParseAddr(host); err == nil {
		if !publicAddr(addr) {
			return invalid
		}
		return nil
	}
	if host == "localhost" || !strings.Contains(host, ".") || strings.HasSuffix(host, ".localhost") ||
		strings.HasSuffix(host, ".local") || strings.HasSuffix(host, ".internal") {
		return invalid
	}
	return nil
}

// nonPublic are the ranges netip's predicates do not cover that no push
// service is in: shared address space (CGNAT), "this network", IETF
// protocol assignments, benchmarking, the reserved 240/4, and NAT64.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
}

// publicAddr reports whether addr is a public unicast address.
func publicAddr(addr netip.Addr) bool {
	addr = addr.Unmap()
	if !addr.IsGlobalUnicast() || addr.IsPrivate() || addr.IsLoopback() || addr.IsLinkLocalUnicast() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(addr) {
			return false
		}
	}
	return true
}

// guardedDialer connects only to public addresses (unless allowPrivate):
// checked on the address actually dialled, after name resolution, so a
// name pointing inside the network is refused too.
func guardedDialer() *net.Dialer {
	return &net.Dialer{
		Timeout: 10 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			if allowPrivate() {
				return nil
			}
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !publicAddr(ap.Addr()) {
				return fmt.Errorf("push endpoint address %s is not public", address)
			}
			return nil
		},
	}
}

// dialContext is the transport's dial through guardedDialer.
func dialContext(ctx context.Context, network, address string) (net.Conn, error) {
	return guardedDialer().DialContext(ctx, network, address)
}
