package store_test

import (
	"context"
	"fmt"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestCreateDriver_CompanyNameMustMatchTheCards(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		_, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000011")
		for i, name := range []string{"Acme Truckin", "Acme", "", "Other Haulers", "Acme Trucking Services"} {
			err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, &fuelportal.User{Email: fmt.Sprintf("wrong%d@example.com", i), PasswordHash: "h"}, card.CardNumber, fuelportal.SignUpCardOf(name))
			storetest.AssertMismatch(t, err)
		}
		// An unknown card reads the same.
		storetest.AssertMismatch(t, accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, &fuelportal.User{Email: "nocard@example.com", PasswordHash: "h"}, "7071000000000009999", fuelportal.SignUpCardOf("Acme Trucking")))
		if _, err := db.UnlinkedCard(ctx, card.CardNumber); err != nil {
			t.Fatalf("a refused sign-up took the card: %v", err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, card.CardNumber, fuelportal.SignUpCardOf("  aCME \t trucking ")); err != nil {
			t.Fatalf("case and spacing aside the name matches: %v", err)
		}
		u, err := db.UserByID(ctx, driver.ID)
		if err != nil || u.DriverStatus != fuelportal.DriverPending {
			t.Fatalf("new driver = %+v, %v; want PENDING", u, err)
		}
	})
}

func TestDriverRequests(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, owner, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000021")
		other, _, otherCard := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000022")
		extra := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000023", DriverName: "Eve", DriverID: "D-2", UnitNumber: "U-2"}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, extra) }); err != nil {
			t.Fatal(err)
		}
		signUp := func(email, cardNumber, companyName string) *fuelportal.User {
			t.Helper()
			u := &fuelportal.User{Email: email, PasswordHash: "h", FirstName: "Dan", LastName: "Driver", PhoneNumber: "555-0100"}
			if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, u, cardNumber, fuelportal.SignUpCardOf(companyName)); err != nil {
				t.Fatal(err)
			}
			return u
		}
		dan := signUp("dan@example.com", card.CardNumber, company.Name)
		eve := signUp("eve@example.com", extra.CardNumber, company.Name)
		olga := signUp("olga@example.com", otherCard.CardNumber, other.Name)

		list, err := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].UserID != dan.ID || list[1].UserID != eve.ID {
			t.Fatalf("requests = %+v, want dan and eve", list)
		}
		if r := list[0]; r.Email != "dan@example.com" || r.CardNumber != card.CardNumber || r.FirstName != "Dan" || r.PhoneNumber != "555-0100" || r.RequestedAt.IsZero() {
			t.Fatalf("request = %+v", r)
		}
		if status, err := db.DriverStatus(ctx, owner.ID); err != nil || status != fuelportal.DriverApproved {
			t.Fatalf("owner status = %q, %v", status, err)
		}
		if list, err := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: other.ID}); err != nil || len(list) != 1 || list[0].UserID != olga.ID {
			t.Fatalf("the other company's requests = %+v, %v; want olga's alone", list, err)
		}
	})
}
