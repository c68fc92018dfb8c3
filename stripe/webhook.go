package stripe

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"fuelportal"
)

// DefaultTolerance is how old a webhook signature may be (Stripe's default,
// 5 minutes): older deliveries are refused as possible replays.
const DefaultTolerance = webhook.DefaultTolerance

// Event types the portal acts on.
const (
	EventPaymentIntentSucceeded  = "payment_intent.succeeded"
	EventPaymentIntentFailed     = "payment_intent.payment_failed"
	EventPaymentIntentProcessing = "payment_intent.processing"
	EventPaymentIntentCanceled   = "payment_intent.canceled"
)

// Event is a verified webhook event, reduced to what the portal reads.
type Event struct {
	ID   string
	Type string
	// PaymentIntent is set for payment_intent.* events.
	PaymentIntent *EventPaymentIntent
}

// EventPaymentIntent is the payment intent a payment_intent.* event is about.
type EventPaymentIntent struct {
	ID             string
	Status         string
	Amount         int64
	AmountReceived int64
	Currency       string // upper case
	Metadata       map[string]string
	FailureCode    string
	FailureMessage string
}

// ParseEvent verifies the Stripe-Signature header of payload with secret
// (HMAC-SHA256, at most tolerance old) and decodes the event. Any failure is
// EINVALID: unsigned, tampered, stale or malformed deliveries are refused.
// The event's API version is not checked: only stable fields are read.
func ParseEvent(payload []byte, signature, secret string, tolerance time.Duration) (*Event, error) {
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	if _, err := webhook.ConstructEventWithOptions(payload, signature, secret, webhook.ConstructEventOptions{
		Tolerance:                tolerance,
		IgnoreAPIVersionMismatch: true,
	}); err != nil {
		return nil, &wrapped{fuelportal.Errorf(fuelportal.EINVALID, "Invalid webhook signature"), fmt.Errorf("stripe webhook: %w", err)}
	}

	var raw struct {
		ID   string `json:"id"`
		Type string `json:"type"`
		Data struct {
			Object json.RawMessage `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(payload, &raw); err != nil || raw.ID == "" || raw.Type == "" {
		return nil, fuelportal.Errorf(fuelportal.EINVALID, "Invalid webhook event")
	}
	ev := &Event{ID: raw.ID, Type: raw.Type}
	if strings.HasPrefix(raw.Type, "payment_intent.") {
		var pi struct {
			Object           string            `json:"object"`
			ID               string            `json:"id"`
			Status           string            `json:"status"`
			Amount           int64             `json:"amount"`
			AmountReceived   int64             `json:"amount_received"`
			Currency         string            `json:"currency"`
			Metadata         map[string]string `json:"metadata"`
			LastPaymentError *struct {
				Code        string `json:"code"`
				DeclineCode string `json:"decline_code"`
				Message     string `json:"message"`
			} `json:"last_payment_error"`
		}
		if err := json.Unmarshal(raw.Data.Object, &pi); err != nil || pi.ID == "" {
			return nil, fuelportal.Errorf(fuelportal.EINVALID, "Invalid webhook event")
		}
		ev.PaymentIntent = &EventPaymentIntent{
			ID: pi.ID, Status: pi.Status, Amount: pi.Amount, AmountReceived: pi.AmountReceived,
			Currency: strings.ToUpper(pi.Currency), Metadata: pi.Metadata,
		}
		if e := pi.LastPaymentError; e != nil {
			ev.PaymentIntent.FailureCode = e.Code
			if e.DeclineCode != "" {
				ev.PaymentIntent.FailureCode = e.DeclineCode
			}
			ev.PaymentIntent.FailureMessage = e.Message
		}
	}
	return ev, nil
}

// SignPayload returns a Stripe-Signature header for payload signed with
// secret at time t, as Stripe would send it. Tests build deliveries with it.
func SignPayload(payload []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: t}).Header
}
