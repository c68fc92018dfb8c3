package http_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	stripego "github.com/stripe/stripe-go/v85"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/payments"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/stripe"
	"fuelportal/stripe/stripetest"
)

const webhookSecret = "whsec_test_secret"

// paymentsFixture is the demo fixture with payments configured: against
// stripe-mock when mock is true, else with a provider that is never called
// (webhook tests only need the database).
type paymentsFixture struct {
	*fixture
	owner     string // Demo Freight owner's token
	other     string // Other Haulers owner's token
	companyID int64
	start     int64 // Demo Freight's wallet balance after the demo data
}

// credited returns how much Demo Freight's wallet moved since the fixture was made.
func (f *paymentsFixture) credited(t testing.TB) int64 {
	t.Helper()
	b, err := f.db.WalletBalance(context.Background(), f.companyID)
	if err != nil {
		t.Fatal(err)
	}
	return b - f.start
}

func newPaymentsFixture(t *testing.T, engine store.Engine, mock bool) *paymentsFixture {
	t.Helper()
	base := "http://127.0.0.1:1" // nothing listens: a call would fail loudly
	if mock {
		base = stripetest.URL(t)
	}
	f := newAccountsFixture(t, engine)
	db := f.db
	f.srv.Payments = payments.New(payments.Deps{Store: db, Provider: stripe.New(stripe.Config{SecretKey: stripetest.SecretKey, APIBase: base, WebhookSecret: webhookSecret})})
	f.api = apitest.New(t, f.srv.Handler())
	pf := &paymentsFixture{fixture: f}
	pf.owner = f.api.Login(demo.OwnerEmail, demo.Password).Token
	pf.other = f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
	pf.companyID = companyIDOf(t, db, demo.OwnerEmail)
	var err error
	if pf.start, err = db.WalletBalance(context.Background(), pf.companyID); err != nil {
		t.Fatal(err)
	}
	return pf
}

// newAccountsFixture is the demo fixture on engine with only the demo's
// companies, users and cards: payments need no purchase history, and
// seeding two years of it is slow under -race. Wallets start at 0. The
// accounts are seeded once per test binary and engine and copied.
func newAccountsFixture(t *testing.T, engine store.Engine) *fixture {
	t.Helper()
	db := storetest.OpenFromTemplate(t, engine, "accounts", seedAccounts)
	f := &fixture{db: db, clock: storetest.NewClock(db)}
	f.srv = apitest.NewServer(t, db)
	f.srv.Now = f.clock.Now
	f.api = apitest.New(t, f.srv.Handler())
	return f
}

// seedAccounts prepares the accounts template: the demo steps up to the
// accounts at the fixture's clock.
func seedAccounts(db *store.DB) error {
	ctx := context.Background()
	storetest.NewClock(db)
	hash, err := fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params).Hash(ctx, demo.Password)
	if err != nil {
		return err
	}
	return db.InTx(ctx, func(tx *store.Tx) error {
		env := &demo.Env{Tx: tx, Now: tx.Now, Rand: rand.New(rand.NewPCG(1, 1)), PasswordHash: hash, Cards: map[int64][]*fuelportal.Card{}}
		for _, step := range demo.Steps() {
			if step.Order <= demo.OrderAccounts {
				if err := step.Run(ctx, env); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func companyIDOf(t *testing.T, db *store.DB, email string) int64 {
	t.Helper()
	var id int64
	err := db.InReadTx(context.Background(), func(tx *store.Tx) error {
		u, err := tx.UserByEmail(context.Background(), email)
		if err != nil {
			return err
		}
		id = u.CompanyID
		return nil
	})
	if err != nil || id == 0 {
		t.Fatalf("company of %s: %d, %v", email, id, err)
	}
	return id
}

func TestPayments_WithoutKeysEveryEndpointSaysNotConfigured(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newAccountsFixture(t, engine)
		token := f.api.Login(demo.OwnerEmail, demo.Password).Token
		detach := map[string]string{"paymentMethodId": "pm_1", "paymentMethodType": "credit_card"}
		pay := map[string]any{"amount": 10000, "currency": "USD", "paymentMethodId": "pm_1", "paymentMethodType": "credit_card"}
		for _, req := range []apitest.Request{
			{Method: "GET", Path: "/api/payments/setup-intent/card", Token: token},
			{Method: "GET", Path: "/api/payments/setup-intent/card/debit", Token: token},
			{Method: "GET", Path: "/api/payments/setup-intent/card/credit", Token: token},
			{Method: "GET", Path: "/api/payments/setup-intent/ach", Token: token},
			{Method: "GET", Path: "/api/payments/saved-payment-methods", Token: token},
			{Method: "DELETE", Path: "/api/payments/detach", Token: token, Body: detach},
			{Method: "POST", Path: "/api/payments/payment-intent", Token: token, Body: pay},
			{Method: "POST", Path: "/api/payments/webhook", Body: `{"id":"evt_1"}`},
		} {
			t.Run(req.Method+" "+req.Path, func(t *testing.T) {
				res := f.api.Do(req).ExpectStatus(t, http.StatusServiceUnavailable)
				if msg := res.ErrorMessage(t); msg != "Payments are not configured" {
					t.Fatalf("message = %q", msg)
				}
			})
		}
		var cfg struct{ PaymentsConfigured bool }
		f.api.Get("/api/config", "").ExpectStatus(t, 200).Decode(t, &cfg)
		if cfg.PaymentsConfigured {
			t.Fatal("config says payments are configured")
		}
	})
}

func TestPayments_Access(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, false)
		driver := f.api.Login(demo.DriverEmail, demo.Password).Token
		tests := []struct {
			name   string
			token  string
			status int
		}{
			{name: "signed out is 401", token: "", status: http.StatusUnauthorized},
			{name: "a driver is 403", token: driver, status: http.StatusForbidden},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f.api.Get("/api/payments/setup-intent/card", tt.token).ExpectStatus(t, tt.status)
				f.api.Get("/api/payments/saved-payment-methods", tt.token).ExpectStatus(t, tt.status)
				f.api.Do(apitest.Request{Method: "POST", Path: "/api/payments/payment-intent", Token: tt.token,
					Body: map[string]any{"amount": 100, "currency": "USD", "paymentMethodId": "pm_1"}}).ExpectStatus(t, tt.status)
			})
		}
		if res := f.api.Get("/api/payments/setup-intent/ach", driver); res.ErrorMessage(t) != "Access forbidden - Insufficient permissions" {
			t.Fatalf("403 message = %q", res.ErrorMessage(t))
		}
	})
}

func TestPayments_SetupIntentsCreateTheCustomerOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, true)
		ctx := context.Background()
		for _, path := range []string{"/api/payments/setup-intent/card", "/api/payments/setup-intent/card/debit", "/api/payments/setup-intent/card/credit"} {
			res := f.api.Get(path, f.owner).ExpectStatus(t, 200)
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
				t.Errorf("%s: Content-Type %q", path, ct)
			}
			if secret := string(res.Body); !strings.HasPrefix(secret, "seti_") || !strings.Contains(secret, "_secret_") {
				t.Errorf("%s: client secret %q", path, secret)
			}
		}
		first, err := f.db.StripeCustomerID(ctx, f.companyID)
		if err != nil || !strings.HasPrefix(first, "cus_") {
			t.Fatalf("stored customer = %q, %v", first, err)
		}

		var ach struct{ SetupIntentClientSecret, FinancialConnectionsSessionClientSecret string }
		f.api.Get("/api/payments/setup-intent/ach", f.owner).ExpectStatus(t, 200).Decode(t, &ach)
		if !strings.HasPrefix(ach.SetupIntentClientSecret, "seti_") || !strings.HasPrefix(ach.FinancialConnectionsSessionClientSecret, "fcsess_") {
			t.Fatalf("ach = %+v", ach)
		}
		if again, _ := f.db.StripeCustomerID(ctx, f.companyID); again != first {
			t.Fatalf("customer changed from %s to %s", first, again)
		}
		otherID := companyIDOf(t, f.db, demo.OtherOwnerEmail)
		f.api.Get("/api/payments/setup-intent/card", f.other).ExpectStatus(t, 200)
		if other, _ := f.db.StripeCustomerID(ctx, otherID); other == "" || other == first {
			t.Fatalf("other company's customer = %q (first %q)", other, first)
		}
	})
}

// savedMethod returns stripe-mock's fixture card (a credit card).
func savedMethod(t *testing.T, f *paymentsFixture) (id, funding string) {
	t.Helper()
	var methods []struct {
		ID   string
		Type string
		Card *struct{ Funding, Last4, Brand string }
	}
	f.api.Get("/api/payments/saved-payment-methods", f.owner).ExpectStatus(t, 200).Decode(t, &methods)
	if len(methods) == 0 || methods[0].Type != "card" || methods[0].Card == nil || methods[0].Card.Last4 == "" {
		t.Fatalf("saved methods = %+v", methods)
	}
	return methods[0].ID, methods[0].Card.Funding
}

func TestPayments_DetachOnlyTheCompanysMethods(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, true)
		id, _ := savedMethod(t, f)
		tests := []struct {
			name    string
			body    any
			status  int
			message string
		}{
			{name: "own method is removed", body: map[string]string{"paymentMethodId": id, "paymentMethodType": "credit_card"}, status: 200},
			{name: "unknown or foreign method is 404", body: map[string]string{"paymentMethodId": "pm_of_someone_else", "paymentMethodType": "debit_card"}, status: 404, message: "Selected payment method not found"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/payments/detach", Token: f.owner, Body: tt.body}).ExpectStatus(t, tt.status)
				if tt.message != "" && res.ErrorMessage(t) != tt.message {
					t.Fatalf("message = %q", res.ErrorMessage(t))
				}
				if removed := auditKindRows(t, f.fixture, f.companyID, fuelportal.AuditPaymentMethodRemoved); removed != 1 {
					t.Fatalf("%d payment_method.removed audit rows after the removal (and a refusal); want 1", removed)
				}
			})
		}
		t.Run("missing id is 400", func(t *testing.T) {
			res := f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/payments/detach", Token: f.owner, Body: `{"paymentMethodType":"debit_card"}`, BreaksContract: true})
			res.ExpectStatus(t, 400)
		})
	})
}

func payBody(amount int64, currency, method string) map[string]any {
	return map[string]any{"amount": amount, "currency": currency, "paymentMethodId": method, "paymentMethodType": "credit_card"}
}

type paymentAnswer struct {
	PaymentID       int64
	PaymentIntentID string
	Status          string
	Amount          int64
	Fee             int64
	Total           int64
	Currency        string
	ClientSecret    string
}

func (f *paymentsFixture) pay(t *testing.T, body any, key string) *apitest.Response {
	t.Helper()
	h := http.Header{}
	if key != "" {
		h.Set("Idempotency-Key", key)
	}
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/payments/payment-intent", Token: f.owner, Body: body, Header: h})
}

func TestPayments_PaymentIntent(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, true)
		method, funding := savedMethod(t, f)
		if funding != "credit" {
			t.Fatalf("stripe-mock's fixture card is %q, the fee cases expect credit", funding)
		}

		t.Run("refused requests", func(t *testing.T) {
			tests := []struct {
				name    string
				body    any
				status  int
				message string
			}{
				{name: "zero amount", body: payBody(0, "USD", method), status: 400, message: "Please enter a valid amount"},
				{name: "negative amount", body: payBody(-100, "USD", method), status: 400, message: "Please enter a valid amount"},
				{name: "amount above the limit", body: payBody(fuelportal.MaxPaymentCents+1, "USD", method), status: 400, message: "Please enter a valid amount"},
				{name: "unknown method", body: payBody(10000, "USD", "pm_unknown"), status: 404, message: "Selected payment method not found"},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					res := f.pay(t, tt.body, "").ExpectStatus(t, tt.status)
					if res.ErrorMessage(t) != tt.message {
						t.Fatalf("message = %q", res.ErrorMessage(t))
					}
				})
			}
			t.Run("other currency", func(t *testing.T) {
				res := f.pay(t, payBody(10000, "EUR", method), "").ExpectStatus(t, 400)
				if got := res.FieldErrors(t)["currency"]; len(got) != 1 {
					t.Fatalf("field errors = %v", res.FieldErrors(t))
				}
			})
		})

		t.Run("credit card pays the 1.9% fee", func(t *testing.T) {
			var p paymentAnswer
			f.pay(t, payBody(10000, "usd", method), "click-1").ExpectStatus(t, 200).Decode(t, &p)
			if !strings.HasPrefix(p.PaymentIntentID, "pi_") || p.Amount != 10000 || p.Fee != 190 || p.Total != 10190 || p.Currency != "USD" || p.ClientSecret == "" {
				t.Fatalf("payment = %+v", p)
			}
			if n := auditKindRows(t, f.fixture, f.companyID, fuelportal.AuditFundingStarted); n == 0 {
				t.Fatal("the payment wrote no funding.started audit row")
			}
			stored, err := f.db.PaymentByID(context.Background(), f.companyID, p.PaymentID)
			if err != nil || stored.PaymentIntentID != p.PaymentIntentID || stored.TotalCents != 10190 || stored.CreditedAt != nil {
				t.Fatalf("stored = %+v, %v", stored, err)
			}
			if d := f.credited(t); d != 0 {
				t.Fatalf("wallet credited before the webhook: %d", d)
			}
		})

		t.Run("a retried click answers the first payment", func(t *testing.T) {
			var first, again paymentAnswer
			f.pay(t, payBody(2550, "CAD", method), "click-2").ExpectStatus(t, 200).Decode(t, &first)
			f.pay(t, payBody(2550, "CAD", method), "click-2").ExpectStatus(t, 200).Decode(t, &again)
			if first != again || first.Fee != 48 { // 25.50 × 1.9% = 0.4845 → 0.48
				t.Fatalf("first %+v, again %+v", first, again)
			}
			res := f.pay(t, payBody(9999, "CAD", method), "click-2").ExpectStatus(t, 409)
			if res.ErrorMessage(t) == "" {
				t.Fatal("no message")
			}
		})

		t.Run("another company's token cannot use the method it does not own", func(t *testing.T) {
			res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/payments/payment-intent", Token: f.other, Body: payBody(100, "USD", "pm_demo_freight_only")})
			res.ExpectStatus(t, 404)
		})
	})
}

// event builds a Stripe event about payment intent piID.
func event(id, typ, piID string, paymentID, amountReceived int64, failure string) []byte {
	status := map[string]string{
		fuelportal.EventPaymentSucceeded:  "succeeded",
		fuelportal.EventPaymentProcessing: "processing",
		fuelportal.EventPaymentFailed:     "requires_payment_method",
	}[typ]
	pi := map[string]any{
		"id": piID, "object": "payment_intent", "status": status, "amount": amountReceived,
		"amount_received": amountReceived, "currency": "usd",
		"metadata": map[string]string{"payment_id": strconv.FormatInt(paymentID, 10)},
	}
	if failure != "" {
		pi["last_payment_error"] = map[string]string{"code": "card_declined", "decline_code": "insufficient_funds", "message": failure}
	}
	b, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "api_version": stripego.APIVersion, "created": time.Now().Unix(),
		"type": typ, "livemode": false, "pending_webhooks": 1, "data": map[string]any{"object": pi},
	})
	return b
}

func (f *paymentsFixture) deliver(t testing.TB, payload []byte, signature string) *apitest.Response {
	t.Helper()
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/payments/webhook", Body: payload,
		Header: http.Header{"Stripe-Signature": {signature}}})
}

func (f *paymentsFixture) deliverSigned(t testing.TB, payload []byte) string {
	t.Helper()
	var out struct{ Outcome string }
	f.deliver(t, payload, stripe.SignPayload(payload, webhookSecret, time.Now())).ExpectStatus(t, 200).Decode(t, &out)
	return out.Outcome
}

// newPayment records a payment as the payment-intent endpoint does, with a
// made-up intent id (the webhook tests need no Stripe).
func newPayment(t testing.TB, db *store.DB, companyID, amount, fee int64, key string) *fuelportal.Payment {
	t.Helper()
	ctx := context.Background()
	p, _, err := db.BeginPayment(ctx, &fuelportal.Payment{CompanyID: companyID, IdempotencyKey: key, PaymentMethodID: "pm_x",
		PaymentMethodType: fuelportal.PaymentMethodCard, AmountCents: amount, FeeCents: fee, TotalCents: amount + fee, Currency: "USD"})
	if err != nil {
		t.Fatal(err)
	}
	p.PaymentIntentID = "pi_" + key
	if err := db.SetPaymentIntent(ctx, p.ID, &fuelportal.PaymentIntent{ID: p.PaymentIntentID, Status: "processing"}); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestWebhook_RefusesUnsignedTamperedStaleAndFutureDeliveries(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, false)
		p := newPayment(t, f.db, f.companyID, 10000, 0, "k1")
		payload := event("evt_refused", fuelportal.EventPaymentSucceeded, p.PaymentIntentID, p.ID, 10000, "")
		tampered := []byte(strings.Replace(string(payload), `"amount_received":10000`, `"amount_received":99999`, 1))
		now := time.Now()
		tests := []struct {
			name      string
			payload   []byte
			signature string
		}{
			{name: "unsigned", payload: payload, signature: ""},
			{name: "tampered body", payload: tampered, signature: stripe.SignPayload(payload, webhookSecret, now)},
			{name: "wrong secret", payload: payload, signature: stripe.SignPayload(payload, "whsec_other", now)},
			{name: "signed 6 minutes ago", payload: payload, signature: stripe.SignPayload(payload, webhookSecret, now.Add(-6*time.Minute))},
			{name: "signed 6 minutes ahead", payload: payload, signature: stripe.SignPayload(payload, webhookSecret, now.Add(6*time.Minute))},
			{name: "garbage header", payload: payload, signature: "t=abc,v1=zz"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.deliver(t, tt.payload, tt.signature).ExpectStatus(t, 400)
				if res.ErrorMessage(t) != "Invalid webhook signature" {
					t.Fatalf("message = %q", res.ErrorMessage(t))
				}
			})
		}
		if d := f.credited(t); d != 0 {
			t.Fatalf("credited %d after refused deliveries", d)
		}
		// The genuine delivery still applies: nothing was recorded by the refusals.
		if got := f.deliverSigned(t, payload); got != fuelportal.EventOutcomeCredited {
			t.Fatalf("outcome = %q", got)
		}
	})
}

func TestWebhook_SameEventDeliveredThreeTimesCreditsOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, false)
		db := f.db
		ctx := context.Background()
		p := newPayment(t, db, f.companyID, 10000, 190, "k1")
		payload := event("evt_once", fuelportal.EventPaymentSucceeded, p.PaymentIntentID, p.ID, 10190, "")
		var outcomes []string
		for range 3 {
			outcomes = append(outcomes, f.deliverSigned(t, payload))
		}
		if outcomes[0] != "credited" || outcomes[1] != "duplicate" || outcomes[2] != "duplicate" {
			t.Fatalf("outcomes = %v", outcomes)
		}
		// The fee is the card surcharge: the wallet gets the entered amount.
		if d := f.credited(t); d != 10000 {
			t.Fatalf("credited %d, want 10000", d)
		}
		// A different event about the same intent does not credit again either.
		if got := f.deliverSigned(t, event("evt_again", fuelportal.EventPaymentSucceeded, p.PaymentIntentID, p.ID, 10190, "")); got != "credited" {
			t.Fatalf("second event outcome = %q", got)
		}
		if d := f.credited(t); d != 10000 {
			t.Fatalf("credited %d after a second event for the intent", d)
		}
		stored, _ := db.PaymentByID(ctx, f.companyID, p.ID)
		if stored.Status != fuelportal.PaymentSucceeded || stored.CreditedAt == nil {
			t.Fatalf("payment = %+v", stored)
		}
	})
}

func TestWebhook_OnlySucceededIsSpendable(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, false)
		ctx := context.Background()
		ach := newPayment(t, f.db, f.companyID, 50000, 0, "ach")
		declined := newPayment(t, f.db, f.companyID, 7000, 133, "declined")

		tests := []struct {
			name    string
			payload []byte
			outcome string
			balance int64
		}{
			{name: "ACH processing is not spendable", payload: event("evt_p", fuelportal.EventPaymentProcessing, ach.PaymentIntentID, ach.ID, 0, ""), outcome: "processing", balance: 0},
			{name: "a failure is recorded, not credited", payload: event("evt_f", fuelportal.EventPaymentFailed, declined.PaymentIntentID, declined.ID, 0, "Your card has insufficient funds."), outcome: "failed", balance: 0},
			{name: "an amount that differs from the charge is not credited", payload: event("evt_m", fuelportal.EventPaymentSucceeded, ach.PaymentIntentID, ach.ID, 100, ""), outcome: "amount_mismatch", balance: 0},
			{name: "an intent of no payment of ours is acknowledged", payload: event("evt_u", fuelportal.EventPaymentSucceeded, "pi_elsewhere", 0, 100, ""), outcome: "unknown_payment", balance: 0},
			{name: "other event types are acknowledged", payload: []byte(`{"id":"evt_c","object":"event","type":"customer.created","data":{"object":{"id":"cus_1"}}}`), outcome: "ignored", balance: 0},
			{name: "ACH settled is credited", payload: event("evt_s", fuelportal.EventPaymentSucceeded, ach.PaymentIntentID, ach.ID, 50000, ""), outcome: "credited", balance: 50000},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if got := f.deliverSigned(t, tt.payload); got != tt.outcome {
					t.Fatalf("outcome = %q, want %q", got, tt.outcome)
				}
				if d := f.credited(t); d != tt.balance {
					t.Fatalf("credited %d, want %d", d, tt.balance)
				}
			})
		}
		failures, err := f.db.PaymentFailures(ctx, f.companyID, 10)
		if err != nil || len(failures) != 2 || failures[1].Code != "insufficient_funds" || failures[0].Code != "amount_mismatch" {
			t.Fatalf("failures = %+v, %v", failures, err)
		}
		if p, _ := f.db.PaymentByID(ctx, f.companyID, declined.ID); p.Status != fuelportal.PaymentFailed || p.FailureMessage != "Your card has insufficient funds." {
			t.Fatalf("declined payment = %+v", p)
		}
	})
}

func TestWebhook_InvoicePaymentReducesTheAmountOwed(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, false)
		ctx := context.Background()
		// On an invoice contract a purchase leaves an amount owed.
		company := companyIDOf(t, f.db, demo.OtherOwnerEmail)
		err := f.db.InTx(ctx, func(tx *store.Tx) error {
			return tx.SaveContract(ctx, &fuelportal.Contract{CompanyID: company, Pricing: fuelportal.PricingRetailMinus,
				RetailMinusTenthCents: 100, Billing: fuelportal.BillingInvoice, CreditLimitCents: 5000_00})
		})
		if err != nil {
			t.Fatal(err)
		}
		station := addStation(t, f.db)
		card := demo.CardPlans[demo.OtherHaulers.Name][0].CardNumber
		tr, _, err := f.srv.Purchases.Record(ctx, cardPurchase("inv-1", card, station, 100_000))
		if err != nil || tr.Status != fuelportal.TransactionApproved {
			t.Fatalf("purchase = %+v, %v", tr, err)
		}
		owed, _ := f.db.WalletBalance(ctx, company)
		if owed >= 0 {
			t.Fatalf("balance after an invoice purchase = %d", owed)
		}
		p := newPayment(t, f.db, company, -owed, 0, "invoice")
		if got := f.deliverSigned(t, event("evt_inv", fuelportal.EventPaymentSucceeded, p.PaymentIntentID, p.ID, -owed, "")); got != "credited" {
			t.Fatalf("outcome = %q", got)
		}
		if b, _ := f.db.WalletBalance(ctx, company); b != 0 {
			t.Fatalf("balance = %d after paying the invoice", b)
		}
		ts, _ := f.db.WalletTransfers(ctx, company, 1)
		if len(ts) != 1 || ts[0].Kind != fuelportal.LedgerInvoicePayment || ts[0].AmountCents != -owed {
			t.Fatalf("newest transfer = %+v", ts)
		}
	})
}

func addStation(t testing.TB, db *store.DB) int64 {
	t.Helper()
	st := &fuelportal.Station{ID: 990001, Name: "Payments Test Stop", Address: "9 Test Rd", City: "Ocala", State: "FL", ZipCode: "34475",
		Latitude: 29.1, Longitude: -82.1, Chain: "PILOT", RetailPrice: 3859, NetPrice: 3579, PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	err := db.InTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.UpsertStations(context.Background(), []*fuelportal.Station{st})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return st.ID
}

func cardPurchase(id, card string, station int64, gallons fuelportal.Gallons) *fuelportal.CardPurchase {
	return &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: station, Gallons: gallons,
		RetailPrice: 3859, TransactionDate: time.Date(2025, 3, 14, 9, 30, 0, 0, time.UTC)}
}

// TestWebhook_ConcurrentDeliveriesAndPurchasesKeepTheLedgerExact delivers
// 1,000 signed events (50 payments; each succeeded event 12 times, a second
// succeeded event about the same intent 4 times, a processing event 4
// times) concurrently with 500 card purchases (400 distinct, the rest
// network retries), and checks every cent.
func TestWebhook_ConcurrentDeliveriesAndPurchasesKeepTheLedgerExact(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newPaymentsFixture(t, engine, false)
		db := f.db
		ctx := context.Background()
		const payments, payment = 50, 100_00
		const seed = 300_00
		if _, _, err := db.CreditWallet(ctx, f.companyID, seed, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		station := addStation(t, db)
		card := demo.CardPlans[demo.DemoFreight.Name][1].CardNumber

		type delivery struct{ payload []byte }
		var deliveries []delivery
		var ids []int64
		for i := range payments {
			p := newPayment(t, db, f.companyID, payment, 0, fmt.Sprintf("c-%d", i))
			ids = append(ids, p.ID)
			ok := event(fmt.Sprintf("evt_ok_%d", i), fuelportal.EventPaymentSucceeded, p.PaymentIntentID, p.ID, payment, "")
			again := event(fmt.Sprintf("evt_again_%d", i), fuelportal.EventPaymentSucceeded, p.PaymentIntentID, p.ID, payment, "")
			processing := event(fmt.Sprintf("evt_proc_%d", i), fuelportal.EventPaymentProcessing, p.PaymentIntentID, p.ID, 0, "")
			for range 12 {
				deliveries = append(deliveries, delivery{ok})
			}
			for range 4 {
				deliveries = append(deliveries, delivery{again}, delivery{processing})
			}
		}
		if len(deliveries) != 1000 {
			t.Fatalf("%d deliveries", len(deliveries))
		}

		// Interleave: every third job is a purchase.
		var jobs []func()
		var mu sync.Mutex
		applied := map[string]int{} // outcome → deliveries
		approved := map[int64]int64{}
		for i, d := range deliveries {
			jobs = append(jobs, func() {
				got := f.deliverSigned(t, d.payload)
				mu.Lock()
				applied[got]++
				mu.Unlock()
			})
			if i%2 == 1 {
				n := (i / 2) % 400
				jobs = append(jobs, func() {
					tr, _, err := f.srv.Purchases.Record(ctx, cardPurchase(fmt.Sprintf("pay-n-%d", n), card, station, fuelportal.Gallons(10_000+(n%9)*5_000)))
					if err != nil {
						t.Errorf("purchase %d: %v", n, err)
						return
					}
					mu.Lock()
					if tr.Status == fuelportal.TransactionApproved {
						approved[tr.ID] = tr.FundedTotalCents
					}
					mu.Unlock()
				})
			}
		}
		sem := make(chan struct{}, 32)
		var wg sync.WaitGroup
		for _, job := range jobs {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				job()
			})
		}
		wg.Wait()

		if applied["credited"] != 2*payments || applied["processing"] != payments || applied["duplicate"] != 1000-3*payments {
			t.Fatalf("outcomes = %v", applied)
		}
		var spent int64
		for _, funded := range approved {
			spent += funded
		}
		want := f.start + seed + payments*payment - spent
		if b, _ := db.WalletBalance(ctx, f.companyID); b != want {
			t.Fatalf("balance = %d, want %d (%d approved purchases, %d spent)", b, want, len(approved), spent)
		}
		if want < 0 {
			t.Fatalf("prepaid balance below zero: %d", want)
		}
		audit, err := db.CheckLedger(ctx)
		if err != nil || audit.EntriesSum != 0 || audit.UnpairedTransfers != 0 || len(audit.BalanceMismatches) != 0 {
			t.Fatalf("ledger audit = %+v, %v", audit, err)
		}
		for _, id := range ids {
			if p, _ := db.PaymentByID(ctx, f.companyID, id); p.Status != fuelportal.PaymentSucceeded || p.CreditedAt == nil {
				t.Fatalf("payment = %+v", p)
			}
		}
	})
}
