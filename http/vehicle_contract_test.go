package http

import (
	"encoding/json"
	"testing"

	"fuelportal"
)

// TestVehicleContract_MatchesTheRules keeps the bounds the web form reads
// from openapi.json (generated into web/src/lib/forms/limits.ts) equal to
// the ones Vehicle.Validate applies.
func TestVehicleContract_MatchesTheRules(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Minimum      *float64 `json:"minimum"`
					Maximum      *float64 `json:"maximum"`
					MaxLength    *int     `json:"maxLength"`
					FieldPattern string   `json:"x-field-pattern"`
					Enum         []any    `json:"enum"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	in := doc.Components.Schemas["VehicleInput"].Properties
	tank := in["tankCapacityGallons"]
	if tank.Minimum == nil || *tank.Minimum != fuelportal.MinVehicleTank.Float() || tank.Maximum == nil || *tank.Maximum != fuelportal.MaxVehicleTank.Float() {
		t.Errorf("tankCapacityGallons bounds %v..%v, the server's %v..%v", tank.Minimum, tank.Maximum, fuelportal.MinVehicleTank.Float(), fuelportal.MaxVehicleTank.Float())
	}
	if got := in["vin"].FieldPattern; got != fuelportal.VINPattern.String() {
		t.Errorf("vin x-field-pattern %q, the server's %q", got, fuelportal.VINPattern.String())
	}
	if got := in["plate"].FieldPattern; got != fuelportal.PlatePattern.String() {
		t.Errorf("plate x-field-pattern %q, the server's %q", got, fuelportal.PlatePattern.String())
	}
	if got := in["plate"].MaxLength; got == nil || *got != fuelportal.MaxPlateLength {
		t.Errorf("plate maxLength %v, the server's %d", got, fuelportal.MaxPlateLength)
	}
	for _, f := range in["fuelType"].Enum {
		if s, _ := f.(string); !fuelportal.FuelType(s).Valid() {
			t.Errorf("fuelType %q is not a fuel type of the server", f)
		}
	}
}
