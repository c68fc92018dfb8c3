package purchases_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"fuelportal/store"
)

// onTwoProcesses runs this test binary again as a second process on the
// same database, running only test with env set (its database is named by
// one of them: secondProcessDB), and starts both together: once the second
// says its database is open, first runs here while the second runs there.
// It answers the lines the second printed after, and fails the test, with
// them, if the second failed.
func onTwoProcesses(t *testing.T, test string, env []string, first func()) []string {
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
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() || lines.Text() != "ready" {
		t.Fatalf("second process: %q, %v", lines.Text(), lines.Err())
	}
	if _, err := io.WriteString(stdin, "go\n"); err != nil {
		t.Fatal(err)
	}
	first()
	var rest []string
	for lines.Scan() {
		rest = append(rest, lines.Text())
	}
	if err := second.Wait(); err != nil {
		t.Fatalf("second process: %v\n%s", err, strings.Join(rest, "\n"))
	}
	return rest
}

// secondProcessDB is the second process's side of onTwoProcesses: the
// database whose DSN the variable dsnEnv holds, open; it says it is ready
// and returns once told "go". Without the variable (a plain run of the
// package) it skips the test, which only firstTest runs.
func secondProcessDB(t *testing.T, dsnEnv, firstTest string) *store.DB {
	t.Helper()
	dsn := os.Getenv(dsnEnv)
	if dsn == "" {
		t.Skip("only run by " + firstTest)
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	fmt.Println("ready")
	if line, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil || line != "go\n" {
		t.Fatalf("waiting for go: %q, %v", line, err)
	}
	return db
}
