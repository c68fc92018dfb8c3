package purchases_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// stopPlan is a plan version of the given reason with one stop per
// station (gallons each, $3.500 a gallon).
func stopPlan(reason fuelportal.TripPlanReason, stops map[int64]fuelportal.Gallons) *fuelportal.TripPlan {
	p := &fuelportal.TripPlan{Reason: reason, StartFuel: 60_000}
	for station, g := range stops {
		cost := fuelportal.PriceOf(g, 3500)
		p.Stops = append(p.Stops, fuelportal.TripStop{StationID: station, StationName: fmt.Sprint("Stop ", station), Gallons: g, Price: 3500, CostCents: cost})
		p.TotalGallons += g
		p.TotalCents += cost
	}
	return p
}

// tripLockFixture is a fleet with a funded wallet, a second station
// across the street from the first, and a card with a trip on it.
type tripLockFixture struct {
	*storetest.Fleet
	other   *fuelportal.Station
	company fuelportal.TransactionScope
}

func newTripLockFixture(t *testing.T, db *store.DB) *tripLockFixture {
	t.Helper()
	ctx := context.Background()
	f := &tripLockFixture{Fleet: storetest.NewFleet(t, db, storetest.Prepaid)}
	f.company = fuelportal.TransactionScope{CompanyID: f.Fleet.Company.ID}
	if _, _, err := db.CreditWallet(ctx, f.Fleet.Company.ID, 100_000_00, fuelportal.LedgerTopUp, "seed"); err != nil {
		t.Fatal(err)
	}
	f.other = &fuelportal.Station{ID: 413, Name: "Love's #413", Latitude: f.Station.Latitude + 0.005, Longitude: f.Station.Longitude, RetailPrice: 3999, NetPrice: 3899,
		PriceDate: time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)}
	if err := db.InTx(ctx, func(tx *store.Tx) error { _, err := tx.UpsertStations(ctx, []*fuelportal.Station{f.other}); return err }); err != nil {
		t.Fatal(err)
	}
	return f
}

// trip saves a trip with plan on the active card.
func (f *tripLockFixture) trip(t *testing.T, db *store.DB, lock bool, plan *fuelportal.TripPlan) *fuelportal.Trip {
	t.Helper()
	trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, lock)
	trip.Plan = plan
	if err := storetest.CreateTrip(context.Background(), db, f.company, trip); err != nil {
		t.Fatal(err)
	}
	return trip
}

// TestTripLock_BoundsTheStopAndTheTrip: a locked trip allows at a planned
// stop its planned gallons plus 10 % over all the purchases there, and on
// the whole plan its total plus 10 %, counted from the plan's basis (a
// price-change version keeps counting what was bought before it, a
// re-plan starts afresh).
func TestTripLock_BoundsTheStopAndTheTrip(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newTripLockFixture(t, db)
		n := 0
		buy := func(station int64, g fuelportal.Gallons) *fuelportal.Transaction {
			t.Helper()
			n++
			tr, _, err := flow(db).Record(ctx, purchase(fmt.Sprintf("lock-%d", n), f.Active.CardNumber, station, g))
			if err != nil {
				t.Fatal(err)
			}
			return tr
		}
		expect := func(tr *fuelportal.Transaction, want fuelportal.DeclineReason) {
			t.Helper()
			if tr.DeclineReason != want || (want == "") != (tr.Status == fuelportal.TransactionApproved) {
				t.Fatalf("%s of %d at %d: %s %q, want %q", tr.NetworkTransactionID, tr.Gallons, tr.LocationID, tr.Status, tr.DeclineReason, want)
			}
		}

		// The finding: five 33.7-gal purchases at the one stop of a 33.7-gal plan.
		trip := f.trip(t, db, true, stopPlan(fuelportal.TripPlanCreated, map[int64]fuelportal.Gallons{f.Station.ID: 33_700}))
		expect(buy(f.Station.ID, 33_700), "")
		for range 4 {
			expect(buy(f.Station.ID, 33_700), fuelportal.DeclineOverGallonsLeft)
		}
		expect(buy(f.Station.ID, 3_371), fuelportal.DeclineOverGallonsLeft) // 33.7 + 3.371 > 37.07
		expect(buy(f.Station.ID, 3_370), "")                                // exactly 37.07 in all
		expect(buy(f.Station.ID, 1), fuelportal.DeclineOverGallonsLeft)
		if tr := buy(f.Station.ID, 37_071); tr.DeclineReason != fuelportal.DeclineOverPlannedGallons {
			t.Fatalf("one purchase above the stop's bound: %q", tr.DeclineReason)
		}
		if _, err := storetest.EndTrip(ctx, db, f.company, trip.ID, fuelportal.TripCompleted); err != nil {
			t.Fatal(err)
		}

		// Two stops: 60 gal here, 40 across the street (100, bound 110).
		trip = f.trip(t, db, true, stopPlan(fuelportal.TripPlanCreated, map[int64]fuelportal.Gallons{f.Station.ID: 60_000, f.other.ID: 40_000}))
		expect(buy(f.Station.ID, 66_000), "")
		expect(buy(f.other.ID, 40_000), "")
		expect(buy(f.other.ID, 4_001), fuelportal.DeclineOverGallonsLeft) // the trip: 110.001 > 110
		expect(buy(f.other.ID, 4_000), "")                                // 110 in all, 44 at the stop

		// A price change re-plans from the same start: what was bought
		// under version 1 counts against version 2 (80 gal, bound 88).
		if _, err := tripFlow(db).AddPlan(ctx, f.company, trip.ID, stopPlan(fuelportal.TripPlanPriceChange, map[int64]fuelportal.Gallons{f.other.ID: 80_000})); err != nil {
			t.Fatal(err)
		}
		expect(buy(f.other.ID, 1_000), fuelportal.DeclineOverGallonsLeft)
		expect(buy(f.Station.ID, 1_000), fuelportal.DeclineNotPlannedStop)
		// A re-plan from where the truck is starts counting afresh.
		if _, err := tripFlow(db).AddPlan(ctx, f.company, trip.ID, stopPlan(fuelportal.TripPlanReplanned, map[int64]fuelportal.Gallons{f.other.ID: 50_000})); err != nil {
			t.Fatal(err)
		}
		expect(buy(f.other.ID, 55_000), "")
		expect(buy(f.other.ID, 1), fuelportal.DeclineOverGallonsLeft)

		// An override lifts the lock; the gallons above the plan are off plan.
		if _, err := db.GrantOverride(ctx, f.Fleet.Company.ID, f.Active.CardNumber, 1, false); err != nil {
			t.Fatal(err)
		}
		over := buy(f.other.ID, 10_000)
		expect(over, "")
		purchases, err := db.TripPurchases(ctx, trip.ID)
		if err != nil {
			t.Fatal(err)
		}
		last := purchases[len(purchases)-1]
		if last.Transaction.ID != over.ID || last.OnPlan || last.OffPlanGallons != 10_000 || last.MissedSavingsCents != fuelportal.PriceOf(10_000, over.NetPrice) {
			t.Fatalf("purchase above the plan = %+v", last)
		}
	})
}

// TestCompliance_CountsGallonsAbovePlanAsOffPlan: on an unlocked trip the
// purchases above a stop's bound are approved, and compliance counts the
// gallons above the plan off plan with their missed savings.
func TestCompliance_CountsGallonsAbovePlanAsOffPlan(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newTripLockFixture(t, db)
		trip := f.trip(t, db, false, stopPlan(fuelportal.TripPlanCreated, map[int64]fuelportal.Gallons{f.Station.ID: 33_700}))
		var bought []*fuelportal.Transaction
		for i := range 5 {
			tr, _, err := flow(db).Record(ctx, purchase(fmt.Sprintf("c-%d", i), f.Active.CardNumber, f.Station.ID, 33_700))
			if err != nil || tr.Status != fuelportal.TransactionApproved {
				t.Fatalf("purchase %d = %+v, %v", i, tr, err)
			}
			bought = append(bought, tr)
		}
		// 37.07 gal on plan (the stop's 33.7 plus 10 %), 131.43 above it:
		// fuel the plan did not need, missed at its whole cost.
		var funded int64
		for _, tr := range bought {
			funded += tr.FundedTotalCents
		}
		wantMissed := fuelportal.PriceOf(33_700-3_370, bought[1].NetPrice) + 3*fuelportal.PriceOf(33_700, bought[2].NetPrice)
		day := time.Date(2025, 3, 14, 0, 0, 0, 0, time.UTC)
		rows, err := db.Compliance(ctx, fuelportal.TransactionScope{CompanyID: f.Fleet.Company.ID}, day, day.AddDate(0, 0, 1))
		if err != nil || len(rows) != 1 {
			t.Fatalf("Compliance = %+v, %v", rows, err)
		}
		want := fuelportal.ComplianceRow{CardID: f.Active.ID, DriverName: f.Active.DriverName, CardNumber: f.Active.CardNumber, Trips: 1,
			PlannedGallons: 33_700, OnPlanGallons: 37_070, OffPlanGallons: 131_430, PlannedCostCents: fuelportal.PriceOf(33_700, 3500),
			ActualCostCents: funded, MissedSavingsCents: wantMissed}
		if rows[0] != want {
			t.Fatalf("Compliance row = %+v\nwant %+v", rows[0], want)
		}
		if missed, err := db.MissedSavings(ctx, f.company, day); err != nil || missed != wantMissed {
			t.Fatalf("MissedSavings = %d, %v; want %d", missed, err, wantMissed)
		}
		purchases, err := db.TripPurchases(ctx, trip.ID)
		if err != nil || len(purchases) != 5 || !purchases[0].OnPlan || purchases[1].OnPlan || purchases[1].OffPlanGallons != 30_330 {
			t.Fatalf("TripPurchases = %+v, %v", purchases, err)
		}
	})
}

// TestTripPlanVersions_AreBoundedAndPaged: a trip keeps at most
// MaxTripPlanVersions versions, and they are read a page at a time,
// newest first.
func TestTripPlanVersions_AreBoundedAndPaged(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newTripLockFixture(t, db)
		trip := f.trip(t, db, false, stopPlan(fuelportal.TripPlanCreated, map[int64]fuelportal.Gallons{f.Station.ID: 33_700}))
		for range fuelportal.MaxTripPlanVersions - 1 {
			if _, err := tripFlow(db).AddPlan(ctx, f.company, trip.ID, stopPlan(fuelportal.TripPlanReplanned, map[int64]fuelportal.Gallons{f.other.ID: 10_000})); err != nil {
				t.Fatal(err)
			}
		}
		_, err := tripFlow(db).AddPlan(ctx, f.company, trip.ID, stopPlan(fuelportal.TripPlanReplanned, map[int64]fuelportal.Gallons{f.other.ID: 10_000}))
		if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("a version past the bound: %v", err)
		}
		got, err := db.Trip(ctx, f.company, trip.ID)
		if err != nil || got.Plan.Version != fuelportal.MaxTripPlanVersions {
			t.Fatalf("Trip = %+v, %v", got, err)
		}
		for _, c := range []struct {
			offset, limit int
			first, n      int
		}{
			{0, 10, fuelportal.MaxTripPlanVersions, 10},
			{95, 10, 5, 5},
			{100, 10, 0, 0},
		} {
			plans, err := db.TripPlanVersions(ctx, got, c.offset, c.limit)
			if err != nil || len(plans) != c.n || (c.n > 0 && (plans[0].Version != c.first || plans[c.n-1].Version != c.first-c.n+1 || len(plans[0].Stops) != 1)) {
				t.Fatalf("TripPlanVersions(%d, %d) = %d plans, %v", c.offset, c.limit, len(plans), err)
			}
		}
	})
}
