package fuelportal

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
)

// WebhookEventType names an event a company's endpoints may subscribe to.
type WebhookEventType string

// Webhook event types.
const (
	WebhookTransactionApproved  WebhookEventType = "transaction.approved"
	WebhookTransactionDeclined  WebhookEventType = "transaction.declined"
	WebhookAuthorizationRequest WebhookEventType = "authorization.request"
	WebhookTripCreated          WebhookEventType = "trip.created"
	WebhookTripReplanned        WebhookEventType = "trip.replanned"
	WebhookTripCompleted        WebhookEventType = "trip.completed"
	WebhookOverrideRequested    WebhookEventType = "override.requested"
	WebhookOverrideDecided      WebhookEventType = "override.decided"
	WebhookIFTAReturnClosed     WebhookEventType = "ifta.return_closed"
	WebhookWalletLow            WebhookEventType = "wallet.low"
	WebhookRefundCreated        WebhookEventType = "refund.created"
	WebhookCardShipping         WebhookEventType = "card.shipping"
)

// WebhookEventTypes lists every event type, in the order the app shows them.
var WebhookEventTypes = []WebhookEventType{
	WebhookTransactionApproved, WebhookTransactionDeclined, WebhookAuthorizationRequest,
	WebhookTripCreated, WebhookTripReplanned, WebhookTripCompleted,
	WebhookOverrideRequested, WebhookOverrideDecided, WebhookIFTAReturnClosed, WebhookWalletLow, WebhookRefundCreated,
	WebhookCardShipping,
}

// Valid reports whether t is a known event type.
func (t WebhookEventType) Valid() bool { return slices.Contains(WebhookEventTypes, t) }

// Bounds of webhook endpoints.
const (
	MaxWebhookURLLength        = 2000
	MaxWebhookEndpoints        = 20 // per company
	MaxWebhookDeliveriesListed = 100
	// WebhookRetryWindow is how long a delivery is retried after its event;
	// past it the delivery FAILED and its endpoint is marked failing.
	WebhookRetryWindow = 24 * time.Hour
	// WebhookDeliveryHistory is how long delivered and failed deliveries
	// are kept.
	WebhookDeliveryHistory = 30 * 24 * time.Hour
)

// CheckWebhookEndpointAdded is ECONFLICT when a company that has endpoints
// endpoints already cannot add one (MaxWebhookEndpoints).
func CheckWebhookEndpointAdded(endpoints int) error {
	if endpoints >= MaxWebhookEndpoints {
		return Errorf(ECONFLICT, MsgWebhookTooMany)
	}
	return nil
}

// CheckWebhookResent is ECONFLICT when the endpoint a delivery is sent
// again to is not active.
func CheckWebhookResent(endpointActive bool) error {
	if !endpointActive {
		return Errorf(ECONFLICT, MsgWebhookInactive)
	}
	return nil
}

// Messages of webhook endpoints.
const (
	MsgWebhookNotFound         = "Webhook endpoint not found"
	MsgWebhookDeliveryNotFound = "Webhook delivery not found"
	MsgWebhookURLRequired      = "URL is required"
	MsgWebhookURLInvalid       = "Must be an absolute https:// URL"
	MsgWebhookEventsRequired   = "Choose at least one event"
	MsgWebhookEventUnknown     = "Unknown event type"
	MsgWebhookTooMany          = "A company can have at most 20 webhook endpoints"
	MsgWebhookInactive         = "The endpoint is not active"
)

// WebhookEndpoint is a URL of a company's own systems that receives the
// events it subscribes to, signed with Secret.
type WebhookEndpoint struct {
	ID        int64
	CompanyID int64
	URL       string
	Events    []WebhookEventType
	// Secret is the signing secret: shown to the owner once, when created.
	Secret string
	Active bool
	// Failing is set when a delivery failed for WebhookRetryWindow; a later
	// successful delivery clears it.
	Failing   bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// WebhookEndpointInput is what an owner sets on an endpoint.
type WebhookEndpointInput struct {
	URL    string
	Events []WebhookEventType
	Active bool
}

// Validate checks the URL's form (absolute, http or https, a host, no
// user info or fragment; plain http only when allowHTTP) and the events
// (known, at least one; repeats are dropped). Whether the host is a public
// address is the netguard package's check. A bad input is an EINVALID
// error with field errors.
func (in *WebhookEndpointInput) Validate(allowHTTP bool) error {
	fe := FieldErrors{}
	in.URL = strings.TrimSpace(in.URL)
	switch u, err := url.Parse(in.URL); {
	case in.URL == "":
		fe.Add("url", MsgWebhookURLRequired)
	case len([]rune(in.URL)) > MaxWebhookURLLength:
		fe.Add("url", fmt.Sprintf("Must not exceed %d characters", MaxWebhookURLLength))
	case err != nil || u.Host == "" || u.Hostname() == "" || u.User != nil || u.Fragment != "" || u.Opaque != "",
		u.Scheme != "https" && !(allowHTTP && u.Scheme == "http"):
		fe.Add("url", MsgWebhookURLInvalid)
	}
	if len(in.Events) == 0 {
		fe.Add("events", MsgWebhookEventsRequired)
	}
	var events []WebhookEventType
	for _, e := range in.Events {
		if !e.Valid() {
			fe.Add("events", MsgWebhookEventUnknown+": "+string(e))
			break
		}
		if !slices.Contains(events, e) {
			events = append(events, e)
		}
	}
	in.Events = events
	return fe.Err()
}

// WebhookDeliveryStatus is where one delivery stands.
type WebhookDeliveryStatus string

// Webhook delivery statuses.
const (
	WebhookPending   WebhookDeliveryStatus = "PENDING"   // to be sent, or retried at NextAttemptAt
	WebhookDelivered WebhookDeliveryStatus = "DELIVERED" // the endpoint answered 2xx
	WebhookFailed    WebhookDeliveryStatus = "FAILED"    // no 2xx within WebhookRetryWindow
)

// WebhookDelivery is one event sent to one endpoint.
type WebhookDelivery struct {
	ID         int64
	EndpointID int64
	CompanyID  int64
	EventID    string
	EventType  WebhookEventType
	// Payload is the exact body POSTed: {id, type, created, data}.
	Payload       []byte
	Status        WebhookDeliveryStatus
	Attempts      int
	NextAttemptAt time.Time
	LastError     string
	ResponseCode  int // of the last attempt; 0 when it got no answer
	CreatedAt     time.Time
	UpdatedAt     time.Time
	DeliveredAt   *time.Time

	// Set on claimed deliveries only: where to send and how to sign, and
	// the claim that must still be held to record the outcome.
	URL        string
	Secret     string
	ClaimToken string
}

// WebhookAttempt is the outcome of one delivery attempt. NextAttemptAt
// nil with Delivered false means the delivery gave up (FAILED).
type WebhookAttempt struct {
	DeliveryID    int64
	ClaimToken    string
	Delivered     bool
	ResponseCode  int
	Error         string
	NextAttemptAt *time.Time
}

// MaxWebhookErrorLength bounds a delivery's recorded error.
const MaxWebhookErrorLength = 500

// WebhookFailingAlert is the WEBHOOK_FAILING alert raised when the
// endpoint at rawURL stopped taking deliveries: its message is the
// English of its notice (alerts.json texts.ownerWebhookFailing). The URL
// is named without its query, which may hold a token of the receiver's,
// since the alert is mailed.
func WebhookFailingAlert(rawURL string) *Alert {
	shown := rawURL
	if u, err := url.Parse(rawURL); err == nil {
		u.RawQuery, u.Fragment, u.User = "", "", nil
		shown = u.String()
	}
	n := Notice{Key: "ownerWebhookFailing", Params: map[string]string{"url": shown}}
	return &Alert{Message: n.englishAlertText(), Notice: &n}
}
