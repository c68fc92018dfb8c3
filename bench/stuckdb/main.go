// Command stuckdb measures how a running portal answers while its database
// is stuck. It has two modes, and only talks to loopback addresses.
//
// proxy forwards TCP to PostgreSQL; SIGUSR1 freezes it (nothing more is
// read or written on any connection and none is closed, as when packets are
// dropped) and SIGUSR2 thaws it:
//
//	go run ./bench/stuckdb proxy -listen 127.0.0.1:6432 -target 127.0.0.1:5432
//
// load sends -n requests at once (GET with the bearer token, or POST of
// -body) and prints how long until all were answered and their statuses:
//
//	go run ./bench/stuckdb load -url http://127.0.0.1:8080/api/wex/company/wallet -token … -n 200
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: stuckdb proxy|load [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "proxy":
		err = runProxy(os.Args[2:])
	case "load":
		err = runLoad(os.Args[2:])
	default:
		err = fmt.Errorf("unknown mode %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "stuckdb:", err)
		os.Exit(1)
	}
}

func loopback(host string) error {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(h); h != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return fmt.Errorf("%s is not a loopback address", host)
	}
	return nil
}

// gate is open while the proxy forwards.
type gate struct {
	mu   sync.Mutex
	open chan struct{}
}

func (g *gate) wait() {
	g.mu.Lock()
	open := g.open
	g.mu.Unlock()
	<-open
}

func (g *gate) set(forward bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	select {
	case <-g.open:
		if !forward {
			g.open = make(chan struct{})
		}
	default:
		if forward {
			close(g.open)
		}
	}
}

func runProxy(args []string) error {
	fs := flag.NewFlagSet("proxy", flag.ContinueOnError)
	listen := fs.String("listen", "127.0.0.1:6432", "address to listen on")
	target := fs.String("target", "127.0.0.1:5432", "PostgreSQL address")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := loopback(*listen); err != nil {
		return err
	}
	if err := loopback(*target); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return err
	}
	g := &gate{open: make(chan struct{})}
	close(g.open)
	signals := make(chan os.Signal, 4)
	signal.Notify(signals, syscall.SIGUSR1, syscall.SIGUSR2)
	go func() {
		for s := range signals {
			g.set(s == syscall.SIGUSR2)
			fmt.Printf("%s %s\n", time.Now().Format("15:04:05.000"), map[bool]string{true: "thawed", false: "frozen"}[s == syscall.SIGUSR2])
		}
	}()
	fmt.Printf("forwarding %s to %s (pid %d; SIGUSR1 freezes, SIGUSR2 thaws)\n", *listen, *target, os.Getpid())
	for {
		client, err := ln.Accept()
		if err != nil {
			return err
		}
		go func() {
			g.wait()
			server, err := net.DialTimeout("tcp", *target, 5*time.Second)
			if err != nil {
				client.Close()
				return
			}
			done := make(chan struct{}, 2)
			pipe := func(dst, src net.Conn) {
				defer func() { done <- struct{}{} }()
				buf := make([]byte, 32<<10)
				for {
					g.wait()
					n, err := src.Read(buf)
					g.wait()
					if n > 0 {
						if _, err := dst.Write(buf[:n]); err != nil {
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
		}()
	}
}

func runLoad(args []string) error {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	target := fs.String("url", "http://127.0.0.1:8080/api/health", "URL to request (loopback only)")
	token := fs.String("token", "", "bearer token")
	body := fs.String("body", "", "JSON to POST (GET when empty)")
	header := fs.String("header", "", "one more header, Name: value")
	n := fs.Int("n", 200, "requests sent at once")
	limit := fs.Duration("timeout", 120*time.Second, "give up on a request after this long")
	if err := fs.Parse(args); err != nil {
		return err
	}
	u, err := url.Parse(*target)
	if err != nil {
		return err
	}
	if err := loopback(u.Host); err != nil {
		return err
	}
	client := &http.Client{Timeout: *limit, Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: *n}}
	type result struct {
		status     string
		retryAfter bool
		took       time.Duration
	}
	results := make([]result, *n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range *n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			method, reader := "GET", (*strings.Reader)(nil)
			if *body != "" {
				method, reader = "POST", strings.NewReader(strings.ReplaceAll(*body, "{i}", fmt.Sprint(i)))
			}
			var req *http.Request
			if reader != nil {
				req, _ = http.NewRequest(method, *target, reader)
				req.Header.Set("Content-Type", "application/json")
			} else {
				req, _ = http.NewRequest(method, *target, nil)
			}
			if *token != "" {
				req.Header.Set("Authorization", "Bearer "+*token)
			}
			if name, value, ok := strings.Cut(*header, ":"); ok {
				req.Header.Set(strings.TrimSpace(name), strings.TrimSpace(value))
			}
			res, err := client.Do(req)
			took := time.Since(start)
			if err != nil {
				results[i] = result{status: "no answer (" + err.Error() + ")", took: took}
				return
			}
			res.Body.Close()
			results[i] = result{status: res.Status, retryAfter: res.Header.Get("Retry-After") != "", took: took}
		}()
	}
	wg.Wait()
	counts := map[string]int{}
	var last time.Duration
	withRetryAfter := 0
	for _, r := range results {
		key := r.status
		if len(key) > 60 {
			key = key[:60] + "…"
		}
		counts[key]++
		last = max(last, r.took)
		if r.retryAfter {
			withRetryAfter++
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("%d requests at once: all answered (or given up) after %s; %d with Retry-After\n", *n, last.Round(time.Millisecond), withRetryAfter)
	for _, k := range keys {
		fmt.Printf("  %4d  %s\n", counts[k], k)
	}
	return nil
}
