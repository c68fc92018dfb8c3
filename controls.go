package fuelportal

import (
	"fmt"
	"fuelportal/geo"
	"math"
	"slices"
	"strings"
	"time"
)

// ProductCode is what a purchase bought, as the card network reports it.
// Reefer diesel and DEF are kept apart from tractor diesel because fuel tax
// reports treat them differently.
type ProductCode string

// Product codes.
const (
	ProductDiesel   ProductCode = "DSL" // tractor diesel, the default
	ProductReefer   ProductCode = "RFR" // reefer (trailer refrigeration unit) diesel
	ProductDEF      ProductCode = "DEF" // diesel exhaust fluid
	ProductGasoline ProductCode = "GAS"
	ProductOther    ProductCode = "OTH"
)

// ProductCodes lists the product codes in the order forms show them.
var ProductCodes = []ProductCode{ProductDiesel, ProductReefer, ProductDEF, ProductGasoline, ProductOther}

// Valid reports whether p is a known product code.
func (p ProductCode) Valid() bool { return slices.Contains(ProductCodes, p) }

// Decline codes of the card controls (the first four are in transaction.go).
// A DeclineReason is the stable code; Sentence is what people read.
const (
	DeclinePerPurchaseLimit    DeclineReason = "PER_PURCHASE_LIMIT"
	DeclineDailyLimit          DeclineReason = "DAILY_LIMIT"
	DeclineDailyGallonsLimit   DeclineReason = "DAILY_GALLONS_LIMIT"
	DeclineWeeklyLimit         DeclineReason = "WEEKLY_LIMIT"
	DeclineDailyPurchasesLimit DeclineReason = "DAILY_PURCHASES_LIMIT"
	DeclineProductNotAllowed   DeclineReason = "PRODUCT_NOT_ALLOWED"
	DeclineDayNotAllowed       DeclineReason = "DAY_NOT_ALLOWED"
	DeclineHourNotAllowed      DeclineReason = "HOUR_NOT_ALLOWED"
	DeclineStateNotAllowed     DeclineReason = "STATE_NOT_ALLOWED"
	DeclineChainNotAllowed     DeclineReason = "CHAIN_NOT_ALLOWED"
	DeclineOverTankCapacity    DeclineReason = "OVER_TANK_CAPACITY"
	DeclineSuspiciousDistance  DeclineReason = "SUSPICIOUS_DISTANCE"
	DeclineMonthlyBudget       DeclineReason = "MONTHLY_BUDGET"
)

// declineSentences are the sentences of the decline codes, verbatim from
// the API contract shared with the web app.
var declineSentences = map[DeclineReason]string{
	DeclineCardInactive:        "Card is inactive",
	DeclineUnknownCard:         "Unknown card",
	DeclineInsufficientFunds:   "Insufficient funds in the wallet",
	DeclineCreditLimitReached:  "Credit limit reached",
	DeclinePerPurchaseLimit:    "Over the per-purchase limit",
	DeclineDailyLimit:          "Over the daily limit",
	DeclineDailyGallonsLimit:   "Over the daily gallons limit",
	DeclineWeeklyLimit:         "Over the weekly limit",
	DeclineDailyPurchasesLimit: "Too many purchases today",
	DeclineProductNotAllowed:   "Product not allowed",
	DeclineDayNotAllowed:       "Purchases not allowed on this day",
	DeclineHourNotAllowed:      "Purchases not allowed at this hour",
	DeclineStateNotAllowed:     "Purchases not allowed in this state",
	DeclineChainNotAllowed:     "Chain not allowed",
	DeclineOverTankCapacity:    "Over tank capacity",
	DeclineSuspiciousDistance:  "Suspicious: too far from the last purchase",
	DeclineMonthlyBudget:       "Over the monthly budget",
	DeclineNotPlannedStop:      MsgNotPlannedStop,
	DeclineOverPlannedGallons:  MsgOverPlannedGallons,
	DeclineOverGallonsLeft:     MsgOverGallonsLeft,
}

// Sentence returns the clear sentence of a decline code ("" for none; the
// code itself for a code this build does not know).
func (r DeclineReason) Sentence() string {
	if r == "" {
		return ""
	}
	if s, ok := declineSentences[r]; ok {
		return s
	}
	return string(r)
}

// DeclineReasons lists every decline code with a sentence.
func DeclineReasons() []DeclineReason {
	codes := make([]DeclineReason, 0, len(declineSentences))
	for c := range declineSentences {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	return codes
}

// NearLimitPercent is the share of a limit past which a purchase is an
// alert for the owner (the purchase itself is approved).
const NearLimitPercent = 80

// NearLimit is a limit a purchase took its card past NearLimitPercent of:
// its name and what is used of it, as people read them ("daily limit",
// "$85.00", "$100.00").
type NearLimit struct{ Name, Used, Limit string }

// NearLimits lists the limits an allowed purchase p takes the card past
// NearLimitPercent of, given its history h: each once, when the purchase
// crosses the line (a purchase already past it says nothing again).
func (c Controls) NearLimits(p PurchaseFacts, h CardHistory) []NearLimit {
	var out []NearLimit
	crosses := func(before, after, limit int64) bool {
		return limit > 0 && after*100 > limit*NearLimitPercent && before*100 <= limit*NearLimitPercent
	}
	money := func(name string, before int64, limit *int64) {
		if limit != nil && crosses(before, before+p.AmountCents, *limit) {
			out = append(out, NearLimit{name, formatCents(before + p.AmountCents), formatCents(*limit)})
		}
	}
	money("per-purchase limit", 0, c.PerPurchaseCents)
	money("daily limit", h.DayCents, c.DailyCents)
	if c.DailyGallons != nil && crosses(int64(h.DayGallons), int64(h.DayGallons+p.Gallons), int64(*c.DailyGallons)) {
		out = append(out, NearLimit{"daily gallons limit", formatGallons(h.DayGallons + p.Gallons), formatGallons(*c.DailyGallons)})
	}
	money("weekly limit", h.WeekCents, c.WeeklyCents)
	money("monthly budget", h.MonthCents, c.MonthlyBudgetCents)
	return out
}

func formatCents(cents int64) string { return fmt.Sprintf("$%d.%02d", cents/100, cents%100) }

func formatGallons(g Gallons) string { return fmt.Sprintf("%.1f gal", float64(g)/1000) }

// HourRange is a daily window of minutes since midnight in the company's
// time zone: From is included, To is not. From > To wraps past midnight
// (22:00–05:00); From == To is not a window.
type HourRange struct{ From, To int }

// Contains reports whether minute-of-day m falls in the window.
func (h HourRange) Contains(m int) bool {
	if h.From < h.To {
		return m >= h.From && m < h.To
	}
	return m >= h.From || m < h.To
}

// Controls are the rules a card's purchases must pass. A nil field (or an
// empty list) is no rule at that level: on a card it inherits the company
// default (Over).
type Controls struct {
	PerPurchaseCents    *int64 // funded total of one purchase
	DailyCents          *int64
	DailyGallons        *Gallons
	WeeklyCents         *int64
	DailyPurchases      *int
	AllowedProducts     []ProductCode
	AllowedStates       []string       // two-letter codes
	AllowedDays         []time.Weekday // in the company's time zone
	AllowedHours        *HourRange
	AllowedChains       []string // chain codes
	BlockedChains       []string
	TankCapacityGallons *Gallons // tractor tanks: every product but RFR
	ReeferTankGallons   *Gallons // the reefer's tank: RFR
	MonthlyBudgetCents  *int64
}

// Bounds of the controls: beyond them a value is a typing mistake, not a
// limit.
const (
	MaxControlCents        = 10_000_000          // $100,000
	MaxDailyGallonsLimit   = Gallons(20_000_000) // 20,000 gal
	MaxDailyPurchasesLimit = 1000
	MaxTankGallons         = MaxPurchaseGallons // 2,000 gal
	MaxControlListLength   = 60
)

// DefaultTimeZone is the company time zone until the owner sets one.
const DefaultTimeZone = "America/Chicago"

// CompanyControls are a company's default controls and the time zone its
// days, hours and day/week/month boundaries are counted in.
type CompanyControls struct {
	Controls
	TimeZone string // IANA name
}

// Location returns the company's time zone (DefaultTimeZone, then UTC, when
// the name does not load).
func (c *CompanyControls) Location() *time.Location {
	for _, name := range []string{c.TimeZone, DefaultTimeZone} {
		if loc, err := time.LoadLocation(name); name != "" && err == nil {
			return loc
		}
	}
	return time.UTC
}

// Over returns the card controls c with every missing rule taken from the
// company default d.
func (c Controls) Over(d Controls) Controls {
	e := c
	pick(&e.PerPurchaseCents, d.PerPurchaseCents)
	pick(&e.DailyCents, d.DailyCents)
	pick(&e.DailyGallons, d.DailyGallons)
	pick(&e.WeeklyCents, d.WeeklyCents)
	pick(&e.DailyPurchases, d.DailyPurchases)
	pick(&e.AllowedHours, d.AllowedHours)
	pick(&e.TankCapacityGallons, d.TankCapacityGallons)
	pick(&e.ReeferTankGallons, d.ReeferTankGallons)
	pick(&e.MonthlyBudgetCents, d.MonthlyBudgetCents)
	if len(e.AllowedProducts) == 0 {
		e.AllowedProducts = d.AllowedProducts
	}
	if len(e.AllowedStates) == 0 {
		e.AllowedStates = d.AllowedStates
	}
	if len(e.AllowedDays) == 0 {
		e.AllowedDays = d.AllowedDays
	}
	if len(e.AllowedChains) == 0 {
		e.AllowedChains = d.AllowedChains
	}
	if len(e.BlockedChains) == 0 {
		e.BlockedChains = d.BlockedChains
	}
	return e
}

func pick[T any](field **T, fallback *T) {
	if *field == nil {
		*field = fallback
	}
}

// Active reports whether any rule is set.
func (c Controls) Active() bool {
	return c.PerPurchaseCents != nil || c.DailyCents != nil || c.DailyGallons != nil || c.WeeklyCents != nil ||
		c.DailyPurchases != nil || c.AllowedHours != nil || c.TankCapacityGallons != nil || c.ReeferTankGallons != nil ||
		c.MonthlyBudgetCents != nil || len(c.AllowedProducts) > 0 || len(c.AllowedStates) > 0 || len(c.AllowedDays) > 0 ||
		len(c.AllowedChains) > 0 || len(c.BlockedChains) > 0
}

// NeedsHistory reports whether a rule adds up the card's purchases (the
// fraud check needs only the last one).
func (c Controls) NeedsHistory() bool {
	return c.DailyCents != nil || c.DailyGallons != nil || c.WeeklyCents != nil || c.DailyPurchases != nil || c.MonthlyBudgetCents != nil
}

// usStates are the two-letter codes of the states and DC.
var usStates = strings.Fields(`AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ
	NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY`)

// Validate normalises the lists (upper case, sorted, without repeats) and
// returns field errors, keyed by the API's field names, for values out of
// bounds or unknown codes.
func (c *Controls) Validate() error {
	fe := FieldErrors{}
	cents := func(field string, v *int64) {
		if v != nil && (*v <= 0 || *v > MaxControlCents) {
			fe.Add(field, fmt.Sprintf("Must be more than 0 and at most %d", MaxControlCents/100))
		}
	}
	gallons := func(field string, v *Gallons, max Gallons) {
		if v != nil && (*v <= 0 || *v > max) {
			fe.Add(field, fmt.Sprintf("Must be more than 0 and at most %d gallons", max/1000))
		}
	}
	cents("perPurchaseLimit", c.PerPurchaseCents)
	cents("dailyLimit", c.DailyCents)
	cents("weeklyLimit", c.WeeklyCents)
	cents("monthlyBudget", c.MonthlyBudgetCents)
	gallons("dailyGallonsLimit", c.DailyGallons, MaxDailyGallonsLimit)
	gallons("tankCapacityGallons", c.TankCapacityGallons, MaxTankGallons)
	gallons("reeferTankGallons", c.ReeferTankGallons, MaxTankGallons)
	if c.DailyPurchases != nil && (*c.DailyPurchases < 1 || *c.DailyPurchases > MaxDailyPurchasesLimit) {
		fe.Add("dailyPurchasesLimit", fmt.Sprintf("Must be a whole number from 1 to %d", MaxDailyPurchasesLimit))
	}
	if h := c.AllowedHours; h != nil {
		switch {
		case h.From < 0 || h.From >= 24*60 || h.To < 0 || h.To >= 24*60:
			fe.Add("allowedHours", "Hours must be times from 00:00 to 23:59")
		case h.From == h.To:
			fe.Add("allowedHours", "From and to must differ")
		}
	}
	c.AllowedProducts = normalise(fe, "allowedProducts", c.AllowedProducts, func(p ProductCode) bool { return p.Valid() }, "Unknown product")
	c.AllowedStates = normalise(fe, "allowedStates", upper(c.AllowedStates), func(s string) bool { return slices.Contains(usStates, s) }, "Unknown state")
	c.AllowedDays = normalise(fe, "allowedDays", c.AllowedDays, func(d time.Weekday) bool { return d >= time.Sunday && d <= time.Saturday }, "Unknown day")
	known := func(code string) bool {
		return slices.ContainsFunc(Chains, func(ch Chain) bool { return ch.Code == code })
	}
	c.AllowedChains = normalise(fe, "allowedChains", upper(c.AllowedChains), known, "Unknown chain")
	c.BlockedChains = normalise(fe, "blockedChains", upper(c.BlockedChains), known, "Unknown chain")
	return fe.Err()
}

func upper(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToUpper(strings.TrimSpace(s))
	}
	return out
}

// normalise sorts list without repeats, adding msg to field for values
// valid refuses; an empty list is nil (no rule).
func normalise[T ~string | ~int](fe FieldErrors, field string, list []T, valid func(T) bool, msg string) []T {
	if len(list) > MaxControlListLength {
		fe.Add(field, fmt.Sprintf("At most %d entries", MaxControlListLength))
		return nil
	}
	for _, v := range list {
		if !valid(v) {
			fe.Add(field, fmt.Sprintf("%s: %v", msg, v))
			return nil
		}
	}
	if len(list) == 0 {
		return nil
	}
	out := slices.Clone(list)
	slices.Sort(out)
	return slices.Compact(out)
}

// Validate checks the default controls and the time zone.
func (c *CompanyControls) Validate() error {
	fe := FieldErrors{}
	if err := c.Controls.Validate(); err != nil {
		fe = ErrorFields(err)
	}
	c.TimeZone = strings.TrimSpace(c.TimeZone)
	if c.TimeZone == "" {
		c.TimeZone = DefaultTimeZone
	}
	if _, err := time.LoadLocation(c.TimeZone); err != nil || len(c.TimeZone) > 64 || c.TimeZone == "Local" {
		fe.Add("timeZone", "Unknown time zone")
	}
	return fe.Err()
}

// PurchaseFacts is what the rules look at in a purchase.
type PurchaseFacts struct {
	Product     ProductCode
	Gallons     Gallons
	AmountCents int64     // funded total: what the wallet would be debited
	Time        time.Time // the purchase instant (UTC)
	State       string
	Chain       string
	Latitude    float64
	Longitude   float64
}

// CardHistory is what the card's approved purchases add up to in the
// periods, in the company's time zone, that hold the new purchase.
type CardHistory struct {
	DayCents, WeekCents, MonthCents int64
	DayGallons                      Gallons
	DayPurchases                    int
	// Last is the card's latest approved purchase up to the new one's
	// time, nil when there is none.
	Last *PlaceAndTime
}

// PlaceAndTime is where and when a purchase happened.
type PlaceAndTime struct {
	Time                time.Time
	Latitude, Longitude float64
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

// MaxTruckMPH is the fastest average speed a truck could make between two
// purchases; farther apart than that is suspicious.
const MaxTruckMPH = 70

// stationSlackMiles absorbs imprecise station coordinates, so two
// purchases minutes apart at neighbouring stations are not "too far".
const stationSlackMiles = 1.0

// Check returns the first rule of the effective controls c the purchase
// breaks given the card's history, or "" when all pass. Times of day are
// read in loc. It is pure: the store calls it with the sums it read in the
// same transaction as the wallet debit.
func (c Controls) Check(p PurchaseFacts, h CardHistory, loc *time.Location) DeclineReason {
	local := p.Time.In(loc)
	switch {
	case len(c.AllowedProducts) > 0 && !slices.Contains(c.AllowedProducts, p.Product):
		return DeclineProductNotAllowed
	case len(c.AllowedDays) > 0 && !slices.Contains(c.AllowedDays, local.Weekday()):
		return DeclineDayNotAllowed
	case c.AllowedHours != nil && !c.AllowedHours.Contains(local.Hour()*60+local.Minute()):
		return DeclineHourNotAllowed
	case len(c.AllowedStates) > 0 && !slices.Contains(c.AllowedStates, strings.ToUpper(p.State)):
		return DeclineStateNotAllowed
	case len(c.AllowedChains) > 0 && !slices.Contains(c.AllowedChains, strings.ToUpper(p.Chain)),
		slices.Contains(c.BlockedChains, strings.ToUpper(p.Chain)):
		return DeclineChainNotAllowed
	case p.Product == ProductReefer && c.ReeferTankGallons != nil && p.Gallons > *c.ReeferTankGallons,
		p.Product != ProductReefer && c.TankCapacityGallons != nil && p.Gallons > *c.TankCapacityGallons:
		return DeclineOverTankCapacity
	case c.PerPurchaseCents != nil && p.AmountCents > *c.PerPurchaseCents:
		return DeclinePerPurchaseLimit
	case c.DailyPurchases != nil && h.DayPurchases+1 > *c.DailyPurchases:
		return DeclineDailyPurchasesLimit
	case c.DailyCents != nil && h.DayCents+p.AmountCents > *c.DailyCents:
		return DeclineDailyLimit
	case c.DailyGallons != nil && h.DayGallons+p.Gallons > *c.DailyGallons:
		return DeclineDailyGallonsLimit
	case c.WeeklyCents != nil && h.WeekCents+p.AmountCents > *c.WeeklyCents:
		return DeclineWeeklyLimit
	case c.MonthlyBudgetCents != nil && h.MonthCents+p.AmountCents > *c.MonthlyBudgetCents:
		return DeclineMonthlyBudget
	case h.Last != nil && TooFar(*h.Last, PlaceAndTime{p.Time, p.Latitude, p.Longitude}):
		return DeclineSuspiciousDistance
	}
	return ""
}

// TooFar reports whether a truck could not have driven from a to b in the
// time between them at MaxTruckMPH on average. The fraud check applies on
// every card, controls or not.
func TooFar(a, b PlaceAndTime) bool {
	hours := math.Abs(b.Time.Sub(a.Time).Hours())
	return geo.DistanceMiles(geo.Point{Lat: a.Latitude, Lon: a.Longitude}, geo.Point{Lat: b.Latitude, Lon: b.Longitude}) > MaxTruckMPH*hours+stationSlackMiles
}
