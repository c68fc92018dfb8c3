package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/store"
)

// The user create command makes an owner with their company, then an
// approved driver holding a card of it, through the accounts service: a
// taken email is refused as the sign-up refuses it.
func TestRun_UserCreate(t *testing.T) {
	ctx := context.Background()
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "users.db")
	var out bytes.Buffer
	owner := []string{"user", "create", "--db", dsn, "--email", "boss@example.com", "--password", "Secret123",
		"--company", " Acme Haulers ", "--carrier-id", "1234567", "--first-name", "Bea", "--last-name", "Boss"}
	if err := run(ctx, owner, &out, io.Discard); err != nil || !strings.Contains(out.String(), `Created company "Acme Haulers"`) {
		t.Fatalf("owner: %v %s", err, out.String())
	}
	if err := run(ctx, owner, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), fuelportal.MsgEmailTaken) {
		t.Fatalf("owner again = %v, want %q", err, fuelportal.MsgEmailTaken)
	}

	db, err := store.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	boss, err := db.UserByEmail(ctx, "boss@example.com")
	if err != nil || boss.MemberRole != fuelportal.MemberOwner || boss.FirstName != "Bea" || boss.LastName != "Boss" || boss.Company.CarrierID != 1234567 {
		t.Fatalf("owner = %+v, %v", boss, err)
	}
	const number = "7083051234567890123"
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		return tx.CreateCard(ctx, &fuelportal.Card{CompanyID: boss.CompanyID, CardNumber: number, DriverName: "Dan Driver"})
	}); err != nil {
		t.Fatal(err)
	}

	out.Reset()
	driver := []string{"user", "create", "--db", dsn, "--role", "driver", "--email", "dan@example.com", "--password", "Secret123",
		"--company", "Acme Haulers", "--card", number, "--first-name", "Dan", "--last-name", "Driver"}
	if err := run(ctx, driver, &out, io.Discard); err != nil || !strings.Contains(out.String(), "of Acme Haulers") {
		t.Fatalf("driver: %v %s", err, out.String())
	}
	dan, err := db.UserByEmail(ctx, "dan@example.com")
	if err != nil || dan.DriverStatus != fuelportal.DriverApproved || dan.CardNumber != number || dan.CompanyID != boss.CompanyID {
		t.Fatalf("driver = %+v, %v", dan, err)
	}
}
