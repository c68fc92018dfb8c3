package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

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

		t.Run("another company's driver is not found and stays pending", func(t *testing.T) {
			_, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, olga.ID, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), nil)
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("err = %v, want ENOTFOUND", err)
			}
			if status, _ := db.DriverStatus(ctx, olga.ID); status != fuelportal.DriverPending {
				t.Fatalf("status = %q", status)
			}
			if _, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, owner.ID, fuelportal.DriverDecisionOf(fuelportal.DriverRejected), nil); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
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
					_, errs[i] = db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, dan.ID, fuelportal.DriverDecisionOf(decision), func(u *fuelportal.User, _ fuelportal.DriverStatus) *fuelportal.MailMessage {
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
		t.Run("declining ends the sessions and leaves the card free", func(t *testing.T) {
			err := db.CreateRefreshToken(ctx, &store.RefreshToken{TokenHash: "eve-token", FamilyID: "eve-family", UserID: eve.ID, ExpiresAt: db.Now().Add(time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			decided, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, eve.ID, fuelportal.DriverDecisionOf(fuelportal.DriverRejected), nil)
			if err != nil || len(decided) != 1 || decided[0].DriverStatus != fuelportal.DriverRejected {
				t.Fatalf("decline = %+v, %v", decided, err)
			}
			if _, err := db.UnlinkedCard(ctx, extra.CardNumber); err != nil {
				t.Fatalf("card not freed: %v", err)
			}
			if _, err := db.RotateRefreshToken(ctx, "eve-token", "eve-next"); err == nil {
				t.Fatal("the declined driver's session still refreshes")
			}
			if _, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, eve.ID, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), nil); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("a decided request was decided again: %v", err)
			}
			if list, _ := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID}); len(list) != 0 {
				t.Fatalf("requests left = %+v", list)
			}
		})
	})
}

// A pending sign-up does not hold the card: several requests for one card
// wait side by side, and approving one declines (and mails) the others.
func TestDriverRequests_SeveralForOneCard(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000031")
		signUp := func(email, first string) *fuelportal.User {
			t.Helper()
			u := &fuelportal.User{Email: email, PasswordHash: "h", FirstName: first, LastName: "Driver"}
			if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, u, card.CardNumber, fuelportal.SignUpCardOf("acme trucking, inc.")); err != nil {
				t.Fatalf("sign up %s: %v", email, err)
			}
			return u
		}
		squatter := signUp("squatter@example.com", "Sam")
		if _, err := db.UnlinkedCard(ctx, card.CardNumber); err != nil {
			t.Fatalf("a pending request holds the card: %v", err)
		}
		real := signUp("real@example.com", "Rita")
		list, err := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID})
		if err != nil || len(list) != 2 || list[0].CardNumber != card.CardNumber || list[1].CardNumber != card.CardNumber {
			t.Fatalf("requests = %+v, %v; want both for the card", list, err)
		}

		notice := func(u *fuelportal.User, status fuelportal.DriverStatus) *fuelportal.MailMessage {
			return &fuelportal.MailMessage{To: u.Email, Subject: string(status), Body: "decided"}
		}
		decided, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, real.ID, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), notice)
		if err != nil || len(decided) != 2 || decided[0].ID != real.ID || decided[1].ID != squatter.ID {
			t.Fatalf("decided = %+v, %v; want rita, then sam", decided, err)
		}
		if decided[0].CardID != card.ID || decided[1].DriverStatus != fuelportal.DriverRejected {
			t.Fatalf("rita = %+v, sam = %+v", decided[0], decided[1])
		}
		for email, want := range map[string]string{"real@example.com": "APPROVED", "squatter@example.com": "REJECTED"} {
			mails, err := db.OutboxMessages(ctx, email, 10)
			if err != nil || len(mails) != 1 || mails[0].Subject != want {
				t.Fatalf("mails to %s = %+v, %v; want one %s", email, mails, err, want)
			}
		}
		if list, _ := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID}); len(list) != 0 {
			t.Fatalf("requests left = %+v", list)
		}
		if _, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, squatter.ID, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), nil); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("the declined request was approved: %v", err)
		}
		// The card is held now: a new sign-up reads as a mismatch.
		storetest.AssertMismatch(t, accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, &fuelportal.User{Email: "late@example.com", PasswordHash: "h"}, card.CardNumber, fuelportal.SignUpCardOf(company.Name)))
	})
}

// Of two owners approving two requests for one card at once, one wins and
// the card has one holder.
func TestDriverRequests_ConcurrentApprovalsOnOneCard(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000041")
		var ids []int64
		for _, email := range []string{"a@example.com", "b@example.com"} {
			u := &fuelportal.User{Email: email, PasswordHash: "h"}
			if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, u, card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, u.ID)
		}
		var wg sync.WaitGroup
		errs := make([]error, len(ids))
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, id, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), nil)
			}()
		}
		wg.Wait()
		approved := 0
		for i, id := range ids {
			status, _ := db.DriverStatus(ctx, id)
			if errs[i] == nil {
				approved++
				if status != fuelportal.DriverApproved {
					t.Fatalf("winner %d is %s", id, status)
				}
			} else if fuelportal.ErrorCode(errs[i]) != fuelportal.ENOTFOUND || status != fuelportal.DriverRejected {
				t.Fatalf("loser %d: %v, %s", id, errs[i], status)
			}
		}
		if approved != 1 {
			t.Fatalf("%d approved, want 1", approved)
		}
	})
}

// Pending requests expire after 14 days: no longer listed, no longer
// approvable, and the driver reads as declined.
func TestDriverRequests_ExpireAfter14Days(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000051")
		u := &fuelportal.User{Email: "slow@example.com", PasswordHash: "h"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, u, card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
			t.Fatal(err)
		}
		clock.Advance(fuelportal.DriverRequestTTL - time.Second)
		if list, _ := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID}); len(list) != 1 {
			t.Fatalf("a second before expiry: requests = %+v", list)
		}
		if status, _ := db.DriverStatus(ctx, u.ID); status != fuelportal.DriverPending {
			t.Fatalf("a second before expiry: status %s", status)
		}
		clock.Advance(time.Second)
		if list, _ := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID}); len(list) != 0 {
			t.Fatalf("expired request listed: %+v", list)
		}
		if status, _ := db.DriverStatus(ctx, u.ID); status != fuelportal.DriverRejected {
			t.Fatalf("expired request: status %s, want REJECTED", status)
		}
		if _, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, u.ID, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), nil); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("an expired request was approved: %v", err)
		}
		// A fresh request for the card can still be approved, and it
		// declines the expired one with it.
		fresh := &fuelportal.User{Email: "fresh@example.com", PasswordHash: "h"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, fresh, card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
			t.Fatal(err)
		}
		if decided, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, fresh.ID, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), nil); err != nil || len(decided) != 2 {
			t.Fatalf("decided = %+v, %v", decided, err)
		}
	})
}

func TestDecideDriverRequest_ApprovalKeepsTheCardsDriverID(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000031")
		prompted := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000032", DriverName: "Ordered For", DriverID: "DRV-1127", UnitNumber: "TRK-185"}
		blank := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000033", DriverName: "Nobody", UnitNumber: "TRK-186"}
		for _, c := range []*fuelportal.Card{prompted, blank} {
			if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, c) }); err != nil {
				t.Fatal(err)
			}
		}
		for _, tc := range []struct {
			name string
			card *fuelportal.Card
			want func(u *fuelportal.User) string
		}{
			{"the owner's driver id stays", prompted, func(*fuelportal.User) string { return "DRV-1127" }},
			{"a card without one gets the driver's user id", blank, func(u *fuelportal.User) string { return fmt.Sprint(u.ID) }},
		} {
			t.Run(tc.name, func(t *testing.T) {
				u := &fuelportal.User{Email: tc.card.CardNumber + "@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver"}
				if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, u, tc.card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
					t.Fatal(err)
				}
				if _, err := db.DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, u.ID, fuelportal.DriverDecisionOf(fuelportal.DriverApproved), nil); err != nil {
					t.Fatal(err)
				}
				cards, err := db.CompanyCards(ctx, company.ID, tc.card.CardNumber)
				if err != nil || len(cards) != 1 {
					t.Fatalf("cards = %v, %v", cards, err)
				}
				if c := cards[0]; c.DriverID != tc.want(u) || c.DriverName != "Dan Driver" || c.DriverUserID != u.ID {
					t.Fatalf("card after approval = %+v, want driver id %q and Dan's name", c, tc.want(u))
				}
			})
		}
	})
}
