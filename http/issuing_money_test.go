package http_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/store"
)

// A card's limit counts the card's fee: an approval stops where the limit
// less the fee does, so its capture, fee added, ends the day at the limit
// at most. $100/day with a $1.50 fee and no discount: $96.99 captured
// ($98.49 with its fee) leaves $1.51, which approves one cent; captured,
// the day is exactly $100.00, and nothing more is approved.
func TestIssuingWebhook_TheFeeNeverTakesACardPastItsLimit(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		if err := f.db.InTx(ctx, func(tx *store.Tx) error {
			return tx.SaveContract(ctx, &fuelportal.Contract{CompanyID: f.company, Pricing: fuelportal.PricingRetailMinus,
				Billing: fuelportal.BillingPrepaid, FeeCents: 150})
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.db.SaveCardControls(ctx, f.company, f.card, fuelportal.Controls{DailyCents: ptrTo(int64(100_00))}); err != nil {
			t.Fatal(err)
		}
		first := f.authorize(t, authorizationEvent("iauth_fee_1", "ic_demo", 96_99, true))
		if !first.Approved || first.Amount != nil {
			t.Fatalf("first answer = %+v", first)
		}
		f.post(t, captureEvent("ipi_fee_1", "iauth_fee_1", "ic_demo", 96_99, "25.134"), issuingSecret).ExpectStatus(t, 200)
		cent := f.authorize(t, authorizationEvent("iauth_fee_2", "ic_demo", 50_00, true))
		if !cent.Approved || cent.Amount == nil || *cent.Amount != 1 {
			t.Fatalf("answer with $1.51 left = %+v, want one cent", cent)
		}
		f.post(t, captureEvent("ipi_fee_2", "iauth_fee_2", "ic_demo", 1, "0.003"), issuingSecret).ExpectStatus(t, 200)
		var day int64
		if err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COALESCE(SUM(funded_total_cents), 0) FROM card_transactions WHERE company_id = ? AND status = 'APPROVED'`,
				f.company).Scan(&day)
		}); err != nil {
			t.Fatal(err)
		}
		if day != 100_00 {
			t.Fatalf("the day's purchases with their fees = %d, want exactly the $100.00 limit", day)
		}
		if last := f.authorize(t, authorizationEvent("iauth_fee_3", "ic_demo", 50_00, true)); last.Approved || last.Metadata["declineCode"] != "DAILY_LIMIT" {
			t.Fatalf("answer with the limit reached = %+v", last)
		}
	})
}

// A capture beyond $100,000 either way, or whose amount would overflow
// the purchase's arithmetic, is acknowledged (Stripe would deliver it
// again on an error), logged, and records nothing: the wallet never moves.
func TestIssuingWebhook_AnImplausibleCaptureMovesNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		f.authorize(t, authorizationEvent("iauth_huge", "ic_demo", 100_00, false))
		before := f.wallet(t, f.owner)
		for name, cents := range map[string]int64{
			"a cent past $100,000":   100_000_01,
			"the red team's amount":  1_099_511_627_776,
			"2^62: overflows":        1 << 62,
			"a refund past $100,000": -100_000_01,
			"-2^62":                  -(1 << 62),
		} {
			f.post(t, captureEvent("ipi_huge", "iauth_huge", "ic_demo", cents, "40"), issuingSecret).ExpectStatus(t, 200)
			if _, err := f.db.Authorization(ctx, "iauth_huge"); err != nil {
				t.Fatal(err)
			}
			if w := f.wallet(t, f.owner); w != before {
				t.Fatalf("%s: wallet %+v, before %+v", name, w, before)
			}
		}
		if a, _ := f.db.Authorization(ctx, "iauth_huge"); a.Status != fuelportal.AuthorizationHeld || a.TransactionID != 0 {
			t.Fatalf("authorization after the refused captures = %+v", a)
		}
		var n int
		if err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM card_transactions WHERE network_transaction_id = 'ipi_huge'`).Scan(&n)
		}); err != nil || n != 0 {
			t.Fatalf("%d purchases recorded, %v", n, err)
		}
	})
}

// An authorization id the portal decided for one card, asked again for
// another card, is declined and records nothing: not answered from the
// first card's decision.
func TestIssuingWebhook_AnIDRepeatedForAnotherCardIsDeclined(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		if a := f.authorize(t, authorizationEvent("iauth_twice", "ic_demo", 100_00, false)); !a.Approved {
			t.Fatalf("first answer = %+v", a)
		}
		other := f.authorize(t, authorizationEvent("iauth_twice", "ic_other", 100_00, false))
		if other.Approved || other.Metadata["declineCode"] != string(fuelportal.DeclineAuthorizationOfAnotherCard) {
			t.Fatalf("the id on another card = %+v", other)
		}
		if w := f.wallet(t, f.other); w.Held != 0 {
			t.Fatalf("other company's wallet = %+v", w)
		}
		if a, err := f.db.Authorization(ctx, "iauth_twice"); err != nil || a.CompanyID != f.company || a.Status != fuelportal.AuthorizationHeld {
			t.Fatalf("recorded = %+v, %v", a, err)
		}
		// The first card's replay still gets its answer.
		if again := f.authorize(t, authorizationEvent("iauth_twice", "ic_demo", 100_00, false)); !again.Approved {
			t.Fatalf("replay on the first card = %+v", again)
		}
	})
}
