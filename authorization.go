package fuelportal

import (
	"fmt"
	"time"
)

// Real-time authorizations (docs/issuing.md): before a purchase, the
// card's issuer asks the portal whether to approve it. An approved
// authorization holds its amount on the company's wallet until the
// purchase is captured (it becomes a transaction), reversed or expires.

// AuthorizationStatus is where an authorization's hold stands.
type AuthorizationStatus string

// Authorization statuses.
const (
	AuthorizationHeld     AuthorizationStatus = "HELD"     // approved; its amount is held on the wallet
	AuthorizationDeclined AuthorizationStatus = "DECLINED" // declined; nothing held
	AuthorizationCaptured AuthorizationStatus = "CAPTURED" // became a purchase; hold released
	AuthorizationReleased AuthorizationStatus = "RELEASED" // reversed or expired; hold released
)

// AuthorizationTimeout is a company's answer when a decision cannot finish
// within the deadline.
type AuthorizationTimeout string

// Answers on timeout.
const (
	TimeoutDecline AuthorizationTimeout = "decline" // the default
	TimeoutApprove AuthorizationTimeout = "approve"
)

// Valid reports whether t is a known answer on timeout.
func (t AuthorizationTimeout) Valid() bool { return t == TimeoutDecline || t == TimeoutApprove }

// DeclineAuthorizationTimeout is the decline code of an authorization
// whose decision did not finish in time, on a company that declines then.
const DeclineAuthorizationTimeout DeclineReason = "AUTHORIZATION_TIMEOUT"

// DeclineAuthorizationOfAnotherCard is the decline code answered to
// Stripe for an authorization id the portal decided for another card:
// nothing is recorded or held.
const DeclineAuthorizationOfAnotherCard DeclineReason = "AUTHORIZATION_OF_ANOTHER_CARD"

// Limits of an authorization request.
const (
	MaxAuthorizationIDLength = 100
	MaxAuthorizationCents    = int64(100_000_00) // $100,000: more than any fuel purchase
	// MaxCaptureCents bounds a capture's amount either way: beyond it (or
	// where its arithmetic would overflow) a capture is refused.
	MaxCaptureCents = MaxAuthorizationCents
)

// MsgCaptureAmountInvalid refuses a capture beyond MaxCaptureCents.
const MsgCaptureAmountInvalid = "A capture's amount must be within $100,000 either way"

// CheckCaptureAmount refuses (EINVALID, a field error on amount) a
// capture of cents beyond MaxCaptureCents either way: no fuel purchase
// comes near it, and the purchase's arithmetic stays far from overflowing.
func CheckCaptureAmount(cents int64) error {
	if cents > MaxCaptureCents || cents < -MaxCaptureCents {
		fe := FieldErrors{}
		fe.Add("amount", MsgCaptureAmountInvalid)
		return fe.Err()
	}
	return nil
}

// AuthorizationRequest is an issuer's request to approve a purchase, as
// the issuer's adapter maps it.
type AuthorizationRequest struct {
	ID     string // the issuer's authorization id (Stripe: iauth_…), decided once
	Issuer string // IssuerStripe or IssuerNetwork
	// IssuerCardID names the card at a Stripe issuer (ic_…); CardNumber
	// names it on the network.
	IssuerCardID string
	CardNumber   string
	// The merchant as the issuer reports it.
	MerchantName, MerchantCity, MerchantState, MerchantPostalCode, MerchantCategory string
	Created                                                                         time.Time // when the purchase was attempted
	AmountCents                                                                     int64     // the amount asked for
	// AmountControllable: a smaller amount may be approved (a pump's
	// pre-authorization).
	AmountControllable bool
	Product            ProductCode // OTH when the issuer does not say
	Gallons            Gallons     // 0 when the pump did not say
	Prompt             PumpPrompt
	// ReceivedAt is when the request reached the portal.
	ReceivedAt time.Time
	// LocationID names the catalog's station when the issuer knows it (the
	// network's locationId; an unknown one is EUNPROCESSABLE); 0: the
	// station is matched from the merchant's name and postal code.
	LocationID int64
	// StationClock: Created is the station's wall-clock reading, placed in
	// the station's time zone (as a network purchase's date is).
	StationClock bool
	// RetailPrice is the pump price the issuer reports (0: the station's
	// price in the catalog); the amount's gallons are estimated at it.
	RetailPrice TenthCents
}

// ValidateNetwork returns field errors, keyed by the network feed's field
// names, for a malformed network authorization request: the id, card and
// location missing, values out of their bounds (the amount, a date outside
// 2000–2099, the price, the pump prompt's), an unknown product (an empty
// Product becomes ProductDiesel, as on the feed).
func (r *AuthorizationRequest) ValidateNetwork() error {
	fe := FieldErrors{}
	switch {
	case r.ID == "":
		fe.Add("authorizationId", "Authorization ID is required")
	case len(r.ID) > MaxAuthorizationIDLength:
		fe.Add("authorizationId", fmt.Sprintf("Authorization ID must not exceed %d characters", MaxAuthorizationIDLength))
	}
	if r.CardNumber == "" {
		fe.Add("cardNumber", MsgCardNumberRequired)
	}
	if r.LocationID <= 0 {
		fe.Add("locationId", "Location ID is required")
	}
	if r.AmountCents <= 0 || r.AmountCents > MaxAuthorizationCents {
		fe.Add("amount", MsgAuthorizationAmountInvalid)
	}
	if !r.Created.IsZero() && !ReportedDateInBounds(r.Created) {
		fe.Add("transactionDate", MsgReportedDateBounds)
	}
	if r.RetailPrice < 0 || r.RetailPrice > MaxRetailPrice {
		fe.Add("retailPrice", "Retail price must be a positive price per gallon up to 20.000")
	}
	if r.Product == "" {
		r.Product = ProductDiesel
	}
	if !r.Product.Valid() {
		fe.Add("productCode", MsgProductCodeInvalid)
	}
	r.Prompt.Validate(fe)
	return fe.Err()
}

// MsgAuthorizationAmountInvalid is the field error of an amount out of range.
const MsgAuthorizationAmountInvalid = "Amount must be a positive number of dollars up to 100000"

// Authorization is the decision on a request, as logged.
type Authorization struct {
	// PumpCheck is what the pump check used and decided (nil: it did not
	// apply).
	PumpCheck       *PumpCheck
	ID              int64
	AuthorizationID string
	Issuer          string
	CompanyID       int64 // 0: a card that is not ours
	CardID          int64
	CardNumber      string
	MerchantName    string
	StationID       int64 // the catalog's station the merchant matched; 0: none
	Product         ProductCode
	RequestedCents  int64
	Approved        bool
	AmountCents     int64 // approved amount; 0 on a decline
	DeclineCode     DeclineReason
	RulesFired      []string
	TimedOut        bool
	Status          AuthorizationStatus
	HeldCents       int64
	CapturedCents   int64
	TransactionID   int64 // the purchase it became (a capture, or the declined purchase of a decline); 0 until then
	AuthorizedAt    time.Time
	ReceivedAt      time.Time
	AnsweredAt      time.Time
	LatencyMicros   int64

	// StationMatch is how the merchant matched the catalog; for an
	// ambiguous one, CandidateLocationIDs are the stations it may be.
	StationMatch         StationMatch
	CandidateLocationIDs []int64
}

// IssuingEvent is an issuer's webhook event as the issuer's adapter maps
// it: an authorization request to decide, an authorization's update (its
// status and amount, to release a hold on a reversal or expiry), or a
// captured transaction.
type IssuingEvent struct {
	ID   string
	Type string
	// Request is set on an authorization request.
	Request *AuthorizationRequest
	// Update is set on an authorization's update.
	Update *AuthorizationUpdate
	// Capture is set on a transaction's creation.
	Capture *IssuingCapture
	// CardShipping is set on a card's update: its shipment as the issuer
	// has it now (nil for a card that is not shipped).
	CardShipping *CardShippingUpdate
}

// AuthorizationUpdate is an authorization's new state at the issuer.
type AuthorizationUpdate struct {
	AuthorizationID string
	Status          string // the issuer's: pending, closed, reversed, expired
	AmountCents     int64
	// Gallons is the pump's final quantity when the issuer reports it (0: none).
	Gallons Gallons
}

// Ended reports whether the update ends the authorization without a
// capture to come for its hold: reversed, expired or closed, or its amount
// gone to zero.
func (u *AuthorizationUpdate) Ended() bool {
	return u.Status == "reversed" || u.Status == "expired" || u.Status == "closed" || u.AmountCents == 0
}

// IssuingCapture is a purchase the issuer captured: its transaction
// (Stripe: ipi_…), the authorization it captures and what was bought.
type IssuingCapture struct {
	TransactionID                                                 string
	AuthorizationID                                               string
	IssuerCardID                                                  string
	AmountCents                                                   int64
	Gallons                                                       Gallons // exact from the issuer's decimal; 0 when not reported
	Product                                                       ProductCode
	MerchantName, MerchantCity, MerchantState, MerchantPostalCode string
	Created                                                       time.Time
	// On the network the card is named by its number, the station by the
	// catalog's location id and the pump price is reported
	// (Issuer == IssuerNetwork; Stripe's captures leave these zero).
	Issuer       string
	CardNumber   string
	LocationID   int64
	RetailPrice  TenthCents
	StationClock bool // Created is the station's wall-clock reading
	// FuelReported says the event carried the purchase's fuel details;
	// without them the flow asks the issuer (an expandable field).
	FuelReported bool
}

// CaptureFuel is the fuel of a captured transaction as its issuer
// reports it when asked.
type CaptureFuel struct {
	Gallons Gallons // exact from the issuer's decimal
	Product ProductCode
}

// ProductOfFuel maps an issuer's fuel facts to a product code: the
// Conexxus (PCATS) industry product code when it is one of the table's,
// else the fuel type (diesel → DSL, unleaded_* → GAS), else OTH. The table
// is the one place product codes are read from the pump.
func ProductOfFuel(conexxusCode, fuelType string) ProductCode {
	if p, ok := conexxusProducts[conexxusCode]; ok {
		return p
	}
	switch {
	case fuelType == "diesel":
		return ProductDiesel
	case len(fuelType) > 9 && fuelType[:9] == "unleaded_":
		return ProductGasoline
	}
	return ProductOther
}

// conexxusProducts maps Conexxus (PCATS) fuel product codes to the
// portal's products: 001–018, 027–031 and 037–044 are gasoline grades and
// blends; 019–021 diesel #2, premium #2 and #1; 032–035 tax-exempt
// (dyed, off-road) diesel, what reefer units burn; 045–061 biodiesel and
// ultra-low-sulfur diesel blends; 062 diesel exhaust fluid; 071 renewable
// diesel. CNG, LPG, LNG, M85, E85 (022–026), racing fuel (036) and
// everything else are OTH.
var conexxusProducts = func() map[string]ProductCode {
	m := map[string]ProductCode{}
	set := func(from, to int, p ProductCode) {
		for i := from; i <= to; i++ {
			m[fmt3(i)] = p
		}
	}
	set(1, 18, ProductGasoline)
	set(19, 21, ProductDiesel)
	set(27, 31, ProductGasoline)
	set(32, 35, ProductReefer)
	set(37, 44, ProductGasoline)
	set(45, 61, ProductDiesel)
	set(62, 62, ProductDEF)
	set(71, 71, ProductDiesel)
	return m
}()

func fmt3(i int) string {
	return string(rune('0'+i/100)) + string(rune('0'+i/10%10)) + string(rune('0'+i%10))
}

// AuthorizationTimedOutAlert is the AUTHORIZATION alert of a card
// authorization of amountCents that could not be decided in time and was
// approved or declined by the company's timeout setting: its message is
// the English of its notice (alerts.json
// texts.ownerAuthorizationTimedOutApproved / …Declined).
func AuthorizationTimedOutAlert(amountCents int64, approved bool) *Alert {
	key := "ownerAuthorizationTimedOutDeclined"
	if approved {
		key = "ownerAuthorizationTimedOutApproved"
	}
	n := Notice{Key: key, Params: map[string]string{"amount": FormatCents(amountCents)}}
	return &Alert{Message: n.englishAlertText(), Notice: &n}
}

// CaptureAboveHoldAlert is the AUTHORIZATION alert of a purchase of
// capturedCents captured above the approvedCents its authorization held:
// its message is the English of its notice (alerts.json
// texts.ownerCaptureAboveHold).
func CaptureAboveHoldAlert(capturedCents, approvedCents int64) *Alert {
	n := Notice{Key: "ownerCaptureAboveHold", Params: map[string]string{"amount": FormatCents(capturedCents), "approved": FormatCents(approvedCents)}}
	return &Alert{Message: n.englishAlertText(), Notice: &n}
}
