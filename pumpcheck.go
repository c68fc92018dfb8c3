package fuelportal

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// LastFix is where a vehicle was last seen by its telematics (the newest
// position any source fed the telematics ingest): the pump check compares
// it with the station of a card's purchase.
type LastFix struct {
	VehicleID     int64
	At            time.Time
	Lat, Lon      float64
	SpeedMph      *float64
	FuelPercent   *float64 // the tank's level, 0–100; nil when the source does not report it
	OdometerMiles *float64
	Source        string // the feed it came from ("traccar", …)
}

// TelematicsSourceTraccar is the source of positions forwarded by Traccar.
const TelematicsSourceTraccar = "traccar"

// PumpCheckStaleChoice is what the pump check does when a card's unit has
// no fix fresh enough to place it.
type PumpCheckStaleChoice string

// Stale choices.
const (
	PumpStaleApprove   PumpCheckStaleChoice = "approve"
	PumpStaleDecline   PumpCheckStaleChoice = "decline"
	PumpStaleChallenge PumpCheckStaleChoice = "challenge" // decline now and ask the driver
)

// Valid reports whether c is a stale choice.
func (c PumpCheckStaleChoice) Valid() bool {
	return c == PumpStaleApprove || c == PumpStaleDecline || c == PumpStaleChallenge
}

// PumpCheckSettings are a company's (or a card group's) pump check: is the
// truck at the pump? (docs/product.md, "Pump check").
type PumpCheckSettings struct {
	Enabled          bool                 `json:"enabled"`
	RadiusMiles      float64              `json:"radiusMiles"`
	FreshnessMinutes int                  `json:"freshnessMinutes"`
	StaleChoice      PumpCheckStaleChoice `json:"staleChoice"`
}

// Bounds and defaults of the pump check.
const (
	PumpCheckMinRadiusMiles      = 0.25
	PumpCheckMaxRadiusMiles      = 50
	PumpCheckMinFreshnessMinutes = 1
	PumpCheckMaxFreshnessMinutes = 240
	// PumpChallengeWindow: a challenge is answerable this long, and a Yes
	// lets the card's next authorization at the station pass this long
	// after the answer.
	PumpChallengeWindow = 10 * time.Minute
	// PumpTankMargin is the share of the tank a purchase may pass the
	// space the fuel level leaves (gauges and tank sizes are approximate).
	PumpTankMargin = 0.10
)

// DefaultPumpCheck is a company's pump check until it sets one: off.
var DefaultPumpCheck = PumpCheckSettings{Enabled: false, RadiusMiles: 1, FreshnessMinutes: 10, StaleChoice: PumpStaleChallenge}

// Validate checks the settings' bounds (field errors).
func (s PumpCheckSettings) Validate() error {
	fe := FieldErrors{}
	if math.IsNaN(s.RadiusMiles) || s.RadiusMiles < PumpCheckMinRadiusMiles || s.RadiusMiles > PumpCheckMaxRadiusMiles {
		fe.Add("radiusMiles", MsgPumpRadiusBounds)
	}
	if s.FreshnessMinutes < PumpCheckMinFreshnessMinutes || s.FreshnessMinutes > PumpCheckMaxFreshnessMinutes {
		fe.Add("freshnessMinutes", MsgPumpFreshnessBounds)
	}
	if !s.StaleChoice.Valid() {
		fe.Add("staleChoice", MsgPumpStaleChoice)
	}
	return fe.Err()
}

// Messages of the pump check's settings and challenges.
const (
	MsgPumpRadiusBounds    = "Radius must be from 0.25 to 50 miles"
	MsgPumpFreshnessBounds = "Freshness must be from 1 to 240 minutes"
	MsgPumpStaleChoice     = "staleChoice must be approve, decline or challenge"
	MsgPumpAnswer          = "answer must be yes or no"
	MsgPumpChallengeClosed = "This question was answered or has expired"
)

// Freshness is how old a fix may be to place the unit.
func (s PumpCheckSettings) Freshness() time.Duration {
	return time.Duration(s.FreshnessMinutes) * time.Minute
}

// PumpCheckOutcome is what the pump check made of one purchase.
type PumpCheckOutcome string

// Outcomes.
const (
	PumpNear          PumpCheckOutcome = "NEAR"              // a fresh fix within the radius: passed
	PumpFar           PumpCheckOutcome = "FAR"               // a fresh fix beyond the radius: declined (a purchase: flagged)
	PumpEnRoute       PumpCheckOutcome = "EN_ROUTE"          // a fresh fix beyond the radius, moving fast enough to have arrived since: passed
	PumpStaleApproved PumpCheckOutcome = "STALE_APPROVED"    // no fresh fix, the stale choice approves
	PumpStaleDeclined PumpCheckOutcome = "STALE_DECLINED"    // no fresh fix, the stale choice declines
	PumpChallenged    PumpCheckOutcome = "CHALLENGED"        // no fresh fix: declined, the driver asked
	PumpConfirmed     PumpCheckOutcome = "CONFIRMED"         // the driver answered Yes to a challenge at this station: passed once
	PumpOverTankSpace PumpCheckOutcome = "OVER_TANK_SPACE"   // more than the tank can take: declined (a purchase: flagged)
	PumpCutToTank     PumpCheckOutcome = "CUT_TO_TANK_SPACE" // approved for what fits the tank
)

// Flagged reports whether a purchase recorded after the fact with outcome
// o is worth the owner's alert (the truck was elsewhere, or more fuel than
// its tank takes).
func (o PumpCheckOutcome) Flagged() bool { return o == PumpFar || o == PumpOverTankSpace }

// PumpCheck is what the pump check used and decided on one authorization
// or purchase: the distance from the unit's fix to the station and the
// fix's age at the purchase.
type PumpCheck struct {
	DistanceMiles float64          `json:"distanceMiles"`
	FixAgeSeconds int64            `json:"fixAgeSeconds"`
	Source        string           `json:"source"`
	Outcome       PumpCheckOutcome `json:"outcome"`
	// The fix and the station, for the transaction's map.
	FixLat     float64 `json:"fixLatitude"`
	FixLon     float64 `json:"fixLongitude"`
	StationLat float64 `json:"stationLatitude"`
	StationLon float64 `json:"stationLongitude"`
}

// PumpChallenge asks a card's driver whether they are fueling the unit at
// the station, after a decline for want of a fresh fix.
type PumpChallenge struct {
	ID              int64     `json:"id"`
	CompanyID       int64     `json:"-"`
	CardID          int64     `json:"-"`
	CardNumber      string    `json:"cardNumber"`
	DriverUserID    int64     `json:"-"`
	UnitNumber      string    `json:"unitNumber"`
	StationID       int64     `json:"stationId"`
	StationName     string    `json:"stationName"`
	AuthorizationID string    `json:"authorizationId"`
	CreatedAt       time.Time `json:"createdAt"`
	ExpiresAt       time.Time `json:"expiresAt"`
	Answer          string    `json:"answer,omitempty"`
}

// CheckPumpChallengeAnswered decides whether challenge c may be answered
// at now: once, before it expires (ECONFLICT MsgPumpChallengeClosed
// otherwise).
func CheckPumpChallengeAnswered(c *PumpChallenge, now time.Time) error {
	if c.Answer != "" || !now.Before(c.ExpiresAt) {
		return Errorf(ECONFLICT, MsgPumpChallengeClosed)
	}
	return nil
}

// PumpAnswerOutcome is what an answer to a challenge does besides being
// recorded, in the same transaction.
type PumpAnswerOutcome struct {
	// FreezeCard sets the challenged card INACTIVE.
	FreezeCard bool
	// Event, when set, is published (the owners' alert and notice).
	Event *Event
}

// AnswerPumpChallenge decides driver's answer to challenge c at now: once,
// before it expires (CheckPumpChallengeAnswered). Yes only lets the card's
// next authorization at the station pass the check; No freezes the card
// and tells the owners (EventPumpRefused).
func AnswerPumpChallenge(c *PumpChallenge, answer PumpAnswer, now time.Time) (PumpAnswerOutcome, error) {
	if err := CheckPumpChallengeAnswered(c, now); err != nil {
		return PumpAnswerOutcome{}, err
	}
	if answer != PumpAnswerNo {
		return PumpAnswerOutcome{}, nil
	}
	n := PumpRefusedNotice(c)
	return PumpAnswerOutcome{FreezeCard: true, Event: &Event{Type: EventPumpRefused, CompanyID: c.CompanyID, Notice: &n, Alert: PumpRefusedAlert(c)}}, nil
}

// Question is the challenge's question to the driver.
func (c *PumpChallenge) Question() string {
	return "Are you fueling unit " + c.UnitNumber + " at " + c.StationName + "? Yes / No"
}

// PumpAnswer is a driver's answer to a challenge: "yes" or "no".
type PumpAnswer string

// Answers.
const (
	PumpAnswerYes PumpAnswer = "yes"
	PumpAnswerNo  PumpAnswer = "no"
)

// ParsePumpAnswer reads an answer (case and spaces ignored).
func ParsePumpAnswer(s string) (PumpAnswer, error) {
	a := PumpAnswer(strings.ToLower(strings.TrimSpace(s)))
	if a != PumpAnswerYes && a != PumpAnswerNo {
		fe := FieldErrors{}
		fe.Add("answer", MsgPumpAnswer)
		return "", fe.Err()
	}
	return a, nil
}

// PumpChallengeNotice asks challenge c's driver on their phone.
func PumpChallengeNotice(c *PumpChallenge) Notice {
	return Notice{Event: NotifyPurchaseDeclined, CompanyID: c.CompanyID, Key: "pumpChallenge",
		Params: map[string]string{"unit": c.UnitNumber, "station": c.StationName, "card": Last4(c.CardNumber)},
		URL:    "/dashboard", Tag: "pump-check-" + Last4(c.CardNumber)}
}

// PumpRefusedNotice tells the owners a driver answered No: the card is frozen.
func PumpRefusedNotice(c *PumpChallenge) Notice {
	return Notice{Event: NotifyPurchaseDeclined, CompanyID: c.CompanyID, Key: "pumpRefused",
		Params: map[string]string{"unit": c.UnitNumber, "station": c.StationName, "card": Last4(c.CardNumber)},
		URL:    "/cards", Tag: "pump-refused-" + Last4(c.CardNumber)}
}

// PumpRefusedAlert is the owners' AUTHORIZATION alert when challenge c's
// driver answers No: its message is the English of its notice
// (alerts.json texts.ownerPumpRefused).
func PumpRefusedAlert(c *PumpChallenge) *Alert {
	n := Notice{Key: "ownerPumpRefused", Params: map[string]string{"card": Last4(c.CardNumber), "unit": c.UnitNumber, "station": c.StationName}}
	return &Alert{Message: n.englishAlertText(), Notice: &n, CardID: c.CardID, CardNumber: c.CardNumber}
}

// PumpRefusedMessage is the English of the owners' alert when a driver
// answers No (PumpRefusedAlert's message).
func PumpRefusedMessage(c *PumpChallenge) string { return PumpRefusedAlert(c).Message }

// PumpFlaggedEvent is pump_check.flagged of purchase t recorded after the
// fact that the pump check flags (t.PumpCheck.Outcome.Flagged: the truck
// was elsewhere, or more fuel than its tank had room for): the owners'
// AUTHORIZATION alert, its message the English of its notice (alerts.json
// texts.ownerPumpFlaggedFar / …OverTank).
func PumpFlaggedEvent(t *Transaction) *Event {
	n := Notice{Key: "ownerPumpFlaggedFar", Params: map[string]string{"card": Last4(t.CardNumber), "unit": t.UnitNumber, "station": t.LocationName}}
	if t.PumpCheck.Outcome == PumpOverTankSpace {
		n.Key = "ownerPumpFlaggedOverTank"
	} else {
		n.Params["miles"] = strconv.FormatFloat(t.PumpCheck.DistanceMiles, 'f', 1, 64)
	}
	return &Event{Type: EventPumpFlagged, CompanyID: t.CompanyID, Alert: &Alert{Message: n.englishAlertText(), Notice: &n,
		CardID: t.CardID, CardNumber: t.CardNumber, DriverName: t.DriverCardName, TransactionID: t.ID}}
}
