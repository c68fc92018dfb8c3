package purchases_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/store"
)

// expectSoundLedger fails the test unless the ledger's invariants hold.
func expectSoundLedger(t *testing.T, db *store.DB) store.LedgerAudit {
	t.Helper()
	audit, err := db.CheckLedger(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if audit.EntriesSum != 0 || audit.UnpairedTransfers != 0 || len(audit.BalanceMismatches) != 0 {
		t.Fatalf("ledger unsound: %+v", audit)
	}
	return audit
}

// newCompanyWithCard creates a company, its owner and one unlinked card.
func newCompanyWithCard(t *testing.T, db *store.DB, email, cardNumber string) (*fuelportal.Company, *fuelportal.User, *fuelportal.Card) {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321, PhoneNumber: "+1 555 010 0000"}
	owner := &fuelportal.User{Email: email, PasswordHash: "hash", FirstName: "Ann", LastName: "Owner"}
	if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
		t.Fatalf("CreateCompanyOwner: %v", err)
	}
	card := &fuelportal.Card{CompanyID: company.ID, CardNumber: cardNumber, DriverName: "Dan Driver", DriverID: "D-1", UnitNumber: "U-1", CreatedAt: cardIssued}
	if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, card) }); err != nil {
		t.Fatalf("CreateCard: %v", err)
	}
	return company, owner, card
}

// newVehicle is a valid vehicle on unit (the vehicles service validates
// before the store saves; vehicles/ tests the fleet list flows).
func newVehicle(unit string) fuelportal.Vehicle {
	return fuelportal.Vehicle{UnitNumber: unit, VIN: validVIN, Plate: "P-4410", PlateState: "FL", FuelType: fuelportal.FuelDiesel,
		TankCapacity: 150_000, IFTAQualified: true, Active: true}
}

// validVIN has a correct check digit (X).
const validVIN = "1M8GDM9AXKP042788"

func newWebhookEndpoint(t *testing.T, db *store.DB, companyID int64, url string) *fuelportal.WebhookEndpoint {
	t.Helper()
	e, err := db.CreateWebhookEndpoint(context.Background(), companyID, fuelportal.WebhookEndpointInput{
		URL: url, Events: []fuelportal.WebhookEventType{fuelportal.WebhookWalletLow}, Active: true}, fuelportal.CheckWebhookEndpointAdded)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func savePush(t *testing.T, db *store.DB, userID int64, endpoint string) *fuelportal.PushSubscription {
	t.Helper()
	s := &fuelportal.PushSubscription{UserID: userID, Endpoint: endpoint, P256DH: "BKey", Auth: "auth"}
	if err := db.SavePushSubscription(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s
}
