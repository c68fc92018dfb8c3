package main

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fuelportal/store/storetest"
)

// TestServe_SQLiteLockedByAnotherProcessAnswers503 starts `fuelportal
// serve` on SQLite with FUELPORTAL_DB_TIMEOUT=1s while the test process
// holds the database's write lock (BEGIN IMMEDIATE, as a sqlite3 shell or a
// second server writing would): 20 sign-ins at once, each of which writes
// (the sign-in rate limit), all answer 503 with Retry-After instead of
// queueing behind SQLite's busy wait one after the other; once the lock is
// released the same request gets its usual answer.
func TestServe_SQLiteLockedByAnotherProcessAnswers503(t *testing.T) {
	const requests = 20
	path := storetest.SQLiteFile(t)
	base := startServeProcess(t, []string{"--db", "sqlite:" + path}, "FUELPORTAL_DB_TIMEOUT=1s").URL

	ctx := context.Background()
	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}

	// Far above the bound: a request still unanswered then is stuck.
	client := &http.Client{Timeout: 60 * time.Second}
	signIn := func() (*http.Response, error) {
		res, err := client.Post(base+"/api/authenticate", "application/json",
			strings.NewReader(`{"username":"nobody@fleet.test","password":"not-the-password"}`))
		if err == nil {
			res.Body.Close()
		}
		return res, err
	}
	var wg sync.WaitGroup
	statuses := make([]int, requests)
	retryAfter := make([]string, requests)
	start := time.Now()
	for i := range requests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := signIn()
			if err != nil {
				t.Errorf("request %d: %v", i, err)
				return
			}
			statuses[i], retryAfter[i] = res.StatusCode, res.Header.Get("Retry-After")
		}()
	}
	wg.Wait()
	t.Logf("%d sign-ins on SQLite locked by another process, FUELPORTAL_DB_TIMEOUT=1s: all answered in %s",
		requests, time.Since(start).Round(time.Millisecond))
	for i, status := range statuses {
		if s, err := strconv.Atoi(retryAfter[i]); status != http.StatusServiceUnavailable || err != nil || s < 1 {
			t.Errorf("request %d: %d with Retry-After %q, want 503 with Retry-After", i, status, retryAfter[i])
		}
	}

	if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	res, err := signIn()
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("sign-in after the lock was released: %d, want 401", res.StatusCode)
	}
}
