package fuelportal_test

import (
	"strings"
	"testing"
	"time"

	"fuelportal"
)

func TestNewCardNumber_Is19DigitsOfTheProgramWithALuhnCheckDigit(t *testing.T) {
	for _, tc := range []struct {
		company int64
		account uint64
	}{{1, 0}, {2, 123456789012}, {123, 999_999_999_999}, {7, 1_000_000_000_007}} {
		n := fuelportal.NewCardNumber(tc.company, tc.account)
		if !fuelportal.ValidCardNumber(n) || !strings.HasPrefix(n, fuelportal.CardNumberPrefix) || !fuelportal.LuhnValid(n) {
			t.Fatalf("NewCardNumber(%d, %d) = %q", tc.company, tc.account, n)
		}
	}
	if fuelportal.LuhnValid("7071010000000000001") == fuelportal.LuhnValid("7071010000000000002") {
		t.Fatal("one digit changed kept the Luhn check")
	}
	// A known Luhn number (a test Visa number).
	if !fuelportal.LuhnValid("4242424242424242") {
		t.Fatal("4242424242424242 fails the Luhn check")
	}
}

func TestCardOrder_Validate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		order  fuelportal.CardOrder
		fields []string
	}{
		{"a complete order passes", fuelportal.CardOrder{DriverName: " Ann ", DriverID: "D1", UnitNumber: "T1", Type: fuelportal.CardPhysical}, nil},
		{"blank fields and an unknown type are field errors", fuelportal.CardOrder{DriverName: " ", Type: "plastic"}, []string{"driverName", "driverId", "unitNumber", "type"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.order.Validate()
			if tc.fields == nil {
				if err != nil || tc.order.DriverName != "Ann" {
					t.Fatalf("err %v, order %+v", err, tc.order)
				}
				return
			}
			fe := fuelportal.ErrorFields(err)
			for _, f := range tc.fields {
				if len(fe[f]) != 1 {
					t.Errorf("%s: %v", f, fe[f])
				}
			}
		})
	}
}

// A new shipment status is a card.shipping event with its data; the
// owners are alerted when the card shipped, arrived or will not arrive,
// in their language, and not while it is being made.
func TestCardShippingEvent_AlertsWhatTheOwnersActOn(t *testing.T) {
	card := &fuelportal.Card{ID: 7, CompanyID: 3, CardNumber: "7071000000000008754", DriverName: "Ann Lee"}
	eta := time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		status fuelportal.ShippingStatus
		alert  string // the English message's start, "": none
	}{
		{fuelportal.ShippingPending, ""},
		{fuelportal.ShippingSubmitted, ""},
		{fuelportal.ShippingShipped, "Card shipped: The physical card ending 8754 (Ann Lee) is on its way"},
		{fuelportal.ShippingDelivered, "Card delivered: "},
		{fuelportal.ShippingReturned, "Card not delivered: "},
		{fuelportal.ShippingFailure, "Card not shipped: "},
		{fuelportal.ShippingCanceled, "Card shipment canceled: "},
	}
	for _, tt := range tests {
		e := fuelportal.CardShippingEvent(card, fuelportal.CardShipping{Status: tt.status, Carrier: "usps", ETA: &eta})
		data, ok := e.Data.(fuelportal.WebhookCardShipment)
		if e.Type != fuelportal.EventCardShipping || e.CompanyID != 3 || !ok || data.Status != tt.status || data.CardNumber != card.CardNumber ||
			data.ETA == nil || *data.ETA != "2026-12-09T00:00:00Z" {
			t.Fatalf("%s: event %+v", tt.status, e)
		}
		if tt.alert == "" {
			if e.Alert != nil {
				t.Fatalf("%s: alert %+v", tt.status, e.Alert)
			}
			continue
		}
		if e.Alert == nil || !strings.HasPrefix(e.Alert.Message, tt.alert) || e.Alert.CardID != 7 || e.Alert.CardNumber != card.CardNumber {
			t.Fatalf("%s: alert %+v", tt.status, e.Alert)
		}
		if es := fuelportal.AlertText(e.Alert, fuelportal.LanguageSpanish); !strings.Contains(es, "terminada en 8754 (Ann Lee)") {
			t.Fatalf("%s: Spanish alert %q", tt.status, es)
		}
	}
}
