package fuelportal

// Receipt is the e-receipt of an approved purchase: the purchase with what
// an auditor asks for beside it (the company, the card's unit, and the
// station's time zone its local time is shown in).
type Receipt struct {
	*Transaction
	CompanyName string
	CarrierID   int64
	// UnitNumber is the unit the card is assigned to now ("" when none or
	// the card is gone).
	UnitNumber string
	// TimeZone is the IANA name of the station's zone ("" when unknown: the
	// receipt shows UTC).
	TimeZone string
}
