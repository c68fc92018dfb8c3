package http

import "testing"

func TestSpreadsheetSafe_KeepsFormulasAsText(t *testing.T) {
	for in, want := range map[string]string{"=1+1": "'=1+1", "+1": "'+1", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)", "\tx": "'\tx",
		"owner@demo.test": "owner@demo.test", `{"a":1}`: `{"a":1}`, "": ""} {
		if got := spreadsheetSafe(in); got != want {
			t.Errorf("spreadsheetSafe(%q) = %q; want %q", in, got, want)
		}
	}
}
