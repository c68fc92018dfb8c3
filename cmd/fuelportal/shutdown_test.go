package main

import (
	"bufio"
	"fmt"
	"fuelportal/store/storetest"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// runMainEnv makes the test binary run the command's main instead of the
// tests, so a test can start the real process and signal it.
const runMainEnv = "FUELPORTAL_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(storetest.Main(m))
}

// TestServe_SIGTERMFinishesRequestsInFlightAndExitsZero starts `fuelportal
// serve`, opens inFlight requests whose bodies are only half sent (so their
// handlers are running), sends SIGTERM, checks that new connections are
// refused while those requests are still open, then completes them: every
// one gets its answer and the process exits 0.
func TestServe_SIGTERMFinishesRequestsInFlightAndExitsZero(t *testing.T) {
	const inFlight = 20
	server := startServeProcess(t, []string{"--db", "sqlite:" + storetest.SQLiteFile(t)})
	addr := strings.TrimPrefix(server.URL, "http://")

	// Each request announces a body it sends only half of: its handler is
	// running, blocked on the rest.
	body := `{"refreshToken":"not-a-token-%02d"}`
	conns := make([]net.Conn, inFlight)
	for i := range conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		b := fmt.Sprintf(body, i)
		fmt.Fprintf(c, "POST /api/refreshToken HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", addr, len(b), b[:len(b)/2])
		conns[i] = c
	}
	time.Sleep(300 * time.Millisecond) // let the server read every request's headers

	if err := server.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	server.waitLine(t, "Shutting down")
	refused := false
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			refused = true
			break
		}
		c.Close()
	}
	if !refused {
		t.Fatal("new connections still accepted a minute after SIGTERM")
	}

	var wg sync.WaitGroup
	statuses := make([]int, inFlight)
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := fmt.Sprintf(body, i)
			if _, err := c.Write([]byte(b[len(b)/2:])); err != nil {
				return
			}
			_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
			res, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				return
			}
			res.Body.Close()
			statuses[i] = res.StatusCode
		}()
	}
	wg.Wait()
	completed := 0
	for _, s := range statuses {
		if s == http.StatusUnauthorized {
			completed++
		}
	}
	err := server.cmd.Wait()
	t.Logf("SIGTERM with %d requests in flight: %d completed (401 for the bogus token), new connections refused, exit: %v", inFlight, completed, err)
	if completed != inFlight {
		t.Errorf("%d of %d requests in flight completed; statuses %v", completed, inFlight, statuses)
	}
	if err != nil {
		t.Errorf("exit: %v, want 0; stderr:\n%s", err, server.stderr.String())
	}
}

// TestServe_ADatabaseThatCannotOpenIsAnErrorNotACrash: a --db the server
// cannot open (a bare path, without sqlite:) ends serve with the reason,
// before any service exists.
func TestServe_ADatabaseThatCannotOpenIsAnErrorNotACrash(t *testing.T) {
	var stdout, stderr strings.Builder
	err := run(t.Context(), []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "bare.db")}, &stdout, &stderr)
	if err == nil {
		t.Fatalf("serve with a bare path as --db: no error; stdout %q", stdout.String())
	}
}
