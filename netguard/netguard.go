// Package netguard keeps the server's outgoing requests to addresses its
// users name (webhook endpoints, push subscriptions) on the public
// internet: a URL must be https and its host must resolve to public
// addresses only, checked when the URL is saved and again at each
// connection, after DNS resolution, so a name that later resolves to
// loopback or a cloud metadata address (DNS rebinding) is refused too.
//
// A Policy with AllowPrivate lifts both rules (plain http and private
// addresses), for tests and private deployments
// (FUELPORTAL_WEBHOOK_ALLOW_PRIVATE=1). The command builds the one Policy
// from its environment and hands it to every user of it (the API that
// saves the URLs, the webhook worker, the push sender).
package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// ErrNotPublic is the error of a refused address.
var ErrNotPublic = errors.New("address is not public")

// Policy says which destinations are allowed.
type Policy struct {
	// AllowPrivate allows every address and plain http.
	AllowPrivate bool
	// Resolver resolves host names; nil: net.DefaultResolver.
	Resolver *net.Resolver
}

// nonPublic are the ranges refused besides those netip classifies
// (loopback, private, link-local, multicast, unspecified): shared address
// space, IETF protocol assignments, documentation and benchmarking
// ranges, reserved and broadcast, and IPv6's translation, discard,
// documentation and 6to4 prefixes (6to4 and NAT64 embed an IPv4 address
// that may be private).
var nonPublic = func() []netip.Prefix {
	var list []netip.Prefix
	for _, s := range []string{
		"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4", "255.255.255.255/32",
		"64:ff9b::/96", "64:ff9b:1::/48", "100::/64", "2001:db8::/32", "2002::/16", "fc00::/7", "fec0::/10",
	} {
		list = append(list, netip.MustParsePrefix(s))
	}
	return list
}()

// IsPublic reports whether ip is a public unicast address: not loopback,
// private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
// (169.254/16, where cloud metadata lives, fe80::/10), unspecified,
// multicast or one of the reserved ranges.
func IsPublic(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(ip) {
			return false
		}
	}
	return true
}

// CheckIP returns an error wrapping ErrNotPublic when p refuses ip.
func (p Policy) CheckIP(ip netip.Addr) error {
	if p.AllowPrivate || IsPublic(ip) {
		return nil
	}
	return fmt.Errorf("%s: %w", ip.Unmap(), ErrNotPublic)
}

// CheckURL checks raw as a destination: https (or http when AllowPrivate)
// with a host, and every address the host resolves to allowed. An error
// says why in words fit for the user; it wraps ErrNotPublic when an
// address was refused.
func (p Policy) CheckURL(ctx context.Context, raw string) error {
	host, literal, err := p.checkWithoutLookup(raw)
	if err != nil || literal || p.AllowPrivate {
		return err
	}
	resolver := p.Resolver
	if resolver == nil {
		resolver = net.DefaultResolver
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := resolver.LookupNetIP(ctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return fmt.Errorf("host %s does not resolve", host)
	}
	for _, ip := range addrs {
		if err := p.CheckIP(ip); err != nil {
			return fmt.Errorf("host %s resolves to %w", host, err)
		}
	}
	return nil
}

// CheckURLWithoutLookup checks raw as CheckURL does but resolves no name:
// a literal address must be allowed, and a name must not be one only a
// local network resolves (localhost, a single label, .localhost, .local,
// .internal; AllowPrivate allows them). For destinations whose addresses
// are checked only when connecting (Control): push subscriptions, whose
// push services' names are public and whose addresses change.
func (p Policy) CheckURLWithoutLookup(raw string) error {
	_, _, err := p.checkWithoutLookup(raw)
	return err
}

// checkWithoutLookup checks raw's scheme and host and returns the host
// and whether it is a literal address (then checked here).
func (p Policy) checkWithoutLookup(raw string) (host string, literal bool, err error) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return "", false, errors.New("not an absolute URL")
	}
	if err := p.CheckScheme(u); err != nil {
		return "", false, err
	}
	host = strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if ip, err := netip.ParseAddr(host); err == nil {
		return host, true, p.CheckIP(ip)
	}
	if !p.AllowPrivate && (!strings.Contains(host, ".") || host == "localhost" || strings.HasSuffix(host, ".localhost") ||
		strings.HasSuffix(host, ".local") || strings.HasSuffix(host, ".internal")) {
		return host, false, fmt.Errorf("host %s: %w", host, ErrNotPublic)
	}
	return host, false, nil
}

// CheckScheme refuses a URL that is not https (http too when
// AllowPrivate).
func (p Policy) CheckScheme(u *url.URL) error {
	if u.Scheme != "https" && !(p.AllowPrivate && u.Scheme == "http") {
		return errors.New("must use https")
	}
	return nil
}

// Control is a net.Dialer Control func that refuses, just before the
// connection is made, an address p does not allow: the address the name
// actually resolved to, whatever it resolved to when the URL was saved.
func (p Policy) Control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("dial %s: %w", address, ErrNotPublic)
	}
	if err := p.CheckIP(ap.Addr()); err != nil {
		return fmt.Errorf("dial: %w", err)
	}
	return nil
}

// Dialer returns a dialer whose every connection passes p's check.
func (p Policy) Dialer(timeout time.Duration) *net.Dialer {
	return &net.Dialer{Timeout: timeout, Control: p.Control, Resolver: p.Resolver}
}
