package notifications_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/notifications"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// newOwner adds a company with its owner.
func newOwner(t *testing.T, db *store.DB, email string) *fuelportal.User {
	t.Helper()
	owner := &fuelportal.User{Email: email, PasswordHash: "hash"}
	company := &fuelportal.Company{Name: "Acme Trucking", CarrierID: 7654321, PhoneNumber: "+1 555 010 0000"}
	if err := db.CreateCompanyOwner(context.Background(), company, owner); err != nil {
		t.Fatalf("CreateCompanyOwner: %v", err)
	}
	return owner
}

func TestSaveNotificationSettings_RefusesWhatItCannotKeep(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := notifications.New(notifications.Deps{Store: db})
		owner := newOwner(t, db, "owner@notify.test")
		for name, s := range map[string]fuelportal.NotificationSettings{
			"a driver's event": {Events: []fuelportal.NotificationPreference{{Event: fuelportal.NotifyTripReplanned, InApp: true}}},
			"an unknown event": {Events: []fuelportal.NotificationPreference{{Event: "x.y", InApp: true}}},
			"twice":            {Events: []fuelportal.NotificationPreference{{Event: fuelportal.NotifyWalletLow, InApp: true}, {Event: fuelportal.NotifyWalletLow, InApp: true}}},
			"owner in-app off": {Events: []fuelportal.NotificationPreference{{Event: fuelportal.NotifyWalletLow}}},
			"hour 24":          {QuietHours: &fuelportal.QuietHours{Start: "24:00", End: "07:00"}},
			"start equals end": {QuietHours: &fuelportal.QuietHours{Start: "07:00", End: "07:00"}},
			"not a clock":      {QuietHours: &fuelportal.QuietHours{Start: "7", End: "07:00"}},
		} {
			if _, err := svc.SaveSettings(ctx, owner.ID, fuelportal.RoleCompany, s); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
				t.Errorf("%s: err = %v, want EINVALID", name, err)
			}
		}
		got, err := svc.Settings(ctx, owner.ID, fuelportal.RoleCompany)
		if err != nil || len(got.Events) != len(fuelportal.NotificationEvents(fuelportal.RoleCompany)) || got.QuietHours != nil || !got.Events[0].Email || !got.Events[0].InApp {
			t.Fatalf("owner's settings = %+v, %v (defaults: all on)", got, err)
		}
	})
}

// A low-wallet threshold beyond its bounds is a field error that changes
// nothing; within them (inclusive) it is kept, and nil clears it.
func TestSetWalletLowThreshold_OutOfBoundsIsAFieldError(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := notifications.New(notifications.Deps{Store: db})
		owner := newOwner(t, db, "owner@notify.test")
		threshold := int64(fuelportal.MaxWalletLowThresholdCents)
		if err := svc.SetWalletLowThreshold(ctx, owner.CompanyID, &threshold); err != nil {
			t.Fatal(err)
		}
		for _, bad := range []int64{-1, fuelportal.MaxWalletLowThresholdCents + 1} {
			err := svc.SetWalletLowThreshold(ctx, owner.CompanyID, &bad)
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || len(fuelportal.ErrorFields(err)["threshold"]) == 0 {
				t.Errorf("threshold %d: err = %v, want a field error on threshold", bad, err)
			}
		}
		if got, err := svc.WalletLowThreshold(ctx, owner.CompanyID); err != nil || got == nil || *got != threshold {
			t.Fatalf("threshold = %v, %v; want %d kept", got, err, threshold)
		}
		if err := svc.SetWalletLowThreshold(ctx, owner.CompanyID, nil); err != nil {
			t.Fatal(err)
		}
		if got, err := svc.WalletLowThreshold(ctx, owner.CompanyID); err != nil || got != nil {
			t.Fatalf("threshold = %v, %v; want none", got, err)
		}
	})
}
