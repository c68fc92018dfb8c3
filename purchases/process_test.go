package purchases_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"testing"
)

// startSecondProcess runs this test binary again as a second process on
// the same database, running only test with env set, and starts both
// together: it waits for the second's "ready" (its database is open), then
// sends "go". lines reads what the second prints after; wait waits for its
// end.
func startSecondProcess(t *testing.T, test string, env ...string) (lines *bufio.Scanner, wait func() error) {
	t.Helper()
	second := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	second.Env = append(os.Environ(), env...)
	stdin, err := second.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := second.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	second.Stderr = os.Stderr
	if err := second.Start(); err != nil {
		t.Fatal(err)
	}
	lines = bufio.NewScanner(stdout)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("second process: %q, %v", lines.Text(), lines.Err())
	}
	if _, err := io.WriteString(stdin, "go\n"); err != nil {
		t.Fatal(err)
	}
	return lines, second.Wait
}

// secondProcessReady is the second process's side of startSecondProcess:
// it says it is ready and waits for "go".
func secondProcessReady(t *testing.T) {
	t.Helper()
	fmt.Println("ready")
	if line, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil || line != "go\n" {
		t.Fatalf("waiting for go: %q, %v", line, err)
	}
}
