package stripe

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	stripego "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"fuelportal"
)

// Issuing webhook event types the portal acts on (docs/issuing.md).
const (
	EventAuthorizationRequest = "issuing_authorization.request"
	EventAuthorizationUpdated = "issuing_authorization.updated"
	EventTransactionCreated   = "issuing_transaction.created"
)

// ParseIssuingEvent verifies the Stripe-Signature header of an Issuing
// webhook delivery with the Issuing endpoint's secret (HMAC-SHA256, at
// most tolerance old; 0: Stripe's default) and maps the event: an
// authorization request to decide, an authorization's update, a captured
// transaction. Other event types come back with only their id and type.
// A bad or stale signature, or a malformed event, is EINVALID; an empty
// secret is EUNAVAILABLE. The event's API version is not checked: only
// stable fields are read, from the raw JSON (the SDK decodes Stripe's
// decimal strings, such as fuel quantities, as float64; they are read
// here exactly).
func ParseIssuingEvent(payload []byte, signature, secret string, tolerance time.Duration) (*fuelportal.IssuingEvent, error) {
	if secret == "" {
		return nil, &wrapped{fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Card authorizations are not configured"), fmt.Errorf("issuing webhook refused: STRIPE_ISSUING_WEBHOOK_SECRET is not set")}
	}
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	if _, err := webhook.ConstructEventWithOptions(payload, signature, secret, webhook.ConstructEventOptions{
		Tolerance: tolerance, IgnoreAPIVersionMismatch: true,
	}); err != nil {
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
	ev := &fuelportal.IssuingEvent{ID: raw.ID, Type: raw.Type}
	switch raw.Type {
	case EventAuthorizationRequest:
		var a issuingAuthorization
		if err := json.Unmarshal(raw.Data.Object, &a); err != nil || a.ID == "" || a.Card.ID == "" {
			return nil, invalidEvent()
		}
		r, err := a.request()
		if err != nil {
			return nil, err
		}
		ev.Request = r
	case EventAuthorizationUpdated:
		var a issuingAuthorization
		if err := json.Unmarshal(raw.Data.Object, &a); err != nil || a.ID == "" {
			return nil, invalidEvent()
		}
		u := &fuelportal.AuthorizationUpdate{AuthorizationID: a.ID, Status: a.Status, AmountCents: a.Amount}
		if a.Fuel != nil {
			g, err := parseGallons(a.Fuel.QuantityDecimal)
			if err != nil {
				return nil, err
			}
			u.Gallons = g
		}
		ev.Update = u
	case EventTransactionCreated:
		var t issuingTransaction
		if err := json.Unmarshal(raw.Data.Object, &t); err != nil || t.ID == "" || t.Card.ID == "" {
			return nil, invalidEvent()
		}
		c := &fuelportal.IssuingCapture{TransactionID: t.ID, AuthorizationID: t.Authorization.ID, IssuerCardID: t.Card.ID,
			AmountCents: -t.Amount, Created: time.Unix(t.Created, 0).UTC(), Product: fuelportal.ProductOther,
			MerchantName: t.MerchantData.Name, MerchantCity: t.MerchantData.City, MerchantState: t.MerchantData.State,
			MerchantPostalCode: t.MerchantData.PostalCode}
		if f := t.PurchaseDetails.Fuel; f != nil {
			g, err := parseGallons(f.QuantityDecimal)
			if err != nil {
				return nil, err
			}
			c.Gallons, c.Product, c.FuelReported = g, fuelportal.ProductOfFuel(f.IndustryProductCode, f.Type), true
		}
		ev.Capture = c
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
// and the fuel.
func (a *issuingAuthorization) request() (*fuelportal.AuthorizationRequest, error) {
	r := &fuelportal.AuthorizationRequest{ID: a.ID, Issuer: fuelportal.IssuerStripe, IssuerCardID: a.Card.ID,
		MerchantName: a.MerchantData.Name, MerchantCity: a.MerchantData.City, MerchantState: a.MerchantData.State,
		MerchantPostalCode: a.MerchantData.PostalCode, MerchantCategory: a.MerchantData.Category,
		Created: time.Unix(a.Created, 0).UTC(), AmountCents: a.Amount, AmountControllable: a.IsAmountControllable,
		Product: fuelportal.ProductOther}
	if p := a.PendingRequest; p != nil {
		r.AmountCents, r.AmountControllable = p.Amount, p.IsAmountControllable
	}
	if a.Currency != "" && !strings.EqualFold(a.Currency, "usd") {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "Only USD authorizations are supported")
	}
	if r.AmountCents < 0 || r.AmountCents > fuelportal.MaxAuthorizationCents || len(r.ID) > fuelportal.MaxAuthorizationIDLength {
		return nil, invalidEvent()
	}
	if f := a.Fleet; f != nil && f.CardholderPromptData != nil {
		p := f.CardholderPromptData
		if p.DriverID != nil {
			r.Prompt.DriverID = *p.DriverID
		}
		if p.VehicleNumber != nil {
			r.Prompt.UnitNumber = *p.VehicleNumber
		}
		r.Prompt.Odometer = p.Odometer
	}
	if f := a.Fuel; f != nil {
		g, err := parseGallons(f.QuantityDecimal)
		if err != nil {
			return nil, err
		}
		r.Gallons, r.Product = g, fuelportal.ProductOfFuel(f.IndustryProductCode, f.Type)
	}
	return r, nil
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
