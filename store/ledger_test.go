package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestCreditWallet(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")

		t.Run("new wallet has a zero balance", func(t *testing.T) {
			if b, err := db.WalletBalance(ctx, company.ID); err != nil || b != 0 {
				t.Fatalf("balance = %d, %v", b, err)
			}
		})
		t.Run("credit raises the balance once per reference", func(t *testing.T) {
			first, created, err := db.CreditWallet(ctx, company.ID, 125_00, fuelportal.LedgerTopUp, "evt_1")
			if err != nil || !created || first.ID == 0 {
				t.Fatalf("first credit = %+v, %v, %v", first, created, err)
			}
			again, created, err := db.CreditWallet(ctx, company.ID, 125_00, fuelportal.LedgerTopUp, "evt_1")
			if err != nil || created || again.ID != first.ID {
				t.Fatalf("repeat = %+v, %v, %v", again, created, err)
			}
			if b, _ := db.WalletBalance(ctx, company.ID); b != 125_00 {
				t.Fatalf("balance = %d, want 12500", b)
			}
			storetest.ExpectSoundLedger(t, db)
		})
		t.Run("reference reused for another amount is a conflict", func(t *testing.T) {
			_, _, err := db.CreditWallet(ctx, company.ID, 1, fuelportal.LedgerTopUp, "evt_1")
			if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("err = %v", err)
			}
		})
		for _, tc := range []struct {
			name      string
			companyID int64
			cents     int64
			kind      fuelportal.LedgerKind
			reference string
			code      string
		}{
			{"zero amount is invalid", company.ID, 0, fuelportal.LedgerTopUp, "evt_x", fuelportal.EINVALID},
			{"negative amount is invalid", company.ID, -5, fuelportal.LedgerTopUp, "evt_x", fuelportal.EINVALID},
			{"empty reference is invalid", company.ID, 5, fuelportal.LedgerTopUp, "", fuelportal.EINVALID},
			{"purchase kind is not a credit", company.ID, 5, fuelportal.LedgerFuelPurchase, "evt_x", fuelportal.EINVALID},
			{"unknown company is not found", company.ID + 999, 5, fuelportal.LedgerTopUp, "evt_x", fuelportal.ENOTFOUND},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, _, err := db.CreditWallet(ctx, tc.companyID, tc.cents, tc.kind, tc.reference)
				if fuelportal.ErrorCode(err) != tc.code {
					t.Fatalf("err = %v, want code %s", err, tc.code)
				}
			})
		}
	})
}

func TestCreditWallet_ConcurrentDuplicatesCountOnce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		const distinct, copies = 50, 4
		var wg sync.WaitGroup
		var mu sync.Mutex
		createdCount := 0
		for i := range distinct * copies {
			wg.Go(func() {
				ref := fmt.Sprintf("evt_%d", i%distinct)
				_, created, err := db.CreditWallet(ctx, company.ID, int64(100+i%distinct), fuelportal.LedgerTopUp, ref)
				if err != nil {
					t.Errorf("credit %s: %v", ref, err)
					return
				}
				if created {
					mu.Lock()
					createdCount++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		want := int64(0)
		for i := range distinct {
			want += int64(100 + i)
		}
		if b, _ := db.WalletBalance(ctx, company.ID); b != want || createdCount != distinct {
			t.Fatalf("balance = %d (want %d), created %d (want %d)", b, want, createdCount, distinct)
		}
		if audit := storetest.ExpectSoundLedger(t, db); audit.Transfers != distinct {
			t.Fatalf("transfers = %d, want %d", audit.Transfers, distinct)
		}
	})
}

func TestContract_DefaultUntilSaved(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		c, err := db.Contract(ctx, company.ID)
		if err != nil || *c != *fuelportal.DefaultContract(company.ID) {
			t.Fatalf("contract = %+v, %v", c, err)
		}
		saved := &fuelportal.Contract{CompanyID: company.ID, Pricing: fuelportal.PricingNetPrice, Billing: fuelportal.BillingInvoice,
			CreditLimitCents: 25_000_00, FeeCents: 150}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.SaveContract(ctx, saved) }); err != nil {
			t.Fatal(err)
		}
		w, err := db.Wallet(ctx, company.ID)
		if err != nil || w.CanAddFunds || !w.CanPayByInvoice {
			t.Fatalf("wallet = %+v, %v", w, err)
		}
	})
}

// The planner's costs are 0 until a contract sets them, round-trip
// on both engines, and are refused when negative or beyond their maximum.
func TestContract_PlannerCosts(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		base := fuelportal.Contract{CompanyID: company.ID, Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 100, Billing: fuelportal.BillingPrepaid}
		plain := base
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.SaveContract(ctx, &plain) }); err != nil {
			t.Fatal(err)
		}
		if c, err := db.Contract(ctx, company.ID); err != nil || c.OutOfRouteTenthCentsPerMile != 0 || c.StopCostCents != 0 {
			t.Fatalf("contract without costs = %+v, %v", c, err)
		}
		withCosts := base
		withCosts.OutOfRouteTenthCentsPerMile, withCosts.StopCostCents = 1850, 20_00
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.SaveContract(ctx, &withCosts) }); err != nil {
			t.Fatal(err)
		}
		c, err := db.Contract(ctx, company.ID)
		if err != nil || c.OutOfRouteTenthCentsPerMile != 1850 || c.StopCostCents != 20_00 || c.RetailMinusTenthCents != 100 {
			t.Fatalf("contract = %+v, %v", c, err)
		}
		for _, bad := range []fuelportal.Contract{
			{OutOfRouteTenthCentsPerMile: -1},
			{StopCostCents: -1},
			{OutOfRouteTenthCentsPerMile: fuelportal.MaxOutOfRouteTenthCentsPerMile + 1},
			{StopCostCents: fuelportal.MaxStopCostCents + 1},
		} {
			b := base
			b.OutOfRouteTenthCentsPerMile, b.StopCostCents = bad.OutOfRouteTenthCentsPerMile, bad.StopCostCents
			err := db.InTx(ctx, func(tx *store.Tx) error { return tx.SaveContract(ctx, &b) })
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID {
				t.Errorf("costs %d/mi, %d/stop: err = %v, want EINVALID", b.OutOfRouteTenthCentsPerMile, b.StopCostCents, err)
			}
		}
		if c, _ := db.Contract(ctx, company.ID); c.OutOfRouteTenthCentsPerMile != 1850 || c.StopCostCents != 20_00 {
			t.Fatalf("a refused save changed the contract: %+v", c)
		}
	})
}
