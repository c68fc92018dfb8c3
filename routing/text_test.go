package routing

import "testing"

func TestDistanceText(t *testing.T) {
	tests := []struct {
		name   string
		meters float64
		want   string
	}{
		{"zero is zero feet", 0, "0 ft"},
		{"short distance in feet", 152.4, "500 ft"},
		{"just under a tenth of a mile stays in feet", 160, "525 ft"},
		{"a tenth of a mile switches to miles", 160.934, "0.1 mi"},
		{"miles with one decimal", 12.34 * MetersPerMile, "12.3 mi"},
		{"hundreds have no separator", 999.94 * MetersPerMile, "999.9 mi"},
		{"thousands are separated by a comma", 1234.54 * MetersPerMile, "1,234.5 mi"},
		{"long haul", 2790 * MetersPerMile, "2,790.0 mi"},
		{"negative clamps to zero", -5, "0 ft"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DistanceText(tt.meters); got != tt.want {
				t.Errorf("DistanceText(%v) = %q, want %q", tt.meters, got, tt.want)
			}
		})
	}
}

func TestDurationText(t *testing.T) {
	tests := []struct {
		name    string
		seconds float64
		want    string
	}{
		{"zero is zero minutes", 0, "0 min"},
		{"a few seconds round up to a minute", 10, "1 min"},
		{"minutes only under an hour", 45 * 60, "45 min"},
		{"rounds to the nearest minute", 44*60 + 31, "45 min"},
		{"59.5 minutes rounds to an hour", 59*60 + 30, "1 h"},
		{"hours and minutes", 2*3600 + 15*60, "2 h 15 min"},
		{"whole hours drop minutes", 3 * 3600, "3 h"},
		{"over a day stays in hours", 45*3600 + 2*60, "45 h 2 min"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DurationText(tt.seconds); got != tt.want {
				t.Errorf("DurationText(%v) = %q, want %q", tt.seconds, got, tt.want)
			}
		})
	}
}

func TestGroupThousands(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"short numbers are unchanged", "999", "999"},
		{"four digits get one comma", "1234", "1,234"},
		{"decimals are kept", "1234567.25", "1,234,567.25"},
		{"sign stays in front", "-12345.6", "-12,345.6"},
		{"six digits", "123456", "123,456"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GroupThousands(tt.in); got != tt.want {
				t.Errorf("GroupThousands(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
