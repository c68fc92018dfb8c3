package ifta

import (
	"fmt"
	"slices"
	"testing"

	"fuelportal"
)

// TestOfFuelKeepsTheMilesOfTheFuelsUnits: each source of miles keeps the
// units of the return's fuel and the units with no fuel type, which it
// names; telematics figures follow their vehicle's fuel.
func TestOfFuelKeepsTheMilesOfTheFuelsUnits(t *testing.T) {
	q := &fuelportal.IFTAQuarter{
		Vehicles: []fuelportal.IFTAVehicle{{ID: 1, UnitNumber: "D-1", FuelType: fuelportal.FuelDiesel},
			{ID: 2, UnitNumber: "G-1", FuelType: fuelportal.FuelGasoline}},
		Miles: []fuelportal.IFTAMilesEntry{{ID: 10, UnitNumber: "D-1"}, {ID: 11, UnitNumber: "G-1"}, {ID: 12, UnitNumber: "X-7"}},
		Trips: []fuelportal.IFTATrip{{ID: 20, UnitNumber: "D-1"}, {ID: 21, UnitNumber: "G-1"}, {ID: 22, UnitNumber: ""}},
		Telematics: fuelportal.IFTATelematics{
			Miles:             []fuelportal.TelematicsMiles{{VehicleID: 1, Jurisdiction: "TX", Miles: 5}, {VehicleID: 2, Jurisdiction: "TX", Miles: 7}},
			VehicleDays:       map[int64]int{1: 3, 2: 4},
			Flagged:           []fuelportal.TelematicsDay{{VehicleID: 1, UnitNumber: "D-1"}, {VehicleID: 2, UnitNumber: "G-1"}},
			ChangedAfterClose: []fuelportal.TelematicsDay{{VehicleID: 2, UnitNumber: "G-1"}},
		},
	}
	for _, c := range []struct {
		fuel FuelType
		want string
	}{
		{Diesel, "miles [10 12] trips [20 22] telematics [1] days map[1:3] flagged [D-1] after close []; unfueled [X-7 trip #22]"},
		{Gasoline, "miles [11 12] trips [21 22] telematics [2] days map[2:4] flagged [G-1] after close [G-1]; unfueled [X-7 trip #22]"},
	} {
		got, unfueled := ofFuel(q, c.fuel)
		var miles, trips, vehicles []int64
		var flagged, after []string
		for _, m := range got.Miles {
			miles = append(miles, m.ID)
		}
		for _, tr := range got.Trips {
			trips = append(trips, tr.ID)
		}
		for _, m := range got.Telematics.Miles {
			vehicles = append(vehicles, m.VehicleID)
		}
		for _, d := range got.Telematics.Flagged {
			flagged = append(flagged, d.UnitNumber)
		}
		for _, d := range got.Telematics.ChangedAfterClose {
			after = append(after, d.UnitNumber)
		}
		text := fmt.Sprintf("miles %v trips %v telematics %v days %v flagged %v after close %v; unfueled %v",
			miles, trips, vehicles, got.Telematics.VehicleDays, flagged, after, unfueled)
		if text != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.fuel, text, c.want)
		}
	}
	if len(q.Miles) != 3 || !slices.Equal(q.Telematics.Flagged, []fuelportal.TelematicsDay{{VehicleID: 1, UnitNumber: "D-1"}, {VehicleID: 2, UnitNumber: "G-1"}}) {
		t.Fatal("ofFuel changed the quarter it was given")
	}
}
