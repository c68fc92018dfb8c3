package fuelportal

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A trip whose card lock an owner set binds the driver: only an owner ends
// it or re-plans it at the driver's word. The driver asks instead (a trip
// request), and the owner approves or denies, like an override request.

// TripRequestKind says what a driver asks of an owner-locked trip.
type TripRequestKind string

// Trip request kinds.
const (
	TripRequestEnd    TripRequestKind = "END"    // end (complete) the trip, lifting the lock
	TripRequestReplan TripRequestKind = "REPLAN" // re-plan from the driver's position and fuel
)

// Valid reports whether k is a known kind.
func (k TripRequestKind) Valid() bool { return k == TripRequestEnd || k == TripRequestReplan }

// TripRequestStatus is where a trip request stands.
type TripRequestStatus string

// Trip request statuses. CLOSED: the trip ended before anyone decided.
const (
	TripRequestPending  TripRequestStatus = "PENDING"
	TripRequestApproved TripRequestStatus = "APPROVED"
	TripRequestDenied   TripRequestStatus = "DENIED"
	TripRequestClosed   TripRequestStatus = "CLOSED"
)

// Valid reports whether s is a known status.
func (s TripRequestStatus) Valid() bool {
	return s == TripRequestPending || s == TripRequestApproved || s == TripRequestDenied || s == TripRequestClosed
}

// Bounds of trip requests.
const (
	MaxTripRequestMessageLength = 500
	// MaxTripRequestsListed bounds the trip request lists (newest first).
	MaxTripRequestsListed = 100
)

// Messages of the owner's lock and trip requests.
const (
	MsgOwnerLockedEnd     = "Your fleet manager locked this trip's card: only they can end the trip. Ask to end it instead."
	MsgOwnerLockedReplan  = "Your fleet manager locked this trip's card: only they can re-plan it. Ask to re-plan it instead."
	MsgTripNotOwnerLocked = "Only a trip your fleet manager locked needs a request: end or re-plan it yourself"
	MsgTripRequestPending = "A request of this kind is already pending for this trip"
	MsgTripRequestMissing = "Trip request not found"
	MsgTripRequestDecided = "This trip request was already decided"
)

// TripRequest is a driver's request to end or re-plan a trip an owner locked.
type TripRequest struct {
	ID           int64
	CompanyID    int64
	TripID       int64
	CardID       int64
	CardNumber   string
	DriverName   string
	DriverUserID int64 // 0 once the driver's account is deleted
	Kind         TripRequestKind
	Status       TripRequestStatus
	Message      string
	// Latitude, Longitude and CurrentFuel are where the truck was and what
	// its tank held when a re-plan was asked (REPLAN only).
	Latitude, Longitude float64
	CurrentFuel         Gallons
	CreatedAt           time.Time
	DecidedAt           *time.Time
	DecidedBy           int64
	// PlanVersion is the version an approved re-plan made.
	PlanVersion int
}

// tripNotice is the notice of an owner's alert about the trip from origin
// to destination ("Dallas, TX → Amarillo, TX"): the text key (key, or
// key+"NoRoute" for a trip that names neither end: "a trip") and the
// driver's name and card.
func tripNotice(key, driverName, cardNumber, origin, destination string) *Notice {
	origin, destination = strings.TrimSpace(origin), strings.TrimSpace(destination)
	if origin == "" && destination == "" {
		key += "NoRoute"
	}
	return &Notice{Key: key, Params: map[string]string{"name": nameOrUnnamed(driverName), "card": Last4(cardNumber),
		"origin": origin, "destination": destination}}
}

// TripRequestAlert is the TRIP_REQUEST alert of driver's request req on
// owner-locked trip t, with its text for owners who read another language
// (alerts.json texts.ownerTripRequestEnd / ownerTripRequestReplan).
func TripRequestAlert(req *TripRequest, t *Trip) *Alert {
	key := "ownerTripRequestEnd"
	if req.Kind == TripRequestReplan {
		key = "ownerTripRequestReplan"
	}
	n := tripNotice(key, req.DriverName, req.CardNumber, t.OriginName, t.DestinationName)
	n.Params["quote"] = ""
	if m := strings.TrimSpace(req.Message); m != "" {
		n.Params["quote"] = " “" + m + "”"
	}
	return &Alert{CardID: req.CardID, CardNumber: req.CardNumber, DriverName: req.DriverName, TripID: req.TripID, TripRequestID: req.ID,
		Message: n.englishAlertText(), Notice: n}
}

// TripEnder says who ended a locked trip, as its alert names them: its
// value is the alerts.json notifications.words key.
type TripEnder string

// Who ends a locked trip.
const (
	TripEndedByOwner          TripEnder = "endedByOwner"
	TripEndedByDriver         TripEnder = "endedByDriver"
	TripEndedByOwnerForDriver TripEnder = "endedByOwnerForDriver" // an owner approved the driver's request to end it
)

// TripEndedBy is who ends a trip as its alert names them: its driver when
// byDriver (the trip is ended within the card's scope), else an owner.
func TripEndedBy(byDriver bool) TripEnder {
	if byDriver {
		return TripEndedByDriver
	}
	return TripEndedByOwner
}

// TripEndedEvent is trip.ended of ended trip t, which by ended: the
// owners' TRIP_ENDED alert (TripEndedAlert). It is nil for a trip without
// a card lock: its end lifts no lock to tell of.
func TripEndedEvent(t *Trip, by TripEnder) *Event {
	if !t.LockCard {
		return nil
	}
	return &Event{Type: EventTripEnded, CompanyID: t.CompanyID, Alert: TripEndedAlert(t, by)}
}

// tripStatusWords are the alerts.json notifications.words keys of an
// ended trip's status.
var tripStatusWords = map[TripStatus]string{TripCompleted: "tripCompleted", TripCancelled: "tripCancelled"}

// TripEndedAlert is the TRIP_ENDED alert of locked trip t, which by ended,
// with its text for owners who read another language (alerts.json
// texts.ownerTripEnded).
func TripEndedAlert(t *Trip, by TripEnder) *Alert {
	n := tripNotice("ownerTripEnded", t.DriverName, t.CardNumber, t.OriginName, t.DestinationName)
	n.Words = map[string]string{"by": string(by)}
	if w, ok := tripStatusWords[t.Status]; ok {
		n.Words["status"] = w
	} else {
		n.Params["status"] = strings.ToLower(string(t.Status))
	}
	return &Alert{CardID: t.CardID, CardNumber: t.CardNumber, DriverName: t.DriverName, TripID: t.ID, Message: n.englishAlertText(), Notice: n}
}

// TripReplannedAlert is the TRIP_REPLANNED alert of locked trip t's new
// plan version, made for why, with its text for owners who read another
// language (alerts.json texts.ownerTripReplanned).
func TripReplannedAlert(t *Trip, version int, why ReplanCause) *Alert {
	n := tripNotice("ownerTripReplanned", t.DriverName, t.CardNumber, t.OriginName, t.DestinationName)
	n.Params["version"] = strconv.Itoa(version)
	n.Words = map[string]string{"why": string(why)}
	return &Alert{CardID: t.CardID, CardNumber: t.CardNumber, DriverName: t.DriverName, TripID: t.ID, Message: n.englishAlertText(), Notice: n}
}

// ReplanCause says why a plan version was made, as its alert names it:
// its value is the alerts.json notifications.words key.
type ReplanCause string

// Why a plan version was made.
const (
	ReplanPriceMoved       ReplanCause = "replanPriceMoved"
	ReplanOffPlan          ReplanCause = "replanOffPlan"
	ReplanByDriver         ReplanCause = "replanByDriver"
	ReplanByOwner          ReplanCause = "replanByOwner"
	ReplanByDriverApproved ReplanCause = "replanByDriverApproved" // an owner approved the driver's request to re-plan
)

// ReplanWhy says why a plan version of reason was made, for an alert.
func ReplanWhy(reason TripPlanReason, byDriver bool) ReplanCause {
	switch reason {
	case TripPlanPriceChange:
		return ReplanPriceMoved
	case TripPlanOffPlan:
		return ReplanOffPlan
	}
	if byDriver {
		return ReplanByDriver
	}
	return ReplanByOwner
}

// TripRequestDecisionMail tells the driver at email what the owner decided on request r.
func TripRequestDecisionMail(email string, r *TripRequest) *MailMessage {
	what := "end your trip"
	if r.Kind == TripRequestReplan {
		what = "re-plan your trip"
	}
	if r.Status == TripRequestApproved {
		body := fmt.Sprintf("Your request to %s on the card ending %s was approved.\n\nSee the trip in Fuel Portal.\n", what, Last4(r.CardNumber))
		return &MailMessage{To: email, Subject: "Your trip request was approved", Body: body}
	}
	body := fmt.Sprintf("Your request to %s on the card ending %s was denied: the trip and its card lock stay as they are.\n\nAsk your fleet manager if you need help.\n",
		what, Last4(r.CardNumber))
	return &MailMessage{To: email, Subject: "Your trip request was denied", Body: body}
}

// checkTripActive is ECONFLICT when trip t has ended.
func checkTripActive(t *Trip) error {
	if t.Status != TripActive {
		return Errorf(ECONFLICT, "The trip is %s", strings.ToLower(string(t.Status)))
	}
	return nil
}

// CheckTripReplan decides whether trip t may get a new plan version, made
// by its driver or not: an ended trip is ECONFLICT; a driver's re-plan of a
// trip an owner locked EFORBIDDEN (they ask instead); a trip with
// MaxTripPlanVersions already ECONFLICT.
func CheckTripReplan(t *Trip, byDriver bool) error {
	if err := checkTripChange(t, byDriver, MsgOwnerLockedReplan); err != nil {
		return err
	}
	if t.Plan != nil && t.Plan.Version >= MaxTripPlanVersions {
		return Errorf(ECONFLICT, MsgTripPlanVersionsUsed, MaxTripPlanVersions)
	}
	return nil
}

// CheckTripEnd decides whether trip t may be ended, by its driver or not:
// an ended trip is ECONFLICT; a driver ending a trip an owner locked
// EFORBIDDEN (they ask instead).
func CheckTripEnd(t *Trip, byDriver bool) error {
	return checkTripChange(t, byDriver, MsgOwnerLockedEnd)
}

// checkTripChange is ECONFLICT when trip t has ended, and EFORBIDDEN with
// locked when its driver changes a trip an owner locked.
func checkTripChange(t *Trip, byDriver bool, locked string) error {
	if err := checkTripActive(t); err != nil {
		return err
	}
	if byDriver && t.OwnerLock {
		return Errorf(EFORBIDDEN, "%s", locked)
	}
	return nil
}

// TripRequestFacts are what a driver's request on trip Trip reads in its
// transaction: the trip and the count of its pending requests of the kind
// asked.
type TripRequestFacts struct {
	Trip    *Trip
	Pending int
}

// CheckTripRequest decides whether a driver may ask for a change of a
// trip: an ended trip is ECONFLICT; a trip the owner did not lock
// EUNPROCESSABLE (the driver acts on it themselves); a pending request of
// the same kind ECONFLICT.
func CheckTripRequest(f TripRequestFacts) error {
	if err := checkTripActive(f.Trip); err != nil {
		return err
	}
	if !f.Trip.OwnerLock {
		return Errorf(EUNPROCESSABLE, MsgTripNotOwnerLocked)
	}
	if f.Pending > 0 {
		return Errorf(ECONFLICT, MsgTripRequestPending)
	}
	return nil
}

// TripRequestDecisionFacts are what an owner's answer to trip request
// Request reads in its transaction: the request, its trip, and whether the
// owner approves.
type TripRequestDecisionFacts struct {
	Request *TripRequest
	Trip    *Trip
	Approve bool
}

// CheckTripRequestDecision decides whether an owner may answer a trip
// request: a decided request is ECONFLICT; approving one asks what ending
// or re-planning the trip by an owner asks (CheckTripEnd, CheckTripReplan).
func CheckTripRequestDecision(f TripRequestDecisionFacts) error {
	if f.Request.Status != TripRequestPending {
		return Errorf(ECONFLICT, MsgTripRequestDecided)
	}
	if !f.Approve {
		return nil
	}
	if f.Request.Kind == TripRequestReplan {
		return CheckTripReplan(f.Trip, false)
	}
	return CheckTripEnd(f.Trip, false)
}

// MsgTripCardBusy refuses a trip for a card that is on one.
const MsgTripCardBusy = "The card already has an active trip"

// CheckTripCardFree decides whether a trip may start for a card whose
// active trip is active (nil: none): a card is on one trip at a time
// (ECONFLICT).
func CheckTripCardFree(active *Trip) error {
	if active != nil {
		return Errorf(ECONFLICT, MsgTripCardBusy)
	}
	return nil
}
