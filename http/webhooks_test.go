package http_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"fuelportal"
	"fuelportal/http/apitest"
	"fuelportal/netguard"
	"fuelportal/store"
	"fuelportal/webhooks"
)

type webhookEndpointJSON struct {
	ID        int64
	URL       string
	Events    []string
	Active    bool
	Failing   bool
	Secret    string
	CreatedAt string
}

type webhookDeliveryJSON struct {
	ID           int64
	EventID      string
	EventType    string
	Status       string
	Attempts     int
	LastError    string
	ResponseCode *int
}

// hookReceiver is a local endpoint counting what it receives.
func hookReceiver(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		n.Add(1)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func TestWebhooks_OwnerAddsEditsDeliversResendsAndDeletes(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.srv.OutgoingPolicy = netguard.Policy{AllowPrivate: true} // the receiver is on loopback
		rcv, received := hookReceiver(t)
		ctx := context.Background()

		var list struct {
			Content    []webhookEndpointJSON
			EventTypes []string
		}
		f.api.Get("/api/wex/company/webhooks", f.owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 0 || len(list.EventTypes) != len(fuelportal.WebhookEventTypes) || list.EventTypes[0] != "transaction.approved" {
			t.Fatalf("list = %+v", list)
		}

		var created webhookEndpointJSON
		f.api.Post("/api/wex/company/webhooks", map[string]any{"url": rcv.URL + "/hook", "events": []string{"transaction.approved", "transaction.approved", "wallet.low"}},
			f.owner).ExpectStatus(t, 201).Decode(t, &created)
		if created.ID == 0 || !strings.HasPrefix(created.Secret, "whsec_") || !created.Active || created.Failing ||
			strings.Join(created.Events, ",") != "transaction.approved,wallet.low" || !strings.HasSuffix(created.CreatedAt, "Z") {
			t.Fatalf("created = %+v", created)
		}
		// The secret is never shown again.
		res := f.api.Get("/api/wex/company/webhooks", f.owner).ExpectStatus(t, 200)
		if strings.Contains(string(res.Body), created.Secret) || strings.Contains(string(res.Body), "secret") {
			t.Fatalf("list shows the secret: %s", res.Body)
		}

		var updated webhookEndpointJSON
		path := fmt.Sprintf("/api/wex/company/webhooks/%d", created.ID)
		f.api.Put(path, map[string]any{"url": rcv.URL + "/hook", "events": []string{"trip.created"}, "active": false}, f.owner).ExpectStatus(t, 200).Decode(t, &updated)
		if updated.Active || strings.Join(updated.Events, ",") != "trip.created" || updated.Secret != "" {
			t.Fatalf("updated = %+v", updated)
		}
		// Inactive: no delivery is queued.
		if id, err := publishWebhook(t, f.db, f.demoCompany, fuelportal.WebhookTripCreated, map[string]int{"tripId": 1}); err != nil || id != "" {
			t.Fatalf("queued %q, %v for an inactive endpoint", id, err)
		}
		f.api.Put(path, map[string]any{"url": rcv.URL + "/hook", "events": []string{"trip.created"}}, f.owner).ExpectStatus(t, 200).Decode(t, &updated)
		if !updated.Active {
			t.Fatal("active is not true by default")
		}
		eventID, err := publishWebhook(t, f.db, f.demoCompany, fuelportal.WebhookTripCreated, map[string]int{"tripId": 1})
		if err != nil || eventID == "" {
			t.Fatalf("enqueue: %q, %v", eventID, err)
		}
		worker := webhooks.New(webhooks.Deps{Store: f.db, Policy: f.srv.OutgoingPolicy, Logger: slog.New(slog.DiscardHandler)})
		worker.DeliverDue(ctx)

		var deliveries struct{ Content []webhookDeliveryJSON }
		f.api.Get(path+"/deliveries", f.owner).ExpectStatus(t, 200).Decode(t, &deliveries)
		if len(deliveries.Content) != 1 {
			t.Fatalf("deliveries = %+v", deliveries)
		}
		d := deliveries.Content[0]
		if d.EventID != eventID || d.EventType != "trip.created" || d.Status != "DELIVERED" || d.Attempts != 1 || d.ResponseCode == nil || *d.ResponseCode != 200 {
			t.Fatalf("delivery = %+v", d)
		}

		var resent webhookDeliveryJSON
		f.api.Post(fmt.Sprintf("/api/wex/company/webhooks/deliveries/%d/resend", d.ID), nil, f.owner).ExpectStatus(t, 201).Decode(t, &resent)
		if resent.ID == d.ID || resent.EventID != eventID || resent.Status != "PENDING" {
			t.Fatalf("resent = %+v", resent)
		}
		worker.DeliverDue(ctx)
		if n := received.Load(); n != 2 {
			t.Fatalf("receiver got %d", n)
		}

		f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: f.owner}).ExpectStatus(t, 204)
		f.api.Get("/api/wex/company/webhooks", f.owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 0 {
			t.Fatalf("after delete: %+v", list)
		}
		f.api.Get(path+"/deliveries", f.owner).ExpectStatus(t, 404)
	})
}

func TestWebhooks_AnotherCompanysEndpointIsNotFound(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.srv.OutgoingPolicy = netguard.Policy{AllowPrivate: true}
		rcv, _ := hookReceiver(t)
		var created webhookEndpointJSON
		f.api.Post("/api/wex/company/webhooks", map[string]any{"url": rcv.URL, "events": []string{"wallet.low"}}, f.owner).ExpectStatus(t, 201).Decode(t, &created)
		if _, err := publishWebhook(t, f.db, f.demoCompany, fuelportal.WebhookWalletLow, map[string]int{"balanceCents": 100}); err != nil {
			t.Fatal(err)
		}
		var deliveries struct{ Content []webhookDeliveryJSON }
		path := fmt.Sprintf("/api/wex/company/webhooks/%d", created.ID)
		f.api.Get(path+"/deliveries", f.owner).ExpectStatus(t, 200).Decode(t, &deliveries)

		var list struct{ Content []webhookEndpointJSON }
		f.api.Get("/api/wex/company/webhooks", f.other).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 0 {
			t.Fatalf("the other company sees %+v", list)
		}
		body := map[string]any{"url": rcv.URL, "events": []string{"wallet.low"}}
		f.api.Put(path, body, f.other).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: f.other}).ExpectStatus(t, 404)
		f.api.Get(path+"/deliveries", f.other).ExpectStatus(t, 404)
		f.api.Post(fmt.Sprintf("/api/wex/company/webhooks/deliveries/%d/resend", deliveries.Content[0].ID), nil, f.other).ExpectStatus(t, 404)
		for _, bad := range []string{"0", "abc", "99999999999"} {
			f.api.Get("/api/wex/company/webhooks/"+bad+"/deliveries", f.owner).ExpectStatus(t, 404)
		}
		// Drivers have no access at all.
		f.api.Get("/api/wex/company/webhooks", f.driver).ExpectStatus(t, 403)
		// The owner's endpoint is untouched.
		f.api.Get(path+"/deliveries", f.owner).ExpectStatus(t, 200)
	})
}

func TestWebhooks_BadEndpointsAre400WithFieldErrors(t *testing.T) {
	f := newFleetOn(t, newFixture(t))
	// The strict rule: https to public addresses only.
	long := "https://93.184.215.14/" + strings.Repeat("a", fuelportal.MaxWebhookURLLength)
	manyEvents := make([]string, 21)
	for i := range manyEvents {
		manyEvents[i] = "wallet.low"
	}
	tests := []struct {
		name   string
		body   map[string]any
		field  string
		breaks bool
	}{
		{"no URL", map[string]any{"url": "", "events": []string{"wallet.low"}}, "url", false},
		{"plain http", map[string]any{"url": "http://93.184.215.14/hook", "events": []string{"wallet.low"}}, "url", false},
		{"not a URL", map[string]any{"url": "hook me", "events": []string{"wallet.low"}}, "url", false},
		{"user info", map[string]any{"url": "https://me:pw@93.184.215.14/", "events": []string{"wallet.low"}}, "url", false},
		{"too long", map[string]any{"url": long, "events": []string{"wallet.low"}}, "url", true},
		{"loopback", map[string]any{"url": "https://127.0.0.1/hook", "events": []string{"wallet.low"}}, "url", false},
		{"private", map[string]any{"url": "https://10.0.0.5/hook", "events": []string{"wallet.low"}}, "url", false},
		{"metadata", map[string]any{"url": "https://169.254.169.254/latest/meta-data/", "events": []string{"wallet.low"}}, "url", false},
		{"IPv6 loopback", map[string]any{"url": "https://[::1]/hook", "events": []string{"wallet.low"}}, "url", false},
		{"a name resolving to loopback", map[string]any{"url": "https://localhost:8443/hook", "events": []string{"wallet.low"}}, "url", false},
		{"no events", map[string]any{"url": "https://93.184.215.14/hook", "events": []string{}}, "events", true},
		{"unknown event", map[string]any{"url": "https://93.184.215.14/hook", "events": []string{"card.stolen"}}, "events", false},
		{"too many events", map[string]any{"url": "https://93.184.215.14/hook", "events": manyEvents}, "events", true},
		{"events not a list", map[string]any{"url": "https://93.184.215.14/hook", "events": "wallet.low"}, "events", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/webhooks", Body: tt.body, Token: f.owner, BreaksContract: tt.breaks}).ExpectStatus(t, 400)
			if fields := res.FieldErrors(t); len(fields[tt.field]) == 0 {
				t.Fatalf("field errors = %v, want one on %s", fields, tt.field)
			}
		})
	}
	// A public address is accepted.
	f.api.Post("/api/wex/company/webhooks", map[string]any{"url": "https://93.184.215.14/hook", "events": []string{"wallet.low"}}, f.owner).ExpectStatus(t, 201)
}

// publishWebhook publishes an event of webhook type typ (the event type of
// the same name) of company companyID with data, derived at once, and
// returns the webhook event id of the delivery it queued ("" when none).
func publishWebhook(t *testing.T, db *store.DB, companyID int64, typ fuelportal.WebhookEventType, data any) (string, error) {
	t.Helper()
	ctx := context.Background()
	newest := func() (id string, delivery int64, err error) {
		endpoints, err := db.WebhookEndpoints(ctx, companyID)
		if err != nil {
			return "", 0, err
		}
		for _, e := range endpoints {
			list, err := db.WebhookDeliveries(ctx, companyID, e.ID)
			if err != nil {
				return "", 0, err
			}
			if len(list) > 0 && list[0].ID > delivery {
				id, delivery = list[0].EventID, list[0].ID
			}
		}
		return id, delivery, nil
	}
	_, before, err := newest()
	if err != nil {
		return "", err
	}
	if err := db.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventType(typ), CompanyID: companyID, Data: data}); err != nil {
		return "", err
	}
	id, after, err := newest()
	if err != nil || after == before {
		return "", err
	}
	return id, nil
}
