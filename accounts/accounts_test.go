package accounts_test

import (
	"context"
	"errors"
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
