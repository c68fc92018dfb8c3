package fuelportal_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"fuelportal"
)

func ptr[T any](v T) *T { return &v }

// TestDeclineSentences_AreTheContract keeps the sentences verbatim as the
// API contract shared with the web app states them.
func TestDeclineSentences_AreTheContract(t *testing.T) {
	want := map[fuelportal.DeclineReason]string{
		"CARD_INACTIVE": "Card is inactive", "UNKNOWN_CARD": "Unknown card", "INSUFFICIENT_FUNDS": "Insufficient funds in the wallet",
		"CREDIT_LIMIT": "Credit limit reached", "PER_PURCHASE_LIMIT": "Over the per-purchase limit", "DAILY_LIMIT": "Over the daily limit",
		"DAILY_GALLONS_LIMIT": "Over the daily gallons limit", "WEEKLY_LIMIT": "Over the weekly limit",
		"DAILY_PURCHASES_LIMIT": "Too many purchases today", "PRODUCT_NOT_ALLOWED": "Product not allowed",
		"DAY_NOT_ALLOWED": "Purchases not allowed on this day", "HOUR_NOT_ALLOWED": "Purchases not allowed at this hour",
		"STATE_NOT_ALLOWED": "Purchases not allowed in this state", "CHAIN_NOT_ALLOWED": "Chain not allowed",
		"OVER_TANK_CAPACITY": "Over tank capacity", "SUSPICIOUS_DISTANCE": "Suspicious: too far from the last purchase",
		"MONTHLY_BUDGET": "Over the monthly budget", "NOT_PLANNED_STOP": "Not a planned stop",
		"OVER_PLANNED_GALLONS": "More than the planned gallons", "OVER_GALLONS_LEFT": "More than the planned gallons left",
	}
	for code, sentence := range want {
		if got := code.Sentence(); got != sentence {
			t.Errorf("%s: %q, want %q", code, got, sentence)
		}
	}
	if len(fuelportal.DeclineReasons()) != len(want) {
		t.Errorf("%d codes have sentences, the contract lists %d", len(fuelportal.DeclineReasons()), len(want))
	}
	if fuelportal.DeclineReason("").Sentence() != "" {
		t.Error("no code has a sentence")
	}
}

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

func TestPeriodsOf_CountsInTheCompanyZone(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	// Monday 2025-03-03 03:00 UTC is Sunday 21:00 in Chicago.
	p := fuelportal.PeriodsOf(time.Date(2025, 3, 3, 3, 0, 0, 0, time.UTC), chicago)
	if !p.DayStart.Equal(time.Date(2025, 3, 2, 6, 0, 0, 0, time.UTC)) || !p.WeekStart.Equal(time.Date(2025, 2, 24, 6, 0, 0, 0, time.UTC)) ||
		!p.MonthStart.Equal(time.Date(2025, 3, 1, 6, 0, 0, 0, time.UTC)) || !p.DayEnd.Equal(time.Date(2025, 3, 3, 6, 0, 0, 0, time.UTC)) {
		t.Fatalf("periods = %+v", p)
	}
}

func TestTooFar_At70MPH(t *testing.T) {
	ocala := fuelportal.PlaceAndTime{Time: time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC), Latitude: 29.19, Longitude: -82.14}
	// Jacksonville is ~90 miles from Ocala.
	jax := func(after time.Duration) fuelportal.PlaceAndTime {
		return fuelportal.PlaceAndTime{Time: ocala.Time.Add(after), Latitude: 30.33, Longitude: -81.66}
	}
	if !fuelportal.TooFar(ocala, jax(time.Hour)) {
		t.Fatal("90 miles in an hour is possible")
	}
	if fuelportal.TooFar(ocala, jax(90*time.Minute)) {
		t.Fatal("90 miles in 90 minutes is too far")
	}
	if fuelportal.TooFar(ocala, fuelportal.PlaceAndTime{Time: ocala.Time, Latitude: 29.195, Longitude: -82.14}) {
		t.Fatal("the station next door at the same minute is too far")
	}
}

func TestControls_NearLimits_OnceWhenAPurchaseCrossesEightyPercent(t *testing.T) {
	daily, budget, gallons := int64(100_00), int64(1000_00), fuelportal.Gallons(500_000)
	c := fuelportal.Controls{DailyCents: &daily, MonthlyBudgetCents: &budget, DailyGallons: &gallons}
	names := func(near []fuelportal.NearLimit) []string {
		var out []string
		for _, n := range near {
			out = append(out, n.Name+" "+n.Used+" of "+n.Limit)
		}
		return out
	}
	// $70 then $15 more: the day crosses 80 % of $100.
	got := names(c.NearLimits(fuelportal.PurchaseFacts{AmountCents: 15_00, Gallons: 10_000}, fuelportal.CardHistory{DayCents: 70_00, MonthCents: 70_00, DayGallons: 20_000}))
	if len(got) != 1 || got[0] != "daily limit $85.00 of $100.00" {
		t.Fatalf("crossing the daily limit's 80 %%: %v", got)
	}
	// Already past: nothing again.
	if got := c.NearLimits(fuelportal.PurchaseFacts{AmountCents: 5_00}, fuelportal.CardHistory{DayCents: 85_00, MonthCents: 85_00}); len(got) != 0 {
		t.Fatalf("already past 80 %%: %v", names(got))
	}
	// Exactly 80 % is not past it; gallons and the month cross together.
	got = names(c.NearLimits(fuelportal.PurchaseFacts{AmountCents: 1_00, Gallons: 10_000}, fuelportal.CardHistory{DayCents: 79_00, MonthCents: 800_00, DayGallons: 395_000}))
	if len(got) != 2 || got[0] != "daily gallons limit 405.0 gal of 500.0 gal" || got[1] != "monthly budget $801.00 of $1000.00" {
		t.Fatalf("gallons and month: %v", got)
	}
	if got := (fuelportal.Controls{}).NearLimits(fuelportal.PurchaseFacts{AmountCents: 1_000_00}, fuelportal.CardHistory{}); len(got) != 0 {
		t.Fatalf("no limits: %v", names(got))
	}
}

// TestDeclineSentences_MatchTheWebApp: the web app shows a decline by its
// code from its own texts; they say what the server's sentences say.
func TestDeclineSentences_MatchTheWebApp(t *testing.T) {
	raw, err := os.ReadFile("web/src/locales/en-US/transactions.json")
	if err != nil {
		t.Fatal(err)
	}
	var texts struct {
		DeclineReasons map[fuelportal.DeclineReason]string `json:"declineReasons"`
	}
	if err := json.Unmarshal(raw, &texts); err != nil {
		t.Fatal(err)
	}
	for _, code := range fuelportal.DeclineReasons() {
		if texts.DeclineReasons[code] != code.Sentence() {
			t.Errorf("%s: the web app says %q, the server %q", code, texts.DeclineReasons[code], code.Sentence())
		}
	}
	if len(texts.DeclineReasons) != len(fuelportal.DeclineReasons()) {
		t.Errorf("the web app has %d decline texts, the server %d", len(texts.DeclineReasons), len(fuelportal.DeclineReasons()))
	}
	// Every other language names every code too (their wording is theirs).
	others, _ := filepath.Glob("web/src/locales/*/transactions.json")
	for _, file := range others {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var translated struct {
			DeclineReasons map[fuelportal.DeclineReason]string `json:"declineReasons"`
		}
		if err := json.Unmarshal(raw, &translated); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, code := range fuelportal.DeclineReasons() {
			if translated.DeclineReasons[code] == "" {
				t.Errorf("%s has no text for %s", file, code)
			}
		}
	}
}
