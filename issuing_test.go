package fuelportal_test

import (
	"strings"
	"testing"

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
