package fuelportal

import (
	"fmt"
	"slices"
	"time"
)

// WeekdayCodes are the API's day codes, Monday first as the forms show
// them.
var WeekdayCodes = []struct {
	Code string
	Day  time.Weekday
}{{"MON", time.Monday}, {"TUE", time.Tuesday}, {"WED", time.Wednesday}, {"THU", time.Thursday},
	{"FRI", time.Friday}, {"SAT", time.Saturday}, {"SUN", time.Sunday}}

// ControlsView is a card's or a company's controls as the owner sets them
// and reads them: dollars, gallons, day codes and HH:MM hours. The API
// answers it, and the audit trail records it (never the stored cents,
// thousandths of a gallon and minutes). A null field is no rule.
type ControlsView struct {
	PerPurchaseLimit    *float64   `json:"perPurchaseLimit"`
	DailyLimit          *float64   `json:"dailyLimit"`
	DailyGallonsLimit   *float64   `json:"dailyGallonsLimit"`
	WeeklyLimit         *float64   `json:"weeklyLimit"`
	DailyPurchasesLimit *int       `json:"dailyPurchasesLimit"`
	AllowedProducts     []string   `json:"allowedProducts"`
	AllowedStates       []string   `json:"allowedStates"`
	AllowedDays         []string   `json:"allowedDays"`
	AllowedHours        *HoursView `json:"allowedHours"`
	AllowedChains       []string   `json:"allowedChains"`
	BlockedChains       []string   `json:"blockedChains"`
	TankCapacityGallons *float64   `json:"tankCapacityGallons"`
	ReeferTankGallons   *float64   `json:"reeferTankGallons"`
	MonthlyBudget       *float64   `json:"monthlyBudget"`
	// TimeZone and Prompt are the company default's only.
	TimeZone *string `json:"timeZone,omitempty"`
	Prompt   *string `json:"prompt,omitempty"`
}

// HoursView is an allowed-hours window as HH:MM times.
type HoursView struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// View returns the controls as the owner reads them.
func (c Controls) View() ControlsView {
	money := func(v *int64) *float64 {
		if v == nil {
			return nil
		}
		d := float64(*v) / 100
		return &d
	}
	gallons := func(v *Gallons) *float64 {
		if v == nil {
			return nil
		}
		g := v.Float()
		return &g
	}
	view := ControlsView{
		PerPurchaseLimit: money(c.PerPurchaseCents), DailyLimit: money(c.DailyCents), WeeklyLimit: money(c.WeeklyCents),
		MonthlyBudget: money(c.MonthlyBudgetCents), DailyGallonsLimit: gallons(c.DailyGallons),
		TankCapacityGallons: gallons(c.TankCapacityGallons), ReeferTankGallons: gallons(c.ReeferTankGallons),
		DailyPurchasesLimit: c.DailyPurchases,
		AllowedStates:       c.AllowedStates, AllowedChains: c.AllowedChains, BlockedChains: c.BlockedChains,
	}
	for _, p := range c.AllowedProducts {
		view.AllowedProducts = append(view.AllowedProducts, string(p))
	}
	for _, w := range WeekdayCodes {
		if slices.Contains(c.AllowedDays, w.Day) {
			view.AllowedDays = append(view.AllowedDays, w.Code)
		}
	}
	if h := c.AllowedHours; h != nil {
		view.AllowedHours = &HoursView{From: fmt.Sprintf("%02d:%02d", h.From/60, h.From%60), To: fmt.Sprintf("%02d:%02d", h.To/60, h.To%60)}
	}
	return view
}

// View returns the company's default controls, its time zone and pump
// prompt as the owner reads them.
func (c CompanyControls) View() ControlsView {
	view := c.Controls.View()
	prompt := string(c.Prompt)
	view.TimeZone, view.Prompt = &c.TimeZone, &prompt
	return view
}
