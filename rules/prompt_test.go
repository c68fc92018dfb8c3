package rules

import (
	"testing"
	"time"

	"fuelportal"
)

func TestCheckPrompt_DeclinesWhatThePromptAsksAndIsWrong(t *testing.T) {
	card := &fuelportal.Card{DriverID: "D-17", UnitNumber: "T-101"}
	now := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	last := &fuelportal.OdometerReading{Miles: 100_000, ReadAt: now.Add(-10 * time.Hour)}
	miles := func(m int64) *int64 { return &m }
	cases := []struct {
		name string
		mode fuelportal.PromptMode
		p    fuelportal.PumpPrompt
		last *fuelportal.OdometerReading
		want fuelportal.DeclineReason
	}{
		{"none asks nothing", fuelportal.PromptNone, fuelportal.PumpPrompt{DriverID: "X"}, nil, ""},
		{"the card's driver id", fuelportal.PromptDriverID, fuelportal.PumpPrompt{DriverID: " d-17 "}, nil, ""},
		{"another driver id", fuelportal.PromptDriverID, fuelportal.PumpPrompt{DriverID: "D-18"}, nil, fuelportal.DeclineDriverIDInvalid},
		{"driver id missing", fuelportal.PromptDriverID, fuelportal.PumpPrompt{UnitNumber: "T-101"}, nil, fuelportal.DeclineDriverIDInvalid},
		{"the card's unit", fuelportal.PromptUnitNumber, fuelportal.PumpPrompt{UnitNumber: "t-101"}, nil, ""},
		{"another unit", fuelportal.PromptUnitNumber, fuelportal.PumpPrompt{UnitNumber: "T-102"}, nil, fuelportal.DeclineUnitNumberInvalid},
		{"unit missing", fuelportal.PromptUnitNumber, fuelportal.PumpPrompt{}, nil, fuelportal.DeclineUnitNumberInvalid},
		{"unit not asked", fuelportal.PromptDriverID, fuelportal.PumpPrompt{DriverID: "D-17", UnitNumber: "T-999"}, nil, ""},
		{"odometer missing", fuelportal.PromptOdometer, fuelportal.PumpPrompt{}, last, fuelportal.DeclineOdometerInvalid},
		{"first reading of the vehicle", fuelportal.PromptOdometer, fuelportal.PumpPrompt{Odometer: miles(5)}, nil, ""},
		{"odometer up 500 in 10 h", fuelportal.PromptOdometer, fuelportal.PumpPrompt{Odometer: miles(100_500)}, last, ""},
		{"odometer up exactly 80 mph", fuelportal.PromptOdometer, fuelportal.PumpPrompt{Odometer: miles(100_800)}, last, ""},
		{"odometer up 801 in 10 h", fuelportal.PromptOdometer, fuelportal.PumpPrompt{Odometer: miles(100_801)}, last, fuelportal.DeclineOdometerInvalid},
		{"odometer below the last", fuelportal.PromptOdometer, fuelportal.PumpPrompt{Odometer: miles(99_999)}, last, fuelportal.DeclineOdometerInvalid},
		{"odometer unchanged", fuelportal.PromptOdometer, fuelportal.PumpPrompt{Odometer: miles(100_000)}, last, ""},
		{"both asked, driver wrong", fuelportal.PromptDriverIDAndOdometer, fuelportal.PumpPrompt{DriverID: "D-1", Odometer: miles(100_100)}, last, fuelportal.DeclineDriverIDInvalid},
		{"both asked, odometer wrong", fuelportal.PromptDriverIDAndOdometer, fuelportal.PumpPrompt{DriverID: "D-17", Odometer: miles(1)}, last, fuelportal.DeclineOdometerInvalid},
		{"both asked and right", fuelportal.PromptDriverIDAndOdometer, fuelportal.PumpPrompt{DriverID: "D-17", Odometer: miles(100_100)}, last, ""},
	}
	for _, c := range cases {
		if got := CheckPrompt(c.mode, card, c.p, c.last, now); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestOdometerPossible_AReadingBeforeTheLastInTime(t *testing.T) {
	last := &fuelportal.OdometerReading{Miles: 1000, ReadAt: time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)}
	if !OdometerPossible(last, 900, last.ReadAt.Add(-2*time.Hour)) {
		t.Fatal("100 miles less two hours earlier is possible")
	}
	if OdometerPossible(last, 1001, last.ReadAt.Add(-time.Hour)) || OdometerPossible(last, 800, last.ReadAt.Add(-time.Hour)) {
		t.Fatal("more an hour earlier, or 200 miles less an hour earlier, is not possible")
	}
	if OdometerPossible(nil, fuelportal.MaxOdometerMiles+1, last.ReadAt) || OdometerPossible(nil, -1, last.ReadAt) {
		t.Fatal("out of bounds")
	}
}

func TestOdometerRange_BetweenTheReadingsAroundIt(t *testing.T) {
	at := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	last := &fuelportal.OdometerReading{Miles: 1000, ReadAt: at.Add(-3 * time.Hour)}
	next := &fuelportal.OdometerReading{Miles: 1100, ReadAt: at.Add(time.Hour)}
	tests := []struct {
		name       string
		last, next *fuelportal.OdometerReading
		lo, hi     int64
	}{
		{"after the last: up to 80 mph since it", last, nil, 1000, 1240},
		{"between two: not above the next, nor too far below it", last, next, 1020, 1100},
		{"before every reading: down to 80 mph before the next", nil, next, 1020, 1100},
		{"no readings: any in bounds", nil, nil, 0, fuelportal.MaxOdometerMiles},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lo, hi, ok := OdometerRange(tt.last, tt.next, at)
			if !ok || lo != tt.lo || hi != tt.hi {
				t.Fatalf("range %d–%d (%v), want %d–%d", lo, hi, ok, tt.lo, tt.hi)
			}
			if !OdometerPossible(tt.last, lo, at) || !OdometerPossible(tt.last, hi, at) || tt.next != nil && (!OdometerPossible(tt.next, lo, at) || !OdometerPossible(tt.next, hi, at)) {
				t.Fatal("a bound of the range is not possible")
			}
		})
	}
	if got := fuelportal.OdometerRangeMessage(1000, 1000, 1240); got != "The vehicle's last reading is 1,000 miles: a reading now must be from 1,000 to 1,240 miles" {
		t.Fatalf("message %q", got)
	}
}
