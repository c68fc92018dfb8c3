package fuelportal

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
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
	// MsgPushEndpointTaken: a subscription is never moved from one user
	// to another; the browser subscribes afresh (a new endpoint).
	MsgPushEndpointTaken = "This browser's notifications belong to another account - Switch notifications off and on again to receive yours"
	MsgPushKeyInvalid    = "Must be a base64url key of at most 128 characters"
)

// Validate checks the subscription's fields are present and bounded, and
// the endpoint is an absolute URL without credentials; where it may point
// (https, public addresses) is the rule of outgoing requests (netguard).
func (s *PushSubscription) Validate() error {
	fe := FieldErrors{}
	switch u, err := url.Parse(s.Endpoint); {
	case strings.TrimSpace(s.Endpoint) == "":
		fe.Add("endpoint", MsgPushEndpointRequired)
	case len(s.Endpoint) > MaxPushEndpointLength:
		fe.Add("endpoint", MsgPushEndpointTooLong)
	case err != nil || u.Hostname() == "" || u.User != nil || u.Opaque != "":
		fe.Add("endpoint", MsgPushEndpointInvalid)
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
	// Actions are the notification's buttons (a browser shows at most
	// two): tapping one opens its URL, where the signed-in app performs
	// the step.
	Actions []PushAction `json:"actions,omitempty"`
}

// Bounds of a push notification: what a notification shows (a browser
// shows at most two actions), and what keeps its payload within one push
// record.
const (
	MaxPushTitleLength       = 80
	MaxPushBodyLength        = 300
	MaxPushTagLength         = 64
	MaxPushActions           = 2
	MaxPushActionTitleLength = 40
	MaxPushURLLength         = 512
)

// Bounded returns n with its texts cut to their bounds (in characters,
// ending with "…" when cut), at most MaxPushActions actions, and a URL
// that is not a path in the app ("//host", "https://…", a backslash, too
// long) replaced by "/". Every push is queued bounded (store.Tx.Notify,
// store.Tx.EnqueuePush).
func (n PushNotification) Bounded() PushNotification {
	n.Title = cutText(n.Title, MaxPushTitleLength)
	n.Body = cutText(n.Body, MaxPushBodyLength)
	n.Tag = cutText(n.Tag, MaxPushTagLength)
	if len(n.Actions) > MaxPushActions {
		n.Actions = n.Actions[:MaxPushActions]
	}
	n.Actions = slices.Clone(n.Actions)
	for i := range n.Actions {
		n.Actions[i].Title = cutText(n.Actions[i].Title, MaxPushActionTitleLength)
	}
	if n.URL != "" && !appPath(n.URL) {
		n.URL = "/"
	}
	return n
}

// appPath reports whether u is a path in the app: it starts with one "/",
// holds no backslash and is at most MaxPushURLLength bytes.
func appPath(u string) bool {
	return strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") && !strings.Contains(u, "\\") && len(u) <= MaxPushURLLength
}

// cutText shortens s to at most max characters, ending with "…" when cut.
func cutText(s string, max int) string {
	if utf8.RuneCountInString(s) <= max {
		return s
	}
	return string([]rune(s)[:max-1]) + "…"
}

// PushAction is a button of a notification: its name (the service
// worker's event.action), its text in the reader's language and the app's
// page that performs it.
type PushAction struct {
	Action string `json:"action"`
	Title  string `json:"title"`
	URL    string `json:"url"`
}

// NoticeAction is a button a notice offers readers of one role: the
// action's name, its text key (notifications.actions.KEY in the app's
// alerts texts) and the app's page that performs it.
type NoticeAction struct {
	Role   Role
	Action string
	Key    string
	URL    string
}

// Push actions and the hours an owner's "Grant" from a notification
// unlocks the card for (DefaultGrantHours, as the app's Grant).
const (
	PushActionRequestOverride = "request-override"
	PushActionGrant           = "grant"
	PushActionDeny            = "deny"
	PushGrantHours            = DefaultGrantHours
)

// PushRecipients names who a notification is for: users by id (0 ids are
// skipped) and, when OwnersOf is set, the active office members of that
// company whose role is in Roles (nil: owners and admins). Each of their
// subscriptions gets one message, once even when a user is named twice.
type PushRecipients struct {
	UserIDs  []int64
	OwnersOf int64 // a company id; 0: none
	Roles    []MemberRole
	// CardID is the card the event is about (0: none): office members
	// limited to a group hear of it only when the card is in their group.
	CardID int64
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

// DeclineNotice is the notice of declined purchase t to its driver and
// the company's owners: which card, where and why; it opens the purchase.
func DeclineNotice(t *Transaction) Notice {
	return Notice{Event: NotifyPurchaseDeclined, CompanyID: t.CompanyID, Key: "purchaseDeclined",
		Params: map[string]string{"card": Last4(t.CardNumber), "station": t.LocationName}, Reason: t.DeclineReason,
		URL: fmt.Sprintf("/transactions/%d", t.ID), Tag: fmt.Sprintf("purchase-%d", t.ID), TransactionID: t.ID,
		Actions: []NoticeAction{{Role: RoleUser, Action: PushActionRequestOverride, Key: "requestOverride",
			URL: fmt.Sprintf("/dashboard?requestOverride=%d", t.ID)}}}
}

// JobNeededNotice asks the driver of approved purchase t, whose card
// requires a job, which job it was for (they enter it on its page).
func JobNeededNotice(t *Transaction) Notice {
	return Notice{Event: NotifyJobNeeded, CompanyID: t.CompanyID, Key: "jobNeeded",
		Params: map[string]string{"card": Last4(t.CardNumber), "station": t.LocationName},
		URL:    fmt.Sprintf("/transactions/%d", t.ID), Tag: fmt.Sprintf("job-%d", t.ID), TransactionID: t.ID}
}

// OverrideRequestedNotice tells a company's owners of a driver's override
// request r (they decide it on the alerts page).
func OverrideRequestedNotice(r *OverrideRequest) Notice {
	return Notice{Event: NotifyOverrideRequested, CompanyID: r.CompanyID, Key: "overrideRequested",
		Params: map[string]string{"name": nameOrUnnamed(r.DriverName), "card": Last4(r.CardNumber)}, Reason: r.DeclineCode,
		URL: "/alerts", Tag: fmt.Sprintf("override-%d", r.ID), OverrideRequestID: r.ID, TransactionID: r.TransactionID,
		Actions: []NoticeAction{
			{Role: RoleCompany, Action: PushActionGrant, Key: "grant", URL: fmt.Sprintf("/dashboard?overrideRequest=%d&decision=grant", r.ID)},
			{Role: RoleCompany, Action: PushActionDeny, Key: "deny", URL: fmt.Sprintf("/dashboard?overrideRequest=%d&decision=deny", r.ID)},
		}}
}

// OverrideDecidedNotice tells the driver what the owner decided on their
// request r, an approval's end on the company's clock loc.
func OverrideDecidedNotice(r *OverrideRequest, loc *time.Location) Notice {
	n := Notice{Event: NotifyOverrideDecided, CompanyID: r.CompanyID, Key: "overrideDenied",
		Params: map[string]string{"card": Last4(r.CardNumber)},
		URL:    fmt.Sprintf("/transactions/%d", r.TransactionID), Tag: fmt.Sprintf("override-%d", r.ID),
		OverrideRequestID: r.ID, TransactionID: r.TransactionID}
	if r.Status == OverrideApproved && r.OverrideUntil != nil {
		n.Key = "overrideApproved"
		n.Times = map[string]time.Time{"until": r.OverrideUntil.In(loc)}
	}
	return n
}

// CardDeactivatedNotice tells a card's driver that the fleet deactivated
// card number of company companyID.
func CardDeactivatedNotice(companyID int64, number string) Notice {
	return Notice{Event: NotifyCardDeactivated, CompanyID: companyID, Key: "cardDeactivated",
		Params: map[string]string{"card": Last4(number)}, URL: "/dashboard", Tag: "card-" + Last4(number)}
}

// TripReplannedNotice tells a trip's driver of its new plan (t with its
// new current plan): where to stop next.
func TripReplannedNotice(t *Trip) Notice {
	n := Notice{Event: NotifyTripReplanned, CompanyID: t.CompanyID, Key: "tripReplannedNoStop",
		Params: map[string]string{"origin": t.OriginName, "destination": t.DestinationName},
		URL:    fmt.Sprintf("/trips/%d", t.ID), Tag: fmt.Sprintf("trip-%d", t.ID), TripID: t.ID}
	if t.Plan != nil && len(t.Plan.Stops) > 0 {
		next := t.Plan.Stops[0]
		n.Key = "tripReplanned"
		n.Params["station"] = next.StationName
		n.Params["gallons"] = strconv.FormatFloat(math.Round(next.Gallons.Float()*10)/10, 'f', -1, 64)
	}
	return n
}

// WalletLowNotice tells a company's owners that its wallet's balance
// (balanceCents) fell below their threshold (thresholdCents).
func WalletLowNotice(companyID, balanceCents, thresholdCents int64) Notice {
	return Notice{Event: NotifyWalletLow, CompanyID: companyID, Key: "walletLow",
		Params: map[string]string{"balance": FormatDollars(balanceCents), "threshold": FormatDollars(thresholdCents)},
		URL:    "/dashboard", Tag: "wallet-low"}
}

// DriverWaitingNotice tells a company's owners that driver (just signed
// up with card number) waits for their approval.
func DriverWaitingNotice(companyID int64, driverName, number string) Notice {
	return Notice{Event: NotifyDriverWaiting, CompanyID: companyID, Key: "driverWaiting",
		Params: map[string]string{"name": nameOrUnnamed(driverName), "card": Last4(number)},
		URL:    "/fuel-cards", Tag: "driver-waiting-" + Last4(number)}
}

// IFTADueNotice tells a company's owners that the IFTA return of year's
// quarter is due on dueDate (YYYY-MM-DD, written in the reader's language
// as a day alone: DayText), daysLeft days from their today.
func IFTADueNotice(companyID int64, year, quarter int, dueDate string, daysLeft int) Notice {
	q := fmt.Sprintf("%dQ%d", year, quarter)
	return Notice{Event: NotifyIFTADue, CompanyID: companyID, Key: "iftaDue",
		Params: map[string]string{"quarter": q, "days": strconv.Itoa(daysLeft)},
		Days:   map[string]string{"due": dueDate},
		URL:    "/ifta", Tag: "ifta-due-" + q}
}

// FormatDollars formats cents as dollars the way the app shows money
// ("$1,234.56", "-$5.00").
func FormatDollars(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := strconv.FormatInt(cents/100, 10)
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s$%s.%02d", sign, b.String(), cents%100)
}
