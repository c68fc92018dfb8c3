package rules

import (
	"time"

	"fuelportal"
)

// CardHistory is what the card's approved purchases add up to in the
// periods, in the company's time zone, that hold the new purchase.
type CardHistory struct {
	DayCents, WeekCents, MonthCents int64
	DayGallons                      fuelportal.Gallons
	DayPurchases                    int
	// Last is the card's latest approved purchase up to the new one's
	// time, nil when there is none (the fraud check's).
	Last *PlaceAndTime
}

// PlaceAndTime is where and when a purchase happened.
type PlaceAndTime struct {
	Time                time.Time
	Latitude, Longitude float64
}

// NeedsHistory reports whether a rule of the controls c adds up the card's
// purchases over periods (the fraud check needs only the last one): the
// store reads the sums only then.
func NeedsHistory(c fuelportal.Controls) bool {
	return c.DailyCents != nil || c.DailyGallons != nil || c.WeeklyCents != nil || c.DailyPurchases != nil || c.MonthlyBudgetCents != nil
}

// Periods are the day, the week (Monday first) and the month holding an
// instant in a time zone, as UTC half-open ranges [start, end).
type Periods struct {
	DayStart, DayEnd, WeekStart, WeekEnd, MonthStart, MonthEnd time.Time
}

// PeriodsOf returns the periods holding t in loc.
func PeriodsOf(t time.Time, loc *time.Location) Periods {
	l := t.In(loc)
	day := time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
	week := day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
	month := time.Date(l.Year(), l.Month(), 1, 0, 0, 0, 0, loc)
	return Periods{
		DayStart: day.UTC(), DayEnd: day.AddDate(0, 0, 1).UTC(),
		WeekStart: week.UTC(), WeekEnd: week.AddDate(0, 0, 7).UTC(),
		MonthStart: month.UTC(), MonthEnd: month.AddDate(0, 1, 0).UTC(),
	}
}
