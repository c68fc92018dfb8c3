package purchases_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// stripeBuy authorizes and captures a purchase of cents on the fixture's
// Stripe card ic_0 now, and answers it.
func (f *statementFixture) stripeBuy(t *testing.T, db *store.DB, id string, cents int64) *fuelportal.Transaction {
	t.Helper()
	ctx := context.Background()
	req := authRequest("iauth_"+id, "ic_0", cents, true)
	req.Created, req.ReceivedAt = f.clock.At.UTC(), f.clock.At.UTC()
	if _, _, err := flow(db).Authorize(ctx, req); err != nil {
		t.Fatal(err)
	}
	res, err := flow(db).Capture(ctx, &fuelportal.IssuingCapture{TransactionID: "ipi_" + id, AuthorizationID: "iauth_" + id, IssuerCardID: "ic_0",
		AmountCents: cents, Product: fuelportal.ProductDiesel, MerchantName: "PILOT TRAVEL #412", MerchantPostalCode: "34475", MerchantState: "FL",
		Created: f.clock.At.UTC()})
	if err != nil || res.Transaction == nil {
		t.Fatalf("capture %s = %+v, %v", id, res, err)
	}
	if res.Transaction.Status == fuelportal.TransactionApproved {
		f.model = append(f.model, movement{f.clock.At, -res.Transaction.FundedTotalCents})
	}
	return res.Transaction
}

// refund delivers Stripe's refund transaction id of cents on the
// authorization auth ("" for none) and answers what was credited.
func (f *statementFixture) refund(t *testing.T, db *store.DB, id, auth string, cents int64) int64 {
	t.Helper()
	before, _ := db.WalletBalance(context.Background(), f.Company.ID)
	if _, err := flow(db).Capture(context.Background(), &fuelportal.IssuingCapture{TransactionID: id, AuthorizationID: auth, IssuerCardID: "ic_0",
		AmountCents: -cents, MerchantName: "PILOT TRAVEL #412", Created: f.clock.At.UTC()}); err != nil {
		t.Fatalf("refund %s: %v", id, err)
	}
	after, _ := db.WalletBalance(context.Background(), f.Company.ID)
	if after != before {
		f.model = append(f.model, movement{f.clock.At, after - before})
	}
	return after - before
}

func TestRefunds_CreditTheWalletOnceAndAtMostThePurchasesFuel(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newStatementFixture(t, db, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
		stripeCards(t, db, f.Fleet, 1)
		f.topUp(t, db, 500_00, fuelportal.LedgerTopUp)
		p := f.stripeBuy(t, db, "a", 100_00)
		net := p.FundedTotalCents - p.FeeCents
		if got := f.refund(t, db, "ipi_r1", "iauth_a", 30_00); got != 30_00 {
			t.Fatalf("partial refund credited %d", got)
		}
		if got := f.refund(t, db, "ipi_r1", "iauth_a", 30_00); got != 0 {
			t.Fatalf("the same refund again credited %d", got)
		}
		// The merchant refunds its retail total: the wallet gets back what
		// is left of the net price it paid, never the fee.
		if got := f.refund(t, db, "ipi_r2", "iauth_a", 100_00); got != net-30_00 {
			t.Fatalf("the rest credited %d, want %d", got, net-30_00)
		}
		if got := f.refund(t, db, "ipi_r3", "iauth_a", 5_00); got != 0 {
			t.Fatalf("a refund past the purchase credited %d", got)
		}
		// A refund naming no authorization is credited as the issuer tells;
		// another issuer's card records nothing.
		if got := f.refund(t, db, "ipi_r4", "", 7_25); got != 7_25 {
			t.Fatalf("refund without its purchase credited %d", got)
		}
		if _, err := flow(db).Capture(ctx, &fuelportal.IssuingCapture{TransactionID: "ipi_r5", IssuerCardID: "ic_unknown", AmountCents: -9_00}); err != nil {
			t.Fatal(err)
		}
		if got := f.refund(t, db, "ipi_r6", "", fuelportal.MaxCaptureCents+1); got != 0 {
			t.Fatalf("a refund beyond any purchase credited %d", got)
		}
		st, err := f.svc.Get(ctx, f.Company.ID, mustOpen(t, f).ID)
		if err != nil {
			t.Fatal(err)
		}
		var refunds []*fuelportal.StatementLine
		sum, err := f.svc.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
			if l.Kind == fuelportal.LedgerRefund {
				refunds = append(refunds, l)
			}
			return nil
		})
		if err != nil || st.OpeningCents+sum != st.ClosingCents {
			t.Fatalf("walk: %d + %d != %d, %v", st.OpeningCents, sum, st.ClosingCents, err)
		}
		if len(refunds) != 3 || refunds[0].Purchase == nil || refunds[0].Purchase.TransactionID != p.ID || refunds[0].AmountCents != 30_00 ||
			refunds[2].Purchase != nil || refunds[2].Reference != "refund:ipi_r4" || refunds[0].Late {
			t.Fatalf("refund lines = %+v", refunds)
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); balance != f.balanceBefore(f.clock.At.Add(time.Hour)) || balance != st.ClosingCents {
			t.Fatalf("balance %d, model %d, statement %d", balance, f.balanceBefore(f.clock.At.Add(time.Hour)), st.ClosingCents)
		}
		var listed int
		if err := db.EachRefund(ctx, fuelportal.RefundFilter{CompanyID: f.Company.ID, Statement: st}, func(r *fuelportal.Refund) error {
			listed++
			return nil
		}); err != nil || listed != 3 {
			t.Fatalf("EachRefund = %d, %v", listed, err)
		}
		if err := db.EachRefund(ctx, fuelportal.RefundFilter{CompanyID: f.Company.ID + 1000, Statement: st}, func(r *fuelportal.Refund) error {
			t.Errorf("another company lists refund %+v", r)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		expectStatementsEqualLedger(t, db)
		storetest.ExpectSoundLedger(t, db)
	})
}

func mustOpen(t *testing.T, f *statementFixture) *fuelportal.Statement {
	t.Helper()
	list, err := f.svc.List(context.Background(), f.Company.ID)
	if err != nil || len(list) == 0 {
		t.Fatalf("statements = %v, %v", list, err)
	}
	return list[0]
}

func TestStatements_EqualTheLedgerWithRefundsAndReversalsOverRandomMonths(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		f := newStatementFixture(t, db, time.Date(2026, 1, 3, 15, 0, 0, 0, chicago))
		stripeCards(t, db, f.Fleet, 1)
		rng := rand.New(rand.NewPCG(36, 1231))
		f.topUp(t, db, 20_000_00, fuelportal.LedgerTopUp)
		var captured []string
		end := time.Date(2026, 5, 10, 0, 0, 0, 0, chicago)
		for i := 0; f.clock.At.Before(end); i++ {
			f.clock.At = f.clock.At.Add(time.Duration(1+rng.IntN(30)) * time.Hour)
			switch op := rng.IntN(10); {
			case op < 2:
				f.topUp(t, db, int64(1+rng.IntN(200_000)), fuelportal.LedgerTopUp)
			case op < 5:
				f.buy(t, db, fmt.Sprintf("n-%d", i), fuelportal.Gallons(1_000+rng.IntN(150_000)), 0)
			case op < 8:
				f.stripeBuy(t, db, fmt.Sprint(i), int64(10_00+rng.IntN(300_00)))
				captured = append(captured, fmt.Sprint(i))
			case len(captured) > 0:
				// A merchant's partial refund, or a reversal of the whole
				// capture (often more than is left to refund), of a purchase
				// of this period or an earlier one.
				id := captured[rng.IntN(len(captured))]
				cents := int64(1 + rng.IntN(400_00))
				f.refund(t, db, fmt.Sprintf("ipi_ref_%d", i), "iauth_"+id, cents)
			}
			if rng.IntN(4) == 0 {
				if _, err := f.svc.CloseDue(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := f.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		list, err := f.svc.List(ctx, f.Company.ID)
		if err != nil {
			t.Fatal(err)
		}
		var refundLines int
		for _, st := range list {
			var lines int64
			sum, err := f.svc.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
				lines += l.AmountCents
				if l.Kind == fuelportal.LedgerRefund {
					refundLines++
					if l.AmountCents <= 0 || l.Purchase == nil {
						t.Errorf("refund line %+v", l)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum != lines || st.OpeningCents+sum != st.ClosingCents {
				t.Errorf("%s: opening %d + movements %d != closing %d", st.Start, st.OpeningCents, sum, st.ClosingCents)
			}
			if want := f.balanceBefore(st.End); st.Status == fuelportal.StatementClosed && st.ClosingCents != want {
				t.Errorf("%s: closing %d, the ledger's balance at its end %d", st.Start, st.ClosingCents, want)
			}
		}
		if refundLines < 10 {
			t.Fatalf("only %d refund lines: the walk did not exercise refunds", refundLines)
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); list[0].ClosingCents != balance {
			t.Errorf("open period closes at %d, wallet %d", list[0].ClosingCents, balance)
		}
		expectStatementsEqualLedger(t, db)
		storetest.ExpectSoundLedger(t, db)
	})
}
