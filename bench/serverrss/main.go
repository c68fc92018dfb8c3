// Command serverrss measures the resident memory of the real server at
// many stations: for each engine it makes a database, imports n demo
// stations with `fuelportal import prices`, starts `fuelportal serve`,
// and reads VmRSS and VmHWM from /proc/PID/status after the start, right
// after a price file touching every station is posted to POST
// /api/feed/prices (the server parses, stores and reloads its catalog),
// and after another such file is imported by a second process (the
// server reloads at its next poll). The live heap is the last garbage
// collection's (GODEBUG=gctrace=1). Loopback only; Linux only.
//
//	CGO_ENABLED=0 go build -o bin/fuelportal ./cmd/fuelportal
//	go run ./bench/serverrss                       # both engines, 100,000 stations
//	go run ./bench/serverrss -engines sqlite -stations 50000
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"fuelportal"
	"fuelportal/demo"
)

func main() {
	bin := flag.String("bin", "bin/fuelportal", "the server binary (CGO_ENABLED=0 go build -o bin/fuelportal ./cmd/fuelportal)")
	engines := flag.String("engines", "sqlite,postgres", "engines to measure, comma-separated")
	pgURL := flag.String("pg", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable", "a PostgreSQL server to make a throwaway database on")
	stations := flag.Int("stations", 100_000, "stations in the database")
	settle := flag.Duration("settle", 10*time.Second, "how long the server idles before the settled readings")
	flag.Parse()
	if err := run(*bin, strings.Split(*engines, ","), *pgURL, *stations, *settle); err != nil {
		fmt.Fprintln(os.Stderr, "serverrss:", err)
		os.Exit(1)
	}
}

func run(bin string, engines []string, pgURL string, n int, settle time.Duration) error {
	bin, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "serverrss")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// Three price files over the same stations: the first fills the
	// database, each later one moves every price and dates it a day later.
	day := time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)
	all, _ := demo.GenerateStations(n, day)
	files := make([]string, 3)
	for i := range files {
		files[i] = filepath.Join(dir, fmt.Sprintf("prices%d.csv", i))
		if err := writePrices(files[i], all, i); err != nil {
			return err
		}
	}
	fmt.Printf("%d stations, %s\n", n, time.Now().UTC().Format("2006-01-02 15:04 MST"))
	for _, engine := range engines {
		dsn, drop, err := makeDatabase(engine, dir, pgURL)
		if err != nil {
			return err
		}
		err = measure(bin, dsn, engine, files, settle)
		drop()
		if err != nil {
			return fmt.Errorf("%s: %w", engine, err)
		}
	}
	return nil
}

// writePrices writes stations as a price file whose prices are step tenths
// of a cent above the generated ones, dated step days later.
func writePrices(path string, stations []*fuelportal.Station, step int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	_ = w.Write([]string{"location_id", "name", "station_location", "address", "city", "state", "zip_code", "country",
		"latitude", "longitude", "chain", "affiliate", "retail_price", "net_price", "ifta_refund", "price_date"})
	price := func(p fuelportal.TenthCents) string { return (p + fuelportal.TenthCents(step)).String() }
	for _, s := range stations {
		_ = w.Write([]string{strconv.FormatInt(s.ID, 10), s.Name, s.StationLocation, s.Address, s.City, s.State, s.ZipCode, s.Country,
			strconv.FormatFloat(s.Latitude, 'f', -1, 64), strconv.FormatFloat(s.Longitude, 'f', -1, 64), s.Chain, s.Affiliate,
			price(s.RetailPrice), price(s.NetPrice), s.IFTARefund.String(), s.PriceDate.AddDate(0, 0, step).Format(time.RFC3339)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// makeDatabase returns the DSN of an empty database and how to drop it.
func makeDatabase(engine, dir, pgURL string) (string, func(), error) {
	switch engine {
	case "sqlite":
		path := filepath.Join(dir, "portal.db")
		return "sqlite:" + path, func() {
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Remove(path + suffix)
			}
		}, nil
	case "postgres":
		admin, err := sql.Open("pgx", pgURL)
		if err != nil {
			return "", nil, err
		}
		suffix := make([]byte, 6)
		_, _ = rand.Read(suffix)
		name := "serverrss_" + hex.EncodeToString(suffix)
		if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
			admin.Close()
			return "", nil, err
		}
		u, err := url.Parse(pgURL)
		if err != nil {
			admin.Close()
			return "", nil, err
		}
		u.Path = "/" + name
		return u.String(), func() {
			_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			admin.Close()
		}, nil
	}
	return "", nil, fmt.Errorf("unknown engine %q (sqlite, postgres)", engine)
}

const feedKey = "serverrss-feed-key"

// measure fills dsn with files[0], starts the server and prints its memory
// after the start and after each reload.
func measure(bin, dsn, engine string, files []string, settle time.Duration) error {
	start := time.Now()
	if out, err := exec.Command(bin, "import", "prices", "-db", dsn, files[0]).CombinedOutput(); err != nil {
		return fmt.Errorf("import: %v\n%s", err, out)
	}
	fmt.Printf("\n%s: imported in %.1f s\n", engine, time.Since(start).Seconds())

	addr, err := freeAddr()
	if err != nil {
		return err
	}
	gctrace := &lastLine{match: regexp.MustCompile(`->(\d+) MB`)}
	srv := exec.Command(bin, "serve", "-addr", addr, "-db", dsn)
	srv.Env = append(os.Environ(), "FUELPORTAL_FEED_KEY="+feedKey, "GODEBUG=gctrace=1")
	srv.Stdout = io.Discard
	srv.Stderr = gctrace
	start = time.Now()
	if err := srv.Start(); err != nil {
		return err
	}
	defer func() {
		_ = srv.Process.Signal(os.Interrupt)
		_ = srv.Wait()
	}()
	base := "http://" + addr
	if err := waitHealthy(base, 5*time.Minute); err != nil {
		return err
	}
	pid := srv.Process.Pid
	fmt.Printf("%s: serving after %.1f s\n", engine, time.Since(start).Seconds())
	fmt.Printf("%-36s %10s %10s %10s\n", "", "VmRSS MB", "VmHWM MB", "live MB")
	report := func(what string) {
		rss, hwm := readStatus(pid)
		fmt.Printf("%-36s %10.1f %10.1f %10s\n", what, rss, hwm, gctrace.value())
	}
	report("started")
	time.Sleep(settle)
	report(fmt.Sprintf("started, +%s", settle))

	resetPeak(pid)
	start = time.Now()
	if err := postPrices(base, files[1]); err != nil {
		return err
	}
	report(fmt.Sprintf("POST reload answered (%.1f s)", time.Since(start).Seconds()))
	time.Sleep(settle)
	report(fmt.Sprintf("POST reload, +%s", settle))

	resetPeak(pid)
	if out, err := exec.Command(bin, "import", "prices", "-db", dsn, files[2]).CombinedOutput(); err != nil {
		return fmt.Errorf("import: %v\n%s", err, out)
	}
	time.Sleep(settle) // the server reloads within its poll interval
	report(fmt.Sprintf("CLI import, reload polled, +%s", settle))
	return nil
}

func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer l.Close()
	return l.Addr().String(), nil
}

func waitHealthy(base string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if res, err := http.Get(base + "/api/health"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("the server did not answer /api/health")
}

func postPrices(base, path string) error {
	body, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/feed/prices", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("X-Feed-Key", feedKey)
	req.Header.Set("Content-Type", "text/csv")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("POST /api/feed/prices: %s %s", res.Status, answer)
	}
	return nil
}

// readStatus returns VmRSS and VmHWM of pid in MB (2^20 bytes).
func readStatus(pid int) (rss, hwm float64) {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), "kB")), 64)
		if err != nil {
			continue
		}
		switch name {
		case "VmRSS":
			rss = kb / 1024
		case "VmHWM":
			hwm = kb / 1024
		}
	}
	return rss, hwm
}

// resetPeak starts VmHWM afresh at the current RSS (clear_refs 5).
func resetPeak(pid int) {
	_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0)
}

// lastLine keeps the first group of match in the last line written that
// matches it (the live heap of gctrace's "a->b->c MB").
type lastLine struct {
	match   *regexp.Regexp
	mu      sync.Mutex
	partial []byte
	last    string
}

func (l *lastLine) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		if m := l.match.FindSubmatch(l.partial[:i]); m != nil {
			l.last = string(m[1])
		}
		l.partial = l.partial[i+1:]
	}
}

func (l *lastLine) value() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last
}
