package rules_test

import (
	"slices"
	"testing"

	"fuelportal"
	"fuelportal/rules"
)

// authFacts: a $300.00 request at Dallas, gallons estimated at $3.859, a
// $1,000 wallet, no rules.
func authFacts(controllable bool) rules.AuthorizationFacts {
	f := facts()
	f.Gallons, f.Price = 0, 3859
	return rules.AuthorizationFacts{PurchaseFacts: f, RequestCents: 300_00, Controllable: controllable}
}

func TestDecideAuthorization(t *testing.T) {
	for _, tc := range []struct {
		name         string
		controllable bool
		change       func(f *rules.AuthorizationFacts)
		approved     bool
		amount       int64
		reason       fuelportal.DeclineReason
		fired        []string
	}{
		{"no rules: the request", true, func(*rules.AuthorizationFacts) {}, true, 300_00, "", nil},
		{"unknown card", true, func(f *rules.AuthorizationFacts) { f.Card = nil }, false, 0, fuelportal.DeclineUnknownCard, []string{"UNKNOWN_CARD"}},
		{"inactive card", true, func(f *rules.AuthorizationFacts) { f.Card.Status = fuelportal.CardInactive }, false, 0, fuelportal.DeclineCardInactive, []string{"CARD_INACTIVE"}},
		{"per-purchase limit less the card's fee cuts a controllable request", true, func(f *rules.AuthorizationFacts) {
			f.Controls.PerPurchaseCents = ptr(int64(200_00))
		}, true, 198_50, "", []string{"PER_PURCHASE_LIMIT"}},
		{"per-purchase limit declines a fixed request", false, func(f *rules.AuthorizationFacts) {
			f.Controls.PerPurchaseCents = ptr(int64(200_00))
		}, false, 0, fuelportal.DeclinePerPurchaseLimit, []string{"PER_PURCHASE_LIMIT"}},
		{"least of daily money left and the tank", true, func(f *rules.AuthorizationFacts) {
			f.Controls.DailyCents = ptr(int64(500_00))
			f.History.DayCents = 250_00                                      // 250.00 left
			f.Controls.TankCapacityGallons = ptr(fuelportal.Gallons(50_000)) // 50 gal × 3.859 = 192.95
		}, true, 192_95, "", []string{"DAILY_LIMIT", "OVER_TANK_CAPACITY"}},
		{"the day's $1.51 left approve a cent: the fee fills the rest", true, func(f *rules.AuthorizationFacts) {
			f.Controls.DailyCents = ptr(int64(500_00))
			f.History.DayCents = 498_49
		}, true, 1, "", []string{"DAILY_LIMIT"}},
		{"the day's $1.50 left are the fee's: DAILY_LIMIT", true, func(f *rules.AuthorizationFacts) {
			f.Controls.DailyCents = ptr(int64(500_00))
			f.History.DayCents = 498_50
		}, false, 0, fuelportal.DeclineDailyLimit, []string{"DAILY_LIMIT"}},
		{"a fixed request counts its fee against the day", false, func(f *rules.AuthorizationFacts) {
			f.Controls.DailyCents = ptr(int64(500_00))
			f.History.DayCents = 200_00 // 300.00 left: the request, not its fee
		}, false, 0, fuelportal.DeclineDailyLimit, []string{"DAILY_LIMIT"}},
		{"daily limit used up: DAILY_LIMIT", true, func(f *rules.AuthorizationFacts) {
			f.Controls.DailyCents = ptr(int64(500_00))
			f.History.DayCents = 500_00
		}, false, 0, fuelportal.DeclineDailyLimit, []string{"DAILY_LIMIT"}},
		{"wallet's available balance less the fee cuts it", true, func(f *rules.AuthorizationFacts) { f.WalletCents = 120_00 }, true, 118_50, "", []string{"INSUFFICIENT_FUNDS"}},
		{"empty wallet: INSUFFICIENT_FUNDS", true, func(f *rules.AuthorizationFacts) { f.WalletCents = 0 }, false, 0, fuelportal.DeclineInsufficientFunds, []string{"INSUFFICIENT_FUNDS"}},
		{"fixed request above the wallet", false, func(f *rules.AuthorizationFacts) { f.WalletCents = 120_00 }, false, 0, fuelportal.DeclineInsufficientFunds, []string{"INSUFFICIENT_FUNDS"}},
		{"the controls' other rules still apply: STATE_NOT_ALLOWED", true, func(f *rules.AuthorizationFacts) {
			f.Controls.AllowedStates = []string{"OK"}
		}, false, 0, fuelportal.DeclineStateNotAllowed, []string{"STATE_NOT_ALLOWED"}},
		{"the pump's gallons count against the tank on a fixed request", false, func(f *rules.AuthorizationFacts) {
			f.Gallons = 120_000
			f.Controls.TankCapacityGallons = ptr(fuelportal.Gallons(100_000))
		}, false, 0, fuelportal.DeclineOverTankCapacity, []string{"OVER_TANK_CAPACITY"}},
		{"a $0 controllable request within the limits is approved (a card check)", true, func(f *rules.AuthorizationFacts) {
			f.RequestCents = 0
			f.Controls.DailyCents = ptr(int64(500_00))
		}, true, 0, "", nil},
		{"a $0 controllable request on a day used up: DAILY_LIMIT, as a fixed one", true, func(f *rules.AuthorizationFacts) {
			f.RequestCents = 0
			f.Controls.DailyCents = ptr(int64(500_00))
			f.History.DayCents = 500_00
		}, false, 0, fuelportal.DeclineDailyLimit, []string{"DAILY_LIMIT"}},
		{"a $0 controllable request on a wallet below its floor: INSUFFICIENT_FUNDS", true, func(f *rules.AuthorizationFacts) {
			f.RequestCents, f.WalletCents = 0, -5_00
		}, false, 0, fuelportal.DeclineInsufficientFunds, []string{"INSUFFICIENT_FUNDS"}},
		{"a $0 fixed request on an inactive card: CARD_INACTIVE", false, func(f *rules.AuthorizationFacts) {
			f.RequestCents, f.Card.Status = 0, fuelportal.CardInactive
		}, false, 0, fuelportal.DeclineCardInactive, []string{"CARD_INACTIVE"}},
		{"an override lifts the limits, never the wallet", true, func(f *rules.AuthorizationFacts) {
			f.Overridden = true
			f.Controls.PerPurchaseCents = ptr(int64(100_00))
			f.WalletCents = 250_00
		}, true, 248_50, "", []string{"INSUFFICIENT_FUNDS"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := authFacts(tc.controllable)
			tc.change(&f)
			d := rules.DecideAuthorization(f)
			if d.Approved != tc.approved || d.AmountCents != tc.amount || d.Reason != tc.reason || !slices.Equal(d.Fired, tc.fired) {
				t.Fatalf("DecideAuthorization = %+v; want approved %v amount %d reason %q fired %v", d, tc.approved, tc.amount, tc.reason, tc.fired)
			}
			// An approval holds its amount and the fee its capture adds.
			if hold := map[bool]int64{true: tc.amount + f.Contract.FeeCents}[tc.approved]; d.HoldCents != hold {
				t.Fatalf("HoldCents = %d, want %d", d.HoldCents, hold)
			}
		})
	}
}
