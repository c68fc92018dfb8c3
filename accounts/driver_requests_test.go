package accounts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// signUp signs driver email up for card number of company companyName,
// pending the company's decision.
func signUp(t *testing.T, db *store.DB, email, first, cardNumber, companyName string) *fuelportal.User {
	t.Helper()
	u := &fuelportal.User{Email: email, PasswordHash: "h", FirstName: first, LastName: "Driver"}
	if err := accounts.New(accounts.Deps{Store: db}).AddDriver(context.Background(), u, cardNumber, fuelportal.SignUpCardOf(companyName)); err != nil {
		t.Fatalf("sign up %s: %v", email, err)
	}
	return u
}

func decide(db *store.DB, companyID, userID int64, decision fuelportal.DriverStatus) error {
	return accounts.New(accounts.Deps{Store: db}).DecideDriverRequest(context.Background(), fuelportal.MemberScope{CompanyID: companyID}, userID, decision, "")
}

func status(t *testing.T, db *store.DB, userID int64) fuelportal.DriverStatus {
	t.Helper()
	s, err := db.DriverStatus(context.Background(), userID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDecideDriverRequest_WritesDriverDecidedOncePerDriver: a decision
// writes driver.decided once for each driver it decides, in its
// transaction, its mail telling the driver the decision (approving one
// request for a card declines the other, told too) beside the audit row;
// a decision refused (an invalid one, another company's driver, an owner,
// a request decided already) writes none and changes nothing.
func TestDecideDriverRequest_WritesDriverDecidedOncePerDriver(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		company, owner, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000071")
		other, _, otherCard := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000072")
		squatter := signUp(t, db, "squatter@example.com", "Sam", card.CardNumber, company.Name)
		rita := signUp(t, db, "rita@example.com", "Rita", card.CardNumber, company.Name)
		olga := signUp(t, db, "olga@example.com", "Olga", otherCard.CardNumber, other.Name)
		svc := accounts.New(accounts.Deps{Store: db})
		ctx := fuelportal.NewContextWithActor(context.Background(), fuelportal.Actor{UserID: owner.ID, Role: string(fuelportal.MemberOwner)})
		scope := fuelportal.MemberScope{CompanyID: company.ID}
		const publicURL = "https://portal.example.com"

		for name, tt := range map[string]struct {
			userID   int64
			decision fuelportal.DriverStatus
			code     string
		}{
			"an invalid decision":      {rita.ID, fuelportal.DriverPending, fuelportal.EINVALID},
			"another company's driver": {olga.ID, fuelportal.DriverApproved, fuelportal.ENOTFOUND},
			"the owner":                {owner.ID, fuelportal.DriverRejected, fuelportal.ENOTFOUND},
		} {
			if err := svc.DecideDriverRequest(ctx, scope, tt.userID, tt.decision, publicURL); fuelportal.ErrorCode(err) != tt.code {
				t.Fatalf("%s: err = %v, want %s", name, err, tt.code)
			}
		}
		if status(t, db, olga.ID) != fuelportal.DriverPending || status(t, db, rita.ID) != fuelportal.DriverPending {
			t.Fatal("a refused decision decided")
		}
		if got := storetest.EventPayloads(t, db, company.ID, fuelportal.EventDriverDecided); len(got) != 0 {
			t.Fatalf("refused decisions wrote %v", got)
		}

		if err := svc.DecideDriverRequest(ctx, scope, rita.ID, fuelportal.DriverApproved, publicURL); err != nil {
			t.Fatal(err)
		}
		if err := svc.DecideDriverRequest(ctx, scope, squatter.ID, fuelportal.DriverApproved, publicURL); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("the declined request was approved: %v", err)
		}
		var want []string
		for _, d := range []struct {
			id     int64
			status fuelportal.DriverStatus
		}{{rita.ID, fuelportal.DriverApproved}, {squatter.ID, fuelportal.DriverRejected}} {
			u, err := db.UserByID(ctx, d.id)
			if err != nil || u.DriverStatus != d.status {
				t.Fatalf("driver %d = %+v, %v; want %s", d.id, u, err, d.status)
			}
			payload, err := json.Marshal(struct {
				UserID int64                   `json:"userId"`
				Mail   *fuelportal.MailMessage `json:"mail"`
			}{u.ID, fuelportal.DriverDecisionMail(u, d.status, publicURL)})
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, string(payload))
		}
		got := storetest.EventPayloads(t, db, company.ID, fuelportal.EventDriverDecided)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("driver.decided events\n %v\nwant\n %v", got, want)
		}
		if got := storetest.EventPayloads(t, db, other.ID, fuelportal.EventDriverDecided); len(got) != 0 {
			t.Fatalf("the other company got %v", got)
		}
		if n := storetest.Count(t, db, `SELECT COUNT(*) FROM audit_events WHERE kind = ? AND company_id = ?`, fuelportal.AuditDriverDecided, company.ID); n != 2 {
			t.Fatalf("%d audit rows, want rita's and sam's", n)
		}
	})
}

// Of concurrent decisions on one request one wins and mails the driver
// once; declining ends the driver's sessions and leaves the card free, and
// a decided request is not found.
func TestDecideDriverRequest_OneWinsAndADeclineEndsTheSessions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000021")
		extra := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000023", DriverName: "Eve", DriverID: "D-2", UnitNumber: "U-2"}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, extra) }); err != nil {
			t.Fatal(err)
		}
		dan := signUp(t, db, "dan@example.com", "Dan", card.CardNumber, company.Name)
		eve := signUp(t, db, "eve@example.com", "Eve", extra.CardNumber, company.Name)

		t.Run("approval mails the driver once; concurrent decisions: one wins", func(t *testing.T) {
			var wg sync.WaitGroup
			errs := make([]error, 8)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs[i] = decide(db, company.ID, dan.ID, []fuelportal.DriverStatus{fuelportal.DriverApproved, fuelportal.DriverRejected}[i%2])
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
			u, err := db.UserByID(ctx, dan.ID)
			if err != nil {
				t.Fatal(err)
			}
			if want := fuelportal.DriverDecisionMail(u, u.DriverStatus, "").Subject; mails[0].Subject != want {
				t.Fatalf("status %q but the mail said %q", u.DriverStatus, mails[0].Subject)
			}
		})
		t.Run("declining ends the sessions and leaves the card free", func(t *testing.T) {
			err := db.CreateRefreshToken(ctx, &store.RefreshToken{TokenHash: "eve-token", FamilyID: "eve-family", UserID: eve.ID, ExpiresAt: db.Now().Add(time.Hour)})
			if err != nil {
				t.Fatal(err)
			}
			if err := decide(db, company.ID, eve.ID, fuelportal.DriverRejected); err != nil || status(t, db, eve.ID) != fuelportal.DriverRejected {
				t.Fatalf("decline: %v", err)
			}
			if _, err := db.UnlinkedCard(ctx, extra.CardNumber); err != nil {
				t.Fatalf("card not freed: %v", err)
			}
			if _, err := db.RotateRefreshToken(ctx, "eve-token", "eve-next"); err == nil {
				t.Fatal("the declined driver's session still refreshes")
			}
			if err := decide(db, company.ID, eve.ID, fuelportal.DriverApproved); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
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
func TestDecideDriverRequest_SeveralForOneCard(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000031")
		squatter := signUp(t, db, "squatter@example.com", "Sam", card.CardNumber, "acme trucking, inc.")
		if _, err := db.UnlinkedCard(ctx, card.CardNumber); err != nil {
			t.Fatalf("a pending request holds the card: %v", err)
		}
		real := signUp(t, db, "real@example.com", "Rita", card.CardNumber, "acme trucking, inc.")
		list, err := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID})
		if err != nil || len(list) != 2 || list[0].CardNumber != card.CardNumber || list[1].CardNumber != card.CardNumber {
			t.Fatalf("requests = %+v, %v; want both for the card", list, err)
		}

		if err := decide(db, company.ID, real.ID, fuelportal.DriverApproved); err != nil {
			t.Fatal(err)
		}
		rita, err := db.UserByID(ctx, real.ID)
		if err != nil || rita.CardID != card.ID || status(t, db, squatter.ID) != fuelportal.DriverRejected {
			t.Fatalf("rita = %+v, %v; sam %s", rita, err, status(t, db, squatter.ID))
		}
		for email, decision := range map[string]fuelportal.DriverStatus{"real@example.com": fuelportal.DriverApproved, "squatter@example.com": fuelportal.DriverRejected} {
			want := fuelportal.DriverDecisionMail(&fuelportal.User{}, decision, "").Subject
			mails, err := db.OutboxMessages(ctx, email, 10)
			if err != nil || len(mails) != 1 || mails[0].Subject != want {
				t.Fatalf("mails to %s = %+v, %v; want one %q", email, mails, err, want)
			}
		}
		if list, _ := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID}); len(list) != 0 {
			t.Fatalf("requests left = %+v", list)
		}
		if err := decide(db, company.ID, squatter.ID, fuelportal.DriverApproved); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("the declined request was approved: %v", err)
		}
		// The card is held now: a new sign-up reads as a mismatch.
		storetest.AssertMismatch(t, accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, &fuelportal.User{Email: "late@example.com", PasswordHash: "h"}, card.CardNumber, fuelportal.SignUpCardOf(company.Name)))
	})
}

// Of two owners approving two requests for one card at once, one wins and
// the card has one holder.
func TestDecideDriverRequest_ConcurrentApprovalsOnOneCard(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000041")
		ids := []int64{
			signUp(t, db, "a@example.com", "Al", card.CardNumber, company.Name).ID,
			signUp(t, db, "b@example.com", "Bo", card.CardNumber, company.Name).ID,
		}
		var wg sync.WaitGroup
		errs := make([]error, len(ids))
		for i, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = decide(db, company.ID, id, fuelportal.DriverApproved)
			}()
		}
		wg.Wait()
		approved := 0
		for i, id := range ids {
			s := status(t, db, id)
			if errs[i] == nil {
				approved++
				if s != fuelportal.DriverApproved {
					t.Fatalf("winner %d is %s", id, s)
				}
			} else if fuelportal.ErrorCode(errs[i]) != fuelportal.ENOTFOUND || s != fuelportal.DriverRejected {
				t.Fatalf("loser %d: %v, %s", id, errs[i], s)
			}
		}
		if approved != 1 {
			t.Fatalf("%d approved, want 1", approved)
		}
		// The winner's decision told both drivers, once each.
		if got := storetest.EventPayloads(t, db, company.ID, fuelportal.EventDriverDecided); len(got) != 2 {
			t.Fatalf("driver.decided events %v, want 2", got)
		}
	})
}

// Pending requests expire after 14 days: no longer listed, no longer
// approvable, and the driver reads as declined.
func TestDecideDriverRequest_ExpiresAfter14Days(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000051")
		u := signUp(t, db, "slow@example.com", "Sid", card.CardNumber, company.Name)
		clock.Advance(fuelportal.DriverRequestTTL - time.Second)
		if list, _ := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID}); len(list) != 1 {
			t.Fatalf("a second before expiry: requests = %+v", list)
		}
		if s := status(t, db, u.ID); s != fuelportal.DriverPending {
			t.Fatalf("a second before expiry: status %s", s)
		}
		clock.Advance(time.Second)
		if list, _ := db.DriverRequests(ctx, fuelportal.MemberScope{CompanyID: company.ID}); len(list) != 0 {
			t.Fatalf("expired request listed: %+v", list)
		}
		if s := status(t, db, u.ID); s != fuelportal.DriverRejected {
			t.Fatalf("expired request: status %s, want REJECTED", s)
		}
		if err := decide(db, company.ID, u.ID, fuelportal.DriverApproved); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("an expired request was approved: %v", err)
		}
		if got := storetest.EventPayloads(t, db, company.ID, fuelportal.EventDriverDecided); len(got) != 0 {
			t.Fatalf("the refused approval wrote %v", got)
		}
		// A fresh request for the card can still be approved, and it
		// declines the expired one with it.
		fresh := signUp(t, db, "fresh@example.com", "Fay", card.CardNumber, company.Name)
		if err := decide(db, company.ID, fresh.ID, fuelportal.DriverApproved); err != nil {
			t.Fatal(err)
		}
		if s := status(t, db, fresh.ID); s != fuelportal.DriverApproved {
			t.Fatalf("fresh: %s", s)
		}
		var stored fuelportal.DriverStatus
		if err := db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT driver_status FROM users WHERE id = ?`, u.ID).Scan(&stored)
		}); err != nil || stored != fuelportal.DriverRejected {
			t.Fatalf("the expired request is %s, %v; want declined with the approval", stored, err)
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
				u := signUp(t, db, tc.card.CardNumber+"@example.com", "Dan", tc.card.CardNumber, company.Name)
				if err := decide(db, company.ID, u.ID, fuelportal.DriverApproved); err != nil {
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
