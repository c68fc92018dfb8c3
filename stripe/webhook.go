package stripe

import (
	"encoding/json"
	"errors"
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
// webhook secret (verifySignature) and decodes the event. Any failure is
// EINVALID: unsigned, tampered, stale, future-dated or malformed
// deliveries are refused. Without a webhook secret every delivery is
// EUNAVAILABLE 'Payments are not configured'. The event's API version is
// not checked: only stable fields are read.
func (c *Client) ParseEvent(payload []byte, signature string) (*fuelportal.PaymentEvent, error) {
	if c.webhookSecret == "" {
		return nil, &wrapped{fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgPaymentsNotConfigured), fmt.Errorf("stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set")}
	}
	if err := verifySignature(payload, signature, c.webhookSecret, c.webhookTolerance); err != nil {
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

// errSignatureAhead refuses a signature dated later than the tolerance
// ahead of now.
var errSignatureAhead = errors.New("webhook's signature is dated ahead of now by more than the tolerance")

// verifySignature checks a Stripe-Signature header of payload signed with
// secret (HMAC-SHA256 of the header's timestamp and the payload): its time
// must lie within tolerance of now (0: DefaultTolerance, 5 minutes) either
// way. Stripe's library refuses only old signatures; one dated ahead is
// refused here, so a captured or forged timestamp cannot stretch a
// delivery's life.
func verifySignature(payload []byte, header, secret string, tolerance time.Duration) error {
	if tolerance <= 0 {
		tolerance = DefaultTolerance
	}
	if _, err := webhook.ConstructEventWithOptions(payload, header, secret, webhook.ConstructEventOptions{
		Tolerance: tolerance, IgnoreAPIVersionMismatch: true,
	}); err != nil {
		return err
	}
	var signed int64
	for _, pair := range strings.Split(header, ",") {
		if v, ok := strings.CutPrefix(pair, "t="); ok {
			signed, _ = strconv.ParseInt(v, 10, 64) // the library parsed it
		}
	}
	if time.Unix(signed, 0).After(time.Now().Add(tolerance)) {
		return errSignatureAhead
	}
	return nil
}

// SignPayload returns a Stripe-Signature header for payload signed with
// secret at time t, as Stripe would send it. Tests build deliveries with it.
func SignPayload(payload []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: t}).Header
}
