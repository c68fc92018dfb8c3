package geo

import "testing"

func TestFormatDistance(t *testing.T) {
	tests := []struct {
		name   string
		meters float64
		want   string
	}{
		{"zero is zero feet", 0, "0 ft"},
		{"negative is zero feet", -5, "0 ft"},
		{"short distance in whole feet", 152.4, "500 ft"},
		{"just under a tenth of a mile stays in feet", 160.9, "528 ft"},
		{"a tenth of a mile switches to miles", 160.934, "0.1 mi"},
		{"miles with one decimal", 12.3 * MetersPerMile, "12.3 mi"},
		{"long trip", 2445.64 * MetersPerMile, "2445.6 mi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatDistance(tt.meters); got != tt.want {
				t.Errorf("FormatDistance(%v) = %q, want %q", tt.meters, got, tt.want)
			}
		})
	}
}

func TestFormatDuration(t *testing.T) {
	tests := []struct {
		name    string
		seconds float64
		want    string
	}{
		{"zero is zero minutes", 0, "0 min"},
		{"negative is zero minutes", -30, "0 min"},
		{"under half a minute rounds to zero", 29, "0 min"},
		{"minutes only", 45 * 60, "45 min"},
		{"minutes round to nearest", 44*60 + 31, "45 min"},
		{"hours and minutes", 2*3600 + 15*60, "2 h 15 min"},
		{"whole hours drop the minutes", 3 * 3600, "3 h"},
		{"59.5 minutes carry into an hour", 59*60 + 30, "1 h"},
		{"long drive", 40*3600 + 59*60, "40 h 59 min"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatDuration(tt.seconds); got != tt.want {
				t.Errorf("FormatDuration(%v) = %q, want %q", tt.seconds, got, tt.want)
			}
		})
	}
}
