package rules_test

import (
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

func ptr[T any](v T) *T { return &v }

// Love's in Dallas, TX; Ocala, FL is ~1,000 miles away.
var (
	dallas = &fuelportal.Station{ID: 1, State: "TX", Chain: fuelportal.ChainLoves, Latitude: 32.78, Longitude: -96.80}
	ocala  = rules.PlaceAndTime{Latitude: 29.19, Longitude: -82.14}
	// Wednesday 2025-03-05, noon in Chicago.
	noon    = time.Date(2025, 3, 5, 18, 0, 0, 0, time.UTC)
	chicago = mustLoad("America/Chicago")
)

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// facts are 100 gal of diesel at $3.859 retail, $3.759 to the card (10 ¢
// off) with a $1.50 fee: $375.90 of fuel, $377.40 funded, $10.00 off the
// pump; a prepaid wallet of $1,000 and no rules.
func facts() rules.PurchaseFacts {
	return rules.PurchaseFacts{
		Card:    &fuelportal.Card{ID: 7, CompanyID: 3, Status: fuelportal.CardActive},
		Station: dallas, Product: fuelportal.ProductDiesel, Gallons: 100_000, RetailPrice: 3859, Price: 3759, Time: noon,
		Contract: &fuelportal.Contract{CompanyID: 3, Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 100,
			Billing: fuelportal.BillingPrepaid, FeeCents: 150},
		Location: chicago, WalletCents: 1000_00,
	}
}

const funded = 377_40

// lockedTrip is a trip that locks the card, with a plan.
var lockedTrip = &fuelportal.Trip{ID: 9, LockCard: true, Plan: &fuelportal.TripPlan{Version: 1}}

func TestDecidePurchase(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(f *rules.PurchaseFacts)
		want   fuelportal.DeclineReason // "" for approved
	}{
		{"approved with no rules", func(*rules.PurchaseFacts) {}, ""},
		{"a driver id not the card's: DRIVER_ID_INVALID, even under an override", func(f *rules.PurchaseFacts) {
			f.Card.DriverID, f.PromptMode, f.Prompt.DriverID, f.Overridden = "D-1", fuelportal.PromptDriverID, "D-2", true
		}, fuelportal.DeclineDriverIDInvalid},
		{"a driver id not the card's under an override that lifts the prompt: approved", func(f *rules.PurchaseFacts) {
			f.Card.DriverID, f.PromptMode, f.Prompt.DriverID, f.Overridden, f.PromptLifted = "D-1", fuelportal.PromptDriverID, "", true, true
		}, ""},
		{"the card's driver id keyed: approved", func(f *rules.PurchaseFacts) {
			f.Card.DriverID, f.PromptMode, f.Prompt.DriverID = "D-1", fuelportal.PromptDriverID, "d-1"
		}, ""},
		{"an odometer below the vehicle's last: ODOMETER_INVALID before the controls", func(f *rules.PurchaseFacts) {
			f.PromptMode, f.Prompt.Odometer = fuelportal.PromptOdometer, ptr(int64(999))
			f.LastOdometer = &fuelportal.OdometerReading{Miles: 1000, ReadAt: noon.Add(-time.Hour)}
			f.Controls.AllowedProducts = []fuelportal.ProductCode{fuelportal.ProductDEF}
		}, fuelportal.DeclineOdometerInvalid},
		{"an inactive card is CARD_INACTIVE before its prompt", func(f *rules.PurchaseFacts) {
			f.Card.Status, f.PromptMode = fuelportal.CardInactive, fuelportal.PromptUnitNumber
		}, fuelportal.DeclineCardInactive},
		{"unknown card: UNKNOWN_CARD", func(f *rules.PurchaseFacts) { f.Card, f.Contract = nil, nil }, fuelportal.DeclineUnknownCard},
		{"inactive card: CARD_INACTIVE before any rule or the wallet", func(f *rules.PurchaseFacts) {
			f.Card.Status = fuelportal.CardInactive
			f.Controls.AllowedProducts = []fuelportal.ProductCode{fuelportal.ProductDEF}
			f.WalletCents = 0
		}, fuelportal.DeclineCardInactive},
		{"product off the list: PRODUCT_NOT_ALLOWED", func(f *rules.PurchaseFacts) {
			f.Controls.AllowedProducts = []fuelportal.ProductCode{fuelportal.ProductDEF}
		}, fuelportal.DeclineProductNotAllowed},
		{"product first of the controls: PRODUCT_NOT_ALLOWED before PER_PURCHASE_LIMIT", func(f *rules.PurchaseFacts) {
			f.Controls.AllowedProducts = []fuelportal.ProductCode{fuelportal.ProductDEF}
			f.Controls.PerPurchaseCents = ptr(int64(1_00))
		}, fuelportal.DeclineProductNotAllowed},
		{"a Wednesday on a weekend card: DAY_NOT_ALLOWED", func(f *rules.PurchaseFacts) {
			f.Controls.AllowedDays = []time.Weekday{time.Saturday, time.Sunday}
		}, fuelportal.DeclineDayNotAllowed},
		{"the day is the company's: Tuesday night in Chicago on a Wednesday-only card", func(f *rules.PurchaseFacts) {
			f.Controls.AllowedDays = []time.Weekday{time.Wednesday}
			f.Time = time.Date(2025, 3, 5, 3, 0, 0, 0, time.UTC) // Tuesday 21:00 in Chicago
		}, fuelportal.DeclineDayNotAllowed},
		{"noon on a night card: HOUR_NOT_ALLOWED", func(f *rules.PurchaseFacts) {
			f.Controls.AllowedHours = &fuelportal.HourRange{From: 22 * 60, To: 5 * 60}
		}, fuelportal.DeclineHourNotAllowed},
		{"noon on a day card: approved", func(f *rules.PurchaseFacts) {
			f.Controls.AllowedHours = &fuelportal.HourRange{From: 6 * 60, To: 20 * 60}
		}, ""},
		{"Texas on an Oklahoma card: STATE_NOT_ALLOWED", func(f *rules.PurchaseFacts) { f.Controls.AllowedStates = []string{"OK"} }, fuelportal.DeclineStateNotAllowed},
		{"Love's on a Pilot card: CHAIN_NOT_ALLOWED", func(f *rules.PurchaseFacts) {
			f.Controls.AllowedChains = []string{fuelportal.ChainPilot}
		}, fuelportal.DeclineChainNotAllowed},
		{"a blocked chain: CHAIN_NOT_ALLOWED", func(f *rules.PurchaseFacts) {
			f.Controls.BlockedChains = []string{fuelportal.ChainLoves}
		}, fuelportal.DeclineChainNotAllowed},
		{"more than the tractor's tank: OVER_TANK_CAPACITY", func(f *rules.PurchaseFacts) {
			f.Controls.TankCapacityGallons = ptr(fuelportal.Gallons(99_000))
		}, fuelportal.DeclineOverTankCapacity},
		{"reefer fuel is held to the reefer's tank: OVER_TANK_CAPACITY", func(f *rules.PurchaseFacts) {
			f.Product = fuelportal.ProductReefer
			f.Controls.TankCapacityGallons = ptr(fuelportal.Gallons(200_000))
			f.Controls.ReeferTankGallons = ptr(fuelportal.Gallons(50_000))
		}, fuelportal.DeclineOverTankCapacity},
		{"the funded total over the per-purchase limit: PER_PURCHASE_LIMIT", func(f *rules.PurchaseFacts) {
			f.Controls.PerPurchaseCents = ptr(int64(funded - 1))
		}, fuelportal.DeclinePerPurchaseLimit},
		{"the funded total at the per-purchase limit: approved", func(f *rules.PurchaseFacts) {
			f.Controls.PerPurchaseCents = ptr(int64(funded))
		}, ""},
		{"a third purchase on a two-a-day card: DAILY_PURCHASES_LIMIT", func(f *rules.PurchaseFacts) {
			f.Controls.DailyPurchases = ptr(2)
			f.History.DayPurchases = 2
		}, fuelportal.DeclineDailyPurchasesLimit},
		{"over the day's money: DAILY_LIMIT", func(f *rules.PurchaseFacts) {
			f.Controls.DailyCents = ptr(int64(500_00))
			f.History.DayCents = 500_00 - funded + 1
		}, fuelportal.DeclineDailyLimit},
		{"over the day's gallons: DAILY_GALLONS_LIMIT", func(f *rules.PurchaseFacts) {
			f.Controls.DailyGallons = ptr(fuelportal.Gallons(150_000))
			f.History.DayGallons = 50_001
		}, fuelportal.DeclineDailyGallonsLimit},
		{"over the week's money: WEEKLY_LIMIT", func(f *rules.PurchaseFacts) {
			f.Controls.WeeklyCents = ptr(int64(1000_00))
			f.History.WeekCents = 700_00
		}, fuelportal.DeclineWeeklyLimit},
		{"over the month's budget: MONTHLY_BUDGET", func(f *rules.PurchaseFacts) {
			f.Controls.MonthlyBudgetCents = ptr(int64(2000_00))
			f.History.MonthCents = 1700_00
		}, fuelportal.DeclineMonthlyBudget},
		{"Ocala an hour before Dallas: SUSPICIOUS_DISTANCE on a card without controls", func(f *rules.PurchaseFacts) {
			last := ocala
			last.Time = noon.Add(-time.Hour)
			f.History.Last = &last
		}, fuelportal.DeclineSuspiciousDistance},
		{"Ocala a day before Dallas: approved", func(f *rules.PurchaseFacts) {
			last := ocala
			last.Time = noon.Add(-24 * time.Hour)
			f.History.Last = &last
		}, ""},
		{"a limit before the fraud check: DAILY_LIMIT", func(f *rules.PurchaseFacts) {
			last := ocala
			last.Time = noon.Add(-time.Hour)
			f.History.Last = &last
			f.Controls.DailyCents = ptr(int64(1_00))
		}, fuelportal.DeclineDailyLimit},
		{"off a locked trip's stops: NOT_PLANNED_STOP", func(f *rules.PurchaseFacts) { f.Trip = lockedTrip }, fuelportal.DeclineNotPlannedStop},
		{"more than the stop's gallons and 10 %: OVER_PLANNED_GALLONS", func(f *rules.PurchaseFacts) {
			f.Trip = lockedTrip
			f.Fit = fuelportal.PlanFit{AtStop: true, Stop: fuelportal.TripStop{StationID: dallas.ID, Gallons: 90_000}, OffPlan: 1_000}
		}, fuelportal.DeclineOverPlannedGallons},
		{"with what was bought, more than the plan left: OVER_GALLONS_LEFT", func(f *rules.PurchaseFacts) {
			f.Trip = lockedTrip
			f.Fit = fuelportal.PlanFit{AtStop: true, Stop: fuelportal.TripStop{StationID: dallas.ID, Gallons: 100_000}, OffPlan: 20_000}
		}, fuelportal.DeclineOverGallonsLeft},
		{"at a locked trip's stop within its gallons: approved", func(f *rules.PurchaseFacts) {
			f.Trip = lockedTrip
			f.Fit = fuelportal.PlanFit{AtStop: true, Stop: fuelportal.TripStop{StationID: dallas.ID, Gallons: 100_000}}
		}, ""},
		{"off an unlocked trip's stops: approved", func(f *rules.PurchaseFacts) {
			f.Trip = &fuelportal.Trip{ID: 9, Plan: lockedTrip.Plan}
		}, ""},
		{"the controls before the trip lock: PRODUCT_NOT_ALLOWED", func(f *rules.PurchaseFacts) {
			f.Trip = lockedTrip
			f.Controls.AllowedProducts = []fuelportal.ProductCode{fuelportal.ProductDEF}
		}, fuelportal.DeclineProductNotAllowed},
		{"the trip lock before the wallet: NOT_PLANNED_STOP", func(f *rules.PurchaseFacts) {
			f.Trip = lockedTrip
			f.WalletCents = 0
		}, fuelportal.DeclineNotPlannedStop},
		{"a prepaid wallet a cent short: INSUFFICIENT_FUNDS", func(f *rules.PurchaseFacts) { f.WalletCents = funded - 1 }, fuelportal.DeclineInsufficientFunds},
		{"a prepaid wallet left at zero: approved", func(f *rules.PurchaseFacts) { f.WalletCents = funded }, ""},
		{"an invoice wallet may go below zero to its credit limit: approved", func(f *rules.PurchaseFacts) {
			f.Contract.Billing, f.Contract.CreditLimitCents = fuelportal.BillingInvoice, 500_00
			f.WalletCents = funded - 500_00
		}, ""},
		{"an invoice wallet a cent past its credit limit: CREDIT_LIMIT", func(f *rules.PurchaseFacts) {
			f.Contract.Billing, f.Contract.CreditLimitCents = fuelportal.BillingInvoice, 500_00
			f.WalletCents = funded - 500_00 - 1
		}, fuelportal.DeclineCreditLimitReached},
		{"the controls before the wallet: DAILY_LIMIT", func(f *rules.PurchaseFacts) {
			f.Controls.DailyCents = ptr(int64(1_00))
			f.WalletCents = 0
		}, fuelportal.DeclineDailyLimit},
		{"an override lifts the controls, the fraud check and the trip lock: approved", func(f *rules.PurchaseFacts) {
			f.Overridden = true
			f.Controls.DailyCents = ptr(int64(1_00))
			f.Controls.AllowedStates = []string{"OK"}
			last := ocala
			last.Time = noon.Add(-time.Hour)
			f.History.Last = &last
			f.Trip = lockedTrip
		}, ""},
		{"an override never lifts the wallet: INSUFFICIENT_FUNDS", func(f *rules.PurchaseFacts) {
			f.Overridden = true
			f.WalletCents = 0
		}, fuelportal.DeclineInsufficientFunds},
		{"an override lifts nothing of an inactive card: CARD_INACTIVE", func(f *rules.PurchaseFacts) {
			f.Overridden = true
			f.Card.Status = fuelportal.CardInactive
		}, fuelportal.DeclineCardInactive},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := facts()
			tc.change(&f)
			d := rules.DecidePurchase(f)
			if d.Reason != tc.want {
				t.Fatalf("decline %q, want %q", d.Reason, tc.want)
			}
			if tc.want != "" {
				if d.Approved() || d.Status != fuelportal.TransactionDeclined || d.Amounts != (fuelportal.PurchaseAmounts{}) || len(d.NearLimits) > 0 {
					t.Fatalf("a decline moves no money and raises no near-limit alert: %+v", d)
				}
				return
			}
			want := fuelportal.PurchaseAmounts{RetailTotalCents: 385_90, NetTotalCents: 375_90, DiscountCents: 10_00, FeeCents: 1_50, FundedTotalCents: funded}
			if !d.Approved() || d.Amounts != want {
				t.Fatalf("approved %v for %+v, want %+v", d.Approved(), d.Amounts, want)
			}
		})
	}
}

func TestDecidePurchase_NearLimits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(f *rules.PurchaseFacts)
		want   []string
	}{
		{"the day crosses 80 % of its limit: an alert", func(f *rules.PurchaseFacts) {
			f.Controls.DailyCents = ptr(int64(1000_00))
			f.History.DayCents = 500_00
		}, []string{"daily limit $877.40 of $1000.00"}},
		{"the day already past 80 %: no alert again", func(f *rules.PurchaseFacts) {
			f.Controls.DailyCents = ptr(int64(1000_00))
			f.History.DayCents = 800_01
		}, nil},
		{"one purchase near the per-purchase limit and the month near its budget", func(f *rules.PurchaseFacts) {
			f.Controls.PerPurchaseCents = ptr(int64(400_00))
			f.Controls.MonthlyBudgetCents = ptr(int64(1000_00))
			f.History.MonthCents = 600_00
		}, []string{"per-purchase limit $377.40 of $400.00", "monthly budget $977.40 of $1000.00"}},
		{"the day's gallons and the week", func(f *rules.PurchaseFacts) {
			f.Controls.DailyGallons = ptr(fuelportal.Gallons(150_000))
			f.Controls.WeeklyCents = ptr(int64(2000_00))
			f.History.WeekCents = 1300_00
			f.History.DayGallons = 21_000
		}, []string{"daily gallons limit 121.0 gal of 150.0 gal", "weekly limit $1677.40 of $2000.00"}},
		{"under an override: no alert", func(f *rules.PurchaseFacts) {
			f.Controls.DailyCents = ptr(int64(1000_00))
			f.History.DayCents = 500_00
			f.Overridden = true
		}, nil},
		{"declined for funds: no alert", func(f *rules.PurchaseFacts) {
			f.Controls.DailyCents = ptr(int64(1000_00))
			f.History.DayCents = 500_00
			f.WalletCents = 0
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := facts()
			tc.change(&f)
			var got []string
			for _, n := range rules.DecidePurchase(f).NearLimits {
				got = append(got, n.Name+" "+n.Used+" of "+n.Limit)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("near limits %q, want %q", got, tc.want)
			}
		})
	}
}

func TestFundsDecline_ByBillingPlan(t *testing.T) {
	if got := rules.FundsDecline(&fuelportal.Contract{Billing: fuelportal.BillingPrepaid}); got != fuelportal.DeclineInsufficientFunds {
		t.Errorf("prepaid: %s", got)
	}
	if got := rules.FundsDecline(&fuelportal.Contract{Billing: fuelportal.BillingInvoice}); got != fuelportal.DeclineCreditLimitReached {
		t.Errorf("invoice: %s", got)
	}
}
