package store_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestTripDatedInThePast: a trip created with a past date (the demo's) has
// its first plan of that date too, not of the day it was stored.
func TestTripDatedInThePast(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		trip := storetest.NewTrip(f.Active.CardNumber, f.Station.ID, false)
		trip.CreatedAt = time.Now().UTC().AddDate(0, -1, 0).Truncate(time.Second)
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateTrip(ctx, company, trip) }); err != nil {
			t.Fatal(err)
		}
		got, err := db.Trip(ctx, company, trip.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.CreatedAt.Equal(trip.CreatedAt) || !got.UpdatedAt.Equal(trip.CreatedAt) {
			t.Errorf("trip created %v, updated %v; want both %v", got.CreatedAt, got.UpdatedAt, trip.CreatedAt)
		}
		plans, err := db.TripPlanVersions(ctx, got, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(plans) != 1 || !plans[0].CreatedAt.Equal(trip.CreatedAt) {
			t.Fatalf("plans = %+v; want one made %v", plans, trip.CreatedAt)
		}
	})
}
