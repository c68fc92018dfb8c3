package fuelportal

import (
	"strings"
	"time"
)

// PromptMode is what the pump asks a driver to key in before it pumps on
// a card: nothing, the driver id, the vehicle's unit number, the odometer,
// or the driver id and the odometer.
type PromptMode string

// Prompt modes; a card's "" takes the company default (PromptNone until
// the owner sets one).
const (
	PromptNone                PromptMode = "none"
	PromptDriverID            PromptMode = "driverId"
	PromptUnitNumber          PromptMode = "unitNumber"
	PromptOdometer            PromptMode = "odometer"
	PromptDriverIDAndOdometer PromptMode = "driverIdAndOdometer"
)

// PromptModes lists the prompt modes, as the API names them.
var PromptModes = []PromptMode{PromptNone, PromptDriverID, PromptUnitNumber, PromptOdometer, PromptDriverIDAndOdometer}

// MsgPromptInvalid is the field error of an unknown prompt mode.
const MsgPromptInvalid = "Prompt must be none, driverId, unitNumber, odometer or driverIdAndOdometer"

// Valid reports whether m is a known prompt mode.
func (m PromptMode) Valid() bool {
	for _, p := range PromptModes {
		if m == p {
			return true
		}
	}
	return false
}

// AsksDriverID reports whether the pump asks for the driver id.
func (m PromptMode) AsksDriverID() bool { return m == PromptDriverID || m == PromptDriverIDAndOdometer }

// AsksUnitNumber reports whether the pump asks for the unit number.
func (m PromptMode) AsksUnitNumber() bool { return m == PromptUnitNumber }

// AsksOdometer reports whether the pump asks for the odometer.
func (m PromptMode) AsksOdometer() bool { return m == PromptOdometer || m == PromptDriverIDAndOdometer }

// Or returns m, or d when m is "" (a card taking the company default).
func (m PromptMode) Or(d PromptMode) PromptMode {
	if m == "" {
		if d == "" {
			return PromptNone
		}
		return d
	}
	return m
}

// Bounds of what a driver keys in at the pump.
const (
	MaxOdometerMiles     = 9_999_999 // seven digits: no truck odometer shows more
	MaxPromptValueLength = 50        // a driver id or unit number (as the card's)
)

// Field errors of a pump prompt.
const (
	MsgOdometerBounds     = "Odometer must be whole miles from 0 to 9999999"
	MsgPromptValueTooLong = "Must not exceed 50 characters"
)

// Validate trims the keyed values and returns field errors (driverId,
// unitNumber, odometer) for values no pump can send.
func (p *PumpPrompt) Validate(fe FieldErrors) {
	p.DriverID, p.UnitNumber = strings.TrimSpace(p.DriverID), strings.TrimSpace(p.UnitNumber)
	if len([]rune(p.DriverID)) > MaxPromptValueLength {
		fe.Add("driverId", MsgPromptValueTooLong)
	}
	if len([]rune(p.UnitNumber)) > MaxPromptValueLength {
		fe.Add("unitNumber", MsgPromptValueTooLong)
	}
	if p.Odometer != nil && !OdometerInBounds(*p.Odometer) {
		fe.Add("odometer", MsgOdometerBounds)
	}
}

// OdometerInBounds reports whether miles is a reading a pump can send:
// whole miles from 0 to MaxOdometerMiles.
func OdometerInBounds(miles int64) bool { return miles >= 0 && miles <= MaxOdometerMiles }

// OdometerSource says where an odometer reading came from.
type OdometerSource string

// Odometer reading sources.
const (
	OdometerPump       OdometerSource = "pump"       // keyed at the pump with an approved purchase
	OdometerTelematics OdometerSource = "telematics" // reported by the vehicle's telematics
	OdometerDriver     OdometerSource = "driver"     // entered by the driver in the app
	OdometerManual     OdometerSource = "manual"     // entered by the owner
)

// OdometerReading is a vehicle's odometer at an instant.
type OdometerReading struct {
	ID        int64
	CompanyID int64
	VehicleID int64
	// UnitNumber is the vehicle's (read only).
	UnitNumber string
	Miles      int64
	ReadAt     time.Time
	Source     OdometerSource
	// TransactionID is the purchase a pump reading came with (0: none);
	// UserID who entered a driver's or owner's reading (0: none).
	TransactionID int64
	UserID        int64
	CreatedAt     time.Time
}

// MaxOdometerReadingsListed bounds one page of a vehicle's readings.
const MaxOdometerReadingsListed = 200

// Field errors of an odometer reading entered in the app.
const (
	MsgOdometerNoVehicle    = "Your card has no vehicle: ask your fleet owner to add its unit number"
	MsgOdometerReadAtFuture = "The reading's time must not be in the future"
	MsgOdometerNotPossible  = "This reading is not possible after the vehicle's last one"
	MsgOdometerReadAtTooOld = "A driver's reading must be from the last 7 days"
)
