package fuelportal

import "time"

// MPG windows: a vehicle's fuel economy is the miles its odometer moved
// over the gallons bought for it in a rolling window (Σ miles ÷ Σ
// gallons, never an average of per-fill figures), the last MPGWindowDays
// against the MPGWindowDays before; a fall of more than MPGDropPercent
// is an MPG_DROP alert for the owner.
const (
	MPGWindowDays  = 30
	MPGDropPercent = 15
)

// MPGWindow is a vehicle's fuel economy over [From, To): Miles driven
// between its first and last odometer readings there (the first being
// the latest at or before From when there is one) and the Gallons bought
// for it after the first reading up to the last.
type MPGWindow struct {
	From, To time.Time
	Miles    int64
	Gallons  Gallons
}

// MPG returns miles per gallon, and false when the window has no miles or
// no gallons to divide.
func (w MPGWindow) MPG() (float64, bool) {
	if w.Miles <= 0 || w.Gallons <= 0 {
		return 0, false
	}
	return float64(w.Miles) / (float64(w.Gallons) / 1000), true
}

// Fill is gallons bought for a vehicle at an instant (an approved purchase).
type Fill struct {
	At      time.Time
	Gallons Gallons
}

// MPGOver returns the window [from, to) of readings (any order) and fills:
// miles from the latest reading at or before from (else the first in the
// window) to the last one before to, gallons of the fills after the first
// of these readings up to the last (the fill at the first reading filled
// the tank the miles then emptied).
func MPGOver(readings []OdometerReading, fills []Fill, from, to time.Time) MPGWindow {
	w := MPGWindow{From: from, To: to}
	var before, earliest, last *OdometerReading
	for i := range readings {
		r := &readings[i]
		switch {
		case !r.ReadAt.Before(to):
		case !r.ReadAt.After(from):
			if before == nil || r.ReadAt.After(before.ReadAt) {
				before = r
			}
		default:
			if earliest == nil || r.ReadAt.Before(earliest.ReadAt) {
				earliest = r
			}
			if last == nil || r.ReadAt.After(last.ReadAt) {
				last = r
			}
		}
	}
	first := before
	if first == nil {
		first = earliest
	}
	if first == nil || last == nil || !last.ReadAt.After(first.ReadAt) {
		return w
	}
	w.Miles = last.Miles - first.Miles
	for _, f := range fills {
		if f.At.After(first.ReadAt) && !f.At.After(last.ReadAt) {
			w.Gallons += f.Gallons
		}
	}
	return w
}

// VehicleMPG is a vehicle's fuel economy now and in the window before.
type VehicleMPG struct {
	Current, Prior MPGWindow
}

// MPGWindowsAt returns the last MPGWindowDays up to now and the ones
// before, of readings and fills.
func MPGWindowsAt(readings []OdometerReading, fills []Fill, now time.Time) VehicleMPG {
	span := MPGWindowDays * 24 * time.Hour
	return VehicleMPG{Current: MPGOver(readings, fills, now.Add(-span), now.Add(time.Nanosecond)),
		Prior: MPGOver(readings, fills, now.Add(-2*span), now.Add(-span))}
}

// Dropped reports whether the current MPG is more than MPGDropPercent
// below the prior one (both known).
func (m VehicleMPG) Dropped() bool {
	cur, ok1 := m.Current.MPG()
	prior, ok2 := m.Prior.MPG()
	return ok1 && ok2 && cur*100 < prior*(100-MPGDropPercent)
}
