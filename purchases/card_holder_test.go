package purchases_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

var invoiced = fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 120, Billing: fuelportal.BillingInvoice,
	CreditLimitCents: 1_000_000_00, FeeCents: 150}

// signUpAndApprove signs a driver up for card and has the company approve.
func signUpAndApprove(t *testing.T, db *store.DB, company *fuelportal.Company, card *fuelportal.Card, email, first, last string) *fuelportal.User {
	t.Helper()
	ctx := context.Background()
	u := &fuelportal.User{Email: email, PasswordHash: "h", FirstName: first, LastName: last}
	if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, u, card.CardNumber, fuelportal.SignUpCardOf(company.Name)); err != nil {
		t.Fatalf("sign up %s: %v", email, err)
	}
	if err := accounts.New(accounts.Deps{Store: db}).DecideDriverRequest(ctx, fuelportal.MemberScope{CompanyID: company.ID}, u.ID, fuelportal.DriverApproved, ""); err != nil {
		t.Fatalf("approve %s: %v", email, err)
	}
	approved, err := db.UserByID(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return approved
}

// The card's history belongs to its company: a driver approved onto a card
// another driver held sees only what was bought since, the card takes the
// new driver's name and id, and the owner sees who held it at each purchase.
func TestCardHolder_NewDriverSeesOnlyTheirPurchases(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		f := storetest.NewFleet(t, db, invoiced)
		card := f.Active
		record := func(id string) *fuelportal.Transaction {
			t.Helper()
			clock.Advance(time.Minute)
			p := purchase(id, card.CardNumber, f.Station.ID, 100_000)
			p.TransactionDate = clock.Now()
			tr, _, err := flow(db).Record(ctx, p)
			if err != nil || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("purchase %s = %+v, %v", id, tr, err)
			}
			return tr
		}
		since := clock.Now().Add(-time.Hour)

		record("before-anyone")
		ann := signUpAndApprove(t, db, f.Company, card, "ann@example.com", "Ann", "First")
		annBought := record("ann-1")
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		annTrip := storetest.NewTrip(card.CardNumber, f.Station.ID, false)
		if err := storetest.CreateTrip(ctx, db, company, annTrip); err != nil {
			t.Fatal(err)
		}
		if _, err := storetest.EndTrip(ctx, db, company, annTrip.ID, fuelportal.TripCompleted); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Minute)
		// Ann leaves (her account is deleted); the card is handed on.
		if err := db.DeleteUser(ctx, ann.ID, fuelportal.CheckUserDeleted); err != nil {
			t.Fatal(err)
		}
		bob := signUpAndApprove(t, db, f.Company, card, "bob@example.com", "Bob", "Second")
		if bob.CardID != card.ID {
			t.Fatalf("bob holds card %d, want %d", bob.CardID, card.ID)
		}
		cards, err := db.CompanyCards(ctx, f.Company.ID, card.CardNumber)
		if err != nil || len(cards) != 1 {
			t.Fatalf("cards = %v, %v", cards, err)
		}
		if c := cards[0]; c.DriverName != "Bob Second" || c.DriverID != card.DriverID || c.DriverUserID != bob.ID {
			t.Fatalf("card after approval = %+v; want Bob's name and the card's driver id", c)
		}
		bobBought := record("bob-1")
		clock.Advance(time.Minute)
		bobTrip := storetest.NewTrip(card.CardNumber, f.Station.ID, false)
		if err := storetest.CreateTrip(ctx, db, company, bobTrip); err != nil {
			t.Fatal(err)
		}

		bobScope := fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: card.ID, HolderUserID: bob.ID}
		page, total, err := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: bobScope, Limit: 20})
		if err != nil || total != 1 || len(page) != 1 || page[0].ID != bobBought.ID {
			t.Fatalf("bob sees %d: %+v, %v; want only his purchase", total, page, err)
		}
		if _, err := db.Transaction(ctx, bobScope, annBought.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("bob reads ann's purchase: %v", err)
		}
		spent, err := db.Spendings(ctx, bobScope, since)
		if err != nil || spent.TotalCents != bobBought.FundedTotalCents || spent.SavedCents != bobBought.DiscountCents {
			t.Fatalf("bob's spendings = %+v, %v; want only his %d", spent, err, bobBought.FundedTotalCents)
		}
		var exported []int64
		err = db.EachTransaction(ctx, fuelportal.TransactionFilter{Scope: bobScope, CardNumber: card.CardNumber}, func(tr *fuelportal.Transaction) error {
			exported = append(exported, tr.ID)
			return nil
		})
		if err != nil || !slices.Equal(exported, []int64{bobBought.ID}) {
			t.Fatalf("bob's export = %v, %v", exported, err)
		}

		// Trips too: Bob's only, while the owner sees both.
		trips, total, err := db.Trips(ctx, fuelportal.TripFilter{Scope: bobScope, Limit: 10})
		if err != nil || total != 1 || len(trips) != 1 || trips[0].ID != bobTrip.ID {
			t.Fatalf("bob's trips = %d %+v, %v; want only his", total, trips, err)
		}
		if _, err := db.Trip(ctx, bobScope, annTrip.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("bob reads ann's trip: %v", err)
		}
		if _, total, _ := db.Trips(ctx, fuelportal.TripFilter{Scope: company, Limit: 10}); total != 2 {
			t.Fatalf("owner's trips = %d, want 2", total)
		}

		// The owner sees the whole history and who held the card each time.
		all, total, err := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: f.Company.ID}, Ascending: true, Limit: 20})
		if err != nil || total != 3 {
			t.Fatalf("owner sees %d, %v; want 3", total, err)
		}
		var holders []string
		for _, tr := range all {
			holders = append(holders, tr.NetworkTransactionID+"="+tr.HolderName)
		}
		// Ann's account is gone: her purchase stays, with no one to name.
		if want := []string{"before-anyone=", "ann-1=", "bob-1=Bob Second"}; !slices.Equal(holders, want) {
			t.Fatalf("holders = %v, want %v", holders, want)
		}
		if all[1].HolderUserID != ann.ID || all[0].HolderUserID != 0 {
			t.Fatalf("holder ids = %d, %d; want 0 and ann's %d", all[0].HolderUserID, all[1].HolderUserID, ann.ID)
		}
		detail, err := db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, bobBought.ID)
		if err != nil || detail.HolderName != "Bob Second" || detail.HolderUserID != bob.ID {
			t.Fatalf("owner's detail = %+v, %v", detail, err)
		}
	})
}

// A purchase recorded within a transaction of many (a file import's
// batch, the demo data) names its holder too.
func TestCardHolder_BatchRecordsTheHolder(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		storetest.NewClock(db)
		f := storetest.NewFleet(t, db, invoiced)
		dan := signUpAndApprove(t, db, f.Company, f.Active, "dan@example.com", "Dan", "Holder")
		err := db.InTx(ctx, func(tx *store.Tx) error {
			p := purchase("batch-1", f.Active.CardNumber, f.Station.ID, 50_000)
			_, _, err := flow(db).RecordIn(ctx, tx, p)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		page, _, err := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Active.ID, HolderUserID: dan.ID}, Limit: 5})
		if err != nil || len(page) != 1 || page[0].HolderName != "Dan Holder" {
			t.Fatalf("dan's batch purchase = %+v, %v", page, err)
		}
	})
}

// The migration to card holders keeps what each driver saw as theirs: the
// purchases recorded on their card since they signed up. A pending driver's
// card is freed and named by their request instead; an approved holder's
// trips since they signed up stay theirs.
