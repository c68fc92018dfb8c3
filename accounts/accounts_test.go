package accounts_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// A new sign-in e-mail needs the current password: none is a field error,
// a wrong one another, a lock-out passes through unchanged, and none of
// them changes the account; the right one changes it and tells the old
// address. A name change alone needs no password.
func TestUpdate_ANewEmailNeedsTheCurrentPassword(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := accounts.New(accounts.Deps{Store: db, Passwords: fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)})
		owner, err := svc.SignUpOwner(ctx, fuelportal.OwnerSignUp{Email: "owner@example.com", Password: "Secret-pass-1", CompanyName: "Acme Trucking", CarrierID: "7654321"})
		if err != nil {
			t.Fatal(err)
		}
		moved := fuelportal.AccountUpdate{FirstName: "Ann", LastName: "Owner", Email: "new@example.com"}
		locked := errors.New("locked out")
		for name, tt := range map[string]struct {
			password string
			check    accounts.PasswordCheck
			field    string
			err      error
		}{
			"no password":    {"", nil, "currentPassword", nil},
			"wrong password": {"nope", func(context.Context, string, string) (bool, error) { return false, nil }, "currentPassword", nil},
			"locked out":     {"nope", func(context.Context, string, string) (bool, error) { return false, locked }, "", locked},
		} {
			_, err := svc.Update(ctx, owner.ID, moved, tt.password, tt.check)
			if tt.err != nil && !errors.Is(err, tt.err) || tt.field != "" && len(fuelportal.ErrorFields(err)[tt.field]) == 0 {
				t.Errorf("%s: err = %v", name, err)
			}
		}
		if u, err := db.UserByID(ctx, owner.ID); err != nil || u.Email != "owner@example.com" {
			t.Fatalf("a refused change changed the account: %+v, %v", u, err)
		}

		var checked string
		right := func(_ context.Context, email, password string) (bool, error) {
			checked = email
			return password == "Secret-pass-1", nil
		}
		u, err := svc.Update(ctx, owner.ID, moved, "Secret-pass-1", right)
		if err != nil || u.Email != "new@example.com" || checked != "owner@example.com" {
			t.Fatalf("Update = %+v, %v (checked %q)", u, err, checked)
		}
		if mails, err := db.OutboxMessages(ctx, "owner@example.com", 10); err != nil || len(mails) != 1 {
			t.Fatalf("mails to the old address = %d, %v; want 1", len(mails), err)
		}
		renamed := fuelportal.AccountUpdate{FirstName: "Anna", LastName: "Owner", Email: "new@example.com"}
		if u, err := svc.Update(ctx, owner.ID, renamed, "", nil); err != nil || u.FirstName != "Anna" {
			t.Fatalf("a name change = %+v, %v", u, err)
		}
	})
}

// TestAddDriver_PendingDriverTellsTheOwnersAnApprovedOneNobody: a driver who signs up and
// waits for approval raises a DRIVER_WAITING alert and the owners' push;
// one an operator approves at once (CreateApprovedDriver) raises nothing.
func TestAddDriver_PendingDriverTellsTheOwnersAnApprovedOneNobody(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, owner, card := storetest.NewCompanyWithCard(t, db, "owner@storetest.Notify.test", "7071000000000000001")
		_, otherOwner, _ := storetest.NewCompanyWithCard(t, db, "other@storetest.Notify.test", "7071000000000000002")
		storetest.SavePush(t, db, owner.ID, "https://push.example/owner")
		storetest.SavePush(t, db, otherOwner.ID, "https://push.example/other")
		driver := &fuelportal.User{Email: "driver@storetest.Notify.test", PasswordHash: "h", FirstName: "Dan", LastName: "Driver"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, card.CardNumber, fuelportal.SignUpCardOf("Acme Trucking")); err != nil {
			t.Fatal(err)
		}
		alerts := storetest.AlertsOf(t, db, company.ID, true).Items
		if len(alerts) != 1 || fuelportal.AlertKind(alerts[0].Kind) != fuelportal.AlertDriverWaiting || !strings.Contains(alerts[0].Message, "Dan Driver") {
			t.Fatalf("alerts = %+v", alerts)
		}
		if got := storetest.PushPayloads(t, db, owner.ID); len(got) != 1 || got[0].Title != "Driver waiting for approval" {
			t.Fatalf("owner's pushes = %+v", got)
		}
		if got := storetest.PushPayloads(t, db, otherOwner.ID); len(got) != 0 {
			t.Fatalf("another company's owner got %+v", got)
		}
		if mails, _ := db.OutboxMessages(ctx, owner.Email, 10); len(mails) != 1 {
			t.Fatalf("owner's mails = %+v (the alert's mail, e-mail on by default)", mails)
		}

		_, _, approvedCard := storetest.NewCompanyWithCard(t, db, "approved@storetest.Notify.test", "7071000000000000003")
		svc := accounts.New(accounts.Deps{Store: db, Passwords: fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)})
		approved, err := svc.CreateApprovedDriver(ctx, fuelportal.DriverSignUp{Email: "approved.driver@storetest.Notify.test", Password: "Secret-pass-1",
			FirstName: "Ann", LastName: "Approved", CardNumber: approvedCard.CardNumber, CompanyName: "Acme Trucking"})
		if err != nil || approved.DriverStatus != fuelportal.DriverApproved {
			t.Fatalf("approved driver = %+v, %v", approved, err)
		}
		if alerts := storetest.AlertsOf(t, db, approved.CompanyID, false).Items; len(alerts) != 0 {
			t.Fatalf("an approved driver raised %+v", alerts)
		}
	})
}
