package fuelportal

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Card issuers: the card program a deployment orders its cards from
// (docs/issuing.md). The network issuer is the portal itself: it assigns
// the card number and calls no one. The Stripe issuer creates each card as
// a Stripe Issuing card.
const (
	IssuerNetwork = "network"
	IssuerStripe  = "stripe"
)

// CardType is the form of a new card.
type CardType string

// Card types.
const (
	CardVirtual  CardType = "virtual"
	CardPhysical CardType = "physical"
)

// Valid reports whether t is a known card type.
func (t CardType) Valid() bool { return t == CardVirtual || t == CardPhysical }

// Messages of the order-card form and of a card issuer that cannot be
// reached.
const (
	MsgCardTypeInvalid   = "Type must be virtual or physical"
	MsgIssuerUnavailable = "The card issuer is unavailable - Please try again later"
	MsgNoFreeCardNumber  = "No free card number was found - Please try again"
	// MsgIssuerStatusUnavailable: the card's status stays as it was.
	MsgIssuerStatusUnavailable = "The card issuer could not change the card's status - It stays as it was; please try again later"
	// MsgIssuerLimitsUnavailable: the card's controls stay as they were.
	MsgIssuerLimitsUnavailable = "The card issuer could not change the card's limits - The controls stay as they were; please try again later"
)

// CardOrder is a company owner's order of a new card.
type CardOrder struct {
	DriverName string
	DriverID   string
	UnitNumber string
	Type       CardType
}

// Validate trims the fields and returns field errors for missing ones and
// an unknown type (lengths are bounded by the request decoder's text rules).
func (o *CardOrder) Validate() error {
	o.DriverName = strings.TrimSpace(o.DriverName)
	o.DriverID = strings.TrimSpace(o.DriverID)
	o.UnitNumber = strings.TrimSpace(o.UnitNumber)
	fe := FieldErrors{}
	if o.DriverName == "" {
		fe.Add("driverName", MsgDriverNameRequired)
	}
	if o.DriverID == "" {
		fe.Add("driverId", MsgDriverIDRequired)
	}
	if o.UnitNumber == "" {
		fe.Add("unitNumber", MsgUnitNumberRequired)
	}
	if !o.Type.Valid() {
		fe.Add("type", MsgCardTypeInvalid)
	}
	return fe.Err()
}

// IssuingCompany is the company a card is issued to.
type IssuingCompany struct {
	ID   int64
	Name string
	// CardholderID is the company's cardholder at the issuer; "" until the
	// issuer created one.
	CardholderID string
}

// CardHolder is who a new card is for, and the hard limits the issuer
// enforces as a backstop to the portal's own controls.
type CardHolder struct {
	CardNumber string // the portal's number: the card's id in every path
	DriverName string
	DriverID   string
	UnitNumber string
	// The card's limits from its controls.
	CardLimits
}

// CardLimits are the card's hard dollar limits an issuer enforces on its
// own, a backstop to the portal's decision: per purchase and per day;
// nil: no limit.
type CardLimits struct {
	PerPurchaseCents *int64
	DailyCents       *int64
}

// LimitsOf returns the issuer's limits of effective controls c (the
// card's own over the company's, Controls.Over).
func LimitsOf(c Controls) CardLimits {
	return CardLimits{PerPurchaseCents: c.PerPurchaseCents, DailyCents: c.DailyCents}
}

// Equal reports whether l and m set the same limits.
func (l CardLimits) Equal(m CardLimits) bool {
	same := func(a, b *int64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }
	return same(l.PerPurchaseCents, m.PerPurchaseCents) && same(l.DailyCents, m.DailyCents)
}

// IssuedCard is what an issuer answers for a new card.
type IssuedCard struct {
	Issuer       string // IssuerNetwork or IssuerStripe
	IssuerCardID string // the issuer's id of the card; "" when it has none
	Last4        string // "" when the issuer has none
	ExpMonth     int    // 0 when the issuer has none
	ExpYear      int
	// Shipping is a physical card's shipment; nil for a card not shipped.
	Shipping *CardShipping
	// CardholderID is the company's cardholder at the issuer (to keep on
	// the company); it may be set even with an error, when the holder was
	// created but the card was not.
	CardholderID string
}

// CardIssuer issues a deployment's cards and carries their status to the
// issuer. Errors are *Error values: EUNAVAILABLE when the issuer cannot be
// reached, EUNPROCESSABLE when it refuses.
type CardIssuer interface {
	// Name is the issuer's name as cards record it (IssuerNetwork,
	// IssuerStripe).
	Name() string
	IssueCard(ctx context.Context, company IssuingCompany, holder CardHolder, cardType CardType) (IssuedCard, error)
	// SetCardStatus makes the issuer's card active or inactive; a card the
	// issuer did not issue is left alone (nil).
	SetCardStatus(ctx context.Context, card *Card, active bool) error
	// SetCardLimits sets the issuer's own limits of the card to limits
	// (none where nil); a card the issuer did not issue is left alone
	// (nil).
	SetCardLimits(ctx context.Context, card *Card, limits CardLimits) error
	// CardDetailsKey creates the one-use key with which the holder's
	// browser reads the card's number, expiry and CVC from the issuer
	// itself, for the browser's nonce; a card the issuer did not issue
	// (or an issuer that shows no details) is ECONFLICT.
	CardDetailsKey(ctx context.Context, card *Card, nonce string) (CardDetailsKey, error)
}

// CardDetailsKey is an issuer's short-lived key to one card's details,
// for the browser that asked with its nonce: the card's details go from
// the issuer to that browser only, never through the portal.
type CardDetailsKey struct {
	ID           string // the key's id, to log (never the secret)
	Secret       string
	IssuerCardID string
	// APIVersion is the issuer's API version the key was created with.
	APIVersion string
}

// Bounds and messages of a request to reveal a card's details.
const (
	MaxCardDetailsNonceLength  = 200
	MsgCardDetailsNonceInvalid = "Nonce is required (at most 200 characters)"
	// MsgCardDetailsNotShown: a network card's number is the portal's.
	MsgCardDetailsNotShown = "Only a Stripe card's details can be shown - This card's number is the one in the app"
)

// CardNumberPrefix starts every card number of the portal's program.
const CardNumberPrefix = "7071"

// NewCardNumber returns the 19-digit card number of a program card: the
// 7071 prefix, a company part (the company id's last two digits), a
// 12-digit account part (account modulo 10^12) and a Luhn check digit.
func NewCardNumber(companyID int64, account uint64) string {
	body := fmt.Sprintf("%s%02d%012d", CardNumberPrefix, companyID%100, account%1_000_000_000_000)
	return body + string(rune('0'+LuhnCheckDigit(body)))
}

// LuhnCheckDigit returns the check digit that makes digits + it pass the
// Luhn check.
func LuhnCheckDigit(digits string) int {
	sum := 0
	for i := len(digits) - 1; i >= 0; i-- {
		d := int(digits[i] - '0')
		if (len(digits)-1-i)%2 == 0 { // doubled: every second digit from the right of the payload
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return (10 - sum%10) % 10
}

// LuhnValid reports whether number (digits only) passes the Luhn check.
func LuhnValid(number string) bool {
	if len(number) < 2 || !digitsPattern.MatchString(number) {
		return false
	}
	return int(number[len(number)-1]-'0') == LuhnCheckDigit(number[:len(number)-1])
}

// ShippingStatus is where a physical card's shipment is, as its issuer
// reports it (Stripe Issuing's card.shipping.status).
type ShippingStatus string

// Shipping statuses: pending (not yet with the printer), submitted (with
// the printer), shipped (with the carrier), then one end: delivered,
// returned (undeliverable, back to the issuer), failure (the address could
// not be used) or canceled.
const (
	ShippingPending   ShippingStatus = "pending"
	ShippingSubmitted ShippingStatus = "submitted"
	ShippingShipped   ShippingStatus = "shipped"
	ShippingDelivered ShippingStatus = "delivered"
	ShippingReturned  ShippingStatus = "returned"
	ShippingFailure   ShippingStatus = "failure"
	ShippingCanceled  ShippingStatus = "canceled"
)

// step orders the statuses: a shipment moves forward, never back; -1 for
// an unknown status.
func (s ShippingStatus) step() int {
	switch s {
	case ShippingPending:
		return 0
	case ShippingSubmitted:
		return 1
	case ShippingShipped:
		return 2
	case ShippingDelivered, ShippingReturned, ShippingFailure, ShippingCanceled:
		return 3
	}
	return -1
}

// Valid reports whether s is a known status.
func (s ShippingStatus) Valid() bool { return s.step() >= 0 }

// Follows reports whether s may replace the recorded status prev: a
// shipment's news arriving late (an older event delivered after a newer
// one) never moves it back; "" (none recorded) is followed by any.
func (s ShippingStatus) Follows(prev ShippingStatus) bool {
	return prev == "" || s.step() >= prev.step()
}

// CardShipping is a physical card's shipment: its status, the carrier
// (e.g. usps, fedex), its tracking number and page, and the issuer's best
// estimate of its delivery ("" and nil where the issuer has none yet).
type CardShipping struct {
	Status         ShippingStatus
	Carrier        string
	TrackingNumber string
	TrackingURL    string
	ETA            *time.Time
}

// CardShippingUpdate is an issuer's news of a card's shipment, for the
// card with its id IssuerCardID at Issuer.
type CardShippingUpdate struct {
	Issuer       string
	IssuerCardID string
	Shipping     CardShipping
}

// WebhookCardShipment is the data of card.shipping: the card and its
// shipment as its issuer reports it now.
type WebhookCardShipment struct {
	CardNumber     string         `json:"cardNumber"`
	DriverName     string         `json:"driverName"`
	Status         ShippingStatus `json:"status"`
	Carrier        string         `json:"carrier"`
	TrackingNumber string         `json:"trackingNumber"`
	TrackingURL    string         `json:"trackingUrl"`
	ETA            *string        `json:"eta"`
}

// shippingNoticeKeys are the notice texts (alerts.json
// notifications.texts) of the statuses the owners hear of: the card is on
// its way, arrived, or will not arrive (they deactivate it and order
// another). A card still being made is news for the webhook only.
var shippingNoticeKeys = map[ShippingStatus]string{
	ShippingShipped:   "cardShipped",
	ShippingDelivered: "cardDelivered",
	ShippingReturned:  "cardReturned",
	ShippingFailure:   "cardShippingFailed",
	ShippingCanceled:  "cardShippingCanceled",
}

// holderShippingNoticeKeys are the notice texts of the statuses the card's
// holder hears of: their card is on its way (with the day it is expected
// when the issuer says), arrived at the company, or will not arrive.
var holderShippingNoticeKeys = map[ShippingStatus]string{
	ShippingShipped:   "holderCardShipped",
	ShippingDelivered: "holderCardDelivered",
	ShippingReturned:  "holderCardNotComing",
	ShippingFailure:   "holderCardNotComing",
	ShippingCanceled:  "holderCardNotComing",
}

// CardShippingEvent is the event of card's shipment moving on to status
// s.Status (card.shipping): its webhook data, and, when the card shipped,
// was delivered or will not arrive, the owners' CARD_SHIPPING alert (and
// its mail) and the notice to the driver who holds the card.
func CardShippingEvent(card *Card, s CardShipping) *Event {
	data := WebhookCardShipment{CardNumber: card.CardNumber, DriverName: card.DriverName, Status: s.Status,
		Carrier: s.Carrier, TrackingNumber: s.TrackingNumber, TrackingURL: s.TrackingURL}
	if s.ETA != nil {
		eta := WireTime(*s.ETA)
		data.ETA = &eta
	}
	e := &Event{Type: EventCardShipping, CompanyID: card.CompanyID, Data: data}
	tag := "card-shipping-" + strconv.FormatInt(card.ID, 10)
	if key, ok := shippingNoticeKeys[s.Status]; ok {
		n := Notice{CompanyID: card.CompanyID, Key: key,
			Params: map[string]string{"card": Last4(card.CardNumber), "name": nameOrUnnamed(card.DriverName)},
			URL:    "/fuel-cards?card=" + card.CardNumber, Tag: tag}
		title, body := n.Texts(LanguageEnglish)
		e.Alert = &Alert{CardID: card.ID, CardNumber: card.CardNumber, DriverName: card.DriverName,
			Message: clipMessage(title + ": " + body), Notice: &n}
	}
	if key, ok := holderShippingNoticeKeys[s.Status]; ok && card.DriverUserID != 0 {
		n := Notice{Event: NotifyCardShipping, CompanyID: card.CompanyID, Key: key,
			Params: map[string]string{"card": Last4(card.CardNumber)}, URL: "/dashboard", Tag: tag}
		if s.Status == ShippingShipped && s.ETA != nil {
			// The issuer's estimate is a day: the one it names in UTC.
			n.Key, n.Days = "holderCardShippedExpected", map[string]string{"eta": s.ETA.UTC().Format(time.DateOnly)}
		}
		e.UserID, e.Notice = card.DriverUserID, &n
	}
	return e
}
