package trips_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/geo"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/trips"
)

// A locked trip's alerts, published by the trip flow, keep what words them
// through the events and alerts tables: a Spanish owner reads the driver's
// request, the owner's re-plan at the driver's word and the trip's end in
// Spanish, an English owner their English message; another company lists
// none of them.
func TestTripAlerts_ReadInEachLanguage(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000010")
		owner, err := db.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		own := fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Active.ID}
		trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, true)
		if err := storetest.CreateTrip(ctx, db, company, trip); err != nil {
			t.Fatal(err)
		}
		svc := trips.New(trips.Deps{Store: db, Stations: &countingStations{}})
		driverActor := trips.Actor{Role: fuelportal.RoleUser, UserID: driver.ID, Scope: own}
		ownerActor := trips.Actor{Role: fuelportal.RoleCompany, UserID: owner.ID, Scope: company}
		replan, err := svc.Request(ctx, driverActor, trip.ID, fuelportal.TripRequestReplan, "road closed", geo.Point{Lat: 28.5, Lon: -82.2}, 50)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Decide(ctx, ownerActor, replan.ID, true); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.End(ctx, ownerActor, trip.ID, fuelportal.TripCancelled); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DispatchEvents(ctx); err != nil {
			t.Fatal(err)
		}

		want := map[string][2]string{
			string(fuelportal.AlertTripRequest): {
				"Trip request: " + f.Active.DriverName + ", card ending " + fuelportal.Last4(f.Active.CardNumber) + ", asks to re-plan the trip Ocala, FL → Tampa, FL. “road closed”",
				"Solicitud de viaje: " + f.Active.DriverName + ", tarjeta terminada en " + fuelportal.Last4(f.Active.CardNumber) + ", pide replanificar el viaje Ocala, FL → Tampa, FL. “road closed”"},
			string(fuelportal.AlertTripReplanned): {
				"Locked trip re-planned: " + f.Active.DriverName + ", card ending " + fuelportal.Last4(f.Active.CardNumber) + ", the trip Ocala, FL → Tampa, FL has plan version 2 (asked by the driver, approved by an owner); the card may buy only at its stops.",
				"Viaje bloqueado replanificado: " + f.Active.DriverName + ", tarjeta terminada en " + fuelportal.Last4(f.Active.CardNumber) + ", el viaje Ocala, FL → Tampa, FL tiene la versión 2 del plan (pedido por el chofer, aprobado por un dueño); la tarjeta solo puede comprar en sus paradas."},
			string(fuelportal.AlertTripEnded): {
				"Locked trip cancelled: " + f.Active.DriverName + ", card ending " + fuelportal.Last4(f.Active.CardNumber) + ", the trip Ocala, FL → Tampa, FL, by an owner. The card lock is lifted.",
				"Viaje bloqueado cancelado: " + f.Active.DriverName + ", tarjeta terminada en " + fuelportal.Last4(f.Active.CardNumber) + ", el viaje Ocala, FL → Tampa, FL, por un dueño. Se levantó el bloqueo de la tarjeta."},
		}
		seen := map[string]bool{}
		for _, a := range storetest.AlertsOf(t, db, f.Company.ID, false).Items {
			w, ok := want[a.Kind]
			if !ok {
				continue
			}
			seen[a.Kind] = true
			if a.Message != w[0] || fuelportal.AlertItemText(a, fuelportal.LanguageEnglish) != w[0] {
				t.Errorf("%s English = %q\n want %q", a.Kind, a.Message, w[0])
			}
			if got := fuelportal.AlertItemText(a, fuelportal.LanguageSpanish); got != w[1] {
				t.Errorf("%s Spanish = %q\n want %q", a.Kind, got, w[1])
			}
		}
		if len(seen) != len(want) {
			t.Errorf("alerts of kinds %v, want %d kinds", seen, len(want))
		}
		for _, a := range storetest.AlertsOf(t, db, other.ID, false).Items {
			if _, ok := want[a.Kind]; ok {
				t.Errorf("another company lists %s %q", a.Kind, a.Message)
			}
		}
	})
}

// TestDecide_ApprovedReplanTellsTheDriver: the driver whose re-plan request
// an owner approves hears of the new plan (a push), and the request's alert
// is read; a denied one changes no plan and pushes nothing.
func TestDecide_ApprovedReplanTellsTheDriver(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		owner, err := db.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		device := storetest.SavePush(t, db, driver.ID, "https://push.example.test/dan")
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, true)
		if err := storetest.CreateTrip(ctx, db, company, trip); err != nil {
			t.Fatal(err)
		}
		svc := trips.New(trips.Deps{Store: db, Stations: &countingStations{}})
		driverActor := trips.Actor{Role: fuelportal.RoleUser, UserID: driver.ID, Scope: fuelportal.TransactionScope{CompanyID: f.Company.ID, CardID: f.Active.ID}}
		ownerActor := trips.Actor{Role: fuelportal.RoleCompany, UserID: owner.ID, Scope: company}
		ask := func() *fuelportal.TripRequest {
			t.Helper()
			req, err := svc.Request(ctx, driverActor, trip.ID, fuelportal.TripRequestReplan, "", geo.Point{Lat: 28.5, Lon: -82.2}, 50)
			if err != nil {
				t.Fatal(err)
			}
			return req
		}
		unreadRequests := func() (n int) {
			for _, a := range storetest.AlertsOf(t, db, f.Company.ID, true).Items {
				if a.Kind == string(fuelportal.AlertTripRequest) {
					n++
				}
			}
			return n
		}

		denied, err := svc.Decide(ctx, ownerActor, ask().ID, false)
		if err != nil || denied.Status != fuelportal.TripRequestDenied || denied.PlanVersion != 0 {
			t.Fatalf("denied = %+v, %v", denied, err)
		}
		if pushed := storetest.ClaimPushes(t, db); len(pushed) != 0 {
			t.Fatalf("pushes after a denial: %+v", pushed)
		}
		approved, err := svc.Decide(ctx, ownerActor, ask().ID, true)
		if err != nil || approved.Status != fuelportal.TripRequestApproved || approved.PlanVersion != 2 {
			t.Fatalf("approved = %+v, %v", approved, err)
		}
		pushed := storetest.ClaimPushes(t, db)
		if len(pushed) != 1 || pushed[0].Subscription.ID != device.ID || !strings.Contains(string(pushed[0].Payload), fmt.Sprintf("trip-%d", trip.ID)) {
			t.Fatalf("pushes after an approved re-plan: %+v", pushed)
		}
		if n := unreadRequests(); n != 0 {
			t.Fatalf("%d request alerts unread after the decisions", n)
		}
	})
}
