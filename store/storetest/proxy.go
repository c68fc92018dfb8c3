package storetest

import (
	"net"
	"net/url"
	"sync"
	"testing"
	"time"

	"fuelportal/store"
)

// TCPProxy forwards TCP connections to a target address until Cut, which
// drops every connection and refuses new ones, as a database outage does;
// Restore accepts again on the same address. Freeze stops every byte in
// both directions while keeping connections open and accepting new ones
// that get no answer, as a network that drops packets does; Thaw lets the
// held bytes through.
type TCPProxy struct {
	tb     testing.TB
	target string
	addr   string

	mu    sync.Mutex
	ln    net.Listener
	conns map[net.Conn]struct{}
	// thawed is closed while the proxy forwards; Freeze replaces it with an
	// open channel that Thaw closes.
	thawed chan struct{}
}

// NewTCPProxy starts a proxy to target on a free local port, stopped when
// the test ends.
func NewTCPProxy(tb testing.TB, target string) *TCPProxy {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("proxy listen: %v", err)
	}
	p := &TCPProxy{tb: tb, target: target, addr: ln.Addr().String(), conns: map[net.Conn]struct{}{}, thawed: make(chan struct{})}
	close(p.thawed)
	p.serve(ln)
	tb.Cleanup(p.Cut)
	return p
}

// Freeze stops forwarding: nothing more is read or written on any
// connection, old or new, and none is closed, until Thaw.
func (p *TCPProxy) Freeze() {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.thawed:
		p.thawed = make(chan struct{})
	default: // already frozen
	}
}

// Thaw forwards again, the bytes held while frozen first.
func (p *TCPProxy) Thaw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.thawed:
	default:
		close(p.thawed)
	}
}

// waitThawed blocks while the proxy is frozen.
func (p *TCPProxy) waitThawed() {
	p.mu.Lock()
	thawed := p.thawed
	p.mu.Unlock()
	<-thawed
}

// Addr is the address clients connect to.
func (p *TCPProxy) Addr() string { return p.addr }

// Cut closes the listener and every forwarded connection (and ends a
// freeze).
func (p *TCPProxy) Cut() {
	p.Thaw()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
}

// Restore listens on the proxy's address again.
func (p *TCPProxy) Restore() {
	p.tb.Helper()
	var ln net.Listener
	var err error
	for range 50 { // the port may linger a moment after the cut
		if ln, err = net.Listen("tcp", p.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		p.tb.Fatalf("proxy restore: %v", err)
	}
	p.serve(ln)
}

func (p *TCPProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			go p.forward(client)
		}
	}()
}

func (p *TCPProxy) forward(client net.Conn) {
	p.waitThawed() // a frozen network answers no handshake
	server, err := net.DialTimeout("tcp", p.target, 5*time.Second)
	if err != nil {
		client.Close()
		return
	}
	p.mu.Lock()
	if p.ln == nil { // cut while dialing
		p.mu.Unlock()
		client.Close()
		server.Close()
		return
	}
	p.conns[client], p.conns[server] = struct{}{}, struct{}{}
	p.mu.Unlock()
	done := make(chan struct{}, 2)
	pipe := func(dst, src net.Conn) {
		defer func() { done <- struct{}{} }()
		buf := make([]byte, 32<<10)
		for {
			p.waitThawed()
			n, err := src.Read(buf)
			// Bytes read, or the end of the stream, just before a freeze are
			// held with the rest.
			p.waitThawed()
			if n > 0 {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	}
	go pipe(server, client)
	go pipe(client, server)
	<-done
	client.Close()
	server.Close()
	<-done
	p.mu.Lock()
	delete(p.conns, client)
	delete(p.conns, server)
	p.mu.Unlock()
}

// OpenPostgresFromTemplateThroughProxy is OpenPostgresFromTemplate reached
// through a TCPProxy, so the test can cut the database off or freeze it and
// restore it; the handle is opened with opts. It skips the test without
// TEST_DATABASE_URL.
func OpenPostgresFromTemplateThroughProxy(tb testing.TB, name string, prepare func(db *store.DB) error, opts store.Options) (*store.DB, *TCPProxy) {
	tb.Helper()
	dsn, proxy := throughProxy(tb, newPostgresCopy(tb, name, prepare))
	return openMigratedWith(tb, dsn, opts), proxy
}

// OpenPostgresThroughProxy is OpenPostgres reached through a TCPProxy, with
// a handle opened with opts.
func OpenPostgresThroughProxy(tb testing.TB, opts store.Options) (*store.DB, *TCPProxy) {
	tb.Helper()
	dsn, proxy := throughProxy(tb, newPostgresCopy(tb, migrated, nothing))
	return openMigratedWith(tb, dsn, opts), proxy
}

// throughProxy starts a TCPProxy to dsn's server and returns dsn through it.
func throughProxy(tb testing.TB, dsn string) (string, *TCPProxy) {
	tb.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		tb.Fatalf("parse %s: %v", PostgresEnv, err)
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), "5432")
	}
	proxy := NewTCPProxy(tb, host)
	u.Host = proxy.Addr()
	return u.String(), proxy
}
