package http_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/issuing"
	"fuelportal/store"
	"fuelportal/stripe"
	"fuelportal/stripe/stripetest"
)

// orderedCard is a card answer with the issuer's fields.
type orderedCard struct {
	CardNumber, Status, DriverName, DriverID, UnitNumber, Issuer string
	IssuerCardID, Last4                                          *string
	ExpMonth, ExpYear                                            *int
	Shipping                                                     *struct{ Status string }
}

type orderedCardList struct{ Value []orderedCard }

func cardOrder(name, id, unit, kind string) map[string]string {
	return map[string]string{"driverName": name, "driverId": id, "unitNumber": unit, "type": kind}
}

// stripeCalls records the requests a Stripe client sends (method, path and
// form body), passing them on to stripe-mock.
type stripeCalls struct {
	mu    sync.Mutex
	calls []stripeCall
}

type stripeCall struct {
	method, path string
	form         url.Values
}

func (s *stripeCalls) RoundTrip(r *http.Request) (*http.Response, error) {
	call := stripeCall{method: r.Method, path: r.URL.Path}
	if r.Body != nil {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		call.form, _ = url.ParseQuery(string(body))
		r.Body = io.NopCloser(strings.NewReader(string(body)))
	}
	s.mu.Lock()
	s.calls = append(s.calls, call)
	s.mu.Unlock()
	if limits, ok := call.form["spending_controls[spending_limits]"]; ok && len(limits) == 1 && limits[0] == "" {
		// Stripe unsets a list given as an empty value; stripe-mock's
		// schema check refuses it, so the card is answered here.
		id := strings.TrimPrefix(r.URL.Path, "/v1/issuing/cards/")
		return &http.Response{StatusCode: 200, Header: http.Header{"Content-Type": {"application/json"}}, Request: r,
			Body: io.NopCloser(strings.NewReader(`{"id": "` + id + `", "object": "issuing.card", "spending_controls": {"spending_limits": []}}`))}, nil
	}
	return http.DefaultTransport.RoundTrip(r)
}

// take returns the calls recorded since the last take.
func (s *stripeCalls) take() []stripeCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	calls := s.calls
	s.calls = nil
	return calls
}

// useStripeIssuer makes f's server issue cards through Stripe Issuing on
// stripe-mock and returns the recorder of its calls.
func useStripeIssuer(t *testing.T, f *fixture) *stripeCalls {
	t.Helper()
	calls := &stripeCalls{}
	issuer := stripe.NewIssuer(stripe.Config{SecretKey: stripetest.SecretKey, APIBase: stripetest.URL(t), HTTPClient: &http.Client{Transport: calls}},
		stripe.Address{Line1: "100 Main St", City: "Dallas", State: "TX", PostalCode: "75201", Country: "US"})
	f.srv.Cards = issuing.New(issuing.Deps{DB: f.db, Issuer: issuer})
	return calls
}

func TestCardOrder_NetworkIssuerAssignsAProgramNumber(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newAccountsFixture(t, engine)
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token

		var card orderedCard
		f.api.Post("/api/wex/company/cards", cardOrder(" Ann Lee ", "D-77", "TRK-77", "physical"), owner).ExpectStatus(t, 201).Decode(t, &card)
		if !fuelportal.ValidCardNumber(card.CardNumber) || !strings.HasPrefix(card.CardNumber, "7071") || !fuelportal.LuhnValid(card.CardNumber) {
			t.Fatalf("card number %q is not a program number", card.CardNumber)
		}
		if card.Status != "ACTIVE" || card.DriverName != "Ann Lee" || card.DriverID != "D-77" || card.UnitNumber != "TRK-77" || card.Issuer != "network" ||
			card.IssuerCardID != nil || card.Last4 != nil || card.ExpMonth != nil || card.ExpYear != nil {
			t.Fatalf("card = %+v", card)
		}

		t.Run("the card is in the owner's list", func(t *testing.T) {
			var list orderedCardList
			f.api.Get("/api/wex/company/get-cards?searchText=D-77", owner).ExpectStatus(t, 200).Decode(t, &list)
			if len(list.Value) != 1 || list.Value[0].CardNumber != card.CardNumber || list.Value[0].Issuer != "network" {
				t.Fatalf("list = %+v", list)
			}
		})
		t.Run("another company neither lists nor edits it", func(t *testing.T) {
			var list orderedCardList
			f.api.Get("/api/wex/company/get-cards", other).ExpectStatus(t, 200).Decode(t, &list)
			for _, c := range list.Value {
				if c.CardNumber == card.CardNumber {
					t.Fatalf("another company lists the card: %+v", c)
				}
			}
			upd := map[string]string{"cardNumber": card.CardNumber, "driverName": "X", "driverId": "X", "unitNumber": "X", "status": "INACTIVE"}
			f.api.Put("/api/wex/company/update-card", upd, other).ExpectStatus(t, 404)
			f.api.Get("/api/wex/company/cards/"+card.CardNumber+"/controls", other).ExpectStatus(t, 404)
		})
		t.Run("two orders get two numbers", func(t *testing.T) {
			var second orderedCard
			f.api.Post("/api/wex/company/cards", cardOrder("Ann Lee", "D-78", "TRK-78", "virtual"), owner).ExpectStatus(t, 201).Decode(t, &second)
			if second.CardNumber == card.CardNumber {
				t.Fatalf("same number twice: %s", card.CardNumber)
			}
		})
	})
}

func TestCardOrder_BadInputIsFieldErrors(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newAccountsFixture(t, engine)
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		before, err := f.db.CompanyCards(context.Background(), companyIDOf(t, f.db, demo.OwnerEmail), "")
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			name   string
			body   any
			field  string
			msg    string
			breaks bool // the contract forbids it too
		}{
			{"missing driver name", cardOrder(" ", "D1", "T1", "virtual"), "driverName", "Driver name is required", false},
			{"missing driver id", cardOrder("Ann", "", "T1", "virtual"), "driverId", "Driver ID is required", false},
			{"missing unit number", cardOrder("Ann", "D1", "", "virtual"), "unitNumber", "Unit number is required", false},
			{"unknown type", cardOrder("Ann", "D1", "T1", "plastic"), "type", "Type must be virtual or physical", false},
			{"missing type", map[string]string{"driverName": "Ann", "driverId": "D1", "unitNumber": "T1"}, "type", "Type must be virtual or physical", true},
			{"driver name too long", cardOrder(strings.Repeat("a", fuelportal.MaxDriverNameLength+1), "D1", "T1", "virtual"), "driverName", "Driver name must not exceed 100 characters", true},
			{"driver id too long", cardOrder("Ann", strings.Repeat("1", fuelportal.MaxDriverIDLength+1), "T1", "virtual"), "driverId", "Driver ID must not exceed 50 characters", true},
			{"unit number too long", cardOrder("Ann", "D1", strings.Repeat("T", fuelportal.MaxUnitNumberLength+1), "virtual"), "unitNumber", "Unit number must not exceed 50 characters", true},
			{"control characters", cardOrder("Ann\x00", "D1", "T1", "virtual"), "driverName", fuelportal.MsgTextControlChars, true},
		} {
			t.Run(tc.name, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/cards", Body: tc.body, Token: owner, BreaksContract: tc.breaks}).
					ExpectStatus(t, 400).ExpectFieldError(t, tc.field, tc.msg)
			})
		}
		t.Run("a body that is not an object", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/cards", Body: `[1]`, Token: owner, BreaksContract: true}).ExpectStatus(t, 400)
		})
		after, err := f.db.CompanyCards(context.Background(), companyIDOf(t, f.db, demo.OwnerEmail), "")
		if err != nil || len(after) != len(before) {
			t.Fatalf("%d cards after bad orders, %d before (%v)", len(after), len(before), err)
		}
	})
}

func TestCardOrder_ADriverCannotOrder(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newAccountsFixture(t, engine)
		driver := f.api.Login(demo.DriverEmail, demo.Password).Token
		f.api.Post("/api/wex/company/cards", cardOrder("Ann", "D1", "T1", "virtual"), driver).ExpectStatus(t, 403)
		f.api.Post("/api/wex/company/cards", cardOrder("Ann", "D1", "T1", "virtual"), "").ExpectStatus(t, 401)
	})
}

func TestCardOrder_StripeIssuer(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newAccountsFixture(t, engine)
		calls := useStripeIssuer(t, f)
		ctx := context.Background()
		companyID := companyIDOf(t, f.db, demo.OwnerEmail)
		perPurchase, daily := int64(50_000), int64(120_000)
		if _, err := f.db.SaveCompanyControls(ctx, companyID, fuelportal.CompanyControls{
			Controls: fuelportal.Controls{PerPurchaseCents: &perPurchase, DailyCents: &daily}, TimeZone: fuelportal.DefaultTimeZone}); err != nil {
			t.Fatal(err)
		}
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token

		var card orderedCard
		f.api.Post("/api/wex/company/cards", cardOrder("Ann Lee", "D-77", "TRK-77", "physical"), owner).ExpectStatus(t, 201).Decode(t, &card)
		if n := auditKindRows(t, f, companyID, fuelportal.AuditCardOrdered); n != 1 {
			t.Fatalf("card.ordered audit rows = %d, want 1", n)
		}
		if !fuelportal.ValidCardNumber(card.CardNumber) || !fuelportal.LuhnValid(card.CardNumber) || card.Issuer != "stripe" || card.Status != "ACTIVE" ||
			card.IssuerCardID == nil || !strings.HasPrefix(*card.IssuerCardID, "ic_") || card.Last4 == nil || len(*card.Last4) != 4 ||
			card.ExpMonth == nil || *card.ExpMonth < 1 || *card.ExpMonth > 12 || card.ExpYear == nil || *card.ExpYear < 2000 {
			t.Fatalf("card = %+v", card)
		}
		// A physical card's shipment starts as Stripe has it (pending, or stripe-mock's fixture).
		if card.Shipping == nil || card.Shipping.Status == "" {
			t.Fatalf("physical card's shipping = %+v", card.Shipping)
		}
		first := calls.take()
		if len(first) != 2 || first[0].path != "/v1/issuing/cardholders" || first[1].path != "/v1/issuing/cards" {
			t.Fatalf("calls = %+v", first)
		}
		holder, create := first[0].form, first[1].form
		if holder.Get("type") != "company" || holder.Get("name") != "Demo Freight LLC" || holder.Get("billing[address][city]") != "Dallas" {
			t.Fatalf("cardholder request %v", holder)
		}
		want := map[string]string{"type": "physical", "currency": "usd", "status": "active", "metadata[card_number]": card.CardNumber,
			"spending_controls[spending_limits][0][amount]": "50000", "spending_controls[spending_limits][0][interval]": "per_authorization",
			"spending_controls[spending_limits][1][amount]": "120000", "spending_controls[spending_limits][1][interval]": "daily",
			"shipping[name]": "Ann Lee", "shipping[address][postal_code]": "75201"}
		for k, v := range want {
			if create.Get(k) != v {
				t.Errorf("card request %s = %q, want %q (%v)", k, create.Get(k), v, create)
			}
		}
		cardholder, err := f.db.IssuingCardholder(ctx, companyID, fuelportal.IssuerStripe)
		if err != nil || !strings.HasPrefix(cardholder, "ich_") || create.Get("cardholder") != cardholder {
			t.Fatalf("cardholder kept %q (%v), card request's %q", cardholder, err, create.Get("cardholder"))
		}

		t.Run("the company's next card reuses its cardholder", func(t *testing.T) {
			var virtual orderedCard
			f.api.Post("/api/wex/company/cards", cardOrder("Bo Park", "D-78", "TRK-78", "virtual"), owner).ExpectStatus(t, 201).Decode(t, &virtual)
			next := calls.take()
			if len(next) != 1 || next[0].path != "/v1/issuing/cards" || next[0].form.Get("cardholder") != cardholder ||
				next[0].form.Get("type") != "virtual" || next[0].form.Has("shipping[name]") {
				t.Fatalf("calls = %+v", next)
			}
			if virtual.Shipping != nil {
				t.Fatalf("a virtual card has a shipment: %+v", virtual.Shipping)
			}
		})
		t.Run("a status change reaches Stripe", func(t *testing.T) {
			upd := map[string]string{"cardNumber": card.CardNumber, "driverName": "Ann Lee", "driverId": "D-77", "unitNumber": "TRK-77", "status": "INACTIVE"}
			var got orderedCard
			f.api.Put("/api/wex/company/update-card", upd, owner).ExpectStatus(t, 200).Decode(t, &got)
			if got.Status != "INACTIVE" || got.IssuerCardID == nil || *got.IssuerCardID != *card.IssuerCardID {
				t.Fatalf("card = %+v", got)
			}
			sent := calls.take()
			if len(sent) != 1 || sent[0].path != "/v1/issuing/cards/"+*card.IssuerCardID || sent[0].form.Get("status") != "inactive" {
				t.Fatalf("calls = %+v", sent)
			}
			upd["driverName"] = "Ann B. Lee" // the same status: no call
			f.api.Put("/api/wex/company/update-card", upd, owner).ExpectStatus(t, 200)
			if sent := calls.take(); len(sent) != 0 {
				t.Fatalf("calls without a status change: %+v", sent)
			}
		})
		t.Run("changed limits reach Stripe's spending controls", func(t *testing.T) {
			path := "/api/wex/company/cards/" + card.CardNumber + "/controls"
			// The card's own daily limit over the company's per-purchase one.
			f.api.Put(path, map[string]any{"dailyLimit": 300}, owner).ExpectStatus(t, 200)
			sent := calls.take()
			if len(sent) != 1 || sent[0].method != "POST" || sent[0].path != "/v1/issuing/cards/"+*card.IssuerCardID {
				t.Fatalf("calls = %+v", sent)
			}
			want := map[string]string{"spending_controls[spending_limits][0][amount]": "50000", "spending_controls[spending_limits][0][interval]": "per_authorization",
				"spending_controls[spending_limits][1][amount]": "30000", "spending_controls[spending_limits][1][interval]": "daily"}
			for k, v := range want {
				if sent[0].form.Get(k) != v {
					t.Errorf("update %s = %q, want %q (%v)", k, sent[0].form.Get(k), v, sent[0].form)
				}
			}
			// A rule Stripe does not hold: no call.
			f.api.Put(path, map[string]any{"dailyLimit": 300, "allowedStates": []string{"TX"}}, owner).ExpectStatus(t, 200)
			if sent := calls.take(); len(sent) != 0 {
				t.Fatalf("calls without a limit change: %+v", sent)
			}
			// Another company's owner cannot reach the card's controls.
			f.api.Put(path, map[string]any{"dailyLimit": 900}, other).ExpectStatus(t, 404)
			if sent := calls.take(); len(sent) != 0 {
				t.Fatalf("calls for another company: %+v", sent)
			}
		})
		t.Run("the company's default limits reach the cards that follow them", func(t *testing.T) {
			tz := fuelportal.DefaultTimeZone
			limitsSent := func(sent []stripeCall) map[string][2]string {
				out := map[string][2]string{}
				for _, c := range sent {
					out[c.path] = [2]string{c.form.Get("spending_controls[spending_limits][0][amount]"), c.form.Get("spending_controls[spending_limits][1][amount]")}
				}
				return out
			}
			cards := map[string]string{}
			var list orderedCardList
			f.api.Get("/api/wex/company/get-cards", owner).ExpectStatus(t, 200).Decode(t, &list)
			for _, c := range list.Value {
				if c.IssuerCardID != nil {
					cards[c.CardNumber] = "/v1/issuing/cards/" + *c.IssuerCardID
				}
			}
			if len(cards) != 2 {
				t.Fatalf("Stripe cards = %v", cards)
			}
			mine := cards[card.CardNumber]
			// The first card keeps its own daily $300, the second follows every
			// default; the default per purchase falls to $400.
			f.api.Put("/api/wex/company/controls", map[string]any{"perPurchaseLimit": 400, "dailyLimit": 1200, "timeZone": tz}, owner).ExpectStatus(t, 200)
			got := limitsSent(calls.take())
			if len(got) != 2 || got[mine] != [2]string{"40000", "30000"} {
				t.Fatalf("limits sent = %v (first card %s)", got, mine)
			}
			// A default the first card overrides (its daily limit) reaches only the other.
			f.api.Put("/api/wex/company/controls", map[string]any{"perPurchaseLimit": 400, "dailyLimit": 2000, "timeZone": tz}, owner).ExpectStatus(t, 200)
			if got := limitsSent(calls.take()); len(got) != 1 || got[mine] != [2]string{} {
				t.Fatalf("limits sent for a default the first card overrides = %v", got)
			}
			// Another company's defaults never reach this company's cards.
			f.api.Put("/api/wex/company/controls", map[string]any{"perPurchaseLimit": 100, "timeZone": tz}, other).ExpectStatus(t, 200)
			if sent := calls.take(); len(sent) != 0 {
				t.Fatalf("calls for another company's defaults: %+v", sent)
			}
		})
		t.Run("no limits left clears Stripe's", func(t *testing.T) {
			if _, err := f.db.SaveCompanyControls(ctx, companyID, fuelportal.CompanyControls{TimeZone: fuelportal.DefaultTimeZone}); err != nil {
				t.Fatal(err)
			}
			f.api.Put("/api/wex/company/cards/"+card.CardNumber+"/controls", map[string]any{}, owner).ExpectStatus(t, 200)
			sent := calls.take()
			if len(sent) != 1 || !sent[0].form.Has("spending_controls[spending_limits]") || sent[0].form.Get("spending_controls[spending_limits]") != "" ||
				sent[0].form.Has("spending_controls[spending_limits][0][amount]") {
				t.Fatalf("calls = %+v", sent)
			}
		})
		t.Run("a network card's status stays the portal's", func(t *testing.T) {
			plan := demo.CardPlans[demo.DemoFreight.Name][1]
			upd := map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName, "driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "INACTIVE"}
			f.api.Put("/api/wex/company/update-card", upd, owner).ExpectStatus(t, 200)
			if sent := calls.take(); len(sent) != 0 {
				t.Fatalf("calls for a network card: %+v", sent)
			}
		})
		t.Run("another company does not see the card", func(t *testing.T) {
			var list orderedCardList
			f.api.Get("/api/wex/company/get-cards", other).ExpectStatus(t, 200).Decode(t, &list)
			for _, c := range list.Value {
				if c.CardNumber == card.CardNumber || c.Issuer != "network" {
					t.Fatalf("another company lists %+v", c)
				}
			}
		})
	})
}

// failingIssuer is an issuer that cannot be reached.
type failingIssuer struct{}

func (failingIssuer) Name() string { return fuelportal.IssuerStripe }
func (failingIssuer) IssueCard(context.Context, fuelportal.IssuingCompany, fuelportal.CardHolder, fuelportal.CardType) (fuelportal.IssuedCard, error) {
	return fuelportal.IssuedCard{}, errors.New("dial tcp: connection refused")
}
func (failingIssuer) SetCardStatus(context.Context, *fuelportal.Card, bool) error {
	return errors.New("dial tcp: connection refused")
}
func (failingIssuer) SetCardLimits(context.Context, *fuelportal.Card, fuelportal.CardLimits) error {
	return errors.New("dial tcp: connection refused")
}

func TestCardOrder_AFailingIssuerChangesNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newAccountsFixture(t, engine)
		f.srv.Cards = issuing.New(issuing.Deps{DB: f.db, Issuer: failingIssuer{}})
		ctx := context.Background()
		companyID := companyIDOf(t, f.db, demo.OwnerEmail)
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		before, err := f.db.CompanyCards(ctx, companyID, "")
		if err != nil {
			t.Fatal(err)
		}

		t.Run("an order is 503 and adds no card", func(t *testing.T) {
			msg := f.api.Post("/api/wex/company/cards", cardOrder("Ann", "D1", "T1", "virtual"), owner).ExpectStatus(t, 503).ErrorMessage(t)
			if msg != fuelportal.MsgIssuerUnavailable {
				t.Fatalf("message %q", msg)
			}
			after, err := f.db.CompanyCards(ctx, companyID, "")
			if err != nil || len(after) != len(before) {
				t.Fatalf("%d cards, %d before (%v)", len(after), len(before), err)
			}
		})
		t.Run("a status change is 503 and the status stays", func(t *testing.T) {
			plan := demo.CardPlans[demo.DemoFreight.Name][1]
			upd := map[string]string{"cardNumber": plan.CardNumber, "driverName": "Changed", "driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "INACTIVE"}
			msg := f.api.Put("/api/wex/company/update-card", upd, owner).ExpectStatus(t, 503).ErrorMessage(t)
			if msg != fuelportal.MsgIssuerStatusUnavailable {
				t.Fatalf("message %q", msg)
			}
			card, err := f.db.CompanyCard(ctx, companyID, plan.CardNumber)
			if err != nil || card.Status != plan.Status || card.DriverName != plan.DriverName {
				t.Fatalf("card after a failed status change: %+v, %v", card, err)
			}
			// Details alone need no issuer.
			upd["status"] = string(plan.Status)
			f.api.Put("/api/wex/company/update-card", upd, owner).ExpectStatus(t, 200)
		})
		t.Run("a limit change is 503 and the controls stay", func(t *testing.T) {
			plan := demo.CardPlans[demo.DemoFreight.Name][1]
			before, err := f.db.CardControls(ctx, companyID, plan.CardNumber)
			if err != nil {
				t.Fatal(err)
			}
			msg := f.api.Put("/api/wex/company/cards/"+plan.CardNumber+"/controls", map[string]any{"dailyLimit": 123, "perPurchaseLimit": 45}, owner).
				ExpectStatus(t, 503).ErrorMessage(t)
			if msg != fuelportal.MsgIssuerLimitsUnavailable {
				t.Fatalf("message %q", msg)
			}
			after, err := f.db.CardControls(ctx, companyID, plan.CardNumber)
			if err != nil || !fuelportal.LimitsOf(after).Equal(fuelportal.LimitsOf(before)) {
				t.Fatalf("controls after a failed limit change: %+v (before %+v), %v", after, before, err)
			}
		})
	})
}
func (failingIssuer) CardDetailsKey(context.Context, *fuelportal.Card, string) (fuelportal.CardDetailsKey, error) {
	return fuelportal.CardDetailsKey{}, errors.New("dial tcp: connection refused")
}
