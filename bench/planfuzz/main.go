// Command planfuzz throws hostile numbers at POST /api/assistant/plan of a
// running portal: tiny minimum purchases, huge tanks, extreme
// mileages, numeric strings, NaN text, and the domain's own edges, on a
// coast-to-coast route. It reports the statuses, the slowest answer and,
// given the server's pid, the server's peak RSS (VmHWM). It starts nothing
// and only talks to loopback addresses.
//
//	go run ./bench/planfuzz -url http://127.0.0.1:8080 -pid $(pgrep -n fuelportal) -n 2000 -c 8
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "server base URL (loopback only)")
	pid := flag.Int("pid", 0, "server process id, to read its peak RSS from /proc (0: skip)")
	clients := flag.Int("c", 8, "concurrent clients")
	total := flag.Int("n", 1000, "total plan requests")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	if err := run(*base, *pid, *clients, *total, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "planfuzz:", err)
		os.Exit(1)
	}
}

// hostile returns one plan form: mostly numbers far outside the domain,
// some at its edges (which must be computed, within the deadline).
func hostile(r *rand.Rand, route any) map[string]any {
	pick := func(xs ...any) any { return xs[r.IntN(len(xs))] }
	tiny := []any{0.001, 1e-9, 1e-300, 5e-324, "1e-300", 0.999}
	huge := []any{401.0, 1e6, 1e12, 1.7976931348623157e308, "1e308", 400.0001}
	weird := []any{"NaN", "Infinity", "-0", -1.0, 0.0, "", nil, "0x10", " 5 "}
	form := map[string]any{
		"routePoints": route, "trunkCapacity": 200.0, "amountOfFuel": 60.0,
		"searchRadius": 5.0, "minGallonsPurchase": 5.0,
	}
	switch r.IntN(6) {
	case 0: // the attack: tiny minimum against a big tank
		form["minGallonsPurchase"], form["trunkCapacity"], form["amountOfFuel"] = pick(tiny...), pick(append(huge, 400.0)...), 100.0
	case 1: // huge tank with the widest radius
		form["trunkCapacity"], form["amountOfFuel"], form["searchRadius"] = pick(huge...), pick(100.0, 1e5, 4e5), pick(100.0, 1e6, 101.0)
	case 2: // mileage and reserve
		form["mpg"], form["reserveGallons"] = pick(append(tiny, 1e9, 30.0, 1.0, 31.0)...), pick(append(weird, 0.0, 19.9, 1e300)...)
	case 3: // anything anywhere
		for _, k := range []string{"trunkCapacity", "amountOfFuel", "searchRadius", "minGallonsPurchase", "mpg", "reserveGallons"} {
			form[k] = pick(append(append(append([]any{}, tiny...), huge...), weird...)...)
		}
	default: // the domain's heaviest edges: must be planned, within the deadline
		form["trunkCapacity"], form["amountOfFuel"], form["minGallonsPurchase"] = 400.0, pick(0.0, 40.0, 400.0), 1.0
		form["mpg"], form["searchRadius"] = pick(1.0, 3.0, 6.5, 30.0), pick(5.0, 50.0, 100.0)
		if r.IntN(2) == 0 {
			form["reserveGallons"] = 0.0
		}
	}
	return form
}

func run(base string, pid, clients, total int, seed uint64) error {
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(u.Hostname()); !(u.Hostname() == "localhost" || (ip != nil && ip.IsLoopback())) {
		return fmt.Errorf("refusing non-loopback host %q", u.Hostname())
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients}, Timeout: 60 * time.Second}
	post := func(ctx context.Context, path, token string, body any, out any) (int, time.Duration, error) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		t0 := time.Now()
		res, err := client.Do(req)
		if err != nil {
			return 0, 0, err
		}
		defer res.Body.Close()
		if out != nil {
			err = json.NewDecoder(res.Body).Decode(out)
		} else {
			_, err = new(bytes.Buffer).ReadFrom(res.Body)
		}
		return res.StatusCode, time.Since(t0), err
	}
	ctx := context.Background()
	var session struct{ Token string }
	if status, _, err := post(ctx, "/api/authenticate", "", map[string]string{"username": "driver@demo.test", "password": "DemoPass1"}, &session); err != nil || status != 200 {
		return fmt.Errorf("sign-in: %d %v", status, err)
	}
	var routes struct {
		Routes []struct{ Points []map[string]float64 }
	}
	la, ny := map[string]float64{"latitude": 34.05, "longitude": -118.24}, map[string]float64{"latitude": 40.71, "longitude": -74.0}
	if status, _, err := post(ctx, "/api/maps/route", session.Token, map[string]any{"origin": la, "destination": ny}, &routes); err != nil || status != 200 || len(routes.Routes) == 0 {
		return fmt.Errorf("route: %d %v", status, err)
	}
	route := routes.Routes[0].Points

	var (
		next     atomic.Int64
		mu       sync.Mutex
		statuses = map[int]int{}
		worst    = map[int]time.Duration{}
		times    []time.Duration
		failures int
		wg       sync.WaitGroup
		peak     int64
	)
	stop := make(chan struct{})
	if pid > 0 {
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(50 * time.Millisecond):
					if kb := rssKB(pid, "VmRSS:"); kb > atomic.LoadInt64(&peak) {
						atomic.StoreInt64(&peak, kb)
					}
				}
			}
		}()
	}
	start := time.Now()
	for w := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(seed, uint64(w)))
			for next.Add(1) <= int64(total) {
				status, d, err := post(ctx, "/api/assistant/plan", session.Token, hostile(r, route), nil)
				mu.Lock()
				if err != nil {
					failures++
				} else {
					statuses[status]++
					worst[status] = max(worst[status], d)
					times = append(times, d)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	close(stop)
	elapsed := time.Since(start)
	if len(times) == 0 {
		return fmt.Errorf("no answers (%d transport failures)", failures)
	}
	slices.Sort(times)
	fmt.Printf("plan requests: %d in %s with %d clients; transport failures: %d\n", len(times), elapsed.Round(time.Millisecond), clients, failures)
	var parts []string
	for s, n := range statuses {
		parts = append(parts, fmt.Sprintf("%d×%d (worst %s)", s, n, worst[s].Round(time.Millisecond)))
	}
	slices.Sort(parts)
	fmt.Printf("statuses: %s\n", strings.Join(parts, ", "))
	fmt.Printf("latency p50 %s  p99 %s  max %s\n", times[len(times)/2].Round(time.Millisecond),
		times[min(len(times)-1, len(times)*99/100)].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	if pid > 0 {
		fmt.Printf("server RSS: peak sampled %d MiB, VmHWM %d MiB\n", atomic.LoadInt64(&peak)>>10, rssKB(pid, "VmHWM:")>>10)
	}
	return nil
}

// rssKB reads one kB field of /proc/PID/status.
func rssKB(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			var kb int64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), &kb)
			return kb
		}
	}
	return 0
}
