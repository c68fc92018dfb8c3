package fuelportal

import "testing"

func TestSameCompanyName(t *testing.T) {
	for _, tc := range []struct {
		typed, stored string
		same          bool
	}{
		{"Demo Freight LLC", "Demo Freight LLC", true},
		{"demo freight", "Demo Freight LLC", true},
		{"Demo Freight, L.L.C.", "Demo Freight LLC", true},
		{"DEMO  FREIGHT INC", "Demo Freight LLC", true},
		{" Demo Freight Co. ", "Demo Freight LLC", true},
		{"Demo Freight Corp", "Demo Freight, Ltd.", true},
		{"Demo-Freight", "Demo Freight LLC", true},
		{"Demo Fr8", "Demo Freight LLC", false},
		{"Demo", "Demo Freight LLC", false},
		{"Freight Demo", "Demo Freight LLC", false},
		{"Demo Freight Lines", "Demo Freight LLC", false},
		{"LLC", "Demo Freight LLC", false},
		{"", "Demo Freight LLC", false},
		{"...", "", false},
		{"Co", "Co", true},
	} {
		if got := SameCompanyName(tc.typed, tc.stored); got != tc.same {
			t.Errorf("SameCompanyName(%q, %q) = %v, want %v", tc.typed, tc.stored, got, tc.same)
		}
	}
}
