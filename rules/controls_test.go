package rules

import (
	"testing"
	"time"

	"fuelportal"
)

func TestPeriodsOf_CountsInTheCompanyZone(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	// Monday 2025-03-03 03:00 UTC is Sunday 21:00 in Chicago.
	p := PeriodsOf(time.Date(2025, 3, 3, 3, 0, 0, 0, time.UTC), chicago)
	if !p.DayStart.Equal(time.Date(2025, 3, 2, 6, 0, 0, 0, time.UTC)) || !p.WeekStart.Equal(time.Date(2025, 2, 24, 6, 0, 0, 0, time.UTC)) ||
		!p.MonthStart.Equal(time.Date(2025, 3, 1, 6, 0, 0, 0, time.UTC)) || !p.DayEnd.Equal(time.Date(2025, 3, 3, 6, 0, 0, 0, time.UTC)) {
		t.Fatalf("periods = %+v", p)
	}
}

func TestTooFar_At70MPH(t *testing.T) {
	ocala := PlaceAndTime{Time: time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC), Latitude: 29.19, Longitude: -82.14}
	// Jacksonville is ~90 miles from Ocala.
	jax := func(after time.Duration) PlaceAndTime {
		return PlaceAndTime{Time: ocala.Time.Add(after), Latitude: 30.33, Longitude: -81.66}
	}
	if !TooFar(ocala, jax(time.Hour)) {
		t.Fatal("90 miles in an hour is possible")
	}
	if TooFar(ocala, jax(90*time.Minute)) {
		t.Fatal("90 miles in 90 minutes is too far")
	}
	if TooFar(ocala, PlaceAndTime{Time: ocala.Time, Latitude: 29.195, Longitude: -82.14}) {
		t.Fatal("the station next door at the same minute is too far")
	}
}

func TestNearLimits_OnceWhenAPurchaseCrossesEightyPercent(t *testing.T) {
	daily, budget, gallons := int64(100_00), int64(1000_00), fuelportal.Gallons(500_000)
	c := fuelportal.Controls{DailyCents: &daily, MonthlyBudgetCents: &budget, DailyGallons: &gallons}
	names := func(near []NearLimit) []string {
		var out []string
		for _, n := range near {
			out = append(out, n.Name+" "+n.Used+" of "+n.Limit)
		}
		return out
	}
	// $70 then $15 more: the day crosses 80 % of $100.
	got := names(nearLimits(c, 15_00, 10_000, CardHistory{DayCents: 70_00, MonthCents: 70_00, DayGallons: 20_000}))
	if len(got) != 1 || got[0] != "daily limit $85.00 of $100.00" {
		t.Fatalf("crossing the daily limit's 80 %%: %v", got)
	}
	// Already past: nothing again.
	if got := nearLimits(c, 5_00, 0, CardHistory{DayCents: 85_00, MonthCents: 85_00}); len(got) != 0 {
		t.Fatalf("already past 80 %%: %v", names(got))
	}
	// Exactly 80 % is not past it; gallons and the month cross together.
	got = names(nearLimits(c, 1_00, 10_000, CardHistory{DayCents: 79_00, MonthCents: 800_00, DayGallons: 395_000}))
	if len(got) != 2 || got[0] != "daily gallons limit 405.0 gal of 500.0 gal" || got[1] != "monthly budget $801.00 of $1000.00" {
		t.Fatalf("gallons and month: %v", got)
	}
	if got := nearLimits(fuelportal.Controls{}, 1_000_00, 0, CardHistory{}); len(got) != 0 {
		t.Fatalf("no limits: %v", names(got))
	}
}
