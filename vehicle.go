package fuelportal

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// FuelType is the fuel a vehicle's engine burns.
type FuelType string

// Fuel types.
const (
	FuelDiesel   FuelType = "diesel"
	FuelGasoline FuelType = "gasoline"
)

// Valid reports whether f is a known fuel type.
func (f FuelType) Valid() bool { return f == FuelDiesel || f == FuelGasoline }

// Vehicle is a power unit of a company's fleet: the base of its fuel tax
// (IFTA) return. Cards are assigned to it by unit number: a card whose
// unit number equals the vehicle's fuels it.
type Vehicle struct {
	ID         int64
	CompanyID  int64
	UnitNumber string // unique in the company
	// VIN is 17 characters with a valid check digit; required when the
	// vehicle is IFTA-qualified, "" otherwise allowed.
	VIN          string
	Plate        string // "" or a plate of PlateState
	PlateState   string // two-letter US state, DC or Canadian province code
	FuelType     FuelType
	TankCapacity Gallons
	// LastFix is where its telematics last placed it (nil: never).
	LastFix       *LastFix
	IFTAQualified bool
	Active        bool
	// GroupID is the group of cards and vehicles the vehicle is in; 0:
	// none. Members limited to a group see only its vehicles.
	GroupID   int64
	CreatedAt time.Time
	UpdatedAt time.Time
	// Cards are the company's cards assigned to the vehicle (read only).
	Cards []VehicleCard
}

// VehicleUnit is a vehicle as a trip names it: its unit number and plate,
// and whether it is in service.
type VehicleUnit struct {
	UnitNumber string
	Plate      string
	Active     bool
}

// CheckTripUnit decides whether a trip may name the vehicle v of its unit
// number, as the person saving it sees it (nil: none of theirs has that
// unit number, or another company's has): only a vehicle in service, one
// TripUnitsOf offers. Either refusal is a 400 on unitNumber.
func CheckTripUnit(v *VehicleUnit) error {
	fe := FieldErrors{}
	switch {
	case v == nil:
		fe.Add("unitNumber", MsgNoVehicleWithUnit)
	case !v.Active:
		fe.Add("unitNumber", MsgVehicleOutOfService)
	}
	return fe.Err()
}

// TripUnitChoice is what the person saving a trip chooses the truck from:
// the vehicles in service they see, by unit number, and the one to offer
// first (DefaultUnit, "": none), the unit their card carries when it is
// one of them.
type TripUnitChoice struct {
	Units       []VehicleUnit
	DefaultUnit string
}

// TripUnitsOf decides the choice of units of a trip from the vehicles the
// person sees and the unit number their card carries ("": none or no
// card): the vehicles out of service are left out, and the card's unit is
// the default only when it is one of those offered.
func TripUnitsOf(vehicles []VehicleUnit, cardUnit string) TripUnitChoice {
	c := TripUnitChoice{Units: []VehicleUnit{}}
	for _, v := range vehicles {
		if !v.Active {
			continue
		}
		c.Units = append(c.Units, v)
		if cardUnit != "" && v.UnitNumber == cardUnit {
			c.DefaultUnit = cardUnit
		}
	}
	return c
}

// VehicleCard is a card assigned to a vehicle, as the vehicle list shows it.
type VehicleCard struct {
	CardNumber string
	DriverName string
	GroupID    int64 // the card's group (0: none)
}

// Bounds of a vehicle.
const (
	VINLength           = 17
	MaxPlateLength      = 10
	MinVehicleTank      = Gallons(1_000)   // 1 gal
	MaxVehicleTank      = Gallons(500_000) // 500 gal
	MaxVehiclesImported = 1000             // rows of one fleet list import
)

// Messages of the vehicle form (docs/product.md, Vehicles).
const (
	MsgVINRequired         = "VIN is required for an IFTA-qualified vehicle"
	MsgVINInvalid          = "VIN must be 17 letters and digits, without I, O or Q"
	MsgVINCheckDigit       = "VIN check digit (9th character) does not match"
	MsgPlateInvalid        = "Plate must be letters, digits, spaces and hyphens"
	MsgPlateStateRequired  = "Plate state is required with a plate"
	MsgPlateStateInvalid   = "Unknown state or province"
	MsgFuelTypeInvalid     = "Fuel type must be diesel or gasoline"
	MsgTankCapacityBounds  = "Tank capacity must be from 1 to 500 gallons"
	MsgUnitNumberTaken     = "A vehicle with this unit number already exists"
	MsgNoVehicleWithUnit   = "No vehicle has this unit number"
	MsgVehicleOutOfService = "This vehicle is out of service"
)

var (
	// VINPattern is a VIN's shape: 17 letters and digits without I, O, Q.
	VINPattern = regexp.MustCompile(`^[A-HJ-NPR-Z0-9]{17}$`)
	// PlatePattern is a plate's shape (upper case): letters, digits, spaces, hyphens.
	PlatePattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 \-]*$`)
)

// canadianProvinces are the two-letter codes of the provinces and
// territories (IFTA member jurisdictions and the three territories).
var canadianProvinces = strings.Fields(`AB BC MB NB NL NS NT NU ON PE QC SK YT`)

// ValidPlateState reports whether code is a US state, DC or a Canadian
// province or territory code.
func ValidPlateState(code string) bool {
	return slices.Contains(usStates, code) || slices.Contains(canadianProvinces, code)
}

// vinValues are the North American transliteration of VIN characters.
var vinValues = func() [256]int {
	var v [256]int
	for c := '0'; c <= '9'; c++ {
		v[c] = int(c - '0')
	}
	for i, letters := range []string{"AJ", "BKS", "CLT", "DMU", "ENV", "FW", "GPX", "HY", "RZ"} {
		for _, c := range letters {
			v[c] = i + 1
		}
	}
	return v
}()

var vinWeights = [VINLength]int{8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2}

// VINCheckDigit returns the North American check digit ('0'–'9' or 'X')
// of a VIN of the right shape.
func VINCheckDigit(vin string) byte {
	sum := 0
	for i := range VINLength {
		sum += vinValues[vin[i]] * vinWeights[i]
	}
	if r := sum % 11; r < 10 {
		return byte('0' + r)
	}
	return 'X'
}

// ValidVIN reports whether vin has a VIN's shape and its check digit.
func ValidVIN(vin string) bool {
	return VINPattern.MatchString(vin) && vin[8] == VINCheckDigit(vin)
}

// Validate normalises the vehicle (trimmed unit number; VIN, plate and
// plate state trimmed and upper case) and returns field errors, keyed by
// the API's field names.
func (v *Vehicle) Validate() error {
	v.UnitNumber = strings.TrimSpace(v.UnitNumber)
	v.VIN = strings.ToUpper(strings.TrimSpace(v.VIN))
	v.Plate = strings.ToUpper(strings.TrimSpace(v.Plate))
	v.PlateState = strings.ToUpper(strings.TrimSpace(v.PlateState))
	v.FuelType = FuelType(strings.ToLower(strings.TrimSpace(string(v.FuelType))))
	fe := FieldErrors{}
	switch {
	case v.UnitNumber == "":
		fe.Add("unitNumber", MsgUnitNumberRequired)
	default:
		Rule("unitNumber").CheckText(fe, "unitNumber", v.UnitNumber)
	}
	switch {
	case v.VIN == "" && v.IFTAQualified:
		fe.Add("vin", MsgVINRequired)
	case v.VIN == "":
	case !VINPattern.MatchString(v.VIN):
		fe.Add("vin", MsgVINInvalid)
	case v.VIN[8] != VINCheckDigit(v.VIN):
		fe.Add("vin", MsgVINCheckDigit)
	}
	switch {
	case v.Plate == "":
	case utf8.RuneCountInString(v.Plate) > MaxPlateLength:
		fe.Add("plate", fmt.Sprintf("Plate must not exceed %d characters", MaxPlateLength))
	case !PlatePattern.MatchString(v.Plate):
		fe.Add("plate", MsgPlateInvalid)
	}
	switch {
	case v.PlateState == "" && v.Plate != "":
		fe.Add("plateState", MsgPlateStateRequired)
	case v.PlateState != "" && !ValidPlateState(v.PlateState):
		fe.Add("plateState", MsgPlateStateInvalid)
	}
	if !v.FuelType.Valid() {
		fe.Add("fuelType", MsgFuelTypeInvalid)
	}
	if v.TankCapacity < MinVehicleTank || v.TankCapacity > MaxVehicleTank {
		fe.Add("tankCapacityGallons", MsgTankCapacityBounds)
	}
	return fe.Err()
}

// MsgVehicleHasPositions refuses to delete a vehicle with telematics
// positions.
const MsgVehicleHasPositions = "This vehicle has telematics positions, kept four years as its fuel tax records: mark it inactive instead"

// UnitNumberTaken is the answer to a vehicle whose unit number the company
// has: ECONFLICT with a unitNumber field error.
func UnitNumberTaken() error {
	return &Error{Code: ECONFLICT, Message: MsgUnitNumberTaken,
		Fields: map[string][]string{"unitNumber": {MsgUnitNumberTaken}}}
}

// CheckVehicleDelete decides whether a vehicle may be deleted: not once it
// has telematics positions (they are its fuel tax records for four years;
// it can be marked inactive instead).
func CheckVehicleDelete(hasPositions bool) error {
	if hasPositions {
		return Errorf(ECONFLICT, MsgVehicleHasPositions)
	}
	return nil
}

// CheckVehicleImportUpdate decides whether a fleet list row imported by a
// member limited to group importGroupID (0: the whole company) may update
// the company's vehicle of the same unit number in group existingGroupID:
// only within the importer's group; another group's unit reads as taken
// (UnitNumberTaken), as the member cannot see it.
func CheckVehicleImportUpdate(importGroupID, existingGroupID int64) error {
	if importGroupID != 0 && existingGroupID != importGroupID {
		return UnitNumberTaken()
	}
	return nil
}
