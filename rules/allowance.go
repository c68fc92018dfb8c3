package rules

import "fuelportal"

// Allowance is what a card's periodic limits leave it at one instant: each
// figure is the limit less what the card's approved purchases in the
// period add up to (never below zero), nil when no rule limits it. A
// purchase fits a limit when it is at most what is left of it, the very
// sums checkControls declines by.
type Allowance struct {
	DayCents     *int64
	DayGallons   *fuelportal.Gallons
	DayPurchases *int
	WeekCents    *int64
	MonthCents   *int64
}

// AllowanceLeft returns what the effective controls c leave a card whose
// history in the periods holding now is h.
func AllowanceLeft(c fuelportal.Controls, h CardHistory) Allowance {
	var a Allowance
	a.DayCents = leftOf(c.DailyCents, h.DayCents)
	a.WeekCents = leftOf(c.WeeklyCents, h.WeekCents)
	a.MonthCents = leftOf(c.MonthlyBudgetCents, h.MonthCents)
	a.DayGallons = leftOf(c.DailyGallons, h.DayGallons)
	a.DayPurchases = leftOf(c.DailyPurchases, h.DayPurchases)
	return a
}

func leftOf[T ~int | ~int64](limit *T, used T) *T {
	if limit == nil {
		return nil
	}
	left := max(*limit-used, 0)
	return &left
}
