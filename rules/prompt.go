package rules

import (
	"math"
	"strings"
	"time"

	"fuelportal"
)

// MaxOdometerMPH is the fastest average speed an odometer may have moved
// at since the vehicle's last reading: a reading farther above it is not
// possible (a typing mistake or a wrong vehicle).
const MaxOdometerMPH = 80

// CheckPrompt is the pump prompt rule: what the driver keyed in (p) on a
// card (its driver id and unit number) whose effective prompt is mode, at
// instant at, given the vehicle's latest odometer reading up to then (nil:
// none, or no vehicle). It returns the decline code, or "" when the
// prompt passes:
//   - driver id asked: missing, or not the card's (case and surrounding
//     blanks ignored), is DRIVER_ID_INVALID;
//   - unit number asked: missing, or not the card's, is UNIT_NUMBER_INVALID;
//   - odometer asked: missing, or not possible after last
//     (OdometerPossible), is ODOMETER_INVALID.
//
// Values the prompt does not ask for are not checked. It is a pure
// function, shared by every path that decides a purchase or an
// authorization.
func CheckPrompt(mode fuelportal.PromptMode, card *fuelportal.Card, p fuelportal.PumpPrompt, last *fuelportal.OdometerReading, at time.Time) fuelportal.DeclineReason {
	switch {
	case mode.AsksDriverID() && !sameKeyed(p.DriverID, card.DriverID):
		return fuelportal.DeclineDriverIDInvalid
	case mode.AsksUnitNumber() && !sameKeyed(p.UnitNumber, card.UnitNumber):
		return fuelportal.DeclineUnitNumberInvalid
	case mode.AsksOdometer() && (p.Odometer == nil || !OdometerPossible(last, *p.Odometer, at)):
		return fuelportal.DeclineOdometerInvalid
	}
	return ""
}

// sameKeyed reports whether a keyed value is the card's (case and
// surrounding blanks ignored); an empty value is nobody's.
func sameKeyed(keyed, cards string) bool {
	keyed, cards = strings.TrimSpace(keyed), strings.TrimSpace(cards)
	return keyed != "" && strings.EqualFold(keyed, cards)
}

// OdometerPossible reports whether a reading of miles at instant at can
// follow the vehicle's last reading (nil: any reading in bounds can): not
// below it, and not more than MaxOdometerMPH × the hours between them
// above it. A reading before the last one in time is judged against it
// the other way round (it may not be above it, nor impossibly far below).
func OdometerPossible(last *fuelportal.OdometerReading, miles int64, at time.Time) bool {
	if miles < 0 || miles > fuelportal.MaxOdometerMiles {
		return false
	}
	if last == nil {
		return true
	}
	hours := at.Sub(last.ReadAt).Hours()
	if hours < 0 {
		return miles <= last.Miles && float64(last.Miles-miles) <= MaxOdometerMPH*-hours
	}
	return miles >= last.Miles && float64(miles-last.Miles) <= MaxOdometerMPH*hours
}

// OdometerRange is the range of miles a reading at instant at can have
// between the vehicle's reading before it (last; nil: none) and after it
// (next; nil: none), by OdometerPossible's rule; ok is false when no
// reading fits.
func OdometerRange(last, next *fuelportal.OdometerReading, at time.Time) (lo, hi int64, ok bool) {
	lo, hi = 0, fuelportal.MaxOdometerMiles
	if last != nil {
		lo = max(lo, last.Miles)
		hi = min(hi, last.Miles+int64(math.Floor(MaxOdometerMPH*max(0, at.Sub(last.ReadAt).Hours()))))
	}
	if next != nil {
		hi = min(hi, next.Miles)
		lo = max(lo, next.Miles-int64(math.Floor(MaxOdometerMPH*max(0, next.ReadAt.Sub(at).Hours()))))
	}
	return lo, hi, lo <= hi
}
