package stripe

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"fuelportal"
)

// DefaultTolerance is how old a webhook signature may be (Stripe's default,
// 5 minutes): older deliveries are refused as possible replays.
const DefaultTolerance = webhook.DefaultTolerance

// ParseEvent verifies the Stripe-Signature header of payload with the
// webhook secret (HMAC-SHA256, at most the tolerance old) and decodes the
// event. Any failure is EINVALID: unsigned, tampered, stale or malformed
// deliveries are refused. Without a webhook secret every delivery is
// EUNAVAILABLE 'Payments are not configured'. The event's API version is
// not checked: only stable fields are read.
func (c *Client) ParseEvent(payload []byte, signature string) (*fuelportal.PaymentEvent, error) {
	if c.webhookSecret == "" {
		return nil, &wrapped{fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgPaymentsNotConfigured), fmt.Errorf("stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set")}
	}
	tolerance := c.webhookTolerance
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	if _, err := webhook.ConstructEventWithOptions(payload, signature, c.webhookSecret, webhook.ConstructEventOptions{
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
	ev := &fuelportal.PaymentEvent{ID: raw.ID, Type: raw.Type}
	if strings.HasPrefix(raw.Type, "payment_intent.") {
		var pi struct {
			ID               string            `json:"id"`
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
		ev.PaymentIntentID, ev.AmountReceived, ev.Currency = pi.ID, pi.AmountReceived, strings.ToUpper(pi.Currency)
		// The portal's payment row, named when the intent was created; 0
		// when absent (not a payment of this portal).
		ev.PaymentID, _ = strconv.ParseInt(pi.Metadata["payment_id"], 10, 64)
		if e := pi.LastPaymentError; e != nil {
			ev.FailureCode = e.Code
			if e.DeclineCode != "" {
				ev.FailureCode = e.DeclineCode
			}
			ev.FailureMessage = e.Message
		}
	}
	return ev, nil
}

// SignPayload returns a Stripe-Signature header for payload signed with
// secret at time t, as Stripe would send it. Tests build deliveries with it.
func SignPayload(payload []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: t}).Header
}
