package overrides_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/overrides"
	"fuelportal/purchases"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestOverrideRequests(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := overrides.New(overrides.Deps{Store: db})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		owner, err := db.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		other, otherOwner, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000041")
		loner := &fuelportal.User{Email: "loner@example.com", PasswordHash: "h", Role: fuelportal.RoleUser}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateUser(ctx, loner) }); err != nil {
			t.Fatal(err)
		}

		t.Run("nothing declined: unprocessable", func(t *testing.T) {
			for _, id := range []int64{driver.ID, loner.ID} {
				_, err := svc.Request(ctx, id, "")
				if fuelportal.ErrorCode(err) != fuelportal.EUNPROCESSABLE || fuelportal.ErrorMessage(err) != fuelportal.MsgNoDeclineToOverride {
					t.Fatalf("user %d: err = %v", id, err)
				}
			}
		})
		// The wallet is empty: declined. Then an older decline arrives late.
		declined, _, err := flow(db).Record(ctx, purchase("o-1", f.Active.CardNumber, f.Station.ID, 50_000))
		if err != nil || declined.Status != fuelportal.TransactionDeclined {
			t.Fatalf("purchase = %+v, %v", declined, err)
		}
		late := purchase("o-0", f.Active.CardNumber, f.Station.ID, 50_000)
		late.TransactionDate = late.TransactionDate.Add(-time.Hour)
		if _, _, err := flow(db).Record(ctx, late); err != nil {
			t.Fatal(err)
		}

		t.Run("a message over 500 characters is a field error", func(t *testing.T) {
			_, err := svc.Request(ctx, driver.ID, strings.Repeat("é", 501))
			if fuelportal.ErrorFields(err)["message"] == nil {
				t.Fatalf("err = %v", err)
			}
		})
		var req *fuelportal.OverrideRequest
		t.Run("concurrent requests: one wins, the rest conflict", func(t *testing.T) {
			req = storetest.OneWins(t, 6, func() (*fuelportal.OverrideRequest, error) {
				return svc.Request(ctx, driver.ID, "  Stuck at the pump in Ocala  ")
			})
		})
		if req.Status != fuelportal.OverridePending || req.TransactionID != declined.ID || req.DeclineCode != fuelportal.DeclineInsufficientFunds ||
			req.Message != "Stuck at the pump in Ocala" || req.CardNumber != f.Active.CardNumber || req.DriverName != "Dan Driver" || req.CompanyID != f.Company.ID {
			t.Fatalf("request = %+v", req)
		}
		page := storetest.AlertsOf(t, db, f.Company.ID, true)
		var alert *fuelportal.InboxItem
		for _, a := range page.Items {
			if fuelportal.AlertKind(a.Kind) == fuelportal.AlertOverrideRequest {
				alert = a
			}
		}
		if alert == nil || alert.OverrideRequestID != req.ID || !strings.Contains(alert.Message, "Stuck at the pump in Ocala") {
			t.Fatalf("alerts = %+v, want the request's", page.Items)
		}

		t.Run("lists: the driver's and the company's, not another company's", func(t *testing.T) {
			mine, err := svc.DriverRequests(ctx, driver.ID)
			if err != nil || len(mine) != 1 || mine[0].ID != req.ID {
				t.Fatalf("driver's = %+v, %v", mine, err)
			}
			pending, err := svc.Requests(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, fuelportal.OverridePending)
			if err != nil || len(pending) != 1 || pending[0].ID != req.ID {
				t.Fatalf("pending = %+v, %v", pending, err)
			}
			if list, _ := svc.Requests(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, fuelportal.OverrideDenied); len(list) != 0 {
				t.Fatalf("denied = %+v", list)
			}
			if list, _ := svc.Requests(ctx, fuelportal.TransactionScope{CompanyID: other.ID}, ""); len(list) != 0 {
				t.Fatalf("another company sees %+v", list)
			}
		})
		t.Run("another company cannot decide it", func(t *testing.T) {
			_, err := svc.Approve(ctx, fuelportal.TransactionScope{CompanyID: other.ID}, otherOwner.ID, req.ID, overrides.Approval{Hours: hours(24)})
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("hours out of range", func(t *testing.T) {
			for _, h := range []int{0, -1, 169} {
				_, err := svc.Approve(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, owner.ID, req.ID, overrides.Approval{Hours: hours(h)})
				if fuelportal.ErrorFields(err)["hours"] == nil {
					t.Fatalf("hours %d: err = %v", h, err)
				}
			}
		})
		t.Run("approval grants the override, reads the alert and mails the driver; concurrent decisions: one wins", func(t *testing.T) {
			var wg sync.WaitGroup
			errs := make([]error, 6)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = decide(ctx, svc, i%2 == 0, f.Company.ID, owner.ID, req.ID, overrides.Approval{Hours: hours(36)})
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
				} else if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
					t.Fatalf("err = %v", err)
				}
			}
			if won != 1 {
				t.Fatalf("%d decisions won", won)
			}
			mine, _ := svc.DriverRequests(ctx, driver.ID)
			decided := mine[0]
			if decided.DecidedAt == nil || decided.DecidedBy != owner.ID || decided.Status == fuelportal.OverridePending {
				t.Fatalf("decided = %+v", decided)
			}
			mails, _ := db.OutboxMessages(ctx, "dan@example.com", 10)
			if len(mails) != 1 || !strings.Contains(strings.ToLower(mails[0].Subject), strings.ToLower(string(decided.Status))) {
				t.Fatalf("driver mails = %+v, status %s", mails, decided.Status)
			}
			var until time.Time
			err := db.InReadTx(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT until FROM card_overrides WHERE card_id = ?`, f.Active.ID).Scan(&until)
			})
			switch decided.Status {
			case fuelportal.OverrideApproved:
				if err != nil || decided.OverrideUntil == nil || !decided.OverrideUntil.Equal(decided.DecidedAt.Add(36*time.Hour).Truncate(time.Second)) {
					t.Fatalf("override = %v, %v; request %+v", until, err, decided)
				}
			case fuelportal.OverrideDenied:
				if err == nil || decided.OverrideUntil != nil {
					t.Fatalf("a denial granted an override: %v, %+v", until, decided)
				}
			}
			for _, a := range storetest.AlertsOf(t, db, f.Company.ID, true).Items {
				if a.OverrideRequestID == req.ID {
					t.Fatal("the request's alert is still unread")
				}
			}
		})
		t.Run("a decided request is a conflict; a new one may follow", func(t *testing.T) {
			_, err := svc.Deny(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, owner.ID, req.ID)
			if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("err = %v", err)
			}
			again, err := svc.Request(ctx, driver.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			denied, err := svc.Deny(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, owner.ID, again.ID)
			mails, _ := db.OutboxMessages(ctx, "dan@example.com", 10)
			if err != nil || denied.Status != fuelportal.OverrideDenied || len(mails) == 0 {
				t.Fatalf("deny = %+v, %+v, %v", denied, mails, err)
			}
		})
	})
}

// A pump prompt decline stays declined under an override the owner granted
// without lifting the prompt; an approval that lifts it lets the next
// purchase through, and the driver's card says so.
func TestOverride_LiftsThePromptOnlyWhenTheOwnerSaysSo(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := overrides.New(overrides.Deps{Store: db})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		owner, err := db.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{Prompt: fuelportal.PromptDriverID}); err != nil {
			t.Fatal(err)
		}
		buy := func(id string) *fuelportal.Transaction {
			t.Helper()
			tr, _, err := flow(db).Record(ctx, purchase(id, f.Active.CardNumber, f.Station.ID, 50_000)) // no driver id keyed
			if err != nil {
				t.Fatal(err)
			}
			return tr
		}
		if tr := buy("p-1"); tr.DeclineReason != fuelportal.DeclineDriverIDInvalid {
			t.Fatalf("no driver id keyed: %+v", tr)
		}
		decide := func(liftsPrompt bool) *fuelportal.OverrideRequest {
			t.Helper()
			req, err := svc.Request(ctx, driver.ID, "")
			if err != nil {
				t.Fatal(err)
			}
			req, err = svc.Approve(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, owner.ID, req.ID, overrides.Approval{Hours: hours(2), LiftsPrompt: liftsPrompt})
			if err != nil || req.LiftsPrompt != liftsPrompt {
				t.Fatalf("decision = %+v, %v", req, err)
			}
			return req
		}

		decide(false)
		if tr := buy("p-2"); tr.DeclineReason != fuelportal.DeclineDriverIDInvalid {
			t.Fatalf("an override that does not lift the prompt: %+v, want DRIVER_ID_INVALID", tr)
		}
		card, err := db.DriverCard(ctx, f.Company.ID, f.Active.ID, time.Now())
		if err != nil || card.OverrideUntil == nil || card.OverrideLiftsPrompt || card.Prompts.DriverID != f.Active.DriverID {
			t.Fatalf("driver's card under an override keeping the prompt = %+v, %v", card, err)
		}

		decide(true)
		if tr := buy("p-3"); tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("an override that lifts the prompt: %+v, want approved", tr)
		}
		if card, err := db.DriverCard(ctx, f.Company.ID, f.Active.ID, time.Now()); err != nil || !card.OverrideLiftsPrompt {
			t.Fatalf("driver's card under an override lifting the prompt = %+v, %v", card, err)
		}
		prompts, err := db.CardPrompts(ctx, f.Company.ID, f.Active.ID)
		if err != nil || prompts != (fuelportal.PumpPrompts{DriverID: f.Active.DriverID}) {
			t.Fatalf("prompts = %+v, %v", prompts, err)
		}
		if _, err := db.CardPrompts(ctx, f.Company.ID+1000, f.Active.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's card: %v", err)
		}
	})
}

// hours is a pointer to n, an approval's hours.
func hours(n int) *int { return &n }

// decide approves with a when approve, else denies.
func decide(ctx context.Context, svc *overrides.Service, approve bool, companyID, ownerID, id int64, a overrides.Approval) (*fuelportal.OverrideRequest, error) {
	if approve {
		return svc.Approve(ctx, fuelportal.TransactionScope{CompanyID: companyID}, ownerID, id, a)
	}
	return svc.Deny(ctx, fuelportal.TransactionScope{CompanyID: companyID}, ownerID, id)
}

// flow is the card money service over db: the tests decline purchases
// through it, as every entry point does, with a deadline no test host can
// pass.
func flow(db *store.DB) *purchases.Service {
	return purchases.New(purchases.Deps{DB: db, Deadline: time.Minute})
}

func purchase(id, card string, location int64, gallons fuelportal.Gallons) *fuelportal.CardPurchase {
	return &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: location, Gallons: gallons,
		RetailPrice: 3859, TransactionDate: time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)}
}
