package purchases_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// Coding rules code a purchase inside the transaction that records it,
// whatever the entry point: a network purchase and a Stripe capture.
func TestCoding_RulesCodePurchasesAsTheyPost(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		p := newPump(t, db, fuelportal.TimeoutDecline)
		for _, r := range []fuelportal.CodingRule{
			{Match: fuelportal.CodingMatch{Product: fuelportal.ProductDEF}, Coding: fuelportal.Coding{Account: "Fluids"}},
			{Match: fuelportal.CodingMatch{CardNumber: p.open}, Coding: fuelportal.Coding{Account: "Fuel:Open", Job: "J-1"}},
			{Coding: fuelportal.Coding{Account: "Fuel"}},
		} {
			r.CompanyID = p.company
			if err := db.CreateCodingRule(ctx, &r, fuelportal.CheckCodingRuleAdded); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE cards SET issuer = 'stripe', issuer_card_id = 'ic_coding' WHERE card_number = ?`, p.other)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if err := db.SetCardRequireJob(ctx, p.company, p.other, true); err != nil {
			t.Fatal(err)
		}
		when := time.Now().UTC().Add(-time.Hour)
		record := func(id, card string, product fuelportal.ProductCode) *fuelportal.Transaction {
			t.Helper()
			tr, created, err := p.svc.Record(ctx, &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: 412,
				Gallons: 10_000, RetailPrice: 3859, TransactionDate: when, Product: product})
			if err != nil || !created || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("record %s = %+v, %v, %v", id, tr, created, err)
			}
			return tr
		}
		for _, c := range []struct {
			name string
			tr   *fuelportal.Transaction
			want fuelportal.Coding
		}{
			{"the card's rule", record("COD-1", p.open, fuelportal.ProductDiesel), fuelportal.Coding{Account: "Fuel:Open", Job: "J-1"}},
			{"an earlier product rule wins", record("COD-2", p.open, fuelportal.ProductDEF), fuelportal.Coding{Account: "Fluids"}},
			{"the catch-all", record("COD-3", p.limited, fuelportal.ProductDiesel), fuelportal.Coding{Account: "Fuel"}},
		} {
			stored, err := db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: p.company}, c.tr.ID)
			if err != nil || stored.Coding != c.want || stored.JobRequired {
				t.Errorf("%s: stored %+v (job required %v), %v; want %+v", c.name, stored.Coding, stored.JobRequired, err, c.want)
			}
		}

		res, err := p.svc.Capture(ctx, &fuelportal.IssuingCapture{TransactionID: "ipi_coding", IssuerCardID: "ic_coding", AmountCents: 40_00,
			Gallons: 10_000, Product: fuelportal.ProductDiesel, FuelReported: true, MerchantName: "PILOT TRAVEL #412", MerchantPostalCode: "34475",
			MerchantState: "FL", Created: when})
		if err != nil || res.Transaction == nil {
			t.Fatalf("capture = %+v, %v", res, err)
		}
		stored, err := db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: p.company}, res.Transaction.ID)
		if err != nil || stored.Coding != (fuelportal.Coding{Account: "Fuel"}) || !stored.MissingJob() {
			t.Errorf("captured purchase coded %+v, missing job %v, %v", stored.Coding, stored.MissingJob(), err)
		}
	})
}
