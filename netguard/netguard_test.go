package netguard_test

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"strings"
	"testing"

	"fuelportal/netguard"
)

func TestIsPublic(t *testing.T) {
	tests := []struct {
		ip     string
		public bool
	}{
		{"93.184.215.14", true},
		{"8.8.8.8", true},
		{"2606:4700:4700::1111", true},
		{"127.0.0.1", false},
		{"127.8.9.10", false},
		{"10.0.0.1", false},
		{"172.16.5.4", false},
		{"192.168.1.1", false},
		{"169.254.169.254", false}, // cloud metadata
		{"100.64.0.1", false},      // shared address space
		{"0.0.0.0", false},
		{"224.0.0.1", false},
		{"255.255.255.255", false},
		{"::1", false},
		{"::", false},
		{"fe80::1", false},
		{"fc00::1", false},
		{"fd12:3456::1", false},
		{"ff02::1", false},
		{"::ffff:127.0.0.1", false}, // IPv4-mapped loopback
		{"::ffff:10.0.0.1", false},
		{"64:ff9b::a00:1", false}, // NAT64 of 10.0.0.1
		{"2002:a00:1::", false},   // 6to4 of 10.0.0.1
	}
	for _, tt := range tests {
		if got := netguard.IsPublic(netip.MustParseAddr(tt.ip)); got != tt.public {
			t.Errorf("IsPublic(%s) = %v, want %v", tt.ip, got, tt.public)
		}
	}
}

func TestCheckURL(t *testing.T) {
	ctx := context.Background()
	strict := netguard.Policy{}
	refused := []string{
		"https://127.0.0.1/hook",
		"https://10.1.2.3/hook",
		"https://169.254.169.254/latest/meta-data/",
		"https://[::1]:8443/hook",
		"https://[fd00::1]/hook",
		"https://localhost/hook", // resolves to loopback
		"https://0x7f000001/hook",
	}
	for _, u := range refused {
		if err := strict.CheckURL(ctx, u); err == nil {
			t.Errorf("CheckURL(%s) accepted", u)
		}
	}
	for _, u := range []string{"https://127.0.0.1/hook", "https://localhost/hook", "https://[::1]/hook"} {
		if err := strict.CheckURL(ctx, u); !errors.Is(err, netguard.ErrNotPublic) {
			t.Errorf("CheckURL(%s) = %v, want ErrNotPublic", u, err)
		}
	}
	if err := strict.CheckURL(ctx, "http://93.184.215.14/hook"); err == nil || !strings.Contains(err.Error(), "https") {
		t.Errorf("plain http: %v", err)
	}
	if err := strict.CheckURL(ctx, "https://93.184.215.14/hook"); err != nil {
		t.Errorf("public address refused: %v", err)
	}
	open := netguard.Policy{AllowPrivate: true}
	for _, u := range []string{"http://127.0.0.1:8080/hook", "https://localhost/hook", "https://10.1.2.3/"} {
		if err := open.CheckURL(ctx, u); err != nil {
			t.Errorf("AllowPrivate: CheckURL(%s) = %v", u, err)
		}
	}
}

// TestCheckURLWithoutLookup: push endpoints are checked by the same rule
// as webhooks' (https, the same refused ranges), names by their form only.
func TestCheckURLWithoutLookup(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"https://fcm.googleapis.com/fcm/send/abc:def", true},
		{"https://updates.push.services.mozilla.com/wpush/v2/gAAA", true},
		{"https://web.push.apple.com/QGx", true},
		{"https://8.8.8.8/x", true},
		{"https://[2606:4700:4700::1111]/x", true},
		{"http://fcm.googleapis.com/fcm/send/abc", false},
		{"https://127.0.0.1/x", false},
		{"https://[::1]:8443/x", false},
		{"https://10.1.2.3/x", false},
		{"https://169.254.169.254/latest", false},
		{"https://100.64.0.1/x", false},
		{"https://[::ffff:192.168.0.1]/x", false},
		{"https://[2002:a00:1::]/x", false},     // 6to4 of 10.0.0.1
		{"https://[64:ff9b:1::a00:1]/x", false}, // local-use NAT64 of 10.0.0.1
		{"https://192.0.2.1/x", false},          // documentation
		{"https://localhost/x", false},
		{"https://LOCALHOST./x", false},
		{"https://push.localhost/x", false},
		{"https://printer.local/x", false},
		{"https://metadata.google.internal/x", false},
		{"https://intranet/x", false},
		{"javascript:alert(1)", false},
		{"", false},
	}
	strict := netguard.Policy{}
	for _, tt := range tests {
		if err := strict.CheckURLWithoutLookup(tt.url); (err == nil) != tt.ok {
			t.Errorf("CheckURLWithoutLookup(%q) = %v, want ok %v", tt.url, err, tt.ok)
		}
	}
	open := netguard.Policy{AllowPrivate: true}
	for _, u := range []string{"https://127.0.0.1:8443/x", "http://127.0.0.1:8443/x", "https://intranet/x"} {
		if err := open.CheckURLWithoutLookup(u); err != nil {
			t.Errorf("AllowPrivate: CheckURLWithoutLookup(%s) = %v", u, err)
		}
	}
	if err := open.CheckURLWithoutLookup("ftp://127.0.0.1/x"); err == nil {
		t.Error("ftp accepted with private allowed")
	}
}

func TestDialer_RefusesTheResolvedAddress(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ctx := context.Background()
	// A name that resolves to loopback (as a rebinding name would at
	// delivery time) is refused when dialled.
	if c, err := (netguard.Policy{}).Dialer(0).DialContext(ctx, "tcp", "localhost:"+port); err == nil {
		c.Close()
		t.Fatal("dialled loopback through localhost")
	} else if !errors.Is(err, netguard.ErrNotPublic) {
		t.Fatalf("err = %v, want ErrNotPublic", err)
	}
	c, err := (netguard.Policy{AllowPrivate: true}).Dialer(0).DialContext(ctx, "tcp", "localhost:"+port)
	if err != nil {
		t.Fatalf("AllowPrivate: %v", err)
	}
	c.Close()
}
