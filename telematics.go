package fuelportal

import "time"

// TelematicsFix is one position a vehicle's tracking device reported
// (docs/ifta.md, "Telematics").
type TelematicsFix struct {
	ID        int64
	VehicleID int64
	FixTime   time.Time
	Lat, Lon  float64
	// SpeedKnots is the device's speed (Traccar reports knots); nil when
	// not given.
	SpeedKnots *float64
	// OdometerMiles is the vehicle's odometer at the fix; nil when unknown.
	OdometerMiles *float64
	// Kept is set when the fix is in the vehicle's track (not dropped as a
	// jump).
	Kept bool
	// ThinnedBefore is set on a kept fix whose track neighbour before it
	// was thinned out: the segment from the kept fix before it to it was
	// never counted as one (docs/decisions.md, "Telematics positions:
	// thinned after 90 days").
	ThinnedBefore bool
}

// TelematicsMiles are a vehicle's miles in one jurisdiction on one day
// ("" is no jurisdiction), rolled up from its positions: Bridged is the
// part driven over gaps of more than an hour (a straight line between
// the fixes).
type TelematicsMiles struct {
	VehicleID    int64
	UnitNumber   string
	Date         string // YYYY-MM-DD in the company's zone
	Jurisdiction string
	Miles        float64
	Bridged      float64
}

// TelematicsDay is what a vehicle's positions of one day came to: how
// many were stored, dropped as jumps and how many gaps were bridged, its
// miles (all jurisdictions), its first and last odometer reading (nil when
// no position of the day carried one) and when its figures last changed
// (zero: before that was recorded).
type TelematicsDay struct {
	VehicleID     int64
	UnitNumber    string
	Date          string
	Positions     int
	DroppedJumps  int
	BridgedGaps   int
	Miles         float64
	StartOdometer *float64
	EndOdometer   *float64
	ReceivedAt    time.Time
}
