package stripe

import (
	"testing"

	"fuelportal"
)

func TestParseGallons_ExactDecimal(t *testing.T) {
	for in, want := range map[string]fuelportal.Gallons{
		"": 0, "50.125": 50_125, "12.3456789": 12_345, "0.1": 100, "7": 7_000, "1999.999": 1_999_999,
	} {
		if got, err := parseGallons(in); err != nil || got != want {
			t.Errorf("parseGallons(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"-1", "1e3", "abc", ".", "2000.001", "1.2.3"} {
		if _, err := parseGallons(bad); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Errorf("parseGallons(%q) = %v; want EINVALID", bad, err)
		}
	}
}

func TestProductOfFuel(t *testing.T) {
	for _, tc := range []struct {
		code, typ string
		want      fuelportal.ProductCode
	}{
		{"019", "", fuelportal.ProductDiesel}, {"001", "", fuelportal.ProductGasoline}, {"", "diesel", fuelportal.ProductDiesel},
		{"", "unleaded_regular", fuelportal.ProductGasoline}, {"", "other", fuelportal.ProductOther}, {"999", "", fuelportal.ProductOther},
		{"021", "", fuelportal.ProductDiesel}, {"022", "", fuelportal.ProductOther}, {"026", "", fuelportal.ProductOther},
		{"029", "", fuelportal.ProductGasoline}, {"032", "", fuelportal.ProductReefer}, {"033", "", fuelportal.ProductReefer},
		{"036", "", fuelportal.ProductOther}, {"053", "", fuelportal.ProductDiesel}, {"061", "", fuelportal.ProductDiesel},
		{"062", "", fuelportal.ProductDEF}, {"071", "", fuelportal.ProductDiesel},
	} {
		if got := fuelportal.ProductOfFuel(tc.code, tc.typ); got != tc.want {
			t.Errorf("ProductOfFuel(%q, %q) = %s; want %s", tc.code, tc.typ, got, tc.want)
		}
	}
}
