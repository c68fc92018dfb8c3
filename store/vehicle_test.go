package store_test

import "fuelportal"

// validVIN has a correct check digit (X).
const validVIN = "1M8GDM9AXKP042788"

// newVehicle is a valid vehicle on unit (the vehicles service validates
// before the store saves; vehicles/ tests the fleet list flows).
func newVehicle(unit string) fuelportal.Vehicle {
	return fuelportal.Vehicle{UnitNumber: unit, VIN: validVIN, Plate: "P-4410", PlateState: "FL", FuelType: fuelportal.FuelDiesel,
		TankCapacity: 150_000, IFTAQualified: true, Active: true}
}
