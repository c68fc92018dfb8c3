package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	"fuelportal/store"
	"fuelportal/store/storetest"
)

// Requests that end while their statement runs (a client gone, a deadline
// passed) leave their connections in the pool: PostgreSQL opens no new
// session for the next transactions.
func TestTx_RequestsEndingMidStatementKeepTheirConnections(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
	}
	ctx := context.Background()
	db := storetest.OpenPostgres(t)
	sessions := func() (n int64) {
		t.Helper()
		err := db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT sessions FROM pg_stat_database WHERE datname = current_database()`).Scan(&n)
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := sessions()
	for range 10 {
		reqCtx, cancel := context.WithCancel(ctx)
		started := make(chan struct{})
		go func() {
			<-started
			// The statement is running when the request ends.
			for {
				var running int
				err := db.InReadTx(ctx, func(tx *store.Tx) error {
					return tx.QueryRow(ctx, `SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database()
						AND state = 'active' AND query LIKE 'SELECT pg_sleep(30)%'`).Scan(&running)
				})
				if err != nil || running > 0 {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			cancel()
		}()
		err := db.InTx(reqCtx, func(tx *store.Tx) error {
			close(started)
			_, err := tx.Exec(reqCtx, `SELECT pg_sleep(30)`)
			return err
		})
		if err == nil {
			t.Fatal("the interrupted statement succeeded")
		}
	}
	if opened := sessions() - before; opened > 2 {
		t.Fatalf("%d sessions opened for 10 interrupted requests, want the pooled ones reused", opened)
	}
}

