package stripe

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	stripego "github.com/stripe/stripe-go/v85"

	"fuelportal"
)

// Issuing webhook event types the portal acts on (docs/issuing.md).
const (
	EventAuthorizationRequest = "issuing_authorization.request"
	EventAuthorizationUpdated = "issuing_authorization.updated"
	EventTransactionCreated   = "issuing_transaction.created"
)

// ParseIssuingEvent verifies the Stripe-Signature header of an Issuing
// webhook delivery with the Issuing endpoint's secret (verifySignature:
// within tolerance of now either way; 0: Stripe's default) and maps the
// event: an authorization request to decide, an authorization's update, a
// captured transaction, a card's shipment. Other event types come back with only their id
// and type. A bad, stale or future-dated signature is EINVALID 'Invalid
// webhook signature'; a malformed event is EINVALID, with field errors
// named by Stripe's fields for values out of their bounds (bounds, below);
// an empty secret is EUNAVAILABLE. The event's API version is not checked:
// only stable fields are read, from the raw JSON (the SDK decodes Stripe's
// decimal strings, such as fuel quantities, as float64; they are read here
// exactly).
func ParseIssuingEvent(payload []byte, signature, secret string, tolerance time.Duration) (*fuelportal.IssuingEvent, error) {
	if secret == "" {
		return nil, &wrapped{fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Card authorizations are not configured"), fmt.Errorf("issuing webhook refused: STRIPE_ISSUING_WEBHOOK_SECRET is not set")}
	}
	if err := verifySignature(payload, signature, secret, tolerance); err != nil {
		return nil, &wrapped{fuelportal.Errorf(fuelportal.EINVALID, "Invalid webhook signature"), fmt.Errorf("issuing webhook: %w", err)}
	}
	var raw struct {
		ID   string `json:"id"`
		Type string `json:"type"`
		Data struct {
			Object json.RawMessage `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &raw); err != nil || raw.ID == "" || raw.Type == "" {
		return nil, invalidEvent()
	}
	b := &bounds{fe: fuelportal.FieldErrors{}, badUTF8: !utf8.Valid(payload)}
	b.id("id", raw.ID)
	b.text(fuelportal.Rule("code"), "type", raw.Type)
	if err := b.fe.Err(); err != nil {
		return nil, err
	}
	ev := &fuelportal.IssuingEvent{ID: raw.ID, Type: raw.Type}
	switch raw.Type {
	case EventAuthorizationRequest:
		var a issuingAuthorization
		if err := json.Unmarshal(raw.Data.Object, &a); err != nil || a.ID == "" || a.Card.ID == "" {
			return nil, invalidEvent()
		}
		r, err := a.request(b)
		if err != nil {
			return nil, err
		}
		ev.Request = r
	case EventAuthorizationUpdated:
		var a issuingAuthorization
		if err := json.Unmarshal(raw.Data.Object, &a); err != nil || a.ID == "" {
			return nil, invalidEvent()
		}
		u, err := a.update(b)
		if err != nil {
			return nil, err
		}
		ev.Update = u
	case EventTransactionCreated:
		var t issuingTransaction
		if err := json.Unmarshal(raw.Data.Object, &t); err != nil || t.ID == "" || t.Card.ID == "" {
			return nil, invalidEvent()
		}
		c, err := t.capture(b)
		if err != nil {
			return nil, err
		}
		ev.Capture = c
	case EventCardUpdated:
		var c issuingCard
		if err := json.Unmarshal(raw.Data.Object, &c); err != nil || c.ID == "" {
			return nil, invalidEvent()
		}
		ev.CardShipping = c.cardUpdate(b)
	}
	if err := b.err(); err != nil {
		return nil, err
	}
	return ev, nil
}

func invalidEvent() error { return fuelportal.Errorf(fuelportal.EINVALID, "Invalid webhook event") }

// issuingAuthorization is the part of a Stripe Issuing authorization the
// portal reads.
type issuingAuthorization struct {
	ID                   string       `json:"id"`
	Amount               int64        `json:"amount"`
	Status               string       `json:"status"`
	Card                 expandable   `json:"card"`
	Created              int64        `json:"created"`
	Currency             string       `json:"currency"`
	IsAmountControllable bool         `json:"is_amount_controllable"`
	MerchantData         merchantData `json:"merchant_data"`
	PendingRequest       *struct {
		Amount               int64 `json:"amount"`
		IsAmountControllable bool  `json:"is_amount_controllable"`
	} `json:"pending_request"`
	Fleet *struct {
		CardholderPromptData *struct {
			DriverID      *string `json:"driver_id"`
			VehicleNumber *string `json:"vehicle_number"`
			Odometer      *int64  `json:"odometer"`
		} `json:"cardholder_prompt_data"`
	} `json:"fleet"`
	Fuel *issuingFuel `json:"fuel"`
}

type merchantData struct {
	Name       string `json:"name"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
	Category   string `json:"category"`
}

type issuingFuel struct {
	IndustryProductCode string `json:"industry_product_code"`
	QuantityDecimal     string `json:"quantity_decimal"`
	Type                string `json:"type"`
	Unit                string `json:"unit"`
}

type issuingTransaction struct {
	ID              string       `json:"id"`
	Amount          int64        `json:"amount"` // negative: a capture
	Created         int64        `json:"created"`
	Authorization   expandable   `json:"authorization"`
	Card            expandable   `json:"card"`
	MerchantData    merchantData `json:"merchant_data"`
	PurchaseDetails struct {
		Fuel *issuingFuel `json:"fuel"`
	} `json:"purchase_details"`
}

// UnmarshalJSON reads ids that Stripe sends either as a string or as an
// expanded object.
func (r *expandable) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) == nil {
		r.ID = s
		return nil
	}
	var o struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return err
	}
	r.ID = o.ID
	return nil
}

type expandable struct{ ID string }

// request maps an authorization request: the pending request's amount
// (and whether it is controllable), the merchant, the fleet prompt data
// and the fuel, each within its bounds.
func (a *issuingAuthorization) request(b *bounds) (*fuelportal.AuthorizationRequest, error) {
	r := &fuelportal.AuthorizationRequest{ID: a.ID, Issuer: fuelportal.IssuerStripe, IssuerCardID: a.Card.ID,
		MerchantName: a.MerchantData.Name, MerchantCity: a.MerchantData.City, MerchantState: a.MerchantData.State,
		MerchantPostalCode: a.MerchantData.PostalCode, MerchantCategory: a.MerchantData.Category,
		AmountCents: a.Amount, AmountControllable: a.IsAmountControllable, Product: fuelportal.ProductOther}
	amountField := "amount"
	if p := a.PendingRequest; p != nil {
		r.AmountCents, r.AmountControllable, amountField = p.Amount, p.IsAmountControllable, "pending_request.amount"
	}
	if a.Currency != "" && !strings.EqualFold(a.Currency, "usd") {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "Only USD authorizations are supported")
	}
	b.id("id", a.ID)
	b.id("card.id", a.Card.ID)
	b.amount(amountField, r.AmountCents)
	r.Created = b.time("created", a.Created)
	a.MerchantData.check(b)
	if f := a.Fleet; f != nil && f.CardholderPromptData != nil {
		p := f.CardholderPromptData
		if p.DriverID != nil {
			r.Prompt.DriverID = *p.DriverID
			b.text(fuelportal.Rule("driverId"), "fleet.cardholder_prompt_data.driver_id", r.Prompt.DriverID)
		}
		if p.VehicleNumber != nil {
			r.Prompt.UnitNumber = *p.VehicleNumber
			b.text(fuelportal.Rule("unitNumber"), "fleet.cardholder_prompt_data.vehicle_number", r.Prompt.UnitNumber)
		}
		if r.Prompt.Odometer = p.Odometer; p.Odometer != nil && !fuelportal.OdometerInBounds(*p.Odometer) {
			b.fe.Add("fleet.cardholder_prompt_data.odometer", fuelportal.MsgOdometerBounds)
		}
	}
	if f := a.Fuel; f != nil {
		f.check(b, "fuel")
		g, err := parseGallons(f.QuantityDecimal)
		if err != nil {
			return nil, err
		}
		r.Gallons, r.Product = g, fuelportal.ProductOfFuel(f.IndustryProductCode, f.Type)
	}
	return r, nil
}

// update maps an authorization's update: its status, amount and the
// pump's final gallons.
func (a *issuingAuthorization) update(b *bounds) (*fuelportal.AuthorizationUpdate, error) {
	b.id("id", a.ID)
	b.text(fuelportal.Rule("code"), "status", a.Status)
	b.amount("amount", a.Amount)
	u := &fuelportal.AuthorizationUpdate{AuthorizationID: a.ID, Status: a.Status, AmountCents: a.Amount}
	if f := a.Fuel; f != nil {
		f.check(b, "fuel")
		g, err := parseGallons(f.QuantityDecimal)
		if err != nil {
			return nil, err
		}
		u.Gallons = g
	}
	return u, nil
}

// capture maps a created transaction: a capture (a negative amount at
// Stripe, positive here; the smallest int64 stays negative) or a refund,
// the merchant and the fuel.
func (t *issuingTransaction) capture(b *bounds) (*fuelportal.IssuingCapture, error) {
	b.id("id", t.ID)
	b.id("card", t.Card.ID)
	b.id("authorization", t.Authorization.ID)
	// Its amount is the card money service's to bound (an implausible one
	// is acknowledged and logged, recording nothing).
	c := &fuelportal.IssuingCapture{TransactionID: t.ID, AuthorizationID: t.Authorization.ID, IssuerCardID: t.Card.ID,
		AmountCents: -t.Amount, Created: b.time("created", t.Created), Product: fuelportal.ProductOther,
		MerchantName: t.MerchantData.Name, MerchantCity: t.MerchantData.City, MerchantState: t.MerchantData.State,
		MerchantPostalCode: t.MerchantData.PostalCode}
	t.MerchantData.check(b)
	if f := t.PurchaseDetails.Fuel; f != nil {
		f.check(b, "purchase_details.fuel")
		g, err := parseGallons(f.QuantityDecimal)
		if err != nil {
			return nil, err
		}
		c.Gallons, c.Product, c.FuelReported = g, fuelportal.ProductOfFuel(f.IndustryProductCode, f.Type), true
	}
	return c, nil
}

// idRule bounds Stripe's ids (iauth_…, ic_…, ipi_…, evt_…) as the
// portal stores them: an authorization id's length.
var idRule = fuelportal.TextRule{MaxLength: fuelportal.MaxAuthorizationIDLength}

const msgAmountBounds = "Amount must be from 0 to 10000000 cents"

// bounds collects the field errors of an Issuing event's values out of
// their bounds: what no real delivery breaks, and what the databases store
// and the rules compare. Every string is text by the portal's rules
// (fuelportal.TextRule: UTF-8, no control characters, a maximum length),
// ids by idRule; a request's or an update's amount is from 0 to $100,000
// (fuelportal.MaxAuthorizationCents); times (Unix seconds) fall in
// 2000–2099 (fuelportal.ReportedDateInBounds); an odometer is one a pump
// shows (fuelportal.OdometerInBounds). A value out of its bounds makes the
// event EINVALID with a field error named by Stripe's field: a 400,
// nothing recorded.
type bounds struct {
	fe fuelportal.FieldErrors
	// badUTF8: the payload is not UTF-8, and encoding/json turned its bad
	// bytes into U+FFFD: a string holding U+FFFD is a bad one.
	badUTF8 bool
}

func (b *bounds) text(rule fuelportal.TextRule, field, s string) {
	if b.badUTF8 && strings.ContainsRune(s, utf8.RuneError) {
		b.fe.Add(field, fuelportal.MsgTextNotUTF8)
		return
	}
	rule.CheckText(b.fe, field, s)
}

func (b *bounds) id(field, id string) { b.text(idRule, field, id) }

func (b *bounds) amount(field string, cents int64) {
	if cents < 0 || cents > fuelportal.MaxAuthorizationCents {
		b.fe.Add(field, msgAmountBounds)
	}
}

// time returns Unix time unix in UTC, adding a field error when it is out
// of bounds (then the time returned is zero).
func (b *bounds) time(field string, unix int64) time.Time {
	if unix < fuelportal.MinReportedDate.Unix() || unix >= fuelportal.MaxReportedDate.Unix() {
		b.fe.Add(field, fuelportal.MsgReportedDateBounds)
		return time.Time{}
	}
	return time.Unix(unix, 0).UTC()
}

// err is the field errors collected, else EINVALID for a payload that is
// not UTF-8 in a field the portal does not read, else nil.
func (b *bounds) err() error {
	if err := b.fe.Err(); err != nil {
		return err
	}
	if b.badUTF8 {
		return fuelportal.Errorf(fuelportal.EINVALID, "Webhook event is not valid UTF-8")
	}
	return nil
}

func (m *merchantData) check(b *bounds) {
	text := fuelportal.Rule("text")
	b.text(text, "merchant_data.name", m.Name)
	b.text(text, "merchant_data.city", m.City)
	b.text(text, "merchant_data.state", m.State)
	b.text(text, "merchant_data.postal_code", m.PostalCode)
	b.text(text, "merchant_data.category", m.Category)
}

func (f *issuingFuel) check(b *bounds, field string) {
	code := fuelportal.Rule("code")
	b.text(code, field+".industry_product_code", f.IndustryProductCode)
	b.text(code, field+".type", f.Type)
	b.text(code, field+".unit", f.Unit)
}

// parseGallons reads a Stripe decimal string of gallons ("25.5",
// "12.3456789") exactly, to thousandths (further digits dropped); "" is 0.
// A negative, malformed or implausible quantity is EINVALID.
func parseGallons(s string) (fuelportal.Gallons, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || len(whole) > 7 || !digits(whole) || !digits(frac) {
		return 0, fuelportal.Errorf(fuelportal.EINVALID, "Invalid fuel quantity %q", s)
	}
	var g int64
	for _, c := range whole {
		g = g*10 + int64(c-'0')
	}
	frac = (frac + "000")[:3]
	for _, c := range frac {
		g = g*10 + int64(c-'0')
	}
	if fuelportal.Gallons(g) > fuelportal.MaxPurchaseGallons {
		return 0, fuelportal.Errorf(fuelportal.EINVALID, "Invalid fuel quantity %q", s)
	}
	return fuelportal.Gallons(g), nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// APIVersion is the Stripe API version of the SDK, which the portal's
// answers to authorization requests declare (Stripe-Version header).
const APIVersion = stripego.APIVersion
