package store_test

import (
	"context"
	"os"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/rules"
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

// A hold near the floor is checked again under the wallet row's lock: a
// decision that read the wallet before another hold committed is decided
// anew on the new balance (a funds decline), and the wallet holds only
// what fits.
func TestHold_NearTheFloorADecisionOnAStaleBalanceIsDecidedAgain(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Skip("needs PostgreSQL (TEST_DATABASE_URL): SQLite's writers never interleave")
	}
	ctx := context.Background()
	db := storetest.OpenPostgres(t)
	f := newFleetFixture(t, db, prepaid)
	stripeCards(t, db, f, 2)
	if _, _, err := db.CreditWallet(ctx, f.company.ID, 100_00, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	calls := 0
	decide := func(facts rules.AuthorizationFacts) rules.AuthorizationDecision {
		if calls++; calls == 1 {
			// Another card's hold commits after this decision read the wallet.
			other, _, err := db.DecideAuthorization(ctx, authRequest("iauth_h1", "ic_0", 80_00, false), rules.DecideAuthorization)
			if err != nil || !other.Approved {
				t.Errorf("other = %+v, %v", other, err)
			}
		}
		return rules.DecideAuthorization(facts)
	}
	a, _, err := db.DecideAuthorization(ctx, authRequest("iauth_h2", "ic_1", 80_00, false), decide)
	if err != nil || a.Approved || a.DeclineCode != fuelportal.DeclineInsufficientFunds || calls != 2 {
		t.Fatalf("decided %d times: %+v, %v", calls, a, err)
	}
	if held := heldAudit(t, db, f.company.ID); held != 80_00 {
		t.Fatalf("held %d, want 8000", held)
	}
}
