package purchases_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestWebhookEvents_PublishedWithTheirDecisions: a purchase's decision and a
// trip's creation, re-plan and completion each queue their event for the
// company's subscribed endpoints in the same transaction; another company's
// endpoint hears nothing.
func TestWebhookEvents_PublishedWithTheirDecisions(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		if _, _, err := db.CreditWallet(ctx, f.Company.ID, 5000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
			t.Fatal(err)
		}
		all := fuelportal.WebhookEndpointInput{URL: "https://93.184.215.14/hook", Events: fuelportal.WebhookEventTypes, Active: true}
		ours, err := db.CreateWebhookEndpoint(ctx, f.Company.ID, all, fuelportal.CheckWebhookEndpointAdded)
		if err != nil {
			t.Fatal(err)
		}
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@acme.test", "7071000000000000909")
		theirs, err := db.CreateWebhookEndpoint(ctx, other.ID, all, fuelportal.CheckWebhookEndpointAdded)
		if err != nil {
			t.Fatal(err)
		}

		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		device := storetest.SavePush(t, db, driver.ID, "https://push.example.test/dan")
		scope := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false)
		if err := storetest.CreateTrip(ctx, db, scope, trip); err != nil {
			t.Fatal(err)
		}
		approved, _, err := flow(db).Record(ctx, purchase("W-1", f.Active.CardNumber, f.Station.ID, 50_000))
		if err != nil || approved.Status != fuelportal.TransactionApproved {
			t.Fatalf("approved purchase: %+v, %v", approved, err)
		}
		if _, _, err := flow(db).Record(ctx, purchase("W-2", f.Inactive.CardNumber, f.Station.ID, 50_000)); err != nil {
			t.Fatal(err)
		}
		replan := *storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false).Plan
		replan.Reason = fuelportal.TripPlanReplanned
		if _, err := tripFlow(db).AddPlan(ctx, scope, trip.ID, &replan); err != nil {
			t.Fatal(err)
		}
		// The driver hears of a re-plan they did not make, with the next stop;
		// of their own, nothing.
		pushed := storetest.ClaimPushes(t, db)
		if len(pushed) != 1 || pushed[0].Subscription.ID != device.ID || !strings.Contains(string(pushed[0].Payload), "next stop Pilot, 100 gal") {
			t.Fatalf("pushes after an owner's re-plan: %+v", pushed)
		}
		own := *storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false).Plan
		own.Reason = fuelportal.TripPlanReplanned
		driverScope := fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Active.ID}
		if _, err := tripFlow(db).AddPlan(ctx, driverScope, trip.ID, &own); err != nil {
			t.Fatal(err)
		}
		if pushed := storetest.ClaimPushes(t, db); len(pushed) != 0 {
			t.Fatalf("pushes after the driver's own re-plan: %+v", pushed)
		}
		if _, err := storetest.EndTrip(ctx, db, scope, trip.ID, fuelportal.TripCompleted); err != nil {
			t.Fatal(err)
		}

		deliveries, err := db.WebhookDeliveries(ctx, f.Company.ID, ours.ID)
		if err != nil {
			t.Fatal(err)
		}
		var types []fuelportal.WebhookEventType
		data := map[fuelportal.WebhookEventType]map[string]any{}
		for _, d := range deliveries {
			types = append(types, d.EventType)
			var event struct {
				Type fuelportal.WebhookEventType `json:"type"`
				Data map[string]any              `json:"data"`
			}
			if err := json.Unmarshal(d.Payload, &event); err != nil || event.Type != d.EventType {
				t.Fatalf("payload %s: %v", d.Payload, err)
			}
			data[d.EventType] = event.Data
		}
		slices.Sort(types)
		want := []fuelportal.WebhookEventType{fuelportal.WebhookTransactionApproved, fuelportal.WebhookTransactionDeclined,
			fuelportal.WebhookTripCompleted, fuelportal.WebhookTripCreated, fuelportal.WebhookTripReplanned, fuelportal.WebhookTripReplanned}
		if !slices.Equal(types, want) {
			t.Fatalf("events %v, want %v", types, want)
		}
		if got := data[fuelportal.WebhookTransactionApproved]; got["transactionId"] != float64(approved.ID) || got["status"] != "APPROVED" ||
			got["fundedTotal"] != float64(approved.FundedTotalCents)/100 || got["declineCode"] != nil {
			t.Fatalf("transaction.approved data %v", got)
		}
		if got := data[fuelportal.WebhookTransactionDeclined]; got["declineCode"] != string(fuelportal.DeclineCardInactive) {
			t.Fatalf("transaction.declined data %v", got)
		}
		if got := data[fuelportal.WebhookTripReplanned]; got["tripId"] != float64(trip.ID) || got["planVersion"] == nil {
			t.Fatalf("trip.replanned data %v", got)
		}
		if got := data[fuelportal.WebhookTripCompleted]; got["status"] != string(fuelportal.TripCompleted) {
			t.Fatalf("trip.completed data %v", got)
		}
		if theirs, err := db.WebhookDeliveries(ctx, other.ID, theirs.ID); err != nil || len(theirs) != 0 {
			t.Fatalf("another company's endpoint got %d deliveries, %v", len(theirs), err)
		}
	})
}
