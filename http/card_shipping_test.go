package http_test

import (
	"strings"
	"testing"
	"time"

	"fuelportal/store"
)

// cardUpdatedEvent is an issuing_card.updated event of card ic with
// shipping (nil: a card that is not shipped), id making it unique.
func cardUpdatedEvent(id, ic string, shipping map[string]any) []byte {
	card := map[string]any{"id": ic, "object": "issuing.card", "type": "physical", "status": "active", "shipping": shipping}
	b := issuingEvent("issuing_card.updated", card)
	return []byte(strings.Replace(string(b), `"id":"evt_`+ic, `"id":"evt_`+id+ic, 1))
}

type shippedCard struct {
	CardNumber string
	Shipping   *struct {
		Status                               string
		Carrier, TrackingNumber, TrackingURL *string
		ETA                                  *string
	}
}

func (f *issuingFixture) shippedCard(t *testing.T, token, number string) *shippedCard {
	t.Helper()
	var list struct{ Value []shippedCard }
	f.api.Get("/api/wex/company/get-cards", token).ExpectStatus(t, 200).Decode(t, &list)
	for i := range list.Value {
		if list.Value[i].CardNumber == number {
			return &list.Value[i]
		}
	}
	return nil
}

func TestCardShipping_IssuingCardUpdatedEventsMoveTheShipmentForward(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		if c := f.shippedCard(t, f.owner, f.card); c == nil || c.Shipping != nil {
			t.Fatalf("a card with no shipment: %+v", c)
		}
		eta := time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC)
		shipped := map[string]any{"status": "shipped", "carrier": "usps", "tracking_number": "9400 1000 0000 0000 0000 00",
			"tracking_url": "https://tools.usps.com/go/TrackConfirmAction?tLabels=94001", "eta": eta.Unix(), "name": "Ann Lee", "type": "individual"}
		f.post(t, cardUpdatedEvent("1", "ic_demo", shipped), issuingSecret).ExpectStatus(t, 200)
		c := f.shippedCard(t, f.owner, f.card)
		if c == nil || c.Shipping == nil || c.Shipping.Status != "shipped" || c.Shipping.Carrier == nil || *c.Shipping.Carrier != "usps" ||
			c.Shipping.TrackingURL == nil || !strings.HasPrefix(*c.Shipping.TrackingURL, "https://tools.usps.com/") ||
			c.Shipping.ETA == nil || !strings.HasPrefix(*c.Shipping.ETA, "2026-12-09T00:00:00") {
			t.Fatalf("after shipped: %+v", c.Shipping)
		}

		// An older event delivered late never moves the shipment back.
		f.post(t, cardUpdatedEvent("2", "ic_demo", map[string]any{"status": "pending"}), issuingSecret).ExpectStatus(t, 200)
		if c := f.shippedCard(t, f.owner, f.card); c.Shipping.Status != "shipped" {
			t.Fatalf("a late pending moved it back: %+v", c.Shipping)
		}
		// A status the portal does not know, a card it does not have, a card not shipped: answered, nothing recorded.
		f.post(t, cardUpdatedEvent("3", "ic_demo", map[string]any{"status": "lost_in_space"}), issuingSecret).ExpectStatus(t, 200)
		f.post(t, cardUpdatedEvent("4", "ic_nobody", map[string]any{"status": "delivered"}), issuingSecret).ExpectStatus(t, 200)
		f.post(t, cardUpdatedEvent("5", "ic_demo", nil), issuingSecret).ExpectStatus(t, 200)
		if c := f.shippedCard(t, f.owner, f.card); c.Shipping.Status != "shipped" {
			t.Fatalf("after ignored events: %+v", c.Shipping)
		}

		// Hostile values: a tracking link that is not http(s) is dropped; text past its bounds is a 400.
		f.post(t, cardUpdatedEvent("6", "ic_demo", map[string]any{"status": "returned", "tracking_url": "javascript:alert(1)"}), issuingSecret).ExpectStatus(t, 200)
		c = f.shippedCard(t, f.owner, f.card)
		if c.Shipping.Status != "returned" || c.Shipping.TrackingURL != nil || c.Shipping.Carrier != nil {
			t.Fatalf("after returned: %+v", c.Shipping)
		}
		f.post(t, cardUpdatedEvent("7", "ic_demo", map[string]any{"status": "delivered", "tracking_number": strings.Repeat("9", 300)}), issuingSecret).ExpectStatus(t, 400)
		f.post(t, cardUpdatedEvent("8", "ic_demo", map[string]any{"status": "delivered", "eta": 99999999999}), issuingSecret).ExpectStatus(t, 400)
		f.post(t, cardUpdatedEvent("9", "ic_demo", map[string]any{"status": "delivered"}), "whsec_wrong").ExpectStatus(t, 400)
		if c := f.shippedCard(t, f.owner, f.card); c.Shipping.Status != "returned" {
			t.Fatalf("a refused event recorded: %+v", c.Shipping)
		}

		// Each company sees its own cards' shipments only.
		if c := f.shippedCard(t, f.other, f.card); c != nil {
			t.Fatalf("another company sees the card: %+v", c)
		}
		var otherList struct{ Value []shippedCard }
		f.api.Get("/api/wex/company/get-cards", f.other).ExpectStatus(t, 200).Decode(t, &otherList)
		for _, c := range otherList.Value {
			if c.Shipping != nil {
				t.Fatalf("another company's card has a shipment: %+v", c)
			}
		}
	})
}
