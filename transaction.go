package fuelportal

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TransactionStatus says whether a card purchase was authorised.
type TransactionStatus string

// Transaction statuses.
const (
	TransactionApproved TransactionStatus = "APPROVED"
	TransactionDeclined TransactionStatus = "DECLINED"
)

// CardPurchase is a purchase as the card network reports it.
type CardPurchase struct {
	// NetworkTransactionID is the network's id; a purchase is recorded once
	// per id.
	NetworkTransactionID string
	CardNumber           string
	LocationID           int64 // the station (the price feed's locationId)
	Gallons              Gallons
	RetailPrice          TenthCents // pump price per gallon
	// TransactionDate is when the purchase happened: an instant, or with
	// StationClock the station's wall-clock reading (its date and time of
	// day as they stand, its location ignored), which Instant places in the
	// station's time zone.
	TransactionDate time.Time
	StationClock    bool
	// Product is what was bought; "" is read as ProductDiesel.
	Product ProductCode
	// Prompt is what the driver keyed in at the pump when the card's
	// prompt asked for it (zero: nothing asked or given).
	Prompt PumpPrompt
	// AuthorizationID, when set, names the network authorization
	// (POST /api/network/authorizations) this purchase captures: its hold
	// becomes the purchase instead of a new decision.
	AuthorizationID string
}

// PumpPrompt is what a driver enters at the pump when the card program
// prompts: the driver id, the vehicle's unit number, the odometer.
type PumpPrompt struct {
	DriverID   string
	UnitNumber string
	// Odometer is the reading in whole miles; nil when not given.
	Odometer *int64
}

// Limits of a reported purchase.
const (
	MaxNetworkTransactionIDLength = 64
	MaxPurchaseGallons            = Gallons(2_000_000) // 2,000 gal: more than any truck holds
	MaxRetailPrice                = TenthCents(20_000) // $20.000/gal
)

// MsgProductCodeInvalid is the field error of an unknown product code.
const MsgProductCodeInvalid = "Product code must be one of DSL, RFR, DEF, GAS, OTH"

// Validate returns field errors for a malformed purchase report, keyed by
// the feed's field names (an empty Product becomes ProductDiesel).
func (p *CardPurchase) Validate() error {
	fe := FieldErrors{}
	switch id := strings.TrimSpace(p.NetworkTransactionID); {
	case id == "":
		fe.Add("networkTransactionId", "Network transaction ID is required")
	case len(id) > MaxNetworkTransactionIDLength:
		fe.Add("networkTransactionId", fmt.Sprintf("Network transaction ID must not exceed %d characters", MaxNetworkTransactionIDLength))
	}
	if strings.TrimSpace(p.CardNumber) == "" {
		fe.Add("cardNumber", MsgCardNumberRequired)
	}
	if p.LocationID <= 0 {
		fe.Add("locationId", "Location ID is required")
	}
	if p.Gallons <= 0 || p.Gallons > MaxPurchaseGallons {
		fe.Add("gallons", "Gallons must be a positive number up to 2000")
	}
	if p.RetailPrice <= 0 || p.RetailPrice > MaxRetailPrice {
		fe.Add("retailPrice", "Retail price must be a positive price per gallon up to 20.000")
	}
	if p.TransactionDate.IsZero() {
		fe.Add("transactionDate", "Transaction date is required")
	} else if !ReportedDateInBounds(p.TransactionDate) {
		fe.Add("transactionDate", MsgReportedDateBounds)
	}
	if p.Product == "" {
		p.Product = ProductDiesel
	}
	if !p.Product.Valid() {
		fe.Add("productCode", MsgProductCodeInvalid)
	}
	p.Prompt.Validate(fe)
	if len(p.AuthorizationID) > MaxAuthorizationIDLength {
		fe.Add("authorizationId", fmt.Sprintf("Authorization ID must not exceed %d characters", MaxAuthorizationIDLength))
	}
	return fe.Err()
}

// Bounds of a date a card network or issuer reports, whatever the card:
// what the databases store and the rules compare. A date within them may
// still be implausible for its card (CheckPurchaseDate).
var (
	MinReportedDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	MaxReportedDate = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC) // excluded
)

// MsgReportedDateBounds is the field error of a date out of those bounds.
const MsgReportedDateBounds = "Date must be from 2000 to 2099"

// ReportedDateInBounds reports whether t lies in [MinReportedDate,
// MaxReportedDate).
func ReportedDateInBounds(t time.Time) bool {
	return !t.Before(MinReportedDate) && t.Before(MaxReportedDate)
}

// PurchaseDateSlack is how far a purchase's date may lie after the
// server's clock or before its card was created: the date is the
// station's wall-clock time, in a zone up to a day away from UTC.
const PurchaseDateSlack = 24 * time.Hour

// Field errors of an implausible purchase date.
const (
	MsgTransactionDateFuture     = "Transaction date must not be more than a day ahead of now"
	MsgTransactionDateBeforeCard = "Transaction date is before the card was issued"
)

// CheckPurchaseDate returns a field error (transactionDate) for a
// purchase date no card network can report: more than PurchaseDateSlack
// after now, or more than PurchaseDateSlack before its card was created
// (cardCreated zero, for an unknown card, skips that bound).
func CheckPurchaseDate(date, now, cardCreated time.Time) error {
	fe := FieldErrors{}
	switch {
	case date.After(now.Add(PurchaseDateSlack)):
		fe.Add("transactionDate", MsgTransactionDateFuture)
	case !cardCreated.IsZero() && date.Before(cardCreated.Add(-PurchaseDateSlack)):
		fe.Add("transactionDate", MsgTransactionDateBeforeCard)
	}
	return fe.Err()
}

// Transaction is a recorded card purchase, approved or declined.
type Transaction struct {
	// PumpCheck is what the pump check used on the purchase (nil: it did
	// not apply).
	PumpCheck            *PumpCheck
	ID                   int64
	NetworkTransactionID string
	InvoiceRef           string // "INV-000123"
	// CompanyID and CardID are 0 for a purchase on an unknown card.
	CompanyID  int64
	CardID     int64
	CardNumber string
	// DriverCardName and DriverID are the card's details at purchase time.
	DriverCardName string
	DriverID       string
	// UnitNumber is the card's unit number at purchase time; VehicleID the
	// company's vehicle with that unit number then (0: none).
	UnitNumber string
	VehicleID  int64
	// Odometer is the reading keyed at the pump (nil: none).
	Odometer *int64
	// HolderUserID is the signed-up driver who held the card when the
	// purchase was recorded (0: none); HolderName is their name as it is now
	// ("" when none or since deleted).
	HolderUserID    int64
	HolderName      string
	LocationID      int64
	LocationName    string
	LocationAddress string
	TransactionDate time.Time
	Product         ProductCode
	Gallons         Gallons
	RetailPrice     TenthCents // per gallon at the pump
	NetPrice        TenthCents // per gallon under the company's contract
	// Money of an approved purchase; all 0 when declined (nothing moved).
	DiscountCents    int64 // retail total minus net total: the savings
	FeeCents         int64 // the contract's fee
	FundedTotalCents int64 // net total plus fee: what the wallet was debited
	Status           TransactionStatus
	// DeclineReason is the stable code of the rule that declined the
	// purchase ("" when approved); its Sentence is what people read.
	DeclineReason DeclineReason
	CreatedAt     time.Time

	// StationMatch is how a card issuer's merchant matched the catalog
	// ("" for a purchase reported at a station the network named);
	// CandidateLocationIDs are the stations an ambiguous merchant may be.
	StationMatch         StationMatch
	CandidateLocationIDs []int64

	// Coding is how the purchase (its fuel and fee) is booked: set by the
	// company's coding rules as it posts, changed by its office.
	// JobRequired is set when its card required a job at the purchase.
	Coding      Coding
	JobRequired bool
}

// MissingJob reports whether t's card required a job it does not have.
func (t *Transaction) MissingJob() bool { return t.JobRequired && t.Coding.Job == "" }

// InvoiceRef returns the invoice reference of transaction id.
func InvoiceRef(id int64) string { return fmt.Sprintf("INV-%06d", id) }

// PurchaseAmounts are the money figures of a purchase.
type PurchaseAmounts struct {
	RetailTotalCents int64
	NetTotalCents    int64
	DiscountCents    int64
	FeeCents         int64
	FundedTotalCents int64
}

// PriceOf returns the cost in cents of g gallons at price per gallon,
// rounded half up.
func PriceOf(g Gallons, price TenthCents) int64 {
	// milli-gallons × tenth-cents = 1e-5 cents.
	return (int64(g)*int64(price) + 5_000) / 10_000
}

// Amounts returns the figures of a purchase of g gallons at retail and net
// prices with fee cents: the discount is what retail would have cost more.
func Amounts(g Gallons, retail, net TenthCents, feeCents int64) PurchaseAmounts {
	a := PurchaseAmounts{RetailTotalCents: PriceOf(g, retail), NetTotalCents: PriceOf(g, net), FeeCents: feeCents}
	a.DiscountCents = a.RetailTotalCents - a.NetTotalCents
	a.FundedTotalCents = a.NetTotalCents + feeCents
	return a
}

// ParseDecimal parses a non-negative decimal number such as "128.4" into an
// integer with scale decimals ("128.4" with scale 3 is 128400), without
// going through floats. More decimals than scale are rounded half up.
func ParseDecimal(s string, scale int) (int64, error) {
	s = strings.TrimSpace(s)
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" && frac == "" || strings.ContainsAny(whole, "+-") || strings.ContainsAny(frac, "+-") {
		return 0, fmt.Errorf("not a number: %q", s)
	}
	if whole == "" {
		whole = "0"
	}
	roundUp := false
	if len(frac) > scale {
		if frac[scale] < '0' || frac[scale] > '9' {
			return 0, fmt.Errorf("not a number: %q", s)
		}
		roundUp = frac[scale] >= '5'
		for _, c := range frac[scale:] {
			if c < '0' || c > '9' {
				return 0, fmt.Errorf("not a number: %q", s)
			}
		}
		frac = frac[:scale]
	}
	frac += strings.Repeat("0", scale-len(frac))
	if len(whole) > 12 {
		return 0, fmt.Errorf("number too large: %q", s)
	}
	n, err := strconv.ParseUint(whole+frac, 10, 63)
	if err != nil {
		return 0, fmt.Errorf("not a number: %q", s)
	}
	if roundUp {
		n++
	}
	return int64(n), nil
}

// TransactionTimeLayouts are the accepted forms of a wall-clock date (no
// zone): ISO with seconds, fractions or minutes, with a space for the T,
// or a date alone (its midnight).
var TransactionTimeLayouts = []string{"2006-01-02T15:04:05", "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02"}

// ParseTransactionTime parses a date as the feed and the API send it. RFC 3339
// with Z or an offset is that instant, returned in UTC with zoned true; a
// form of TransactionTimeLayouts is a wall-clock reading, returned with its
// fields in UTC and zoned false, for the caller to place in the zone it is
// read in (WallClockIn).
func ParseTransactionTime(s string) (t time.Time, zoned bool, err error) {
	s = strings.TrimSpace(s)
	for _, layout := range TransactionTimeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, false, nil
		}
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), true, nil
	}
	return time.Time{}, false, fmt.Errorf("not a date: %q", s)
}

// Instant returns when purchase p happened: its TransactionDate, or with
// StationClock that reading of the station's clock in the station's time
// zone.
func (p *CardPurchase) Instant(station *time.Location) time.Time {
	if p.StationClock {
		return WallClockIn(p.TransactionDate, station)
	}
	return p.TransactionDate.UTC()
}

// DayRange reads from and to, days like 2026-11-30 (both required, from
// 2000 to 2099, to not before from, at most maxDays days apart), as the
// instants of those days in loc: from's midnight and the instant before
// the midnight after to. Field errors name from and to. The accounting
// export's range and the QuickBooks push's.
func DayRange(from, to string, loc *time.Location, maxDays int) (start, end time.Time, err error) {
	fe := FieldErrors{}
	var days [2]time.Time
	for i, d := range []struct{ name, value string }{{"from", from}, {"to", to}} {
		t, err := time.Parse(time.DateOnly, d.value)
		switch {
		case d.value == "":
			fe.Add(d.name, "Required: a date like 2026-11-30")
		case err != nil || !ReportedDateInBounds(t):
			fe.Add(d.name, "Must be a date like 2026-11-30, from 2000 to 2099")
		}
		days[i] = t
	}
	if len(fe) == 0 {
		if days[1].Before(days[0]) {
			fe.Add("to", "Must not be before from")
		} else if days[1].Sub(days[0]) >= time.Duration(maxDays)*24*time.Hour {
			fe.Add("to", fmt.Sprintf("A range may cover at most %d days", maxDays))
		}
	}
	if err := fe.Err(); err != nil {
		return time.Time{}, time.Time{}, err
	}
	return WallClockIn(days[0], loc), WallClockIn(days[1].AddDate(0, 0, 1), loc).Add(-time.Nanosecond), nil
}

// WallClockIn returns the instant at which a clock in loc reads the date
// and time of day of w (w's own location is ignored). A reading the clock
// shows twice, in the hour it is set back, is the first one; a reading it
// skips, in the hour it is set forward, is read with the offset before the
// change (02:30 on a spring-forward night is 03:30 daylight time).
func WallClockIn(w time.Time, loc *time.Location) time.Time {
	y, mo, d := w.Date()
	h, mi, sec := w.Clock()
	naive := time.Date(y, mo, d, h, mi, sec, w.Nanosecond(), time.UTC)
	// The offsets in force a day either side: no zone changes twice in a day.
	_, before := naive.Add(-26 * time.Hour).In(loc).Zone()
	_, after := naive.Add(26 * time.Hour).In(loc).Zone()
	var first time.Time
	for _, off := range []int{before, after} {
		t := naive.Add(-time.Duration(off) * time.Second)
		if l := t.In(loc); l.Hour() == h && l.Minute() == mi && l.Day() == d && (first.IsZero() || t.Before(first)) {
			first = t
		}
	}
	if first.IsZero() {
		first = naive.Add(-time.Duration(before) * time.Second)
	}
	return first.UTC()
}

// WireTimeFormat is how instants travel in the API's answers: RFC 3339 in
// UTC, with Z (docs/api.md).
const WireTimeFormat = time.RFC3339

// WireTime formats instant t for an answer.
func WireTime(t time.Time) string { return t.UTC().Format(WireTimeFormat) }

// TransactionScope is whose transactions a caller may see: a company's, or
// with CardID set only that card's (a driver's own card); with HolderUserID
// set as well, only the card's purchases made while that driver held it (a
// driver does not see the card's earlier holders' purchases). With GroupID
// set (an office member limited to a group), only the cards of that group.
type TransactionScope struct {
	CompanyID    int64
	CardID       int64
	HolderUserID int64
	GroupID      int64
}

// TransactionFilter selects and orders a page of transactions.
type TransactionFilter struct {
	Scope TransactionScope
	// CardNumber keeps one card of the scope ("" for all); a card outside
	// the scope is ENOTFOUND.
	CardNumber string
	// MissingJob keeps approved purchases whose card required a job they
	// do not have yet.
	MissingJob bool
	// Uncoded keeps approved purchases coded to no expense account yet.
	Uncoded bool
	// Search keeps transactions whose invoice ref, location name, driver card
	// name or card number contains it (case-insensitive).
	Search string
	// From and To bound the transaction date, inclusive; zero is unbounded.
	From, To time.Time
	// Statement, when set, keeps the purchases whose fuel movement that
	// statement lists (the period they posted in, late ones included).
	Statement *Statement
	// Ascending sorts oldest first; the default is newest first.
	Ascending bool
	Offset    int
	Limit     int // 0: no limit
	// CountAtMost, when > 0, stops Transactions counting there: the total
	// is then a lower bound (enough for paging on), and counting costs
	// O(CountAtMost) instead of O(matching rows).
	CountAtMost int
}

// Spendings is what approved purchases cost and saved over a period.
type Spendings struct {
	TotalCents int64 // sum of funded totals
	SavedCents int64 // sum of discounts
}
