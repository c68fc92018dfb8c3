package fuelportal

import (
	"strings"
	"time"
)

// CardStatus says whether a fuel card may be used for purchases.
type CardStatus string

// Card statuses. Purchases on an INACTIVE card are declined.
const (
	CardActive   CardStatus = "ACTIVE"
	CardInactive CardStatus = "INACTIVE"
)

// Valid reports whether s is a known status.
func (s CardStatus) Valid() bool { return s == CardActive || s == CardInactive }

// CardNumberLength is the number of digits of a fleet card number.
const CardNumberLength = 19

// Card is a company fuel card, optionally linked to the driver user who
// signed up with its number.
type Card struct {
	ID         int64
	CompanyID  int64
	CardNumber string // 19 digits
	DriverName string
	DriverID   string // the company's own identifier for the driver
	UnitNumber string // the truck the card is assigned to
	Status     CardStatus
	// Prompt is what the pump asks for on the card; "" takes the company
	// default (CompanyControls.Prompt).
	Prompt PromptMode
	// DriverUserID is the linked driver's user id; 0 when no driver signed up
	// with this card yet.
	DriverUserID int64
	// Issuer is the card program that issued the card (IssuerNetwork or
	// IssuerStripe); IssuerCardID, Last4 and the expiry are the issuer's
	// ("" and 0 when it has none).
	Issuer       string
	IssuerCardID string
	Last4        string
	ExpMonth     int
	ExpYear      int
	// Shipping is a physical card's shipment as its issuer last reported
	// it; nil for a card that is not shipped (virtual, network).
	Shipping *CardShipping
	// GroupID is the group of cards and vehicles the card is in; 0: none.
	GroupID   int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// MaskedCardNumber returns the number with all but the last four digits
// replaced by asterisks.
func MaskedCardNumber(number string) string {
	if len(number) <= 4 {
		return number
	}
	b := []byte(number)
	for i := range len(b) - 4 {
		b[i] = '*'
	}
	return string(b)
}

// Messages of the edit-card form (docs/product.md §5).
const (
	MsgDriverNameRequired = "Driver name is required"
	MsgDriverIDRequired   = "Driver ID is required"
	MsgUnitNumberRequired = "Unit number is required"
	MsgCardStatusInvalid  = "Status must be ACTIVE or INACTIVE"
)

// CardUpdate is what a company owner may change on a card.
type CardUpdate struct {
	CardNumber string
	DriverName string
	DriverID   string
	UnitNumber string
	Status     CardStatus
	// Prompt is the card's pump prompt: "" takes the company default; nil
	// leaves it as it is.
	Prompt *PromptMode
}

// Validate trims the fields and returns field errors for missing ones.
func (u *CardUpdate) Validate() error {
	u.CardNumber = strings.TrimSpace(u.CardNumber)
	u.DriverName = strings.TrimSpace(u.DriverName)
	u.DriverID = strings.TrimSpace(u.DriverID)
	u.UnitNumber = strings.TrimSpace(u.UnitNumber)
	fe := FieldErrors{}
	if u.CardNumber == "" {
		fe.Add("cardNumber", MsgCardNumberRequired)
	}
	if u.DriverName == "" {
		fe.Add("driverName", MsgDriverNameRequired)
	}
	if u.DriverID == "" {
		fe.Add("driverId", MsgDriverIDRequired)
	}
	if u.UnitNumber == "" {
		fe.Add("unitNumber", MsgUnitNumberRequired)
	}
	if !u.Status.Valid() {
		fe.Add("status", MsgCardStatusInvalid)
	}
	if u.Prompt != nil && *u.Prompt != "" && !u.Prompt.Valid() {
		fe.Add("prompt", MsgPromptInvalid)
	}
	return fe.Err()
}
