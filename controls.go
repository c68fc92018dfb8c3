package fuelportal

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

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
	// Prompt is what the pump asks for on the company's cards that have
	// none of their own (PromptNone until the owner sets one).
	Prompt PromptMode
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
	if c.Prompt == "" {
		c.Prompt = PromptNone
	}
	if !c.Prompt.Valid() {
		fe.Add("prompt", MsgPromptInvalid)
	}
	return fe.Err()
}
