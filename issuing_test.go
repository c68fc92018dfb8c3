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

// The driver who holds the card hears that it shipped (with the day it is
// expected, in their language), arrived, or will not arrive; a card no
// driver holds tells no one.
func TestCardShippingEvent_TellsTheCardsHolder(t *testing.T) {
	eta := time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC)
	held := &fuelportal.Card{ID: 7, CompanyID: 3, CardNumber: "7071000000000008754", DriverName: "Ann Lee", DriverUserID: 41}
	tests := []struct {
		status fuelportal.ShippingStatus
		eta    *time.Time
		en, es string // the notice's title and body, "": none
	}{
		{fuelportal.ShippingPending, &eta, "", ""},
		{fuelportal.ShippingSubmitted, &eta, "", ""},
		{fuelportal.ShippingShipped, &eta, "Your fuel card has shipped: Your fuel card ending 8754 is on its way to your company's address, expected Dec 9, 2026.",
			"Su tarjeta de combustible fue enviada: Su tarjeta de combustible terminada en 8754 va en camino a la dirección de su empresa; llegada prevista: 9 dic 2026."},
		{fuelportal.ShippingShipped, nil, "Your fuel card has shipped: Your fuel card ending 8754 is on its way to your company's address. Ask",
			"Su tarjeta de combustible fue enviada: Su tarjeta de combustible terminada en 8754 va en camino a la dirección de su empresa. Pídala"},
		{fuelportal.ShippingDelivered, &eta, "Your fuel card has arrived: ", "Su tarjeta de combustible llegó: "},
		{fuelportal.ShippingReturned, &eta, "Your fuel card will not arrive: ", "Su tarjeta de combustible no llegará: "},
		{fuelportal.ShippingFailure, nil, "Your fuel card will not arrive: ", "Su tarjeta de combustible no llegará: "},
		{fuelportal.ShippingCanceled, nil, "Your fuel card will not arrive: ", "Su tarjeta de combustible no llegará: "},
	}
	for _, tt := range tests {
		e := fuelportal.CardShippingEvent(held, fuelportal.CardShipping{Status: tt.status, Carrier: "usps", ETA: tt.eta})
		if tt.en == "" {
			if e.Notice != nil || e.UserID != 0 {
				t.Fatalf("%s: notice %+v to %d", tt.status, e.Notice, e.UserID)
			}
			continue
		}
		if e.Notice == nil || e.UserID != 41 || e.Notice.Event != fuelportal.NotifyCardShipping || e.Notice.CompanyID != 3 {
			t.Fatalf("%s: notice %+v to %d", tt.status, e.Notice, e.UserID)
		}
		for lang, want := range map[fuelportal.Language]string{fuelportal.LanguageEnglish: tt.en, fuelportal.LanguageSpanish: tt.es} {
			title, body := e.Notice.Texts(lang)
			if got := title + ": " + body; !strings.HasPrefix(got, want) {
				t.Fatalf("%s %s: %q, want %q…", tt.status, lang, got, want)
			}
		}
		if alone := fuelportal.CardShippingEvent(&fuelportal.Card{ID: 8, CompanyID: 3, CardNumber: "7071000000000008762"},
			fuelportal.CardShipping{Status: tt.status}); alone.Notice != nil || alone.UserID != 0 {
			t.Fatalf("%s: a card no one holds told %d: %+v", tt.status, alone.UserID, alone.Notice)
		}
	}
}

func TestDayText_WritesADayAsTheAppDoes(t *testing.T) {
	for _, tt := range []struct {
		lang      fuelportal.Language
		day, want string
	}{
		{fuelportal.LanguageEnglish, "2026-12-09", "Dec 9, 2026"},
		{fuelportal.LanguageSpanish, "2026-12-09", "9 dic 2026"},
		{fuelportal.LanguageSpanish, "2027-01-31", "31 ene 2027"},
		{fuelportal.LanguageEnglish, "not a day", "not a day"},
	} {
		if got := fuelportal.DayText(tt.lang, tt.day); got != tt.want {
			t.Errorf("DayText(%s, %q) = %q, want %q", tt.lang, tt.day, got, tt.want)
		}
	}
}
