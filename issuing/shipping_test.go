package issuing_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/issuing"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestRecordShipping_ANewStatusIsPublishedOnceWithItsChange: the shipping
// flow writes card.shipping once for each new status, in the transaction
// that records it, with the card's data; news of the same status, a late
// older status, a status the portal does not know and a card it does not
// have write none; two deliveries of one status at once record it and
// publish it once.
func TestRecordShipping_ANewStatusIsPublishedOnceWithItsChange(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		companyID := newCompany(t, db, fuelportal.NewCardNumber(0, 1))
		card := &fuelportal.Card{CompanyID: companyID, CardNumber: fuelportal.NewCardNumber(companyID, 2), DriverName: "Ann", DriverID: "A", UnitNumber: "T",
			Issuer: fuelportal.IssuerStripe, IssuerCardID: "ic_ann"}
		if err := db.AddCard(ctx, card); err != nil {
			t.Fatal(err)
		}
		svc := issuing.New(issuing.Deps{DB: db})
		record := func(issuerCardID string, s fuelportal.CardShipping) {
			t.Helper()
			if err := svc.RecordShipping(ctx, fuelportal.CardShippingUpdate{Issuer: fuelportal.IssuerStripe, IssuerCardID: issuerCardID, Shipping: s}); err != nil {
				t.Fatal(err)
			}
		}
		recorded := func() *fuelportal.CardShipping {
			t.Helper()
			c, err := db.CompanyCard(ctx, companyID, card.CardNumber)
			if err != nil || c.Shipping == nil {
				t.Fatalf("card %+v, %v", c, err)
			}
			return c.Shipping
		}

		record("ic_ann", fuelportal.CardShipping{Status: fuelportal.ShippingPending})
		// The same status with a tracking number: kept, no news.
		record("ic_ann", fuelportal.CardShipping{Status: fuelportal.ShippingPending, TrackingNumber: "9400 1"})
		if s := recorded(); s.Status != fuelportal.ShippingPending || s.TrackingNumber != "9400 1" {
			t.Fatalf("after the same status: %+v", s)
		}
		submitted := fuelportal.CardShipping{Status: fuelportal.ShippingSubmitted, Carrier: "usps"}
		record("ic_ann", submitted)
		// Late, unknown, another deployment's card: nothing recorded, no news.
		record("ic_ann", fuelportal.CardShipping{Status: fuelportal.ShippingPending})
		record("ic_ann", fuelportal.CardShipping{})
		record("ic_nobody", fuelportal.CardShipping{Status: fuelportal.ShippingDelivered})
		if s := recorded(); s.Status != fuelportal.ShippingSubmitted || s.Carrier != "usps" {
			t.Fatalf("after the news left alone: %+v", s)
		}
		// One status delivered twice at once.
		shipped := fuelportal.CardShipping{Status: fuelportal.ShippingShipped, Carrier: "usps", TrackingNumber: "9400 2"}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = svc.RecordShipping(ctx, fuelportal.CardShippingUpdate{Issuer: fuelportal.IssuerStripe, IssuerCardID: "ic_ann", Shipping: shipped})
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if s := recorded(); s.Status != fuelportal.ShippingShipped {
			t.Fatalf("after shipped: %+v", s)
		}

		events := storetest.PublishedEvents(t, db, fuelportal.EventCardShipping)
		want := []fuelportal.CardShipping{{Status: fuelportal.ShippingPending}, submitted, shipped}
		if len(events) != len(want) {
			var data []string
			for _, e := range events {
				data = append(data, string(e.Data))
			}
			t.Fatalf("%d card.shipping events %s, want %d", len(events), data, len(want))
		}
		for i, s := range want {
			wantData, err := json.Marshal(fuelportal.CardShippingEvent(card, s).Data)
			if err != nil {
				t.Fatal(err)
			}
			if e := events[i]; e.CompanyID != companyID || string(e.Data) != string(wantData) {
				t.Errorf("event %d: company %d %s, want company %d %s", i, e.CompanyID, e.Data, companyID, wantData)
			}
		}
		// Shipped is the owners' news: its alert names the card.
		if a := events[2].Alert; a == nil || a.CardID != card.ID || events[0].Alert != nil {
			t.Fatalf("alerts: pending %+v, shipped %+v", events[0].Alert, a)
		}
	})
}
