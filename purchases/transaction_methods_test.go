package purchases_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestTransactionReads_ScopeListStreamAndSum(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 10_000_00, fuelportal.LedgerTopUp, "top-up"); err != nil {
			t.Fatal(err)
		}
		var recorded []*fuelportal.Transaction
		for i, buy := range []*fuelportal.CardPurchase{
			purchase("n-1", f.Active.CardNumber, f.Station.ID, 100_000),
			purchase("n-2", f.Active.CardNumber, f.Station.ID, 50_000),
			purchase("n-3", f.Inactive.CardNumber, f.Station.ID, 20_000),
			purchase("n-4", f.Active.CardNumber, f.Station.ID, 10_000),
		} {
			buy.TransactionDate = buy.TransactionDate.Add(time.Duration(i) * 24 * time.Hour)
			tr, _, err := flow(db).Record(ctx, buy)
			if err != nil {
				t.Fatal(err)
			}
			recorded = append(recorded, tr)
		}
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		ownCard := fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Active.ID}

		t.Run("one transaction, within its scope only", func(t *testing.T) {
			got, err := db.Transaction(ctx, company, recorded[2].ID)
			if err != nil || got.NetworkTransactionID != "n-3" || got.Status != fuelportal.TransactionDeclined {
				t.Fatalf("company scope = %+v, %v", got, err)
			}
			if _, err := db.Transaction(ctx, ownCard, recorded[2].ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("another card's purchase from a driver's scope: %v", err)
			}
			if _, err := db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID + 999}, recorded[0].ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("another company: %v", err)
			}
		})
		t.Run("streaming keeps the list's order, card filter and limit", func(t *testing.T) {
			collect := func(f fuelportal.TransactionFilter) []string {
				t.Helper()
				var ids []string
				if err := db.EachTransaction(ctx, f, func(tr *fuelportal.Transaction) error {
					ids = append(ids, tr.NetworkTransactionID)
					return nil
				}); err != nil {
					t.Fatal(err)
				}
				return ids
			}
			if got := collect(fuelportal.TransactionFilter{Scope: company}); len(got) != 4 || got[0] != "n-4" || got[3] != "n-1" {
				t.Fatalf("all, newest first = %v", got)
			}
			if got := collect(fuelportal.TransactionFilter{Scope: company, CardNumber: f.Active.CardNumber, Ascending: true}); len(got) != 3 || got[0] != "n-1" {
				t.Fatalf("one card, oldest first = %v", got)
			}
			if got := collect(fuelportal.TransactionFilter{Scope: company, Limit: 2}); len(got) != 2 {
				t.Fatalf("limit 2 = %v", got)
			}
			if got := collect(fuelportal.TransactionFilter{Scope: ownCard}); len(got) != 3 {
				t.Fatalf("a driver's card = %v", got)
			}
		})
		t.Run("spendings sum approved purchases since the date", func(t *testing.T) {
			var want fuelportal.Spendings
			for _, tr := range recorded[1:] {
				if tr.Status == fuelportal.TransactionApproved {
					want.TotalCents += tr.FundedTotalCents
					want.SavedCents += tr.DiscountCents
				}
			}
			got, err := db.Spendings(ctx, company, recorded[1].TransactionDate)
			if err != nil || got != want || want.TotalCents == 0 {
				t.Fatalf("Spendings = %+v, %v; want %+v", got, err, want)
			}
			if other, _ := db.Spendings(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID + 999}, time.Time{}); other != (fuelportal.Spendings{}) {
				t.Fatalf("another company's spendings = %+v", other)
			}
		})
	})
}
