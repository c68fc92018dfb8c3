package fuelportal_test

import (
	"testing"
	"time"

	"fuelportal"
)

func ptr[T any](v T) *T { return &v }

func TestControls_Validate(t *testing.T) {
	for _, tc := range []struct {
		name  string
		c     fuelportal.Controls
		field string // "" for valid
	}{
		{"empty is valid", fuelportal.Controls{}, ""},
		{"negative money", fuelportal.Controls{DailyCents: ptr(int64(-1))}, "dailyLimit"},
		{"absurd money", fuelportal.Controls{MonthlyBudgetCents: ptr(int64(fuelportal.MaxControlCents + 1))}, "monthlyBudget"},
		{"zero gallons", fuelportal.Controls{DailyGallons: ptr(fuelportal.Gallons(0))}, "dailyGallonsLimit"},
		{"tank beyond 2000 gal", fuelportal.Controls{TankCapacityGallons: ptr(fuelportal.Gallons(2_000_001))}, "tankCapacityGallons"},
		{"zero purchases", fuelportal.Controls{DailyPurchases: ptr(0)}, "dailyPurchasesLimit"},
		{"window of nothing", fuelportal.Controls{AllowedHours: &fuelportal.HourRange{From: 300, To: 300}}, "allowedHours"},
		{"window past midnight", fuelportal.Controls{AllowedHours: &fuelportal.HourRange{From: 1320, To: 300}}, ""},
		{"minute 24:00", fuelportal.Controls{AllowedHours: &fuelportal.HourRange{From: 0, To: 1440}}, "allowedHours"},
		{"unknown product", fuelportal.Controls{AllowedProducts: []fuelportal.ProductCode{"JET"}}, "allowedProducts"},
		{"unknown state", fuelportal.Controls{AllowedStates: []string{"ZZ"}}, "allowedStates"},
		{"unknown chain", fuelportal.Controls{BlockedChains: []string{"NOPE"}}, "blockedChains"},
		{"unknown day", fuelportal.Controls{AllowedDays: []time.Weekday{9}}, "allowedDays"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fields := fuelportal.ErrorFields(tc.c.Validate())
			if tc.field == "" && len(fields) > 0 || tc.field != "" && len(fields[tc.field]) == 0 {
				t.Fatalf("field errors %v, want %q", fields, tc.field)
			}
		})
	}
	c := fuelportal.Controls{AllowedStates: []string{" tx", "OK", "TX"}}
	if err := c.Validate(); err != nil || len(c.AllowedStates) != 2 || c.AllowedStates[0] != "OK" || c.AllowedStates[1] != "TX" {
		t.Fatalf("normalised %v, %v", c.AllowedStates, err)
	}
}

func TestControls_OverTakesTheDefaultForMissingRules(t *testing.T) {
	def := fuelportal.Controls{DailyCents: ptr(int64(100)), AllowedStates: []string{"TX"}}
	card := fuelportal.Controls{DailyCents: ptr(int64(500)), WeeklyCents: ptr(int64(900))}
	e := card.Over(def)
	if *e.DailyCents != 500 || *e.WeeklyCents != 900 || len(e.AllowedStates) != 1 || !e.Active() {
		t.Fatalf("effective = %+v", e)
	}
	if (fuelportal.Controls{}).Active() {
		t.Fatal("no rules is active")
	}
}
