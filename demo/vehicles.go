package demo

import (
	"context"
	"fmt"

	"fuelportal"
)

func init() {
	Register(Step{Order: OrderVehicles, Name: "the fleets' vehicles", Run: seedVehicles})
}

// OrderVehicles runs after the accounts: a vehicle per card's unit number.
const OrderVehicles = OrderAccounts + 10

// vehiclePlan describes the demo vehicle of a card's unit: every fourth
// unit is a gasoline pickup (no VIN on file, not IFTA-qualified), the
// others diesel tractors; a unit whose card is inactive is inactive.
func vehiclePlan(company int, i int, p CardPlan) fuelportal.Vehicle {
	v := fuelportal.Vehicle{UnitNumber: p.UnitNumber, Plate: fmt.Sprintf("%c%c %04d", 'A'+company, 'K'+i%12, 1000+i*37%9000),
		PlateState: []string{"", "FL", "IL"}[company], Active: p.Status == fuelportal.CardActive}
	if i%4 == 3 {
		v.FuelType, v.TankCapacity = fuelportal.FuelGasoline, 36_000
		return v
	}
	v.FuelType, v.TankCapacity, v.IFTAQualified = fuelportal.FuelDiesel, fuelportal.Gallons(120_000+(i%3)*40_000), true
	// A tractor VIN: maker and model, the check digit, model year 2022 (N), plant, serial.
	vin := []byte(fmt.Sprintf("1XKYD49X0NJ%06d", 100000+company*1000+i))
	vin[8] = fuelportal.VINCheckDigit(string(vin))
	v.VIN = string(vin)
	return v
}

// seedVehicles adds the vehicle of each demo card's unit, so the fleet's
// cards show on their vehicles.
func seedVehicles(ctx context.Context, env *Env) error {
	for n, company := range []*fuelportal.Company{env.DemoFreight, env.OtherHaulers} {
		for i, p := range CardPlans[company.Name] {
			v := vehiclePlan(n+1, i, p)
			v.CompanyID = company.ID
			if err := v.Validate(); err != nil {
				return fmt.Errorf("demo vehicle %s: %w", v.UnitNumber, err)
			}
			if err := env.Tx.CreateVehicle(ctx, &v); err != nil {
				return err
			}
		}
	}
	return nil
}
