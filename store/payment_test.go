package store_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestStripeCustomer_TheFirstSavedWins(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		if id, err := db.StripeCustomerID(ctx, company.ID); err != nil || id != "" {
			t.Fatalf("before = %q, %v", id, err)
		}
		if id, err := db.SaveStripeCustomer(ctx, company.ID, "cus_first"); err != nil || id != "cus_first" {
			t.Fatalf("save = %q, %v", id, err)
		}
		if id, err := db.SaveStripeCustomer(ctx, company.ID, "cus_second"); err != nil || id != "cus_first" {
			t.Fatalf("second save = %q, %v", id, err)
		}
		if id, err := db.StripeCustomerID(ctx, company.ID); err != nil || id != "cus_first" {
			t.Fatalf("after = %q, %v", id, err)
		}
		if name, err := db.CompanyName(ctx, company.ID); err != nil || name != company.Name {
			t.Fatalf("CompanyName = %q, %v", name, err)
		}
		if _, err := db.CompanyName(ctx, company.ID+999); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("CompanyName of nobody: %v", err)
		}
	})
}

func newPayment(companyID int64, key string, amount, fee int64) *fuelportal.Payment {
	return &fuelportal.Payment{
		CompanyID: companyID, IdempotencyKey: key, PaymentMethodID: "pm_1", PaymentMethodType: fuelportal.PaymentMethodCard,
		AmountCents: amount, FeeCents: fee, TotalCents: amount + fee, Currency: fuelportal.CurrencyUSD,
	}
}

func TestBeginPayment_OncePerKeyAndCompany(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, _, _ := storetest.NewCompanyWithCard(t, db, "a@example.com", "7071000000000000001")
		b, _, _ := storetest.NewCompanyWithCard(t, db, "b@example.com", "7071000000000000002")
		first, created, err := db.BeginPayment(ctx, newPayment(a.ID, "k1", 100_00, 190))
		if err != nil || !created || first.ID == 0 || first.Status != fuelportal.PaymentCreating {
			t.Fatalf("first = %+v, %v, %v", first, created, err)
		}
		again, created, err := db.BeginPayment(ctx, newPayment(a.ID, "k1", 999, 0))
		if err != nil || created || again.ID != first.ID || again.AmountCents != 100_00 || again.TotalCents != 101_90 {
			t.Fatalf("repeat = %+v, %v, %v", again, created, err)
		}
		other, created, err := db.BeginPayment(ctx, newPayment(b.ID, "k1", 5_00, 0))
		if err != nil || !created || other.ID == first.ID {
			t.Fatalf("other company, same key = %+v, %v, %v", other, created, err)
		}
		if _, err := db.PaymentByID(ctx, b.ID, first.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's payment: %v", err)
		}
		got, err := db.PaymentByID(ctx, a.ID, first.ID)
		if err != nil || got.IdempotencyKey != "k1" || got.Currency != fuelportal.CurrencyUSD || got.CreditedAt != nil {
			t.Fatalf("PaymentByID = %+v, %v", got, err)
		}
	})
}

func TestSetPaymentIntentAndFailPayment_MoveOnlyFromCreating(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "a@example.com", "7071000000000000001")
		p, _, err := db.BeginPayment(ctx, newPayment(company.ID, "k1", 100_00, 0))
		if err != nil {
			t.Fatal(err)
		}
		if err := db.SetPaymentIntent(ctx, p.ID, &fuelportal.PaymentIntent{ID: "pi_1", Status: fuelportal.PaymentProcessing, ClientSecret: "pi_1_secret"}); err != nil {
			t.Fatal(err)
		}
		// A refusal after the intent exists changes nothing.
		if err := db.FailPayment(ctx, p.ID, "declined"); err != nil {
			t.Fatal(err)
		}
		got, _ := db.PaymentByID(ctx, company.ID, p.ID)
		if got.PaymentIntentID != "pi_1" || got.ClientSecret != "pi_1_secret" || got.Status != fuelportal.PaymentProcessing || got.FailureMessage != "" {
			t.Fatalf("after intent = %+v", got)
		}

		q, _, _ := db.BeginPayment(ctx, newPayment(company.ID, "k2", 100_00, 0))
		if err := db.FailPayment(ctx, q.ID, "Your card was declined."); err != nil {
			t.Fatal(err)
		}
		got, _ = db.PaymentByID(ctx, company.ID, q.ID)
		if got.Status != fuelportal.PaymentFailed || got.FailureMessage != "Your card was declined." {
			t.Fatalf("after failure = %+v", got)
		}
	})
}

func TestApplyPaymentEvent(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "a@example.com", "7071000000000000001")
		p, _, _ := db.BeginPayment(ctx, newPayment(company.ID, "k1", 100_00, 190))
		// The intent id is not stored yet: the event finds the payment by
		// the metadata's payment id.
		succeeded := &fuelportal.PaymentEvent{ID: "evt_1", Type: fuelportal.EventPaymentSucceeded, PaymentIntentID: "pi_1",
			PaymentID: p.ID, AmountReceived: 101_90, Currency: fuelportal.CurrencyUSD}

		steps := []struct {
			name    string
			ev      *fuelportal.PaymentEvent
			outcome string
			balance int64
		}{
			{"an ignored type", &fuelportal.PaymentEvent{ID: "evt_0", Type: "customer.created"}, fuelportal.EventOutcomeIgnored, 0},
			{"an unknown payment", &fuelportal.PaymentEvent{ID: "evt_u", Type: fuelportal.EventPaymentSucceeded, PaymentIntentID: "pi_x", AmountReceived: 1}, fuelportal.EventOutcomeUnknownPayment, 0},
			{"processing", &fuelportal.PaymentEvent{ID: "evt_p", Type: fuelportal.EventPaymentProcessing, PaymentIntentID: "pi_1", PaymentID: p.ID}, fuelportal.EventOutcomeProcessing, 0},
			{"succeeded credits the amount, not the fee", succeeded, fuelportal.EventOutcomeCredited, 100_00},
			{"the same event again", succeeded, fuelportal.EventOutcomeDuplicate, 100_00},
			{"another event about the same intent", &fuelportal.PaymentEvent{ID: "evt_2", Type: fuelportal.EventPaymentSucceeded, PaymentIntentID: "pi_1",
				AmountReceived: 101_90, Currency: fuelportal.CurrencyUSD}, fuelportal.EventOutcomeCredited, 100_00},
		}
		for _, s := range steps {
			outcome, err := db.ApplyPaymentEvent(ctx, s.ev)
			if err != nil || outcome != s.outcome {
				t.Fatalf("%s: outcome %q, %v; want %q", s.name, outcome, err, s.outcome)
			}
			if b, _ := db.WalletBalance(ctx, company.ID); b != s.balance {
				t.Fatalf("%s: balance %d, want %d", s.name, b, s.balance)
			}
		}
		got, _ := db.PaymentByID(ctx, company.ID, p.ID)
		if got.Status != fuelportal.PaymentSucceeded || got.PaymentIntentID != "pi_1" || got.CreditedAt == nil {
			t.Fatalf("payment after success = %+v", got)
		}
		transfers, err := db.WalletTransfers(ctx, company.ID, 10)
		if err != nil || len(transfers) != 1 || transfers[0].AmountCents != 100_00 || transfers[0].Reference != "stripe:pi_1" {
			t.Fatalf("transfers = %+v, %v", transfers, err)
		}

		q, _, _ := db.BeginPayment(ctx, newPayment(company.ID, "k2", 50_00, 0))
		_ = db.SetPaymentIntent(ctx, q.ID, &fuelportal.PaymentIntent{ID: "pi_2", Status: "requires_confirmation"})
		mismatch := &fuelportal.PaymentEvent{ID: "evt_3", Type: fuelportal.EventPaymentSucceeded, PaymentIntentID: "pi_2", AmountReceived: 1, Currency: fuelportal.CurrencyUSD}
		if outcome, err := db.ApplyPaymentEvent(ctx, mismatch); err != nil || outcome != fuelportal.EventOutcomeAmountMismatch {
			t.Fatalf("mismatch: %q, %v", outcome, err)
		}
		failed := &fuelportal.PaymentEvent{ID: "evt_4", Type: fuelportal.EventPaymentFailed, PaymentIntentID: "pi_2", FailureCode: "card_declined", FailureMessage: "Declined"}
		if outcome, err := db.ApplyPaymentEvent(ctx, failed); err != nil || outcome != fuelportal.EventOutcomeFailed {
			t.Fatalf("failed: %q, %v", outcome, err)
		}
		if b, _ := db.WalletBalance(ctx, company.ID); b != 100_00 {
			t.Fatalf("balance after mismatch and failure = %d", b)
		}
		failures, err := db.PaymentFailures(ctx, company.ID, 10)
		if err != nil || len(failures) != 2 {
			t.Fatalf("failures = %+v, %v", failures, err)
		}
		codes := map[string]bool{}
		for _, f := range failures {
			codes[f.Code] = f.PaymentIntentID == "pi_2"
		}
		if !codes["amount_mismatch"] || !codes["card_declined"] {
			t.Fatalf("failure codes = %+v", failures)
		}
		if other, _ := db.PaymentFailures(ctx, company.ID+999, 10); len(other) != 0 {
			t.Fatalf("another company sees failures: %+v", other)
		}
		storetest.ExpectSoundLedger(t, db)
	})
}
