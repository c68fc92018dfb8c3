package rules

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/geo"
)

// MaxTruckMPH is the fastest average speed a truck could make between two
// purchases; farther apart than that is suspicious.
const MaxTruckMPH = 70

// stationSlackMiles absorbs imprecise station coordinates, so two
// purchases minutes apart at neighbouring stations are not "too far".
const stationSlackMiles = 1.0

// checkControls returns the first rule of the effective controls c the
// purchase f (funded total amountCents) breaks given the card's history,
// or "" when all pass; then the fraud check, which applies on every card,
// controls or not. Times of day are read in loc.
func checkControls(c fuelportal.Controls, f PurchaseFacts, amountCents int64, loc *time.Location) fuelportal.DeclineReason {
	local := f.Time.In(loc)
	h, s := f.History, f.Station
	chain := strings.ToUpper(s.Chain)
	switch {
	case len(c.AllowedProducts) > 0 && !slices.Contains(c.AllowedProducts, f.Product):
		return fuelportal.DeclineProductNotAllowed
	case len(c.AllowedDays) > 0 && !slices.Contains(c.AllowedDays, local.Weekday()):
		return fuelportal.DeclineDayNotAllowed
	case c.AllowedHours != nil && !c.AllowedHours.Contains(local.Hour()*60+local.Minute()):
		return fuelportal.DeclineHourNotAllowed
	case len(c.AllowedStates) > 0 && !slices.Contains(c.AllowedStates, strings.ToUpper(s.State)):
		return fuelportal.DeclineStateNotAllowed
	case len(c.AllowedChains) > 0 && !slices.Contains(c.AllowedChains, chain), slices.Contains(c.BlockedChains, chain):
		return fuelportal.DeclineChainNotAllowed
	case f.Product == fuelportal.ProductReefer && c.ReeferTankGallons != nil && f.Gallons > *c.ReeferTankGallons,
		f.Product != fuelportal.ProductReefer && c.TankCapacityGallons != nil && f.Gallons > *c.TankCapacityGallons:
		return fuelportal.DeclineOverTankCapacity
	case c.PerPurchaseCents != nil && amountCents > *c.PerPurchaseCents:
		return fuelportal.DeclinePerPurchaseLimit
	case c.DailyPurchases != nil && h.DayPurchases+1 > *c.DailyPurchases:
		return fuelportal.DeclineDailyPurchasesLimit
	case c.DailyCents != nil && h.DayCents+amountCents > *c.DailyCents:
		return fuelportal.DeclineDailyLimit
	case c.DailyGallons != nil && h.DayGallons+f.Gallons > *c.DailyGallons:
		return fuelportal.DeclineDailyGallonsLimit
	case c.WeeklyCents != nil && h.WeekCents+amountCents > *c.WeeklyCents:
		return fuelportal.DeclineWeeklyLimit
	case c.MonthlyBudgetCents != nil && h.MonthCents+amountCents > *c.MonthlyBudgetCents:
		return fuelportal.DeclineMonthlyBudget
	case h.Last != nil && (s.Latitude != 0 || s.Longitude != 0) && TooFar(*h.Last, PlaceAndTime{f.Time, s.Latitude, s.Longitude}):
		return fuelportal.DeclineSuspiciousDistance
	}
	return ""
}

// TooFar reports whether a truck could not have driven from a to b in the
// time between them at MaxTruckMPH on average.
func TooFar(a, b PlaceAndTime) bool {
	hours := math.Abs(b.Time.Sub(a.Time).Hours())
	return geo.DistanceMiles(geo.Point{Lat: a.Latitude, Lon: a.Longitude}, geo.Point{Lat: b.Latitude, Lon: b.Longitude}) > MaxTruckMPH*hours+stationSlackMiles
}

// NearLimitPercent is the share of a limit past which a purchase is an
// alert for the owner (the purchase itself is approved).
const NearLimitPercent = 80

// NearLimit is a limit a purchase took its card past NearLimitPercent of:
// its name and what is used of it, as people read them ("daily limit",
// "$85.00", "$100.00").
type NearLimit struct{ Name, Used, Limit string }

// nearLimits lists the limits of c an allowed purchase of gallons for
// amountCents takes the card past NearLimitPercent of, given its history
// h: each once, when the purchase crosses the line (a purchase already
// past it says nothing again).
func nearLimits(c fuelportal.Controls, amountCents int64, gallons fuelportal.Gallons, h CardHistory) []NearLimit {
	var out []NearLimit
	crosses := func(before, after, limit int64) bool {
		return limit > 0 && after*100 > limit*NearLimitPercent && before*100 <= limit*NearLimitPercent
	}
	money := func(name string, before int64, limit *int64) {
		if limit != nil && crosses(before, before+amountCents, *limit) {
			out = append(out, NearLimit{name, formatCents(before + amountCents), formatCents(*limit)})
		}
	}
	money("per-purchase limit", 0, c.PerPurchaseCents)
	money("daily limit", h.DayCents, c.DailyCents)
	if c.DailyGallons != nil && crosses(int64(h.DayGallons), int64(h.DayGallons+gallons), int64(*c.DailyGallons)) {
		out = append(out, NearLimit{"daily gallons limit", formatGallons(h.DayGallons + gallons), formatGallons(*c.DailyGallons)})
	}
	money("weekly limit", h.WeekCents, c.WeeklyCents)
	money("monthly budget", h.MonthCents, c.MonthlyBudgetCents)
	return out
}

func formatCents(cents int64) string { return fmt.Sprintf("$%d.%02d", cents/100, cents%100) }

func formatGallons(g fuelportal.Gallons) string { return fmt.Sprintf("%.1f gal", float64(g)/1000) }
