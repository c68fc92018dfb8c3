package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// noHang is far above any bound these tests set: past it an operation is
// taken to hang (what they catch), not to be slow.
const noHang = 60 * time.Second

// concurrently runs n calls of fn at once and returns their errors; it
// fails the test if they are not all back within noHang.
func concurrently(t *testing.T, n int, fn func(i int) error) []error {
	t.Helper()
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = fn(i)
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(noHang):
		t.Fatalf("%d calls still waiting for the database after %s", n, noHang)
	}
	return errs
}

func expectUnavailable(t *testing.T, what string, errs []error) {
	t.Helper()
	for i, err := range errs {
		if !store.IsUnavailable(err) || fuelportal.ErrorCode(err) != fuelportal.EUNAVAILABLE {
			t.Errorf("%s %d: %v (code %q), want unavailable", what, i, err, fuelportal.ErrorCode(err))
		}
	}
}

// holdWriteLock takes SQLite's write lock on path from a connection of its
// own, as another process writing would, until the returned func is called.
func holdWriteLock(t *testing.T, path string) (release func()) {
	t.Helper()
	ctx := context.Background()
	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := other.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			_, _ = conn.ExecContext(ctx, "ROLLBACK")
			conn.Close()
			other.Close()
		})
	}
	t.Cleanup(release)
	return release
}

// TestTimeout_SQLiteWritersBehindAnotherConnectionsLockAreUnavailable holds
// the write lock elsewhere while 20 writers of a bounded handle, whose
// contexts have no deadline, queue for the one writer connection: each
// gives up with EUNAVAILABLE (SQLite's own busy wait, 10 s a writer one
// after the other, would keep the last waiting for minutes), reads go on
// meanwhile, and writes succeed once the lock is released. The handle is
// opened and migrated unbounded and gets its bound only for the writers:
// the reads and writes around them run under noHang, so a slow host makes
// the test slower, never failing.
func TestTimeout_SQLiteWritersBehindAnotherConnectionsLockAreUnavailable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "locked.db")
	db := storetest.OpenSQLiteAt(t, path)
	store.SetTimeout(db, 500*time.Millisecond)
	release := holdWriteLock(t, path)

	start := time.Now()
	errs := concurrently(t, 20, func(i int) error {
		return db.EnqueueMail(ctx, &fuelportal.MailMessage{To: fmt.Sprintf("w%d@example.com", i), Subject: "s", Body: "b"})
	})
	t.Logf("20 writers behind another connection's lock, handle bound 500 ms: all answered in %s", time.Since(start).Round(time.Millisecond))
	expectUnavailable(t, "writer", errs)
	safetyNet := store.WithTxTimeout(ctx, noHang)
	if _, err := db.Setting(safetyNet, "absent"); err != nil {
		t.Errorf("read while another connection writes: %v", err)
	}

	release()
	if err := db.EnqueueMail(safetyNet, &fuelportal.MailMessage{To: "after@example.com", Subject: "s", Body: "b"}); err != nil {
		t.Fatalf("write after the lock was released: %v", err)
	}
}

// TestTimeout_WithTxTimeoutOverridesTheHandlesBound: the bound a context
// carries (WithTxTimeout) replaces the handle's, here an hour.
func TestTimeout_WithTxTimeoutOverridesTheHandlesBound(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "override.db")
	db := storetest.OpenSQLiteAtWith(t, path, store.Options{Timeout: time.Hour})
	holdWriteLock(t, path)
	errs := concurrently(t, 1, func(int) error {
		return db.EnqueueMail(store.WithTxTimeout(ctx, 300*time.Millisecond), &fuelportal.MailMessage{To: "a@example.com", Subject: "s", Body: "b"})
	})
	expectUnavailable(t, "writer with a shorter bound", errs)
}

// TestTimeout_FrozenPostgresIsUnavailableAndRecovers freezes the network
// between a bounded handle and PostgreSQL (packets dropped: nothing is
// refused or closed): reads and writes come back EUNAVAILABLE instead of
// waiting, and once the network thaws the same handle works again. The
// handle sets statement_timeout and idle_in_transaction_session_timeout
// from its bound. It is opened, migrated and checked under noHang and gets
// its short bound only for the frozen spell and the recovery, so a slow
// host makes the test slower, never failing.
func TestTimeout_FrozenPostgresIsUnavailableAndRecovers(t *testing.T) {
	ctx := context.Background()
	db, proxy := storetest.OpenPostgresThroughProxy(t, store.Options{Timeout: noHang})
	showTimeouts := func(ctx context.Context) (statement, idle string) {
		t.Helper()
		err := db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, "SELECT current_setting('statement_timeout'), current_setting('idle_in_transaction_session_timeout')").Scan(&statement, &idle)
		})
		if err != nil {
			t.Fatal(err)
		}
		return statement, idle
	}
	if statement, idle := showTimeouts(ctx); statement != "1min" || idle != "2min" {
		t.Errorf("handle bounded at 1 min: statement_timeout %s, idle_in_transaction_session_timeout %s, want 1min and 2min", statement, idle)
	}
	// A transaction with a bound of its own has the server's timeouts to
	// match, and only it.
	if statement, idle := showTimeouts(store.WithTxTimeout(ctx, 0)); statement != "0" || idle != "0" {
		t.Errorf("unbounded transaction: statement_timeout %s, idle_in_transaction_session_timeout %s, want 0 and 0", statement, idle)
	}
	if statement, idle := showTimeouts(store.WithTxTimeout(ctx, 30*time.Second)); statement != "30s" || idle != "1min" {
		t.Errorf("transaction bounded at 30 s: statement_timeout %s, idle_in_transaction_session_timeout %s, want 30s and 1min", statement, idle)
	}
	if statement, idle := showTimeouts(ctx); statement != "1min" || idle != "2min" {
		t.Errorf("after them: statement_timeout %s, idle_in_transaction_session_timeout %s, want the handle's 1min and 2min", statement, idle)
	}
	if err := db.EnqueueMail(ctx, &fuelportal.MailMessage{To: "before@example.com", Subject: "s", Body: "b"}); err != nil {
		t.Fatal(err)
	}

	store.SetTimeout(db, time.Second)
	proxy.Freeze()
	start := time.Now()
	errs := concurrently(t, 40, func(i int) error {
		switch i % 4 {
		case 0:
			_, err := db.Setting(ctx, "absent")
			return err
		case 1:
			return db.EnqueueMail(ctx, &fuelportal.MailMessage{To: fmt.Sprintf("w%d@example.com", i), Subject: "s", Body: "b"})
		case 2: // the outbox sender's and the clean-up job's work
			if _, err := db.ClaimUnsentMail(ctx, time.Minute, 20); err != nil {
				return err
			}
			return db.DeleteExpired(ctx)
		default: // the station catalog's reload poll
			_, err := db.StationsVersion(ctx)
			return err
		}
	})
	t.Logf("40 transactions (reads, writes, background jobs' work) on a frozen PostgreSQL, handle bound 1 s: all answered in %s", time.Since(start).Round(time.Millisecond))
	expectUnavailable(t, "transaction", errs)

	proxy.Thaw()
	var lastErr error
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if lastErr = db.EnqueueMail(ctx, &fuelportal.MailMessage{To: "after@example.com", Subject: "s", Body: "b"}); lastErr == nil {
			break
		}
	}
	if lastErr != nil {
		t.Fatalf("still failing 2 min after the network thawed: %v", lastErr)
	}
	if _, err := db.Setting(store.WithTxTimeout(ctx, noHang), "absent"); err != nil {
		t.Fatalf("read after the thaw: %v", err)
	}
}

// Opening checks the connections within the caller's context, not the
// handle's bound: a start on a loaded host is slower, never refused.
func TestTimeout_OpeningIsNotHeldToTheHandlesBound(t *testing.T) {
	db, err := store.OpenWith(context.Background(), "sqlite:"+storetest.SQLiteFile(t), store.Options{Timeout: time.Nanosecond})
	if err != nil {
		t.Fatalf("open with a 1 ns bound: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}
