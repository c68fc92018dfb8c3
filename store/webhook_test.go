package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestCreateWebhookEndpoint_AtMost20PerCompany(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		company, _, _ := storetest.NewCompanyWithCard(t, db, "hooks@acme.test", "7071000000000000101")
		for i := range fuelportal.MaxWebhookEndpoints {
			storetest.NewWebhookEndpoint(t, db, company.ID, fmt.Sprintf("https://93.184.215.14/%d", i))
		}
		_, err := db.CreateWebhookEndpoint(context.Background(), company.ID, fuelportal.WebhookEndpointInput{
			URL: "https://93.184.215.14/one-more", Events: []fuelportal.WebhookEventType{fuelportal.WebhookWalletLow}}, fuelportal.CheckWebhookEndpointAdded)
		if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("21st endpoint: %v, want ECONFLICT", err)
		}
	})
}

func TestClaimWebhookDeliveries_ALeaseAndItsClaimToken(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		company, _, _ := storetest.NewCompanyWithCard(t, db, "lease@acme.test", "7071000000000000102")
		e := storetest.NewWebhookEndpoint(t, db, company.ID, "https://93.184.215.14/hook")
		if err := db.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventWalletLow, CompanyID: company.ID, Data: map[string]int64{"balanceCents": 500}}); err != nil {
			t.Fatalf("publish: %v", err)
		}
		list, err := db.WebhookDeliveries(ctx, company.ID, e.ID)
		if err != nil || len(list) != 1 {
			t.Fatalf("deliveries = %+v, %v", list, err)
		}
		eventID := list[0].EventID
		first, err := db.ClaimWebhookDeliveries(ctx, time.Minute, 10)
		if err != nil || len(first) != 1 || first[0].URL != e.URL || first[0].Secret != e.Secret || first[0].ClaimToken == "" || first[0].EventID != eventID {
			t.Fatalf("claim = %+v, %v", first, err)
		}
		if again, _ := db.ClaimWebhookDeliveries(ctx, time.Minute, 10); len(again) != 0 {
			t.Fatalf("claimed twice within the lease: %+v", again)
		}
		// The lease ends: another worker takes it; the first one's outcome is ignored.
		clock.Advance(time.Minute)
		second, err := db.ClaimWebhookDeliveries(ctx, time.Minute, 10)
		if err != nil || len(second) != 1 || second[0].ClaimToken == first[0].ClaimToken {
			t.Fatalf("after the lease: %+v, %v", second, err)
		}
		if d, err := recordWebhookAttempt(ctx, db, fuelportal.WebhookAttempt{DeliveryID: first[0].ID, ClaimToken: first[0].ClaimToken, Delivered: true, ResponseCode: 200}); err != nil || d != nil {
			t.Fatalf("stale claim recorded: %+v, %v", d, err)
		}
		list, _ = db.WebhookDeliveries(ctx, company.ID, e.ID)
		if list[0].Status != fuelportal.WebhookPending || list[0].Attempts != 0 {
			t.Fatalf("a stale claim recorded its outcome: %+v", list[0])
		}
		if d, err := recordWebhookAttempt(ctx, db, fuelportal.WebhookAttempt{DeliveryID: second[0].ID, ClaimToken: second[0].ClaimToken, Delivered: true, ResponseCode: 204}); err != nil ||
			d == nil || d.ID != second[0].ID || d.EndpointID != e.ID || d.CompanyID != company.ID || d.Status != fuelportal.WebhookDelivered {
			t.Fatalf("recorded = %+v, %v", d, err)
		}
		list, _ = db.WebhookDeliveries(ctx, company.ID, e.ID)
		if list[0].Status != fuelportal.WebhookDelivered || list[0].Attempts != 1 || list[0].ResponseCode != 204 {
			t.Fatalf("delivery = %+v", list[0])
		}

		// Delivered deliveries are kept 30 days.
		clock.Advance(fuelportal.WebhookDeliveryHistory - time.Hour)
		if err := db.DeleteExpired(ctx); err != nil {
			t.Fatal(err)
		}
		if list, _ := db.WebhookDeliveries(ctx, company.ID, e.ID); len(list) != 1 {
			t.Fatalf("deleted early: %d left", len(list))
		}
		clock.Advance(2 * time.Hour)
		if err := db.DeleteExpired(ctx); err != nil {
			t.Fatal(err)
		}
		if list, _ := db.WebhookDeliveries(ctx, company.ID, e.ID); len(list) != 0 {
			t.Fatalf("kept past 30 days: %d left", len(list))
		}
	})
}

func recordWebhookAttempt(ctx context.Context, db *store.DB, a fuelportal.WebhookAttempt) (d *fuelportal.WebhookDelivery, err error) {
	err = db.InTx(ctx, func(tx *store.Tx) error {
		d, err = tx.RecordWebhookAttempt(ctx, a)
		return err
	})
	return d, err
}

func TestMarkWebhookEndpointFailing_MarksOnceUntilCleared(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, _ := storetest.NewCompanyWithCard(t, db, "failing@acme.test", "7071000000000000105")
		e := storetest.NewWebhookEndpoint(t, db, company.ID, "https://93.184.215.14/failing")
		mark := func() (url string, marked bool) {
			t.Helper()
			if err := db.InTx(ctx, func(tx *store.Tx) (err error) {
				url, marked, err = tx.MarkWebhookEndpointFailing(ctx, e.ID)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return url, marked
		}
		if url, marked := mark(); !marked || url != e.URL {
			t.Fatalf("first mark = %q, %v", url, marked)
		}
		if got, _ := db.WebhookEndpoint(ctx, company.ID, e.ID); !got.Failing {
			t.Fatal("not failing after the mark")
		}
		if _, marked := mark(); marked {
			t.Fatal("marked twice")
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.ClearWebhookEndpointFailing(ctx, e.ID) }); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.WebhookEndpoint(ctx, company.ID, e.ID); got.Failing {
			t.Fatal("failing after the clear")
		}
		if _, marked := mark(); !marked {
			t.Fatal("not marked again after the clear")
		}
	})
}

func TestUpdateWebhookEndpoint_AnotherCompanysIsNotFound(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, _, _ := storetest.NewCompanyWithCard(t, db, "a@hooks.test", "7071000000000000103")
		b, _, _ := storetest.NewCompanyWithCard(t, db, "b@hooks.test", "7071000000000000104")
		e := storetest.NewWebhookEndpoint(t, db, a.ID, "https://93.184.215.14/a")
		in := fuelportal.WebhookEndpointInput{URL: "https://93.184.215.14/b", Events: []fuelportal.WebhookEventType{fuelportal.WebhookTripCreated}}
		if _, err := db.UpdateWebhookEndpoint(ctx, b.ID, e.ID, in); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("b updates a's endpoint: %v", err)
		}
		if _, err := db.WebhookEndpoint(ctx, b.ID, e.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("b reads a's endpoint: %v", err)
		}
		if list, _ := db.WebhookEndpoints(ctx, b.ID); len(list) != 0 {
			t.Fatalf("b lists %d endpoints", len(list))
		}
		got, err := db.UpdateWebhookEndpoint(ctx, a.ID, e.ID, in)
		if err != nil || got.URL != in.URL || len(got.Events) != 1 || got.Active || got.Secret != e.Secret {
			t.Fatalf("updated = %+v, %v", got, err)
		}
	})
}
