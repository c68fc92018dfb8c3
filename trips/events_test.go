package trips_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/geo"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/trips"
)

// TestTripEvents_CreatingAndEndingATripWriteTheirEvents: the trip flow
// writes a trip's events in the transaction that saves or ends it, and the
// company's webhook and alerts are derived from them: every saved trip is
// a trip.created with the trip's data; every completed one a
// trip.completed (a cancelled one tells nothing); the end of a locked trip
// a TRIP_ENDED alert naming who ended it (an owner, the driver of their
// own lock, an owner approving the driver's request), except the end of a
// trip of the demo's history (EndPastIn). A refused end writes nothing.
func TestTripEvents_CreatingAndEndingATripWriteTheirEvents(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		owner, err := db.UserByEmail(ctx, storetest.FleetOwnerEmail)
		if err != nil {
			t.Fatal(err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		endpoint, err := db.CreateWebhookEndpoint(ctx, f.Company.ID, fuelportal.WebhookEndpointInput{URL: "https://93.184.215.14/hook",
			Events: fuelportal.WebhookEventTypes, Active: true}, fuelportal.CheckWebhookEndpointAdded)
		if err != nil {
			t.Fatal(err)
		}
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		own := fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Active.ID}
		svc := trips.New(trips.Deps{Store: db, Stations: &countingStations{}})
		ownerActor := trips.Actor{Role: fuelportal.RoleCompany, UserID: owner.ID, Scope: company}
		driverActor := trips.Actor{Role: fuelportal.RoleUser, UserID: driver.ID, Scope: own}
		// What the webhook is told of each trip, and the TRIP_ENDED alerts'
		// texts, as the trip flow returned the trip.
		wantHooks := map[string]fuelportal.WebhookTrip{}
		wantEnded := map[int64]string{}
		hook := func(kind fuelportal.WebhookEventType, trip *fuelportal.Trip) {
			wantHooks[fmt.Sprintf("%s %d", kind, trip.ID)] = fuelportal.TripWebhook(trip)
		}
		save := func(scope fuelportal.TransactionScope, lock bool) *fuelportal.Trip {
			t.Helper()
			trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, lock)
			if err := storetest.CreateTrip(ctx, db, scope, trip); err != nil {
				t.Fatal(err)
			}
			hook(fuelportal.WebhookTripCreated, trip)
			return trip
		}

		// Planned and saved by an owner, cancelled: trip.created only; its
		// second end is refused and writes nothing.
		planned := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false)
		planned.Plan = nil
		if err := svc.Create(ctx, company, planned); err != nil {
			t.Fatal(err)
		}
		hook(fuelportal.WebhookTripCreated, planned)
		if _, err := svc.End(ctx, ownerActor, planned.ID, fuelportal.TripCancelled); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.End(ctx, ownerActor, planned.ID, fuelportal.TripCompleted); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("ending a cancelled trip: %v", err)
		}

		// Locked by an owner, completed by an owner.
		ownerLocked := save(company, true)
		ended, err := svc.End(ctx, ownerActor, ownerLocked.ID, fuelportal.TripCompleted)
		if err != nil {
			t.Fatal(err)
		}
		hook(fuelportal.WebhookTripCompleted, ended)
		wantEnded[ended.ID] = fuelportal.TripEndedAlert(ended, fuelportal.TripEndedByOwner).Message

		// Locked by the driver, completed by the driver.
		driverLocked := save(own, true)
		if ended, err = svc.End(ctx, driverActor, driverLocked.ID, fuelportal.TripCompleted); err != nil {
			t.Fatal(err)
		}
		hook(fuelportal.WebhookTripCompleted, ended)
		wantEnded[ended.ID] = fuelportal.TripEndedAlert(ended, fuelportal.TripEndedByDriver).Message

		// Locked by an owner, completed by an owner approving the driver's request.
		requested := save(company, true)
		req, err := svc.Request(ctx, driverActor, requested.ID, fuelportal.TripRequestEnd, "", geo.Point{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Decide(ctx, ownerActor, req.ID, true); err != nil {
			t.Fatal(err)
		}
		if ended, err = db.Trip(ctx, company, requested.ID); err != nil || ended.Status != fuelportal.TripCompleted {
			t.Fatalf("trip after an approved end request = %+v, %v", ended, err)
		}
		wantHooks[fmt.Sprintf("%s %d", fuelportal.WebhookTripCompleted, ended.ID)] = fuelportal.WebhookTrip{} // its time as stored: checked by id and status
		wantEnded[ended.ID] = fuelportal.TripEndedAlert(ended, fuelportal.TripEndedByOwnerForDriver).Message

		// Locked, completed as the demo's history: trip.completed, no alert.
		past := save(company, true)
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			ended, err = svc.EndPastIn(ctx, tx, company, past.ID, fuelportal.TripCompleted)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		hook(fuelportal.WebhookTripCompleted, ended)

		if _, err := db.DispatchEvents(ctx); err != nil {
			t.Fatal(err)
		}
		deliveries, err := db.WebhookDeliveries(ctx, f.Company.ID, endpoint.ID)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]json.RawMessage{}
		for _, d := range deliveries {
			var event struct {
				Data json.RawMessage `json:"data"`
			}
			if err := json.Unmarshal(d.Payload, &event); err != nil {
				t.Fatalf("payload %s: %v", d.Payload, err)
			}
			var trip fuelportal.WebhookTrip
			if err := json.Unmarshal(event.Data, &trip); err != nil {
				t.Fatalf("%s data %s: %v", d.EventType, event.Data, err)
			}
			key := fmt.Sprintf("%s %d", d.EventType, trip.TripID)
			if _, twice := got[key]; twice {
				t.Errorf("%s delivered twice", key)
			}
			got[key] = event.Data
		}
		if keys, want := slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(wantHooks)); !slices.Equal(keys, want) {
			t.Fatalf("webhook events %q\n want %q", keys, want)
		}
		for key, want := range wantHooks {
			if want.TripID == 0 {
				var trip fuelportal.WebhookTrip
				if err := json.Unmarshal(got[key], &trip); err != nil || trip.Status != fuelportal.TripCompleted {
					t.Errorf("%s data %s", key, got[key])
				}
				continue
			}
			if wantJSON, _ := json.Marshal(want); string(got[key]) != string(wantJSON) {
				t.Errorf("%s data %s\n want %s", key, got[key], wantJSON)
			}
		}

		gotEnded := map[int64]string{}
		for _, a := range storetest.AlertsOf(t, db, f.Company.ID, false).Items {
			if a.Kind == string(fuelportal.AlertTripEnded) {
				if _, twice := gotEnded[a.TripID]; twice {
					t.Errorf("trip %d ended twice", a.TripID)
				}
				gotEnded[a.TripID] = a.Message
			}
		}
		if !maps.Equal(gotEnded, wantEnded) {
			t.Fatalf("TRIP_ENDED alerts %v\n want %v", gotEnded, wantEnded)
		}
	})
}
