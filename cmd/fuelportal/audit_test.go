package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// auditedCompany gives db a company with three audited changes.
func auditedCompany(t *testing.T, db *store.DB) {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321, PhoneNumber: "+1 555 010 0000"}
	owner := &fuelportal.User{Email: "owner@example.com", PasswordHash: "hash", FirstName: "Ann", LastName: "Owner"}
	if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
		t.Fatal(err)
	}
	ctx = fuelportal.NewContextWithActor(ctx, fuelportal.Actor{UserID: owner.ID, Role: string(fuelportal.MemberOwner)})
	for i := range 3 {
		cents := int64(1000 * (i + 1))
		if err := db.SetWalletLowThreshold(ctx, company.ID, &cents); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRun_AuditVerifyFailsOnAnEditedRow(t *testing.T) {
	engines := map[string]func(t *testing.T) (*store.DB, string){
		"sqlite": func(t *testing.T) (*store.DB, string) {
			path := filepath.Join(t.TempDir(), "audit.db")
			return storetest.OpenSQLiteAt(t, path), "sqlite:" + path
		},
	}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		engines["postgres"] = func(t *testing.T) (*store.DB, string) { return storetest.OpenPostgresShared(t) }
	}
	for name, open := range engines {
		t.Run(name, func(t *testing.T) {
			db, dsn := open(t)
			auditedCompany(t, db)
			var out, errOut bytes.Buffer
			ctx := context.Background()
			if err := run(ctx, []string{"audit", "verify", "-db", dsn}, &out, &errOut); err != nil || !strings.Contains(out.String(), "3 rows checked") {
				t.Fatalf("audit verify of a sound trail: %v %s", err, out.String())
			}
			err := db.InTx(ctx, func(tx *store.Tx) error {
				if tx.Engine() == store.Postgres {
					if _, err := tx.Exec(ctx, `ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`); err != nil {
						return err
					}
				} else if _, err := tx.Exec(ctx, `DROP TRIGGER audit_events_no_update`); err != nil {
					return err
				}
				_, err := tx.Exec(ctx, `UPDATE audit_events SET actor_email = 'someone@example.com' WHERE seq = 2`)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			err = run(ctx, []string{"audit", "verify", "-db", dsn}, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), "(seq 2)") {
				t.Fatalf("audit verify of an edited trail = %v; want the break at seq 2", err)
			}
		})
	}
}
