package stripe

import (
	"net/url"

	"fuelportal"
)

// EventCardUpdated is the Issuing event of a card's change: the portal
// reads its shipment (docs/issuing.md, "A physical card's shipment").
const EventCardUpdated = "issuing_card.updated"

// cardShipping is the part of a Stripe Issuing card's shipping the portal
// keeps.
type cardShipping struct {
	Status         string `json:"status"`
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"tracking_number"`
	TrackingURL    string `json:"tracking_url"`
	ETA            int64  `json:"eta"`
}

// issuingCard is the part of an issuing_card.updated event's card the
// portal reads.
type issuingCard struct {
	ID       string        `json:"id"`
	Type     string        `json:"type"`
	Shipping *cardShipping `json:"shipping"`
}

// shipping maps Stripe's shipping of a card, each text within its bounds
// (field errors named by Stripe's fields); nil without one. A status the
// portal does not know (Stripe may add some) is read as "" and the caller
// records nothing. A tracking address is kept only as an absolute http(s)
// URL: the app shows it as a link.
func (s *cardShipping) shipping(b *bounds) *fuelportal.CardShipping {
	if s == nil {
		return nil
	}
	code, text := fuelportal.Rule("code"), fuelportal.Rule("text")
	b.text(code, "shipping.status", s.Status)
	b.text(code, "shipping.carrier", s.Carrier)
	b.text(text, "shipping.tracking_number", s.TrackingNumber)
	b.text(fuelportal.Rule("webhookUrl"), "shipping.tracking_url", s.TrackingURL)
	out := &fuelportal.CardShipping{Status: fuelportal.ShippingStatus(s.Status), Carrier: s.Carrier, TrackingNumber: s.TrackingNumber}
	if !out.Status.Valid() {
		out.Status = ""
	}
	if u, err := url.Parse(s.TrackingURL); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
		out.TrackingURL = s.TrackingURL
	}
	if s.ETA != 0 {
		if eta := b.time("shipping.eta", s.ETA); !eta.IsZero() {
			out.ETA = &eta
		}
	}
	return out
}

// cardUpdate maps an issuing_card.updated event's card: its shipment (nil
// shipping: a card that is not shipped).
func (c *issuingCard) cardUpdate(b *bounds) *fuelportal.CardShippingUpdate {
	b.id("id", c.ID)
	s := c.Shipping.shipping(b)
	if s == nil {
		return nil
	}
	return &fuelportal.CardShippingUpdate{Issuer: fuelportal.IssuerStripe, IssuerCardID: c.ID, Shipping: *s}
}
