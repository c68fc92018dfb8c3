package fuelportal

import "time"

// The IFTA quarterly return's records as the store keeps them; the return
// itself is computed by package ifta (docs/ifta.md).

// IFTAMilesEntry is miles a unit drove in one jurisdiction on one day,
// entered by hand (an odometer or trip sheet the portal did not see).
type IFTAMilesEntry struct {
	ID           int64
	CompanyID    int64
	UnitNumber   string
	Date         string // the company's calendar day, YYYY-MM-DD
	Jurisdiction string
	MilesTenths  int64
	Note         string
	CreatedBy    int64
	CreatedAt    time.Time
}

// IFTAFuelEntry is fuel bought off the card (a bulk tank, another card),
// entered by hand. Tax-paid fuel counts as tax-paid gallons in its
// jurisdiction; fuel with no tax paid counts in the fleet's gallons only.
type IFTAFuelEntry struct {
	ID           int64
	CompanyID    int64
	UnitNumber   string
	Date         string // YYYY-MM-DD
	Jurisdiction string
	Gallons      Gallons
	FuelType     string // "diesel" or "gasoline"
	TaxPaid      bool
	Vendor       string
	CreatedBy    int64
	CreatedAt    time.Time
}

// IFTARate is one published rate: ten-thousandths of a dollar a gallon.
// Sample rates are made up (demo, tests): a return computed with them says
// so and cannot be filed.
type IFTARate struct {
	Year, Quarter int
	Jurisdiction  string
	FuelType      string
	Rate          int64
	Surcharge     int64
	Sample        bool
}

// IFTACardPurchase is an approved card purchase as the return reads it.
type IFTACardPurchase struct {
	TransactionID int64
	Jurisdiction  string // the station's state or province
	Product       ProductCode
	Gallons       Gallons
	Date          time.Time
	// UnitNumber is the purchase's vehicle's (the pump prompt's or the
	// card's unit at the purchase), not the card's unit today.
	UnitNumber string
	CreatedAt  time.Time // when it was recorded
}

// IFTATrip is a completed trip whose planned route gives estimated miles.
type IFTATrip struct {
	ID          int64
	CardNumber  string
	UnitNumber  string
	Route       []TripPoint
	CreatedAt   time.Time // the trip counts in the quarter it started
	CompletedAt time.Time
}

// IFTAClosedReturn is a return frozen when the owner closed it.
type IFTAClosedReturn struct {
	ID            int64
	CompanyID     int64
	Year, Quarter int
	FuelType      string
	ClosedAt      time.Time
	ClosedBy      int64
	Return        []byte // the return's JSON as it was computed
}

// IFTAPeriod is one company's quarter: From and To are its first instant
// and the first instant after it in the company's time zone, FromDate and
// ToDate the same as calendar days (ToDate exclusive).
type IFTAPeriod struct {
	CompanyID        int64
	Year, Quarter    int
	FuelType         string
	From, To         time.Time
	FromDate, ToDate string
}

// IFTAQuarter is everything a company's return for one quarter and fuel
// is computed from, read at one moment.
type IFTAQuarter struct {
	Purchases []IFTACardPurchase // approved, of the fuel type's product
	Fuel      []IFTAFuelEntry    // of the fuel type
	Miles     []IFTAMilesEntry
	Trips     []IFTATrip
	// Telematics are the miles rolled up from vehicles' positions.
	Telematics IFTATelematics
	// Rates are the quarter's shared rates of the fuel; CompanyRates the
	// ones the company uploaded, which win (ifta.Service).
	Rates        []IFTARate
	CompanyRates []IFTARate
	Closed       *IFTAClosedReturn // nil while the return is not closed
	// Vehicles are the company's vehicles (inactive ones too): a unit
	// whose vehicle burns another fuel counts its miles in that fuel's
	// return only (ifta.Service).
	Vehicles []IFTAVehicle
}

// IFTAVehicle is a vehicle as the return reads it: its unit number and
// the fuel its engine burns.
type IFTAVehicle struct {
	ID         int64
	UnitNumber string
	FuelType   FuelType
}

// IFTATelematics are what a company's telematics miles dated in a
// quarter bring to its return: where a unit has telematics miles on a day,
// they are that day's miles of the unit (ifta.Service).
type IFTATelematics struct {
	// Miles are the quarter's telematics miles per vehicle and
	// jurisdiction, summed over its days (UnitNumber and Date empty).
	Miles []TelematicsMiles
	// Flagged are the vehicle days with positions dropped as jumps or gaps
	// bridged.
	Flagged []TelematicsDay
	// Covered are the unit days with telematics miles among the units that
	// have manual miles entries or completed trips in the quarter (only
	// those can be superseded).
	Covered []TelematicsDay
	// VehicleDays counts each vehicle's days with telematics miles, by
	// vehicle ID.
	VehicleDays map[int64]int
	// ChangedAfterClose are the vehicle days whose positions or miles
	// changed after the quarter's return was closed (nil while it is
	// not closed).
	ChangedAfterClose []TelematicsDay
}

// IFTAReminder is one reminder that a company's return of a quarter is
// due: DaysBefore is the reminder's stage (30, 7 or 1 days before the due
// date), sent once per company and quarter.
type IFTAReminder struct {
	CompanyID     int64
	Year, Quarter int
	DaysBefore    int
}

// MsgIFTAQuarterClosed refuses a change to an entry whose quarter's return
// is closed.
const MsgIFTAQuarterClosed = "The return of this entry's quarter is closed: its entries are kept as filed"

// CheckIFTAEntryDeleted decides whether a manual entry may be deleted:
// not when a return of its quarter is closed (ECONFLICT), for the closed
// return was computed with it.
func CheckIFTAEntryDeleted(quarterClosed bool) error {
	if quarterClosed {
		return Errorf(ECONFLICT, MsgIFTAQuarterClosed)
	}
	return nil
}

// IFTAFuelFacts are what an off-card fuel entry is checked against when it
// is added: whether the company already has the same entry (unit, date,
// jurisdiction, gallons, fuel type), and the first approved card purchase
// of the fuel's product with the same gallons in the same jurisdiction on
// that day (0: none).
type IFTAFuelFacts struct {
	Entered           bool
	CardTransactionID int64
}

// CheckIFTAFuelAdded decides whether off-card fuel entry e may be added: a
// purchase is never counted twice, so an entry already entered, or matching
// a card purchase, is ECONFLICT.
func CheckIFTAFuelAdded(e *IFTAFuelEntry, f IFTAFuelFacts) error {
	if f.Entered {
		return Errorf(ECONFLICT, "This purchase is already entered (same unit, date, jurisdiction and gallons)")
	}
	if f.CardTransactionID != 0 {
		return Errorf(ECONFLICT, "A card purchase of the same gallons in %s that day is already counted (transaction %d)", e.Jurisdiction, f.CardTransactionID)
	}
	return nil
}

// CheckIFTAReturnClosing decides whether the fuelType return of year's
// quarter may be closed: not when it is closed already (ECONFLICT).
func CheckIFTAReturnClosing(fuelType string, year, quarter int, closedAlready bool) error {
	if closedAlready {
		return Errorf(ECONFLICT, "The %s return of %dQ%d is already closed", fuelType, year, quarter)
	}
	return nil
}
