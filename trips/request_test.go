package trips_test

import (
	"context"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/geo"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/trips"
)

// TestRequests_OwnersLockBindsTheDriverAndOneOfConcurrentOnesWins: an
// owner's lock binds the driver within the trip's transaction (the scope
// tells who acts), and concurrent requests and decisions settle to one
// winner on both engines.
func TestRequests_OwnersLockBindsTheDriverAndOneOfConcurrentOnesWins(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
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
		svc := trips.New(trips.Deps{Store: db, Stations: &countingStations{}})
		ownerActor := trips.Actor{Role: fuelportal.RoleCompany, UserID: owner.ID, Scope: company}
		driverActor := trips.Actor{Role: fuelportal.RoleUser, UserID: driver.ID, Scope: own}
		trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, true)
		if err := storetest.CreateTrip(ctx, db, company, trip); err != nil {
			t.Fatal(err)
		}
		if !trip.OwnerLock {
			t.Fatal("an owner's locked trip is not an owner lock")
		}

		t.Run("the driver neither ends nor re-plans it", func(t *testing.T) {
			if _, err := svc.End(ctx, driverActor, trip.ID, fuelportal.TripCompleted); fuelportal.ErrorCode(err) != fuelportal.EFORBIDDEN {
				t.Fatalf("end: err = %v", err)
			}
			next := *trip.Plan
			next.Reason = fuelportal.TripPlanReplanned
			if _, err := svc.AddPlan(ctx, own, trip.ID, &next); fuelportal.ErrorCode(err) != fuelportal.EFORBIDDEN {
				t.Fatalf("re-plan: err = %v", err)
			}
			got, _ := db.Trip(ctx, company, trip.ID)
			if got.Status != fuelportal.TripActive || got.Plan.Version != 1 {
				t.Fatalf("trip = %s v%d", got.Status, got.Plan.Version)
			}
		})

		var req *fuelportal.TripRequest
		t.Run("concurrent end requests: one wins, the rest conflict", func(t *testing.T) {
			req = storetest.OneWins(t, 6, func() (*fuelportal.TripRequest, error) {
				return svc.Request(ctx, driverActor, trip.ID, fuelportal.TripRequestEnd, "", geo.Point{}, 0)
			})
		})

		t.Run("another company's owner cannot decide it", func(t *testing.T) {
			_, err := svc.Decide(ctx, trips.Actor{Role: fuelportal.RoleCompany, UserID: owner.ID, Scope: fuelportal.TransactionScope{CompanyID: f.Company.ID + 1000}}, req.ID, true)
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("err = %v", err)
			}
		})

		t.Run("concurrent decisions: one wins; an approval ends the trip", func(t *testing.T) {
			var wg sync.WaitGroup
			errs := make([]error, 6)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = svc.Decide(ctx, ownerActor, req.ID, i%2 == 0)
				}()
			}
			wg.Wait()
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
				} else if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
					t.Fatalf("err = %v", err)
				}
			}
			if won != 1 {
				t.Fatalf("%d decisions won", won)
			}
			decided, err := db.TripRequest(ctx, f.Company.ID, req.ID)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := db.Trip(ctx, company, trip.ID)
			switch decided.Status {
			case fuelportal.TripRequestApproved:
				if got.Status != fuelportal.TripCompleted {
					t.Fatalf("approved, trip %s", got.Status)
				}
			case fuelportal.TripRequestDenied:
				if got.Status != fuelportal.TripActive {
					t.Fatalf("denied, trip %s", got.Status)
				}
			default:
				t.Fatalf("request = %+v", decided)
			}
		})
	})
}
