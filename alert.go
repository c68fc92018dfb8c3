package fuelportal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// AlertKind says what an owner's alert is about.
type AlertKind string

// Alert kinds.
const (
	AlertDecline         AlertKind = "DECLINE"          // a purchase on a company card was declined
	AlertOverrideRequest AlertKind = "OVERRIDE_REQUEST" // a driver asks for an override
	AlertNearLimit       AlertKind = "NEAR_LIMIT"       // a purchase took a card past 80 % of a limit
	AlertTripRequest     AlertKind = "TRIP_REQUEST"     // a driver asks to end or re-plan an owner-locked trip
	AlertTripEnded       AlertKind = "TRIP_ENDED"       // a locked trip ended: its card lock is lifted
	AlertTripReplanned   AlertKind = "TRIP_REPLANNED"   // a locked trip has a new plan: new stops to buy at
	AlertWebhookFailing  AlertKind = "WEBHOOK_FAILING"  // a webhook endpoint took no delivery for 24 hours
	AlertAuthorization   AlertKind = "AUTHORIZATION"    // a card authorization answered past its deadline, or a capture above its hold
	AlertMPGDrop         AlertKind = "MPG_DROP"         // a vehicle's MPG fell more than 15 % on the prior window
	AlertWalletLow       AlertKind = "WALLET_LOW"       // the wallet's balance fell below the owner's threshold
	AlertDriverWaiting   AlertKind = "DRIVER_WAITING"   // a driver signed up and waits for approval
	AlertIFTADue         AlertKind = "IFTA_DUE"         // a quarter's IFTA return is due in 30, 7 or 1 days
	AlertStatementReady  AlertKind = "STATEMENT_READY"  // a period ended and its statement is ready
	AlertRefund          AlertKind = "REFUND"           // money came back to the wallet: a merchant's refund or a network's reversal
	AlertCardShipping    AlertKind = "CARD_SHIPPING"    // a physical card shipped, was delivered, or did not reach the company
)

// Alert is a notice for a company's owners, derived from an Event
// (EventRoutes); each one is also mailed, as each owner chose (repeats of
// a kind within MailDigestWindow in one digest).
type Alert struct {
	ID        int64
	CompanyID int64
	Kind      AlertKind
	Message   string
	// CardID is 0 when the alert is about no card; CardNumber and
	// DriverName are the card's details when the alert was raised.
	CardID     int64
	CardNumber string
	DriverName string
	// TransactionID, OverrideRequestID, TripID and TripRequestID are 0
	// when not about one.
	TransactionID     int64
	OverrideRequestID int64
	TripID            int64
	TripRequestID     int64
	CreatedAt         time.Time
	// Notice, when the alert was raised with one, words the alert for
	// owners who read another language than English (AlertText); the
	// alert keeps its text key and values (store: alerts.notice). Message
	// is the English text.
	Notice *Notice
}

// RequestDecision is how an owner decided a driver's request: APPROVED or
// DENIED (a trip request may be CLOSED by the trip ending), when, and by
// whom (their name; "" when that user is gone or nobody decided).
type RequestDecision struct {
	Status    string
	DecidedAt time.Time
	DecidedBy string
}

// AlertKinds are the kinds of alerts, in the order the app lists them.
var AlertKinds = []AlertKind{AlertDecline, AlertOverrideRequest, AlertNearLimit, AlertTripRequest, AlertTripEnded, AlertTripReplanned, AlertWebhookFailing,
	AlertAuthorization, AlertMPGDrop, AlertWalletLow, AlertDriverWaiting, AlertIFTADue, AlertStatementReady, AlertRefund, AlertCardShipping}

// Valid reports whether k is a known alert kind.
func (k AlertKind) Valid() bool { return slices.Contains(AlertKinds, k) }

// MaxAlertMessageLength bounds an alert's message (it names a driver and a
// station, both bounded, and a sentence).
const MaxAlertMessageLength = 500

// Last4 returns the last four digits of a card number, as alerts and mails
// name a card.
func Last4(cardNumber string) string {
	if len(cardNumber) <= 4 {
		return cardNumber
	}
	return cardNumber[len(cardNumber)-4:]
}

// DeclineAlertMessage is the English alert of a declined purchase: who,
// which card, where and why (DeclineAlert's message).
func DeclineAlertMessage(driverName, cardNumber, station string, reason DeclineReason) string {
	return DeclineAlert(&Transaction{DriverCardName: driverName, CardNumber: cardNumber, LocationName: station, DeclineReason: reason}).Message
}

// OverrideRequestAlert is the OVERRIDE_REQUEST alert of a driver's
// override request r: its message is the English of its notice
// (alerts.json texts.ownerOverrideRequested).
func OverrideRequestAlert(r *OverrideRequest) *Alert {
	n := OverrideRequestedNotice(r)
	n.Key = "ownerOverrideRequested"
	n.Params["reason"] = "" // filled by Reason; a decline without a reason says none
	n.Params["quote"] = ""
	if m := strings.TrimSpace(r.Message); m != "" {
		n.Params["quote"] = " “" + m + "”"
	}
	return &Alert{
		CompanyID: r.CompanyID, Kind: AlertOverrideRequest, CardID: r.CardID, CardNumber: r.CardNumber,
		DriverName: r.DriverName, TransactionID: r.TransactionID, OverrideRequestID: r.ID,
		Message: n.englishAlertText(), Notice: &n,
	}
}

// OverrideRequestAlertMessage is the English alert of a driver's override
// request (OverrideRequestAlert's message).
func OverrideRequestAlertMessage(driverName, cardNumber string, reason DeclineReason, message string) string {
	return OverrideRequestAlert(&OverrideRequest{DriverName: driverName, CardNumber: cardNumber, DeclineCode: reason, Message: message}).Message
}

// nearLimitTextKeys are the text keys (alerts.json texts) of the near
// limit alerts by the limit's name; a limit without one is worded by
// ownerNearLimit, which names it as it is.
var nearLimitTextKeys = map[string]string{
	"per-purchase limit":  "ownerNearPerPurchaseLimit",
	"daily limit":         "ownerNearDailyLimit",
	"daily gallons limit": "ownerNearDailyGallonsLimit",
	"weekly limit":        "ownerNearWeeklyLimit",
	"monthly budget":      "ownerNearMonthlyBudget",
}

// NearLimitAlert is the NEAR_LIMIT alert of a purchase that took a card
// past 80 % of a limit: limitName says which ("daily limit", "weekly
// limit", "daily gallons limit", "monthly budget"…), used and limit are
// the figures as the owner reads them ("$850.00", "$1,000.00" or
// "180 gal"); its message is the English of its notice.
func NearLimitAlert(driverName, cardNumber, limitName, used, limit string) *Alert {
	key, ok := nearLimitTextKeys[limitName]
	if !ok {
		key = "ownerNearLimit"
	}
	n := Notice{Key: key, Params: map[string]string{"name": nameOrUnnamed(driverName), "card": Last4(cardNumber),
		"used": used, "limit": limit, "limitName": limitName}}
	return &Alert{CardNumber: cardNumber, DriverName: driverName, Message: n.englishAlertText(), Notice: &n}
}

// NearLimitEvent is the card.near_limit event of purchase t, which took
// its card past 80 % of a limit (see NearLimitAlert for limitName, used
// and limit).
func NearLimitEvent(t *Transaction, limitName, used, limit string) *Event {
	a := NearLimitAlert(t.DriverCardName, t.CardNumber, limitName, used, limit)
	a.CardID, a.TransactionID = t.CardID, t.ID
	return &Event{Type: EventCardNearLimit, CompanyID: t.CompanyID, Alert: a}
}

// MPGDropAlert is the MPG_DROP alert of a vehicle whose MPG over the last
// window fell more than MPGDropPercent below the window before: its
// message the English of its notice (alerts.json texts.ownerMPGDrop).
func MPGDropAlert(unitNumber string, current, prior float64) *Alert {
	n := Notice{Key: "ownerMPGDrop", Params: map[string]string{"unit": unitNumber,
		"current": fmt.Sprintf("%.1f", current), "prior": fmt.Sprintf("%.1f", prior),
		"percent": fmt.Sprintf("%.0f", (prior-current)/prior*100), "days": strconv.Itoa(MPGWindowDays)}}
	return &Alert{Message: n.englishAlertText(), Notice: &n}
}

func nameOrUnnamed(name string) string {
	if name = strings.TrimSpace(name); name != "" {
		return name
	}
	return "Unnamed driver"
}

// clipMessage keeps a message within MaxAlertMessageLength characters.
func clipMessage(s string) string {
	r := []rune(s)
	if len(r) <= MaxAlertMessageLength {
		return s
	}
	return string(r[:MaxAlertMessageLength-1]) + "…"
}

// DeclineAlert is the DECLINE alert of declined purchase t on a company
// card: its message is the English of its notice (alerts.json
// texts.ownerPurchaseDeclined).
func DeclineAlert(t *Transaction) *Alert {
	n := DeclineNotice(t)
	n.Key = "ownerPurchaseDeclined"
	n.Params["name"] = nameOrUnnamed(t.DriverCardName)
	n.Params["reason"] = "" // filled by Reason; a decline without a reason says none
	return &Alert{
		CompanyID: t.CompanyID, Kind: AlertDecline, CardID: t.CardID, CardNumber: t.CardNumber, DriverName: t.DriverCardName,
		TransactionID: t.ID, Message: n.englishAlertText(), Notice: &n,
	}
}

// AlertMailSubject is the subject of the mails of alerts of kind k in
// lang (alerts.json notifications.alertMail.subjects).
func AlertMailSubject(k AlertKind, lang Language) string {
	mail := textsIn(lang).alertMail
	return cmpOr(mail.Subjects[string(k)], mail.Subjects["other"])
}

// AlertText is alert a's text for an owner reading lang: its message
// (English) in English, else its notice's texts in lang when it was raised
// with one (clipped like the message). The alerts page and the alert mails
// both show it.
func AlertText(a *Alert, lang Language) string {
	return alertText(a.Message, a.Notice, lang)
}

// alertText is the text of an alert of English message and notice n
// (nil: none) for an owner reading lang.
func alertText(message string, n *Notice, lang Language) string {
	if n == nil || n.Key == "" || lang == LanguageEnglish {
		return message
	}
	title, body := n.Texts(lang)
	return clipMessage(title + ": " + body)
}

// englishAlertText is the English text of an alert raised with notice n,
// its message: title and body, clipped like every alert's message.
func (n *Notice) englishAlertText() string {
	title, body := n.Texts(LanguageEnglish)
	return clipMessage(title + ": " + body)
}

// alertMailBody is text followed by the alert mails' footer in lang.
func alertMailBody(text string, lang Language) string {
	return text + "\n\n" + textsIn(lang).alertMail.Footer + "\n"
}

// AlertMail is the mail of alert a to an owner at address to who reads
// lang.
func AlertMail(to string, lang Language, a *Alert) *MailMessage {
	return &MailMessage{To: to, Subject: AlertMailSubject(a.Kind, lang), Body: alertMailBody(AlertText(a, lang), lang)}
}

// OverrideRequestStatus is where a driver's override request stands.
type OverrideRequestStatus string

// Override request statuses.
const (
	OverridePending  OverrideRequestStatus = "PENDING"
	OverrideApproved OverrideRequestStatus = "APPROVED"
	OverrideDenied   OverrideRequestStatus = "DENIED"
)

// Valid reports whether s is a known status.
func (s OverrideRequestStatus) Valid() bool {
	return s == OverridePending || s == OverrideApproved || s == OverrideDenied
}

// Bounds of override requests and grants.
const (
	MaxOverrideRequestMessageLength = 500
	DefaultOverrideHours            = 24
	// DefaultGrantHours is how long an approved override request lifts
	// the card's rules when the owner names no hours: the notification's
	// Grant, and the default the alerts page and dashboard offer.
	DefaultGrantHours = 2
	MinOverrideHours  = 1
	MaxOverrideHours  = 168 // a week
	// MaxOverrideRequestsListed bounds the override request lists (newest
	// first).
	MaxOverrideRequestsListed = 100
)

// Messages of override requests.
const (
	MsgNoDeclineToOverride     = "No declined purchase to override"
	MsgOverrideRequestPending  = "An override request for this card is already pending"
	MsgOverrideRequestMissing  = "Override request not found"
	MsgOverrideRequestDecided  = "This override request was already decided"
	MsgOverrideHoursOutOfRange = "Hours must be a whole number from 1 to 168"
)

// OverrideRequestFacts are what a driver's override request reads in its
// transaction: whether the driver holds a card, whether the card has a
// declined purchase of theirs to override, and how many of its requests are
// pending.
type OverrideRequestFacts struct {
	HasCard    bool
	HasDecline bool
	Pending    int
}

// CheckOverrideRequest decides whether a driver may ask for an override: a
// driver without a card or without a declined purchase is EUNPROCESSABLE;
// a card with a pending request is ECONFLICT.
func CheckOverrideRequest(f OverrideRequestFacts) error {
	if !f.HasCard || !f.HasDecline {
		return Errorf(EUNPROCESSABLE, MsgNoDeclineToOverride)
	}
	if f.Pending > 0 {
		return Errorf(ECONFLICT, MsgOverrideRequestPending)
	}
	return nil
}

// CheckOverrideDecision decides whether an owner may answer override
// request r: only a pending one (ECONFLICT MsgOverrideRequestDecided).
func CheckOverrideDecision(r *OverrideRequest) error {
	if r.Status != OverridePending {
		return Errorf(ECONFLICT, MsgOverrideRequestDecided)
	}
	return nil
}

// OverrideRequest is a driver's request to lift their card's rules after a
// declined purchase.
type OverrideRequest struct {
	ID           int64
	CompanyID    int64
	CardID       int64
	CardNumber   string
	DriverUserID int64 // 0 once the driver's account is deleted
	DriverName   string
	// TransactionID is the declined purchase the request is about.
	TransactionID int64
	DeclineCode   DeclineReason
	Message       string
	Status        OverrideRequestStatus
	CreatedAt     time.Time
	DecidedAt     *time.Time
	DecidedBy     int64
	// OverrideUntil is when the granted override ends (APPROVED only).
	OverrideUntil *time.Time
	// LiftsPrompt is set when the owner's approval also lifts the card's
	// pump prompt (an override never does unless the owner says so).
	LiftsPrompt bool
	// The declined purchase as the owner decides on it: where, when, and
	// what it would have cost at the pump (gallons × retail price).
	DeclinedAt      time.Time
	LocationName    string
	AttemptedAmount int64 // cents
}
