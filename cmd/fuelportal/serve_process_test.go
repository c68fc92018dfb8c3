package main

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// serveProcess is `fuelportal serve` run by a test as a process of its own
// (this test binary again, running main: runMainEnv), so that the test can
// signal it, or hold its database from outside.
type serveProcess struct {
	cmd    *exec.Cmd
	URL    string      // as it printed it: http://127.0.0.1:port, or https:// with TLS
	lines  chan string // what it prints after its URL
	stderr lockedBuilder
}

// startServeProcess starts `fuelportal serve --addr 127.0.0.1:0` with args
// after those, without mail or a trusted proxy, env added to the test's
// (the last of a name wins), and waits for the URL it prints. The process
// is killed when the test ends.
func startServeProcess(t *testing.T, args []string, env ...string) *serveProcess {
	t.Helper()
	p := &serveProcess{
		cmd:   exec.Command(os.Args[0], append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...),
		lines: make(chan string, 64),
	}
	p.cmd.Env = append(append(os.Environ(), runMainEnv+"=1", "FUELPORTAL_TRUST_PROXY=", "FUELPORTAL_SMTP_URL=", "FUELPORTAL_SMTP_HOST="), env...)
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.cmd.Process.Kill(); _ = p.cmd.Wait() })
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	p.URL = strings.TrimPrefix(p.waitLine(t, "Fuel portal listening on "), "Fuel portal listening on ")
	return p
}

// waitLine returns the next line the process prints that starts with
// prefix, skipping the others; it fails the test if the output ends first
// or none comes within two minutes (a hung process: the host running the
// suite may be loaded, so the bound is far above a start's seconds).
func (p *serveProcess) waitLine(t *testing.T, prefix string) string {
	t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case line, ok := <-p.lines:
			if !ok {
				t.Fatalf("server output ended before %q; stderr:\n%s", prefix, p.stderr.String())
			}
			if strings.HasPrefix(line, prefix) {
				return line
			}
		case <-timeout:
			t.Fatalf("no %q line; stderr:\n%s", prefix, p.stderr.String())
		}
	}
}

// lockedBuilder is a strings.Builder that the process's output copier
// writes while the test may read it.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
