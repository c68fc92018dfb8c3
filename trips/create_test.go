package trips_test

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/trips"
)

// countingStations is the station search of the planner, counting the
// plans that reached it; it finds no station (the trips below need none).
type countingStations struct{ searches atomic.Int64 }

func (c *countingStations) NearPolyline(context.Context, *geo.Polyline, float64, catalog.Chains) ([]catalog.OnRoute, error) {
	c.searches.Add(1)
	return nil, nil
}

// A trip naming a unit no vehicle of the company has, another company's
// vehicle, or one out of service is refused with the unitNumber field
// error before any route planning (the planner's station search never
// runs); a card outside the scope is a 404 before the unit is looked at.
// A vehicle in service is planned and saved with the trip.
func TestCreate_RefusesABadUnitBeforePlanning(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		storetest.AddVehicle(t, db, f.Company.ID, "TRK-1", fuelportal.FuelDiesel)
		if _, err := db.CreateVehicle(ctx, f.Company.ID, fuelportal.Vehicle{UnitNumber: "TRK-OFF", FuelType: fuelportal.FuelDiesel,
			TankCapacity: 150_000, Active: false}); err != nil {
			t.Fatal(err)
		}
		other, _, otherCard := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000099")
		storetest.AddVehicle(t, db, other.ID, "THEIRS-1", fuelportal.FuelDiesel)

		stations := &countingStations{}
		svc := trips.New(trips.Deps{Store: db, Stations: stations})
		owner := fuelportal.TransactionScope{CompanyID: f.Company.ID}
		create := func(scope fuelportal.TransactionScope, card, unit string) (*fuelportal.Trip, error) {
			trip := storetest.NewTrip(card, f.Station.ID, false)
			trip.Plan, trip.UnitNumber = nil, unit
			return trip, svc.Create(ctx, scope, trip)
		}

		for _, c := range []struct{ unit, msg string }{
			{"NO-SUCH-UNIT", fuelportal.MsgNoVehicleWithUnit},
			{"THEIRS-1", fuelportal.MsgNoVehicleWithUnit},
			{"TRK-OFF", fuelportal.MsgVehicleOutOfService},
		} {
			_, err := create(owner, f.Active.CardNumber, c.unit)
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || !slices.Contains(fuelportal.ErrorFields(err)["unitNumber"], c.msg) {
				t.Fatalf("trip with unit %s: %v, want the unitNumber error %q", c.unit, err, c.msg)
			}
			if n := stations.searches.Load(); n != 0 {
				t.Fatalf("trip with unit %s: the planner searched stations %d times before the refusal", c.unit, n)
			}
		}
		if _, err := create(owner, otherCard.CardNumber, "NO-SUCH-UNIT"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND || stations.searches.Load() != 0 {
			t.Fatalf("another company's card with a bad unit: %v after %d searches, want ENOTFOUND before planning", err, stations.searches.Load())
		}

		trip, err := create(owner, f.Active.CardNumber, " TRK-1 ")
		if err != nil || trip.ID == 0 || trip.UnitNumber != "TRK-1" || stations.searches.Load() != 1 {
			t.Fatalf("trip with a vehicle in service = %+v after %d searches, %v", trip, stations.searches.Load(), err)
		}
	})
}
