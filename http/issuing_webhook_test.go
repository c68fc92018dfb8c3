package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/netguard"
	"fuelportal/rules"
	"fuelportal/store"
	"fuelportal/stripe"
	"fuelportal/stripe/stripetest"
)

const issuingSecret = "whsec_issuing_test"

// issuingFixture is the accounts fixture with one Stripe card of Demo
// Freight (ic_demo) and one of Other Haulers (ic_other), both wallets
// funded $1,000, and a Pilot station in Ocala, FL 34475 at $3.859.
type issuingFixture struct {
	*fixture
	owner, other     string // owners' tokens
	company, otherID int64
	card             string // Demo Freight's Stripe card's portal number
}

func newIssuingFixture(t *testing.T, engine store.Engine) *issuingFixture {
	t.Helper()
	f := &issuingFixture{fixture: newAccountsFixture(t, engine)}
	f.srv.Purchases.WebhookSecret = issuingSecret
	f.api = apitest.New(t, f.srv.Handler())
	f.owner = f.api.Login(demo.OwnerEmail, demo.Password).Token
	f.other = f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
	f.company = companyIDOf(t, f.db, demo.OwnerEmail)
	f.otherID = companyIDOf(t, f.db, demo.OtherOwnerEmail)
	ctx := context.Background()
	err := f.db.InTx(ctx, func(tx *store.Tx) error {
		for id, issuerID := range map[int64]string{f.company: "ic_demo", f.otherID: "ic_other"} {
			var number string
			if err := tx.QueryRow(ctx, `SELECT card_number FROM cards WHERE company_id = ? AND status = 'ACTIVE' ORDER BY id LIMIT 1`, id).Scan(&number); err != nil {
				return err
			}
			if id == f.company {
				f.card = number
			}
			if _, err := tx.Exec(ctx, `UPDATE cards SET issuer = 'stripe', issuer_card_id = ? WHERE card_number = ?`, issuerID, number); err != nil {
				return err
			}
			if _, _, err := tx.CreditWallet(ctx, id, 1000_00, fuelportal.LedgerTopUp, fmt.Sprintf("seed-%d", id)); err != nil {
				return err
			}
		}
		_, err := tx.UpsertStations(ctx, []*fuelportal.Station{{ID: 90412, Name: "Pilot Travel Center #412", Address: "1 Truck Way", City: "Ocala",
			State: "FL", ZipCode: "34475", Latitude: 29.1, Longitude: -82.1, Chain: "PILOT", RetailPrice: 3859, NetPrice: 3579,
			PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// authorizationEvent is an issuing_authorization.request event in the
// shape of stripe-mock's issuing.authorization fixture, at the Ocala
// Pilot, for cents on card ic.
func authorizationEvent(id, ic string, cents int64, controllable bool) []byte {
	ev := map[string]any{
		"id": "evt_" + id, "object": "event", "type": "issuing_authorization.request", "api_version": "2020-08-27",
		"created": time.Now().Unix(),
		"data": map[string]any{"object": map[string]any{
			"id": id, "object": "issuing.authorization", "amount": 0, "approved": false, "authorization_method": "chip",
			"card":    map[string]any{"id": ic, "object": "issuing.card"},
			"created": time.Now().Unix(), "currency": "usd", "status": "pending", "is_amount_controllable": controllable,
			"merchant_data": map[string]any{"category": "fuel_dealers_non_automotive", "city": "OCALA", "name": "PILOT #412",
				"postal_code": "34475-1234", "state": "FL", "country": "US"},
			"pending_request": map[string]any{"amount": cents, "currency": "usd", "is_amount_controllable": controllable, "merchant_amount": cents},
			"fleet":           map[string]any{"cardholder_prompt_data": map[string]any{"driver_id": "D-1", "vehicle_number": "TRK-7", "odometer": 120345}},
			"fuel":            map[string]any{"type": "diesel", "industry_product_code": "019", "unit": "us_gallon", "quantity_decimal": nil},
		}},
	}
	b, _ := json.Marshal(ev)
	return b
}

func issuingEvent(typ string, object map[string]any) []byte {
	b, _ := json.Marshal(map[string]any{"id": "evt_" + fmt.Sprint(object["id"]) + typ, "object": "event", "type": typ,
		"created": time.Now().Unix(), "data": map[string]any{"object": object}})
	return b
}

func captureEvent(ipi, iauth, ic string, cents int64, gallons string) []byte {
	return issuingEvent("issuing_transaction.created", map[string]any{
		"id": ipi, "object": "issuing.transaction", "amount": -cents, "authorization": iauth, "card": ic, "currency": "usd",
		"created": time.Now().Unix(), "type": "capture",
		"merchant_data":    map[string]any{"name": "PILOT #412", "city": "OCALA", "state": "FL", "postal_code": "34475"},
		"purchase_details": map[string]any{"fuel": map[string]any{"type": "diesel", "industry_product_code": "019", "unit": "us_gallon", "quantity_decimal": gallons}},
	})
}

func (f *issuingFixture) post(t testing.TB, payload []byte, secret string) *apitest.Response {
	t.Helper()
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: time.Now()})
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/issuing/stripe/webhook", Body: payload,
		Header: http.Header{"Stripe-Signature": {signed.Header}}})
}

type authAnswer struct {
	Approved bool
	Amount   *int64
	Metadata map[string]string
}

func (f *issuingFixture) authorize(t testing.TB, payload []byte) authAnswer {
	t.Helper()
	res := f.post(t, payload, issuingSecret).ExpectStatus(t, 200)
	if res.Header.Get("Stripe-Version") != stripe.APIVersion {
		t.Fatalf("Stripe-Version = %q", res.Header.Get("Stripe-Version"))
	}
	var a authAnswer
	res.Decode(t, &a)
	return a
}

type walletView struct{ Balance, Held, Available float64 }

func (f *issuingFixture) wallet(t testing.TB, token string) walletView {
	t.Helper()
	var w walletView
	f.api.Get("/api/wex/company/wallet", token).ExpectStatus(t, 200).Decode(t, &w)
	return w
}

func TestIssuingWebhook_RefusesBadSignaturesAndRecordsNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		payload := authorizationEvent("iauth_refused", "ic_demo", 100_00, false)
		stale := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: issuingSecret, Timestamp: time.Now().Add(-10 * time.Minute)})
		for name, header := range map[string]string{
			"unsigned":     "",
			"wrong secret": webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: "whsec_other", Timestamp: time.Now()}).Header,
			"stale":        stale.Header,
			"dated ahead":  stripe.SignPayload(payload, issuingSecret, time.Now().Add(6*time.Minute)),
			"garbage":      "t=abc,v1=zz",
		} {
			res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/issuing/stripe/webhook", Body: payload, Header: http.Header{"Stripe-Signature": {header}}})
			res.ExpectStatus(t, 400)
			if res.ErrorMessage(t) != "Invalid webhook signature" {
				t.Fatalf("%s: message %q", name, res.ErrorMessage(t))
			}
		}
		if _, err := f.db.Authorization(context.Background(), "iauth_refused"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("a refused delivery was recorded: %v", err)
		}
		if w := f.wallet(t, f.owner); w.Held != 0 {
			t.Fatalf("held %v after refusals", w.Held)
		}
		// A body above the bound is 400 too.
		big := []byte(`{"id":"evt","type":"x","pad":"` + strings.Repeat("a", 1<<20) + `"}`)
		f.post(t, big, issuingSecret).ExpectStatus(t, 400)
	})
}

func TestIssuingWebhook_ApprovesHoldsAndReplays(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		payload := authorizationEvent("iauth_1", "ic_demo", 300_00, true)
		a := f.authorize(t, payload)
		if !a.Approved || a.Amount != nil || a.Metadata["declineCode"] != "" {
			t.Fatalf("answer = %+v", a)
		}
		if w := f.wallet(t, f.owner); w.Balance != 1000 || w.Held != 300 || w.Available != 700 {
			t.Fatalf("wallet = %+v", w)
		}
		// The same request again: the same answer, nothing more held.
		if again := f.authorize(t, payload); !again.Approved {
			t.Fatalf("replay = %+v", again)
		}
		if w := f.wallet(t, f.owner); w.Held != 300 {
			t.Fatalf("held %v after a replay", w.Held)
		}
		// The other company's wallet is untouched.
		if w := f.wallet(t, f.other); w.Held != 0 || w.Available != 1000 {
			t.Fatalf("other company's wallet = %+v", w)
		}
		logged, err := f.db.Authorization(ctx, "iauth_1")
		if err != nil || logged.CompanyID != f.company || logged.StationID != 90412 || logged.Status != fuelportal.AuthorizationHeld ||
			logged.AmountCents != 300_00 || logged.AnsweredAt.Before(logged.ReceivedAt) || logged.Product != fuelportal.ProductDiesel {
			t.Fatalf("logged = %+v, %v", logged, err)
		}

		// A purchase reported by the network now sees only the available $700.
		// A second authorization larger than what is available is cut to it.
		b := f.authorize(t, authorizationEvent("iauth_2", "ic_demo", 900_00, true))
		if !b.Approved || b.Amount == nil || *b.Amount != 700_00 {
			t.Fatalf("second answer = %+v", b)
		}
		// Nothing left: a fixed-amount request is declined for funds.
		c := f.authorize(t, authorizationEvent("iauth_3", "ic_demo", 10_00, false))
		if c.Approved || c.Metadata["declineCode"] != string(fuelportal.DeclineInsufficientFunds) {
			t.Fatalf("third answer = %+v", c)
		}
		// The reversal of the first frees its $300.
		f.post(t, issuingEvent("issuing_authorization.updated", map[string]any{"id": "iauth_1", "object": "issuing.authorization",
			"status": "reversed", "amount": 0, "card": map[string]any{"id": "ic_demo"}}), issuingSecret).ExpectStatus(t, 200)
		if w := f.wallet(t, f.owner); w.Held != 700 || w.Available != 300 {
			t.Fatalf("wallet after the reversal = %+v", w)
		}
		if got, _ := f.db.Authorization(ctx, "iauth_1"); got.Status != fuelportal.AuthorizationReleased {
			t.Fatalf("reversed authorization = %+v", got)
		}
		// A card that is not the portal's is declined UNKNOWN_CARD.
		if u := f.authorize(t, authorizationEvent("iauth_4", "ic_nobody", 10_00, false)); u.Approved || u.Metadata["declineCode"] != "UNKNOWN_CARD" {
			t.Fatalf("unknown card answer = %+v", u)
		}
	})
}

func TestIssuingWebhook_PartialAmountByTheControls(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		controls := fuelportal.Controls{PerPurchaseCents: ptrTo(int64(250_00)), TankCapacityGallons: ptrTo(fuelportal.Gallons(50_000))}
		if _, err := f.db.SaveCardControls(ctx, f.company, f.card, controls); err != nil {
			t.Fatal(err)
		}
		// 50 gal at the Pilot's $3.859 is $192.95, below the $250 limit.
		a := f.authorize(t, authorizationEvent("iauth_p", "ic_demo", 300_00, true))
		if !a.Approved || a.Amount == nil || *a.Amount != 192_95 {
			t.Fatalf("answer = %+v", a)
		}
		logged, _ := f.db.Authorization(ctx, "iauth_p")
		if strings.Join(logged.RulesFired, ",") != "PER_PURCHASE_LIMIT,OVER_TANK_CAPACITY" {
			t.Fatalf("rules fired = %v", logged.RulesFired)
		}
		// Not controllable: all or nothing.
		if b := f.authorize(t, authorizationEvent("iauth_q", "ic_demo", 300_00, false)); b.Approved || b.Metadata["declineCode"] != "OVER_TANK_CAPACITY" {
			t.Fatalf("fixed answer = %+v", b)
		}
	})
}

func TestIssuingWebhook_CaptureBecomesAPurchase(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		f.authorize(t, authorizationEvent("iauth_c", "ic_demo", 300_00, true))
		// 50.125 gal for $193.43: the pump price is $3.859.
		capture := captureEvent("ipi_c", "iauth_c", "ic_demo", 193_43, "50.125")
		f.post(t, capture, issuingSecret).ExpectStatus(t, 200)
		f.post(t, capture, issuingSecret).ExpectStatus(t, 200) // a redelivery records nothing more
		a, _ := f.db.Authorization(ctx, "iauth_c")
		if a.Status != fuelportal.AuthorizationCaptured || a.TransactionID == 0 || a.HeldCents != 0 {
			t.Fatalf("authorization = %+v", a)
		}
		tr, err := f.db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: f.company}, a.TransactionID)
		if err != nil || tr.Gallons != 50_125 || tr.RetailPrice != 3859 || tr.Product != fuelportal.ProductDiesel || tr.LocationID != 90412 ||
			tr.Status != fuelportal.TransactionApproved || tr.FundedTotalCents <= 0 {
			t.Fatalf("transaction = %+v, %v", tr, err)
		}
		if w := f.wallet(t, f.owner); w.Held != 0 || w.Balance != float64(1000_00-tr.FundedTotalCents)/100 {
			t.Fatalf("wallet = %+v, funded %d", w, tr.FundedTotalCents)
		}
		// The transaction detail carries the authorization's decision.
		var detail struct {
			Authorization *struct {
				AuthorizationID string
				Approved        bool
				Amount          float64
				LatencyMs       float64
			}
		}
		f.api.Get(fmt.Sprintf("/api/wex/company/transactions/%d", tr.ID), f.owner).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.Authorization == nil || detail.Authorization.AuthorizationID != "iauth_c" || !detail.Authorization.Approved || detail.Authorization.Amount != 300 {
			t.Fatalf("detail authorization = %+v", detail.Authorization)
		}
		f.api.Get(fmt.Sprintf("/api/wex/company/transactions/%d", tr.ID), f.other).ExpectStatus(t, 404)
	})
}

func TestIssuingWebhook_CaptureBeforeTheRequest(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		f.post(t, captureEvent("ipi_early", "iauth_early", "ic_demo", 100_00, ""), issuingSecret).ExpectStatus(t, 200)
		a := f.authorize(t, authorizationEvent("iauth_early", "ic_demo", 100_00, false))
		if !a.Approved {
			t.Fatalf("late request answer = %+v", a)
		}
		if w := f.wallet(t, f.owner); w.Held != 0 {
			t.Fatalf("held %v after a capture that came first", w.Held)
		}
		var n int
		err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM card_transactions WHERE network_transaction_id = 'ipi_early'`).Scan(&n)
		})
		if err != nil || n != 1 {
			t.Fatalf("purchases = %d, %v", n, err)
		}
	})
}

func TestIssuingWebhook_TimeoutFollowsTheCompanySetting(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		f.srv.Purchases.Deadline = time.Millisecond
		f.srv.Purchases.Decide = func(facts rules.AuthorizationFacts) rules.AuthorizationDecision {
			time.Sleep(50 * time.Millisecond) // past the deadline
			return rules.DecideAuthorization(facts)
		}
		if a := f.authorize(t, authorizationEvent("iauth_t1", "ic_demo", 50_00, false)); a.Approved || a.Metadata["declineCode"] != "AUTHORIZATION_TIMEOUT" {
			t.Fatalf("default answer on timeout = %+v", a)
		}
		var setting struct{ OnTimeout string }
		f.api.Put("/api/wex/company/authorization-settings", map[string]any{"onTimeout": "approve"}, f.owner).ExpectStatus(t, 200).Decode(t, &setting)
		if setting.OnTimeout != "approve" {
			t.Fatalf("setting = %+v", setting)
		}
		f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/authorization-settings", Body: map[string]any{"onTimeout": "maybe"},
			Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		if a := f.authorize(t, authorizationEvent("iauth_t2", "ic_demo", 50_00, false)); !a.Approved {
			t.Fatalf("approve-on-timeout answer = %+v", a)
		}
		if err := f.srv.Purchases.StandIn().Wait(ctx); err != nil {
			t.Fatal(err)
		}
		logged, _ := f.db.Authorization(ctx, "iauth_t2")
		if !logged.TimedOut || logged.HeldCents != 50_00 {
			t.Fatalf("logged = %+v", logged)
		}
		var alerts int
		if err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM alerts WHERE company_id = ? AND kind = 'AUTHORIZATION'`, f.company).Scan(&alerts)
		}); err != nil || alerts != 2 {
			t.Fatalf("AUTHORIZATION alerts = %d, %v", alerts, err)
		}
		// The other company keeps the default.
		var other struct{ OnTimeout string }
		f.api.Get("/api/wex/company/authorization-settings", f.other).ExpectStatus(t, 200).Decode(t, &other)
		if other.OnTimeout != "decline" {
			t.Fatalf("other company's setting = %+v", other)
		}
	})
}

func ptrTo[T any](v T) *T { return &v }

// fuelAnswers passes Stripe calls to stripe-mock, records them, and fills
// the purchase_details.fuel of its transaction answers (stripe-mock's
// fixture has none) with quantity.
type fuelAnswers struct {
	quantity string
	mu       sync.Mutex
	calls    []*http.Request
}

func (a *fuelAnswers) RoundTrip(r *http.Request) (*http.Response, error) {
	a.mu.Lock()
	a.calls = append(a.calls, r)
	a.mu.Unlock()
	res, err := http.DefaultTransport.RoundTrip(r)
	if err != nil || !strings.HasPrefix(r.URL.Path, "/v1/issuing/transactions/") || res.StatusCode != 200 {
		return res, err
	}
	defer res.Body.Close()
	var obj map[string]any
	if err := json.NewDecoder(res.Body).Decode(&obj); err != nil {
		return nil, err
	}
	obj["purchase_details"] = map[string]any{"fuel": map[string]any{"type": "diesel", "industry_product_code": "062", "unit": "us_gallon",
		"quantity_decimal": a.quantity, "unit_cost_decimal": "385.9"}}
	b, _ := json.Marshal(obj)
	res.Body, res.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
	res.Header.Del("Content-Length")
	return res, nil
}

func TestIssuingWebhook_CaptureWithoutFuelAsksStripe(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		answers := &fuelAnswers{quantity: "12.3456789"} // more digits than a float keeps exactly at thousandths
		f.srv.Purchases.Transactions = stripe.NewIssuer(stripe.Config{SecretKey: stripetest.SecretKey, APIBase: stripetest.URL(t),
			HTTPClient: &http.Client{Transport: answers}}, stripe.Address{})
		f.authorize(t, authorizationEvent("iauth_x", "ic_demo", 100_00, true))
		capture := issuingEvent("issuing_transaction.created", map[string]any{
			"id": "ipi_x", "object": "issuing.transaction", "amount": -50_00, "authorization": "iauth_x", "card": "ic_demo", "currency": "usd",
			"created": time.Now().Unix(), "type": "capture", "purchase_details": nil,
			"merchant_data": map[string]any{"name": "PILOT #412", "city": "OCALA", "state": "FL", "postal_code": "34475"},
		})
		f.post(t, capture, issuingSecret).ExpectStatus(t, 200)

		if len(answers.calls) != 1 {
			t.Fatalf("%d Stripe calls, want 1", len(answers.calls))
		}
		call := answers.calls[0]
		if call.Method != "GET" || call.URL.Path != "/v1/issuing/transactions/ipi_x" || !slices.Contains(call.URL.Query()["expand[0]"], "purchase_details") {
			t.Fatalf("Stripe call %s %s", call.Method, call.URL)
		}
		a, _ := f.db.Authorization(ctx, "iauth_x")
		tr, err := f.db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: f.company}, a.TransactionID)
		if err != nil || tr.Gallons != 12_345 || tr.Product != fuelportal.ProductDEF {
			t.Fatalf("transaction = %+v, %v", tr, err)
		}

		t.Run("an event with its fuel asks nothing", func(t *testing.T) {
			f.authorize(t, authorizationEvent("iauth_y", "ic_demo", 100_00, true))
			f.post(t, captureEvent("ipi_y", "iauth_y", "ic_demo", 38_59, "10"), issuingSecret).ExpectStatus(t, 200)
			if len(answers.calls) != 1 {
				t.Fatalf("%d Stripe calls, want still 1", len(answers.calls))
			}
		})
	})
}

func TestIssuingWebhook_ADeclineNotifiesAndPublishes(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		f.srv.OutgoingPolicy = netguard.Policy{AllowPrivate: true}
		// The demo driver's card is a Stripe card with a $50 daily limit.
		var card string
		var driverID int64
		err := f.db.InTx(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT c.card_number, u.id FROM cards c JOIN users u ON u.id = c.driver_user_id WHERE u.email = ?`, demo.DriverEmail).Scan(&card, &driverID); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE cards SET issuer = 'stripe', issuer_card_id = 'ic_driver' WHERE card_number = ?`, card)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		f.api.Put("/api/wex/company/cards/"+card+"/controls", map[string]any{"dailyLimit": 50}, f.owner).ExpectStatus(t, 200)
		events := []string{"authorization.request", "transaction.declined"}
		f.api.Post("/api/wex/company/webhooks", map[string]any{"url": "http://127.0.0.1:9/demo", "events": events}, f.owner).ExpectStatus(t, 201)
		f.api.Post("/api/wex/company/webhooks", map[string]any{"url": "http://127.0.0.1:9/other", "events": events}, f.other).ExpectStatus(t, 201)
		driver := f.api.Login(demo.DriverEmail, demo.Password).Token

		answer := f.authorize(t, authorizationEvent("iauth_over", "ic_driver", 80_00, false))
		if answer.Approved || answer.Metadata["declineCode"] != string(fuelportal.DeclineDailyLimit) {
			t.Fatalf("answer = %+v", answer)
		}
		a, err := f.db.Authorization(ctx, "iauth_over")
		if err != nil || a.TransactionID == 0 {
			t.Fatalf("authorization = %+v, %v", a, err)
		}

		t.Run("the decline is a declined purchase with the owner's DECLINE alert", func(t *testing.T) {
			tr, err := f.db.Transaction(ctx, fuelportal.TransactionScope{CompanyID: f.company}, a.TransactionID)
			if err != nil || tr.Status != fuelportal.TransactionDeclined || tr.DeclineReason != fuelportal.DeclineDailyLimit || tr.CardNumber != card ||
				tr.LocationID != 90412 || tr.FundedTotalCents != 0 {
				t.Fatalf("transaction = %+v, %v", tr, err)
			}
			var alerts struct {
				Alerts []struct {
					Kind          string
					TransactionID *int64
					Message       string
				} `json:"content"`
			}
			f.api.Get("/api/wex/company/alerts?kind=DECLINE", f.owner).ExpectStatus(t, 200).Decode(t, &alerts)
			if len(alerts.Alerts) != 1 || alerts.Alerts[0].TransactionID == nil || *alerts.Alerts[0].TransactionID != a.TransactionID {
				t.Fatalf("owner's DECLINE alerts = %+v", alerts)
			}
			f.api.Get("/api/wex/company/alerts?kind=DECLINE", f.other).ExpectStatus(t, 200).Decode(t, &alerts)
			if len(alerts.Alerts) != 0 {
				t.Fatalf("another company's DECLINE alerts = %+v", alerts)
			}
		})
		t.Run("the driver is notified and can ask for an override", func(t *testing.T) {
			var n int
			err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT COUNT(*) FROM notifications WHERE user_id = ? AND transaction_id = ? AND event = ?`,
					driverID, a.TransactionID, fuelportal.NotifyPurchaseDeclined).Scan(&n)
			})
			if err != nil || n != 1 {
				t.Fatalf("driver's in-app notices of the decline = %d, %v", n, err)
			}
			var req struct{ TransactionID int64 }
			f.api.Post("/api/wex/override-requests", map[string]any{}, driver).ExpectStatus(t, 201).Decode(t, &req)
			if req.TransactionID != a.TransactionID {
				t.Fatalf("override request for transaction %d, want %d", req.TransactionID, a.TransactionID)
			}
		})
		t.Run("authorization.request reaches only the company's endpoint", func(t *testing.T) {
			type delivery struct {
				company int64
				typ     string
				payload string
			}
			var got []delivery
			err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
				rows, err := tx.Query(ctx, `SELECT company_id, event_type, payload FROM webhook_deliveries ORDER BY id`)
				if err != nil {
					return err
				}
				defer rows.Close()
				for rows.Next() {
					var d delivery
					if err := rows.Scan(&d.company, &d.typ, &d.payload); err != nil {
						return err
					}
					got = append(got, d)
				}
				return rows.Err()
			})
			if err != nil || len(got) != 2 {
				t.Fatalf("deliveries = %+v, %v", got, err)
			}
			types := map[string]bool{}
			for _, d := range got {
				if d.company != f.company {
					t.Fatalf("a delivery to company %d: %+v", d.company, d)
				}
				types[d.typ] = true
				if d.typ == "authorization.request" {
					var ev struct {
						Type string
						Data fuelportal.WebhookAuthorization
					}
					if err := json.Unmarshal([]byte(d.payload), &ev); err != nil {
						t.Fatal(err)
					}
					if ev.Data.AuthorizationID != "iauth_over" || ev.Data.Approved || ev.Data.DeclineCode == nil || *ev.Data.DeclineCode != fuelportal.DeclineDailyLimit ||
						ev.Data.RequestedAmount != 80 || ev.Data.TransactionID == nil || *ev.Data.TransactionID != a.TransactionID {
						t.Fatalf("authorization.request data = %+v", ev.Data)
					}
				}
			}
			if !types["authorization.request"] || !types["transaction.declined"] {
				t.Fatalf("event types %v", types)
			}
			// An approval is published too; a replay publishes nothing more.
			f.api.Put("/api/wex/company/cards/"+card+"/controls", map[string]any{}, f.owner).ExpectStatus(t, 200)
			if ok := f.authorize(t, authorizationEvent("iauth_ok", "ic_driver", 20_00, false)); !ok.Approved {
				t.Fatalf("answer = %+v", ok)
			}
			f.authorize(t, authorizationEvent("iauth_ok", "ic_driver", 20_00, false))
			var approvals int
			err = f.db.InReadTx(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT COUNT(*) FROM webhook_deliveries WHERE event_type = 'authorization.request' AND company_id = ? AND payload LIKE ?`,
					f.company, `%"iauth_ok"%`).Scan(&approvals)
			})
			if err != nil || approvals != 1 {
				t.Fatalf("authorization.request deliveries of the approval = %d, %v", approvals, err)
			}
		})
	})
}
