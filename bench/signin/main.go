// Command signin measures sign-in latency of a running portal: N concurrent
// clients call POST /api/authenticate until a request count or a time limit
// is reached, then it prints percentiles. It starts nothing and only talks
// to loopback addresses.
//
//	go run ./bench/signin -url http://127.0.0.1:8080 -c 16 -n 500
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "server base URL (loopback only)")
	clients := flag.Int("c", 8, "concurrent clients")
	total := flag.Int("n", 200, "total sign-ins")
	limit := flag.Duration("d", 30*time.Second, "stop after this long even if -n is not reached")
	user := flag.String("user", "owner@demo.test", "login")
	password := flag.String("password", "DemoPass1", "password")
	flag.Parse()
	if err := run(*base, *clients, *total, *limit, *user, *password); err != nil {
		fmt.Fprintln(os.Stderr, "signin:", err)
		os.Exit(1)
	}
}

func run(base string, clients, total int, limit time.Duration, user, password string) error {
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(u.Hostname()); !(u.Hostname() == "localhost" || (ip != nil && ip.IsLoopback())) {
		return fmt.Errorf("refusing non-loopback host %q", u.Hostname())
	}
	body, _ := json.Marshal(map[string]string{"username": user, "password": password})
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}, Timeout: 30 * time.Second}

	var (
		next      atomic.Int64
		mu        sync.Mutex
		latencies []time.Duration
		statuses  = map[int]int{}
		failures  int
		wg        sync.WaitGroup
	)
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(total) && ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/authenticate", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				t0 := time.Now()
				res, err := client.Do(req)
				d := time.Since(t0)
				mu.Lock()
				if err != nil {
					if ctx.Err() == nil {
						failures++
					}
				} else {
					res.Body.Close()
					statuses[res.StatusCode]++
					latencies = append(latencies, d)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	if len(latencies) == 0 {
		return fmt.Errorf("no answers (%d transport failures)", failures)
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[min(len(latencies)-1, int(p*float64(len(latencies))))] }
	fmt.Printf("sign-ins: %d in %s with %d clients (%.1f/s); transport failures: %d\n",
		len(latencies), elapsed.Round(time.Millisecond), clients, float64(len(latencies))/elapsed.Seconds(), failures)
	fmt.Printf("statuses: %v\n", statuses)
	fmt.Printf("latency p50 %s  p90 %s  p99 %s  max %s\n",
		pct(0.50).Round(time.Microsecond), pct(0.90).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), latencies[len(latencies)-1].Round(time.Microsecond))
	return nil
}
