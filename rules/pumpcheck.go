package rules

import (
	"math"
	"time"

	"fuelportal"
	"fuelportal/geo"
)

// PumpFacts are what the pump check looks at: the settings that apply to
// the card (its group's, else its company's), the last fix of the unit
// the purchase names, the unit's tank, and whether the card's driver
// answered Yes to a challenge at this station within the window. Nil
// facts: the check does not apply (off, no unit, a unit with no fix ever,
// a station without coordinates), and nothing changes.
type PumpFacts struct {
	Settings    fuelportal.PumpCheckSettings
	Fix         fuelportal.LastFix
	TankGallons fuelportal.Gallons // 0: unknown
	// ConfirmedChallenge is the id of a Yes answered for this card at this
	// station that no authorization used yet (0: none).
	ConfirmedChallenge int64
}

// PumpResult is the pump check of one purchase: what it recorded, the
// decline it makes ("" for none), and the gallons the tank has room for
// (nil: the fuel level is unknown or stale).
type PumpResult struct {
	Check      *fuelportal.PumpCheck
	Decline    fuelportal.DeclineReason
	TankSpace  *fuelportal.Gallons
	Challenge  bool  // declined PUMP_CHECK_CHALLENGE: the driver is to be asked
	UsesAnswer int64 // the confirmed challenge this check passed on
}

// CheckPump is the pump check at station s and instant at (docs/product.md,
// "Pump check"): with the driver's Yes to a challenge at this station it
// passes once (CONFIRMED); a fix no older than the freshness farther than
// the radius declines VEHICLE_NOT_AT_STATION (FAR), unless the truck,
// moving at the fix's speed, could have covered the distance since
// (EN_ROUTE: passed); no fresh fix follows
// the stale choice (approve, decline VEHICLE_NOT_AT_STATION, or challenge:
// PUMP_CHECK_CHALLENGE); a fresh fix within the radius passes (NEAR) and,
// with the fuel level known, leaves the room in the tank: (100 % − level)
// × tank + 10 % of the tank. A fix's age is its distance in time from the
// purchase either way (a purchase reported after the fact may have fixes
// after it).
func CheckPump(p *PumpFacts, s *fuelportal.Station, at time.Time) PumpResult {
	if p == nil || s == nil {
		return PumpResult{}
	}
	age := at.Sub(p.Fix.At)
	if age < 0 {
		age = -age
	}
	miles := geo.DistanceMiles(geo.Point{Lat: p.Fix.Lat, Lon: p.Fix.Lon}, geo.Point{Lat: s.Latitude, Lon: s.Longitude})
	c := &fuelportal.PumpCheck{DistanceMiles: math.Round(miles*100) / 100, FixAgeSeconds: int64(age / time.Second), Source: p.Fix.Source,
		FixLat: p.Fix.Lat, FixLon: p.Fix.Lon, StationLat: s.Latitude, StationLon: s.Longitude}
	r := PumpResult{Check: c}
	fresh := age <= p.Settings.Freshness()
	far := fresh && miles > p.Settings.RadiusMiles
	switch {
	case p.ConfirmedChallenge != 0 && !far:
		c.Outcome, r.UsesAnswer = fuelportal.PumpConfirmed, p.ConfirmedChallenge
		return r
	case far && enRoute(p.Fix, miles-p.Settings.RadiusMiles, age):
		c.Outcome = fuelportal.PumpEnRoute
		return r
	case far:
		c.Outcome, r.Decline = fuelportal.PumpFar, fuelportal.DeclineVehicleNotAtStation
		return r
	case !fresh:
		switch p.Settings.StaleChoice {
		case fuelportal.PumpStaleApprove:
			c.Outcome = fuelportal.PumpStaleApproved
		case fuelportal.PumpStaleDecline:
			c.Outcome, r.Decline = fuelportal.PumpStaleDeclined, fuelportal.DeclineVehicleNotAtStation
		default:
			c.Outcome, r.Decline, r.Challenge = fuelportal.PumpChallenged, fuelportal.DeclinePumpCheckChallenge, true
		}
		return r
	}
	c.Outcome = fuelportal.PumpNear
	if lvl := p.Fix.FuelPercent; lvl != nil && p.TankGallons > 0 {
		room := (100-math.Min(math.Max(*lvl, 0), 100))/100 + fuelportal.PumpTankMargin
		space := fuelportal.Gallons(room * float64(p.TankGallons))
		r.TankSpace = &space
	}
	return r
}

// MaxEnRouteMph caps the speed a fix reports when judging whether the
// truck could have reached the station since.
const MaxEnRouteMph = 80

// enRoute reports whether a truck moving at its fix's speed could have
// covered miles in the age since the fix: a fix sent just before the
// truck pulled in (fixes come every few minutes) is no decline. A fix
// without a speed, or at a standstill, covers nothing.
func enRoute(fix fuelportal.LastFix, miles float64, age time.Duration) bool {
	if fix.SpeedMph == nil || *fix.SpeedMph < 5 {
		return false
	}
	return miles <= math.Min(*fix.SpeedMph, MaxEnRouteMph)*age.Hours()
}

// pumpCheck is the pump check of purchase facts f (none under an
// override, which lifts the card's rules).
func pumpCheck(f PurchaseFacts) PumpResult {
	if f.Overridden {
		return PumpResult{}
	}
	return CheckPump(f.Pump, f.Station, f.Time)
}

// PumpFlags is the pump check of a purchase reported after the fact: the
// same facts, recorded and flagged, never a decline (FAR, or OVER_TANK_SPACE
// for more gallons than the tank had room for).
func PumpFlags(f PurchaseFacts) *fuelportal.PumpCheck {
	r := pumpCheck(f)
	if r.Check == nil {
		return nil
	}
	if r.TankSpace != nil && f.Gallons > *r.TankSpace {
		r.Check.Outcome = fuelportal.PumpOverTankSpace
	}
	return r.Check
}
