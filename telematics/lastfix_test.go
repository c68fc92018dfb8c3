package telematics_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/telematics"
)

func newTrackedCompany(t *testing.T, db *store.DB) (int64, int64) {
	t.Helper()
	ctx := context.Background()
	company := &fuelportal.Company{Name: "Tracked Freight", CarrierID: 1234567}
	if err := db.CreateCompanyOwner(ctx, company, &fuelportal.User{Email: "tracked@example.com", PasswordHash: "hash"}); err != nil {
		t.Fatal(err)
	}
	v, err := db.CreateVehicle(ctx, company.ID, fuelportal.Vehicle{UnitNumber: "T-1", FuelType: "diesel", TankCapacity: 150_000, Active: true})
	if err != nil {
		t.Fatal(err)
	}
	return company.ID, v.ID
}

func TestIngest_KeepsTheLastFixAndNeverAJumpOrAFixAhead(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, vehicle := newTrackedCompany(t, db)
		now := time.Now().UTC().Truncate(time.Second)
		svc := telematics.New(telematics.Deps{Store: db, Now: func() time.Time { return now }})
		knots, fuel, odo := 50.0, 42.0, 160934.4
		last := func() *fuelportal.LastFix {
			fixes, err := db.LastFixes(ctx, company)
			if err != nil {
				t.Fatal(err)
			}
			return fixes[vehicle]
		}
		if _, err := svc.Ingest(ctx, company, []telematics.Position{
			{DeviceUniqueID: "T-1", FixTime: now.Add(-10 * time.Minute), Lat: 29.0, Lon: -82.0},
			{DeviceUniqueID: "T-1", FixTime: now.Add(-5 * time.Minute), Lat: 29.01, Lon: -82.0, SpeedKnots: &knots, FuelPercent: &fuel, OdometerMeters: &odo, Source: "samsara"},
		}); err != nil {
			t.Fatal(err)
		}
		f := last()
		if f == nil || !f.At.Equal(now.Add(-5*time.Minute)) || f.Source != "samsara" || *f.FuelPercent != 42 || *f.OdometerMiles < 99.9 || *f.SpeedMph < 57 {
			t.Fatalf("last fix %+v", f)
		}

		// A teleport (800 miles in a minute) is dropped; a fix an hour
		// ahead of the clock is stored for the miles but never the last
		// fix; an older fix sent late does not replace a newer one.
		res, err := svc.Ingest(ctx, company, []telematics.Position{
			{DeviceUniqueID: "T-1", FixTime: now.Add(-4 * time.Minute), Lat: 40.7, Lon: -74.0},
			{DeviceUniqueID: "T-1", FixTime: now.Add(time.Hour), Lat: 29.02, Lon: -82.0},
			{DeviceUniqueID: "T-1", FixTime: now.Add(-8 * time.Minute), Lat: 29.005, Lon: -82.0},
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.DroppedJumps != 1 || res.AheadOfClock != 1 {
			t.Fatalf("%+v", res)
		}
		if f := last(); !f.At.Equal(now.Add(-5 * time.Minute)) {
			t.Fatalf("last fix moved to %+v", f)
		}

		// Fixes from years back or days ahead are refused with field errors.
		_, err = svc.Ingest(ctx, company, []telematics.Position{{DeviceUniqueID: "T-1", FixTime: now.AddDate(-5, 0, 0), Lat: 29, Lon: -82},
			{DeviceUniqueID: "T-1", FixTime: now.AddDate(0, 0, 3), Lat: 29, Lon: -82}})
		if fe := fuelportal.ErrorFields(err); fe["positions[0].fixTime"] == nil || fe["positions[1].fixTime"] == nil {
			t.Fatalf("%v", err)
		}
		bad := 140.0
		_, err = svc.Ingest(ctx, company, []telematics.Position{{DeviceUniqueID: "T-1", FixTime: now, Lat: 29, Lon: -82, FuelPercent: &bad}})
		if fuelportal.ErrorFields(err)["positions[0].attributes.fuel"] == nil {
			t.Fatalf("fuel 140 %%: %v", err)
		}

		// The vehicles read their last fix; another company's do not.
		v, err := db.Vehicle(ctx, company, vehicle)
		if err != nil || v.LastFix == nil || v.LastFix.Source != "samsara" {
			t.Fatalf("%+v %v", v, err)
		}
		if others, _ := db.LastFixes(ctx, company+1000); len(others) != 0 {
			t.Fatalf("another company's: %+v", others)
		}
	})
}
