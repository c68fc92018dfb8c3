package issuing_test

import (
	"context"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/issuing"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// newCompany creates a company with its owner and one card numbered taken.
func newCompany(t *testing.T, db *store.DB, taken string) int64 {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321}
	owner := &fuelportal.User{Email: "owner@example.com", PasswordHash: "hash", FirstName: "Ann", LastName: "Owner"}
	if err := db.CreateCompanyOwner(ctx, company, owner); err != nil {
		t.Fatal(err)
	}
	card := &fuelportal.Card{CompanyID: company.ID, CardNumber: taken, DriverName: "Dan", DriverID: "D-1", UnitNumber: "U-1"}
	if err := db.AddCard(ctx, card); err != nil {
		t.Fatal(err)
	}
	return company.ID
}

func TestOrder_DrawsAnotherNumberWhileOneIsTaken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		id := newCompany(t, db, fuelportal.NewCardNumber(0, 0))
		taken := fuelportal.NewCardNumber(id, 42)
		if err := db.AddCard(context.Background(), &fuelportal.Card{CompanyID: id, CardNumber: taken, DriverName: "E", DriverID: "E", UnitNumber: "E"}); err != nil {
			t.Fatal(err)
		}
		accounts := []uint64{42, 42, 43}
		svc := issuing.New(issuing.Deps{DB: db})
		issuing.SetAccounts(svc, func() uint64 {
			next := accounts[0]
			accounts = accounts[1:]
			return next
		})
		card, err := svc.Order(context.Background(), id, fuelportal.CardOrder{DriverName: "Ann", DriverID: "A", UnitNumber: "T", Type: fuelportal.CardVirtual})
		if err != nil || card.CardNumber != fuelportal.NewCardNumber(id, 43) || card.Issuer != fuelportal.IssuerNetwork || card.Status != fuelportal.CardActive {
			t.Fatalf("card %+v, %v", card, err)
		}
	})
}

func TestOrder_GivesUpWhenEveryNumberDrawnIsTaken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		id := newCompany(t, db, fuelportal.NewCardNumber(0, 0))
		taken := fuelportal.NewCardNumber(id, 7)
		if err := db.AddCard(context.Background(), &fuelportal.Card{CompanyID: id, CardNumber: taken, DriverName: "E", DriverID: "E", UnitNumber: "E"}); err != nil {
			t.Fatal(err)
		}
		svc := issuing.New(issuing.Deps{DB: db})
		issuing.SetAccounts(svc, func() uint64 { return 7 })
		_, err := svc.Order(context.Background(), id, fuelportal.CardOrder{DriverName: "Ann", DriverID: "A", UnitNumber: "T", Type: fuelportal.CardPhysical})
		if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("err = %v", err)
		}
	})
}

// TestUpdateCard_DeactivatingNotifiesItsDriver: the card's signed-up driver
// hears of a deactivation once; saving it inactive again, or activating it,
// tells no one. An update missing the driver's details is a field error.
func TestUpdateCard_DeactivatingNotifiesItsDriver(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		device := storetest.SavePush(t, db, driver.ID, "https://push.example.test/dan")
		svc := issuing.New(issuing.Deps{DB: db})
		update := fuelportal.CardUpdate{CardNumber: f.Active.CardNumber, DriverName: "Dan Driver", DriverID: "D-1", UnitNumber: "U-1", Status: fuelportal.CardInactive}
		if _, err := svc.UpdateCard(ctx, f.Company.ID, update); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.UpdateCard(ctx, f.Company.ID, update); err != nil {
			t.Fatal(err)
		}
		update.Status = fuelportal.CardActive
		if _, err := svc.UpdateCard(ctx, f.Company.ID, update); err != nil {
			t.Fatal(err)
		}
		sent := storetest.ClaimPushes(t, db)
		if len(sent) != 1 || sent[0].Subscription.ID != device.ID || !strings.Contains(string(sent[0].Payload), "Card deactivated") {
			t.Fatalf("pushes: %+v", sent)
		}
		if _, err := svc.UpdateCard(ctx, f.Company.ID, fuelportal.CardUpdate{CardNumber: f.Active.CardNumber, Status: fuelportal.CardActive}); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("missing fields: %v", err)
		}
	})
}
