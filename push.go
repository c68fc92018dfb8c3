package fuelportal

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// PushSubscription is one browser (a device's installed app or a browser
// tab's origin) that let the app send it notifications: the push service
// endpoint to post to and the keys that encrypt for it (RFC 8291).
type PushSubscription struct {
	ID     int64
	UserID int64
	// Endpoint is the push service URL the browser gave; P256DH and Auth
	// are its public key and authentication secret, base64url.
	Endpoint      string
	P256DH        string
	Auth          string
	CreatedAt     time.Time
	LastSuccessAt *time.Time
}

// Bounds of a subscription as a browser reports it: endpoints of the known
// push services are a few hundred characters; a P-256 public key is 65
// bytes (87 base64url characters) and the auth secret 16 (22).
const (
	MaxPushEndpointLength = 2048
	MaxPushKeyLength      = 128
)

// Messages of a subscription's validation.
const (
	MsgPushEndpointRequired = "Endpoint is required"
	MsgPushEndpointTooLong  = "Endpoint must be at most 2048 characters"
	MsgPushEndpointInvalid  = "Endpoint must be an https address of a public push service"
	MsgPushKeyInvalid       = "Must be a base64url key of at most 128 characters"
)

// Validate checks the subscription's fields are present and bounded; where
// the endpoint may point is the push package's rule.
func (s *PushSubscription) Validate() error {
	fe := FieldErrors{}
	switch {
	case strings.TrimSpace(s.Endpoint) == "":
		fe.Add("endpoint", MsgPushEndpointRequired)
	case len(s.Endpoint) > MaxPushEndpointLength:
		fe.Add("endpoint", MsgPushEndpointTooLong)
	}
	for field, v := range map[string]string{"keys.p256dh": s.P256DH, "keys.auth": s.Auth} {
		switch {
		case v == "" || len(v) > MaxPushKeyLength || strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=") != "":
			fe.Add(field, MsgPushKeyInvalid)
		}
	}
	return fe.Err()
}

// PushNotification is what a notification shows: a title, a body, the
// app's page it opens when tapped (a path such as "/transactions/12") and
// a tag (a newer notification with the same tag replaces the older one on
// the device).
type PushNotification struct {
	Title string `json:"title"`
	Body  string `json:"body"`
	URL   string `json:"url,omitempty"`
	Tag   string `json:"tag,omitempty"`
}

// PushRecipients names who a notification is for: users by id (0 ids are
// skipped) and, when OwnersOf is set, every owner of that company. Each
// of their subscriptions gets one message, once even when a user is named
// twice.
type PushRecipients struct {
	UserIDs  []int64
	OwnersOf int64 // a company id; 0: none
}

// PushMessage is a notification queued for one subscription.
type PushMessage struct {
	ID           int64
	Subscription PushSubscription
	Payload      []byte // the PushNotification as JSON, what the service worker reads
	Attempts     int    // including the one it was just claimed for
	Status       PushStatus
	LastError    string
}

// PushStatus is where a queued notification stands.
type PushStatus string

const (
	PushPending PushStatus = "pending" // waiting for its (next) attempt
	PushSent    PushStatus = "sent"    // the push service accepted it
	PushFailed  PushStatus = "failed"  // given up after the last attempt
)

// DeclinePushNotification is the notification of declined purchase t to
// its driver and the company's owners: which card, where and why; tapping
// it opens the purchase.
func DeclinePushNotification(t *Transaction) PushNotification {
	return PushNotification{
		Title: "Purchase declined",
		Body:  fmt.Sprintf("Card ending %s at %s. %s.", Last4(t.CardNumber), t.LocationName, t.DeclineReason.Sentence()),
		URL:   fmt.Sprintf("/transactions/%d", t.ID),
		Tag:   fmt.Sprintf("purchase-%d", t.ID),
	}
}

// OverrideRequestedPushNotification tells a company's owners of a driver's
// override request r (they decide it on the alerts page).
func OverrideRequestedPushNotification(r *OverrideRequest) PushNotification {
	return PushNotification{
		Title: "Override requested",
		Body:  fmt.Sprintf("%s asks to lift the rules of card ending %s (%s).", r.DriverName, Last4(r.CardNumber), r.DeclineCode.Sentence()),
		URL:   "/alerts",
		Tag:   fmt.Sprintf("override-%d", r.ID),
	}
}

// OverrideDecidedPushNotification tells the driver what the owner decided
// on their request r, an approval's end on the company's clock loc.
func OverrideDecidedPushNotification(r *OverrideRequest, loc *time.Location) PushNotification {
	n := PushNotification{
		Title: "Override denied",
		Body:  fmt.Sprintf("Your request for card ending %s was denied.", Last4(r.CardNumber)),
		URL:   fmt.Sprintf("/transactions/%d", r.TransactionID),
		Tag:   fmt.Sprintf("override-%d", r.ID),
	}
	if r.Status == OverrideApproved && r.OverrideUntil != nil {
		n.Title = "Override approved"
		n.Body = fmt.Sprintf("Card ending %s may buy fuel until %s.", Last4(r.CardNumber), r.OverrideUntil.In(loc).Format("Jan 2, 3:04 PM MST"))
	}
	return n
}

// CardDeactivatedPushNotification tells a card's driver that the fleet
// deactivated card number.
func CardDeactivatedPushNotification(number string) PushNotification {
	return PushNotification{
		Title: "Card deactivated",
		Body:  fmt.Sprintf("Your fleet deactivated card ending %s: purchases on it are declined until it is active again.", Last4(number)),
		URL:   "/dashboard",
		Tag:   "card-" + Last4(number),
	}
}

// TripReplannedPushNotification tells a trip's driver of its new plan (t
// with its new current plan): where to stop next.
func TripReplannedPushNotification(t *Trip) PushNotification {
	n := PushNotification{
		Title: "Trip re-planned",
		Body:  fmt.Sprintf("%s → %s: no fuel stop is needed on the rest of the trip.", t.OriginName, t.DestinationName),
		URL:   fmt.Sprintf("/trips/%d", t.ID),
		Tag:   fmt.Sprintf("trip-%d", t.ID),
	}
	if t.Plan != nil && len(t.Plan.Stops) > 0 {
		next := t.Plan.Stops[0]
		n.Body = fmt.Sprintf("%s → %s: next stop %s, %s gal.", t.OriginName, t.DestinationName, next.StationName, strconv.FormatFloat(math.Round(next.Gallons.Float()*10)/10, 'f', -1, 64))
	}
	return n
}
