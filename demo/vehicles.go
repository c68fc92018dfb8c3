package demo

import (
	"context"
	"fmt"
	"time"

	"fuelportal"
	"fuelportal/odometer"
)

func init() {
	Register(Step{Order: OrderVehicles, Name: "the fleets' vehicles", Run: seedVehicles})
	Register(Step{Order: OrderOdometers, Name: "the tractors' odometer readings", Run: seedOdometers})
}

// OrderVehicles runs after the accounts: a vehicle per card's unit number.
// OrderOdometers runs after every step that buys fuel (the trips' last):
// the readings follow the fuel each tractor bought.
const (
	OrderVehicles  = OrderAccounts + 10
	OrderOdometers = OrderTrips + 5
)

// Demo odometers: each diesel tractor has readings at its fills of the
// last odometerDays, at its own fuel economy of 6.0 to 7.5 miles per
// gallon (a class 8 tractor's), so the vehicles list shows MPG and its
// trend. A fill too soon after the last reading for the miles its fuel
// would have driven (above odometerMPH on average) gets none: the next
// reading covers both.
const (
	odometerDays = 120
	odometerMPH  = 55
)

// TractorMPGTenths is the demo fuel economy of the tractor of a company's
// i-th card, in tenths of a mile per gallon (60 to 75).
func TractorMPGTenths(i int) int64 { return 60 + int64(i*7%16) }

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
			env.Vehicles[company.ID] = append(env.Vehicles[company.ID], &v)
		}
	}
	return nil
}

// seedOdometers enters each demo diesel tractor's odometer at its fills of
// the last odometerDays, as its driver (or owner) would in the app (the
// same validation as a real reading): the miles since its last reading are the
// gallons bought since at the tractor's MPG (TractorMPGTenths).
func seedOdometers(ctx context.Context, env *Env) error {
	since := env.Now.AddDate(0, 0, -odometerDays)
	owners := map[int64]int64{env.DemoFreight.ID: env.Owner.ID, env.OtherHaulers.ID: env.OtherOwner.ID}
	for _, company := range []*fuelportal.Company{env.DemoFreight, env.OtherHaulers} {
		fills, err := env.Tx.VehicleFills(ctx, company.ID, 0, since)
		if err != nil {
			return err
		}
		for i, v := range env.Vehicles[company.ID] {
			if v.FuelType != fuelportal.FuelDiesel {
				continue
			}
			// The card's driver enters it in the app; the owner, from the
			// driver's log, for a card no driver signed up with.
			source, user := fuelportal.OdometerManual, owners[company.ID]
			if cards := env.Cards[company.ID]; i < len(cards) && cards[i].DriverUserID != 0 {
				source, user = fuelportal.OdometerDriver, cards[i].DriverUserID
			}
			start := int64(180_000 + i*23_417%250_000) // the tractor's odometer at its first fill
			miles, mpg := start, TractorMPGTenths(i)
			var readAt time.Time
			var bought fuelportal.Gallons // since the first reading
			for _, f := range fills[v.ID] {
				if !readAt.IsZero() {
					bought += f.Gallons // the first fill's fuel drove the miles before it
				}
				next := start + (int64(bought)*mpg+5_000)/10_000
				if !readAt.IsZero() && float64(next-miles) > odometerMPH*f.At.Sub(readAt).Hours() {
					continue
				}
				r := &fuelportal.OdometerReading{CompanyID: company.ID, VehicleID: v.ID, Miles: next, ReadAt: f.At,
					Source: source, UserID: user}
				if err := odometer.AddReading(ctx, env.Tx, r); err != nil {
					return fmt.Errorf("demo odometer of %s: %w", v.UnitNumber, err)
				}
				miles, readAt = next, f.At
			}
		}
	}
	return nil
}
