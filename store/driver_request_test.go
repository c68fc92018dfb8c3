package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestCreateDriver_CompanyNameMustMatchTheCards(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		_, _, card := newCompanyWithCard(t, db, "owner@example.com", "7071000000000000011")
		for i, name := range []string{"Acme Trucking Co", "Acme", "", "Other Haulers", "AcmeTrucking"} {
			err := db.CreateDriver(ctx, &fuelportal.User{Email: fmt.Sprintf("wrong%d@example.com", i), PasswordHash: "h"}, card.CardNumber, name)
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND || fuelportal.ErrorMessage(err) != fuelportal.MsgCardNumberInvalid {
				t.Fatalf("company %q: err = %v, want the unknown-card answer", name, err)
			}
		}
		if _, err := db.UnlinkedCard(ctx, card.CardNumber); err != nil {
			t.Fatalf("a refused sign-up took the card: %v", err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h"}
		if err := db.CreateDriver(ctx, driver, card.CardNumber, "  aCME \t trucking "); err != nil {
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
		company, owner, card := newCompanyWithCard(t, db, "owner@example.com", "7071000000000000021")
		other, _, otherCard := newCompanyWithCard(t, db, "other@example.com", "7071000000000000022")
		extra := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000023", DriverName: "Eve", DriverID: "D-2", UnitNumber: "U-2"}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, extra) }); err != nil {
			t.Fatal(err)
		}
		signUp := func(email, cardNumber, companyName string) *fuelportal.User {
			t.Helper()
			u := &fuelportal.User{Email: email, PasswordHash: "h", FirstName: "Dan", LastName: "Driver", PhoneNumber: "555-0100"}
			if err := db.CreateDriver(ctx, u, cardNumber, companyName); err != nil {
				t.Fatal(err)
			}
			return u
		}
		dan := signUp("dan@example.com", card.CardNumber, company.Name)
		eve := signUp("eve@example.com", extra.CardNumber, company.Name)
		olga := signUp("olga@example.com", otherCard.CardNumber, other.Name)

		list, err := db.DriverRequests(ctx, company.ID)
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

		t.Run("another company's driver is not found and stays pending", func(t *testing.T) {
			_, err := db.DecideDriverRequest(ctx, company.ID, olga.ID, fuelportal.DriverApproved, nil)
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("err = %v, want ENOTFOUND", err)
			}
			if status, _ := db.DriverStatus(ctx, olga.ID); status != fuelportal.DriverPending {
				t.Fatalf("status = %q", status)
			}
			if _, err := db.DecideDriverRequest(ctx, company.ID, owner.ID, fuelportal.DriverRejected, nil); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("deciding on an owner: err = %v", err)
			}
		})
		t.Run("approval mails the driver once; concurrent decisions: one wins", func(t *testing.T) {
			var wg sync.WaitGroup
			errs := make([]error, 8)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					decision := []fuelportal.DriverStatus{fuelportal.DriverApproved, fuelportal.DriverRejected}[i%2]
					_, errs[i] = db.DecideDriverRequest(ctx, company.ID, dan.ID, decision, func(u *fuelportal.User) *fuelportal.MailMessage {
						return &fuelportal.MailMessage{To: u.Email, Subject: string(decision), Body: "decided"}
					})
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
				} else if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
					t.Fatalf("err = %v", err)
				}
			}
			if won != 1 {
				t.Fatalf("%d decisions won, want 1", won)
			}
			mails, err := db.OutboxMessages(ctx, "dan@example.com", 10)
			if err != nil || len(mails) != 1 {
				t.Fatalf("mails = %d, %v; want 1", len(mails), err)
			}
			status, _ := db.DriverStatus(ctx, dan.ID)
			if string(status) != mails[0].Subject {
				t.Fatalf("status %q but the mail said %q", status, mails[0].Subject)
			}
		})
		t.Run("declining frees the card and ends the sessions", func(t *testing.T) {
			err := db.CreateRefreshToken(ctx, &store.RefreshToken{TokenHash: "eve-token", FamilyID: "eve-family", UserID: eve.ID, ExpiresAt: db.Now().Add(time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			u, err := db.DecideDriverRequest(ctx, company.ID, eve.ID, fuelportal.DriverRejected, nil)
			if err != nil || u.DriverStatus != fuelportal.DriverRejected {
				t.Fatalf("decline = %+v, %v", u, err)
			}
			if _, err := db.UnlinkedCard(ctx, extra.CardNumber); err != nil {
				t.Fatalf("card not freed: %v", err)
			}
			if _, err := db.RotateRefreshToken(ctx, "eve-token", "eve-next"); err == nil {
				t.Fatal("the declined driver's session still refreshes")
			}
			if _, err := db.DecideDriverRequest(ctx, company.ID, eve.ID, fuelportal.DriverApproved, nil); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("a decided request was decided again: %v", err)
			}
			if list, _ := db.DriverRequests(ctx, company.ID); len(list) != 0 {
				t.Fatalf("requests left = %+v", list)
			}
		})
	})
}
