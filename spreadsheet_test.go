package fuelportal

import "testing"

func TestSpreadsheetSafe_KeepsFormulasAsText(t *testing.T) {
	for in, want := range map[string]string{"=1+1": "'=1+1", "+1": "'+1", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx",
		"\r=1": "'\r=1", `=HYPERLINK("http://x","y")`: `'=HYPERLINK("http://x","y")`,
		"owner@demo.test": "owner@demo.test", `{"a":1}`: `{"a":1}`, "": ""} {
		if got := SpreadsheetSafe(in); got != want {
			t.Errorf("SpreadsheetSafe(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestPlainCents_IsASignedDecimal(t *testing.T) {
	for cents, want := range map[int64]string{0: "0.00", 7: "0.07", -7: "-0.07", 700: "7.00", -12345: "-123.45", 100000: "1000.00", 123456789: "1234567.89"} {
		if got := PlainCents(cents); got != want {
			t.Errorf("PlainCents(%d) = %q; want %q", cents, got, want)
		}
	}
}
