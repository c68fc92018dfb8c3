package fuelportal_test

import (
	"strings"
	"testing"

	"fuelportal"
)

func TestVIN_CheckDigit(t *testing.T) {
	for _, tc := range []struct {
		vin  string
		want bool
	}{
		{"1M8GDM9AXKP042788", true}, // check digit X
		{"11111111111111111", true},
		{"1HGCM82633A004352", true},
		{"1M8GDM9A1KP042788", false}, // wrong check digit
		{"1M8GDM9AXKP04278", false},  // 16 characters
		{"1M8GDM9AXKP0427O8", false}, // O is not a VIN character
		{"1m8gdm9axkp042788", false}, // Validate upper-cases first; ValidVIN does not
	} {
		if got := fuelportal.ValidVIN(tc.vin); got != tc.want {
			t.Errorf("ValidVIN(%q) = %v, want %v", tc.vin, got, tc.want)
		}
	}
}

func TestVehicle_Validate(t *testing.T) {
	good := func() fuelportal.Vehicle {
		return fuelportal.Vehicle{UnitNumber: "TRK-1", VIN: "1M8GDM9AXKP042788", Plate: "ab 123", PlateState: "on",
			FuelType: "Diesel", TankCapacity: 150_000, IFTAQualified: true}
	}
	t.Run("a good vehicle is normalised", func(t *testing.T) {
		v := good()
		v.UnitNumber = "  TRK-1 "
		if err := v.Validate(); err != nil {
			t.Fatal(err)
		}
		if v.UnitNumber != "TRK-1" || v.Plate != "AB 123" || v.PlateState != "ON" || v.FuelType != fuelportal.FuelDiesel {
			t.Fatalf("normalised = %+v", v)
		}
	})
	t.Run("a vehicle that is not IFTA-qualified needs no VIN", func(t *testing.T) {
		v := good()
		v.VIN, v.IFTAQualified = "", false
		if err := v.Validate(); err != nil {
			t.Fatal(err)
		}
	})
	for _, tc := range []struct {
		name, field string
		change      func(v *fuelportal.Vehicle)
	}{
		{"no unit number", "unitNumber", func(v *fuelportal.Vehicle) { v.UnitNumber = " " }},
		{"unit number too long", "unitNumber", func(v *fuelportal.Vehicle) { v.UnitNumber = strings.Repeat("A", 51) }},
		{"IFTA-qualified without VIN", "vin", func(v *fuelportal.Vehicle) { v.VIN = "" }},
		{"VIN with a wrong check digit", "vin", func(v *fuelportal.Vehicle) { v.VIN = "1M8GDM9A1KP042788" }},
		{"VIN with Q", "vin", func(v *fuelportal.Vehicle) { v.VIN = "1M8GDM9AXKP04278Q" }},
		{"plate without state", "plateState", func(v *fuelportal.Vehicle) { v.PlateState = "" }},
		{"unknown state", "plateState", func(v *fuelportal.Vehicle) { v.PlateState = "XX" }},
		{"plate too long", "plate", func(v *fuelportal.Vehicle) { v.Plate = "ABCDEFGHIJK" }},
		{"plate with symbols", "plate", func(v *fuelportal.Vehicle) { v.Plate = "AB*1" }},
		{"unknown fuel", "fuelType", func(v *fuelportal.Vehicle) { v.FuelType = "jet" }},
		{"tank under a gallon", "tankCapacityGallons", func(v *fuelportal.Vehicle) { v.TankCapacity = 999 }},
		{"tank over 500 gallons", "tankCapacityGallons", func(v *fuelportal.Vehicle) { v.TankCapacity = 500_001 }},
	} {
		t.Run(tc.name+" is a field error", func(t *testing.T) {
			v := good()
			tc.change(&v)
			err := v.Validate()
			if fuelportal.ErrorCode(err) != fuelportal.EINVALID || len(fuelportal.ErrorFields(err)[tc.field]) == 0 {
				t.Fatalf("err = %v, want a %s error", err, tc.field)
			}
		})
	}
}
