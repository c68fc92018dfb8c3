package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/statements"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestRun_StatementsVerifyFailsNamingThePeriodThatDiffers(t *testing.T) {
	engines := map[string]func(t *testing.T) (*store.DB, string){
		"sqlite": func(t *testing.T) (*store.DB, string) {
			path := filepath.Join(t.TempDir(), "statements.db")
			return storetest.OpenSQLiteAt(t, path), "sqlite:" + path
		},
	}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		engines["postgres"] = func(t *testing.T) (*store.DB, string) { return storetest.OpenPostgresShared(t) }
	}
	for name, open := range engines {
		t.Run(name, func(t *testing.T) {
			db, dsn := open(t)
			ctx := context.Background()
			clock := storetest.NewClock(db) // 2025-03-14
			company := &fuelportal.Company{Name: "Ledger Lines", CarrierID: 7654322, PhoneNumber: "+1 555 010 0001"}
			owner := &fuelportal.User{Email: "ledger-lines@example.com", PasswordHash: "hash"}
			if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
				t.Fatal(err)
			}
			if _, _, err := db.CreditWallet(ctx, company.ID, 321_00, fuelportal.LedgerTopUp, "verify-top-up-"+name); err != nil {
				t.Fatal(err)
			}
			clock.Advance(31 * 24 * time.Hour)
			svc := statements.New(statements.Deps{Store: db, Now: clock.Now})
			if n, err := svc.CloseDue(ctx); err != nil || n == 0 {
				t.Fatalf("CloseDue = %d, %v", n, err)
			}
			var out, errOut bytes.Buffer
			if err := run(ctx, []string{"statements", "verify", "-db", dsn}, &out, &errOut); err != nil || !strings.Contains(out.String(), "equals the ledger") {
				t.Fatalf("statements verify of sound statements: %v %s", err, out.String())
			}
			err := db.InTx(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `UPDATE statements SET closing_cents = closing_cents + 1 WHERE company_id = ? AND status = 'CLOSED'`, company.ID)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			err = run(ctx, []string{"statements", "verify", "-db", dsn}, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), "2025-03-01") {
				t.Fatalf("statements verify of an edited period = %v; want the March 2025 period named", err)
			}
		})
	}
}
