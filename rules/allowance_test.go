package rules

import (
	"testing"
	"time"

	"fuelportal"
)

func TestAllowanceLeft_LimitLessWhatWasBoughtNeverBelowZero(t *testing.T) {
	daily, weekly := int64(500_00), int64(1000_00)
	gallons, purchases := fuelportal.Gallons(300_000), 2
	c := fuelportal.Controls{DailyCents: &daily, WeeklyCents: &weekly, DailyGallons: &gallons, DailyPurchases: &purchases}
	a := AllowanceLeft(c, CardHistory{DayCents: 194_00, WeekCents: 1200_00, DayGallons: 100_500, DayPurchases: 1})
	if a.DayCents == nil || *a.DayCents != 306_00 {
		t.Fatalf("day left = %v, want $306", a.DayCents)
	}
	if a.WeekCents == nil || *a.WeekCents != 0 {
		t.Fatalf("week left = %v, want 0 (over the limit is nothing left)", a.WeekCents)
	}
	if a.DayGallons == nil || *a.DayGallons != 199_500 || a.DayPurchases == nil || *a.DayPurchases != 1 {
		t.Fatalf("gallons, purchases left = %v, %v", a.DayGallons, a.DayPurchases)
	}
	if a.MonthCents != nil {
		t.Fatalf("no monthly budget, yet %d left", *a.MonthCents)
	}
}

// What is left is what a purchase may take: exactly that passes the
// controls, a cent more is declined.
func TestAllowanceLeft_AgreesWithTheDecision(t *testing.T) {
	daily := int64(500_00)
	c := fuelportal.Controls{DailyCents: &daily}
	h := CardHistory{DayCents: 194_00}
	left := *AllowanceLeft(c, h).DayCents
	facts := PurchaseFacts{Station: &fuelportal.Station{State: "TX"}, Product: fuelportal.ProductDiesel, Gallons: 10_000, Time: time.Now(), History: h}
	if reason := checkControls(c, facts, left, time.UTC); reason != "" {
		t.Fatalf("a purchase of what is left is declined: %s", reason)
	}
	if reason := checkControls(c, facts, left+1, time.UTC); reason != fuelportal.DeclineDailyLimit {
		t.Fatalf("a cent over what is left: %q, want DAILY_LIMIT", reason)
	}
}
