package rules_test

import (
	"testing"

	"fuelportal"
	"fuelportal/rules"
)

func TestDecideCapture(t *testing.T) {
	station := &fuelportal.Station{ID: 7, NetPrice: 3579}
	contract := &fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 100, Billing: fuelportal.BillingPrepaid, FeeCents: 150}
	flat := &fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, Billing: fuelportal.BillingPrepaid, FeeCents: 150}
	held := &fuelportal.Authorization{Approved: true, AmountCents: 100_00, Product: fuelportal.ProductDiesel}
	for _, tc := range []struct {
		name    string
		f       rules.CaptureFacts
		gallons fuelportal.Gallons
		retail  fuelportal.TenthCents
		funded  int64
		over    int64
		product fuelportal.ProductCode
	}{
		{"the reported gallons price the pump", rules.CaptureFacts{AmountCents: 193_43, Gallons: 50_125, Station: station, Contract: contract},
			50_125, 3859, fuelportal.PriceOf(50_125, 3759) + 150, 0, fuelportal.ProductOther},
		{"the authorization's gallons when the capture has none", rules.CaptureFacts{AmountCents: 115_77, AuthorizationGallons: 30_000,
			Authorization: held, Station: station, Contract: contract}, 30_000, 3859, 112_77 + 150, 15_77, fuelportal.ProductDiesel},
		{"no gallons: the amount's at the pump price", rules.CaptureFacts{AmountCents: 38_59, PumpPrice: 3859, Station: &fuelportal.Station{}, Contract: flat},
			10_000, 3859, 38_59 + 150, 0, fuelportal.ProductOther},
		{"neither gallons nor price: one gallon at the amount", rules.CaptureFacts{AmountCents: 12_34, Station: &fuelportal.Station{}, Contract: flat},
			1_000, 12340, 12_34 + 150, 0, fuelportal.ProductOther},
		{"rounding never charges the fuel above the amount", rules.CaptureFacts{AmountCents: 1, Gallons: 3, Station: &fuelportal.Station{}, Contract: flat},
			3, 3333, 1 + 150, 0, fuelportal.ProductOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := rules.DecideCapture(tc.f)
			if d.Gallons != tc.gallons || d.RetailPrice != tc.retail || d.Amounts.FundedTotalCents != tc.funded || d.OverHoldCents != tc.over || d.Product != tc.product {
				t.Fatalf("DecideCapture = %+v; want %d gal at %d, funded %d, over %d, %s", d, tc.gallons, tc.retail, tc.funded, tc.over, tc.product)
			}
			if d.Amounts.NetTotalCents > tc.f.AmountCents {
				t.Fatalf("fuel %d above the amount captured %d", d.Amounts.NetTotalCents, tc.f.AmountCents)
			}
		})
	}
}

func TestDecideOnTimeout(t *testing.T) {
	card := &fuelportal.Card{ID: 1, Status: fuelportal.CardActive}
	contract := &fuelportal.Contract{FeeCents: 150}
	for _, tc := range []struct {
		name     string
		card     *fuelportal.Card
		setting  fuelportal.AuthorizationTimeout
		approved bool
		hold     int64
	}{
		{"approve: the request in full, held with its fee", card, fuelportal.TimeoutApprove, true, 50_00 + 150},
		{"decline: AUTHORIZATION_TIMEOUT", card, fuelportal.TimeoutDecline, false, 0},
		{"a card that is not ours declines", nil, fuelportal.TimeoutApprove, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := rules.DecideOnTimeout(tc.card, tc.setting, contract, 50_00)
			if d.Approved != tc.approved || d.HoldCents != tc.hold || !tc.approved && d.Reason != fuelportal.DeclineAuthorizationTimeout {
				t.Fatalf("DecideOnTimeout = %+v", d)
			}
		})
	}
}
