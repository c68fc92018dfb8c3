package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"fuelportal/store"
)

// badUTF8 stands for invalid UTF-8 in an event: JSON encoding cannot
// carry it, so it is put in the encoded payload in place of this marker.
const badUTF8 = "BAD-UTF8-MARK"

// hostileEvent is authorizationEvent's request (or captureEvent's
// transaction) with change applied to its object (data.object), encoded
// with any badUTF8 marker replaced by invalid bytes.
func hostileEvent(payload []byte, change func(object map[string]any)) []byte {
	var ev map[string]any
	if err := json.Unmarshal(payload, &ev); err != nil {
		panic(err)
	}
	change(ev["data"].(map[string]any)["object"].(map[string]any))
	b, err := json.Marshal(ev)
	if err != nil {
		panic(err)
	}
	return bytes.ReplaceAll(b, []byte(badUTF8), []byte("a\xff\xfeb"))
}

// set returns a change setting the value at the dotted path.
func set(path string, value any) func(map[string]any) {
	return func(o map[string]any) {
		keys := strings.Split(path, ".")
		for _, k := range keys[:len(keys)-1] {
			next, ok := o[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				o[k] = next
			}
			o = next
		}
		o[keys[len(keys)-1]] = value
	}
}

// TestIssuingWebhook_HostileInputIsAnsweredOrRefused sends signed Stripe
// events no real purchase makes, on both engines: a value out of its
// bounds (text that is not UTF-8, holds control characters or is too
// long, a request's amount beyond $100,000, a time outside 2000–2099, an
// odometer no pump shows) is a 400 naming Stripe's field, with nothing
// recorded; a $0 request is decided (a card check); a capture whose amount
// overflows is acknowledged, recording nothing (the card money service's
// bound). Never a 500.
func TestIssuingWebhook_HostileInputIsAnsweredOrRefused(t *testing.T) {
	texts := map[string]any{"NUL": "a\x00b", "invalid UTF-8": badUTF8, "control character": "a\x07b", "1,000 characters": strings.Repeat("x", 1000)}
	type hostile struct {
		name   string
		event  string // "request", "update" or "capture"
		change func(map[string]any)
		field  string // the field the 400 names ("": a 200)
	}
	var cases []hostile
	textFields := map[string][]string{
		"request": {"merchant_data.name", "merchant_data.city", "merchant_data.state", "merchant_data.postal_code", "merchant_data.category",
			"fleet.cardholder_prompt_data.driver_id", "fleet.cardholder_prompt_data.vehicle_number", "fuel.industry_product_code", "fuel.type",
			"fuel.unit", "id", "card.id"},
		"update":  {"id", "status", "fuel.type"},
		"capture": {"id", "card", "authorization", "merchant_data.name", "merchant_data.postal_code", "purchase_details.fuel.industry_product_code"},
	}
	for event, fields := range textFields {
		for _, field := range fields {
			for name, text := range texts {
				cases = append(cases, hostile{field + ": " + name, event, set(field, text), field})
			}
		}
	}
	cases = append(cases,
		hostile{"a $0 amount-controllable request is decided", "request", set("pending_request.amount", 0), ""},
		hostile{"a negative amount", "request", set("pending_request.amount", -1), "pending_request.amount"},
		hostile{"an amount above $100,000", "request", set("pending_request.amount", 100_000_01), "pending_request.amount"},
		hostile{"created long before Unix time", "request", set("created", -1_000_000_000_000), "created"},
		hostile{"created far ahead", "request", set("created", 1_000_000_000_000), "created"},
		hostile{"a negative odometer", "request", set("fleet.cardholder_prompt_data.odometer", -5), "fleet.cardholder_prompt_data.odometer"},
		hostile{"an odometer beyond its seven digits", "request", set("fleet.cardholder_prompt_data.odometer", 10_000_000), "fleet.cardholder_prompt_data.odometer"},
		hostile{"an update's negative amount", "update", set("amount", -1), "amount"},
		hostile{"a capture whose amount overflows when negated is acknowledged", "capture", set("amount", math.MinInt64), ""},
		hostile{"a capture created long before Unix time", "capture", set("created", -1_000_000_000_000), "created"},
	)
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		for i, h := range cases {
			id := fmt.Sprintf("iauth_hostile_%d", i)
			var base []byte
			switch h.event {
			case "request":
				base = authorizationEvent(id, "ic_demo", 5_00, true)
			case "update":
				base = issuingEvent("issuing_authorization.updated", map[string]any{"id": id, "object": "issuing.authorization",
					"status": "reversed", "amount": 0, "card": map[string]any{"id": "ic_demo"}, "fuel": map[string]any{"type": "diesel"}})
			case "capture":
				base = captureEvent(fmt.Sprintf("ipi_hostile_%d", i), id, "ic_demo", 5_00, "1.250")
			}
			res := f.post(t, hostileEvent(base, h.change), issuingSecret)
			if h.field == "" {
				var a authAnswer
				if res.Status != 200 || h.event == "request" && (json.Unmarshal(res.Body, &a) != nil || !a.Approved) {
					t.Errorf("%s: %d %s, want 200 (a request approved)", h.name, res.Status, bytes.TrimSpace(res.Body))
				}
				continue
			}
			var refused struct{ Message map[string][]string }
			if res.Status != 400 || json.Unmarshal(res.Body, &refused) != nil || len(refused.Message[h.field]) == 0 {
				t.Errorf("%s: %d %s, want 400 naming %s", h.name, res.Status, bytes.TrimSpace(res.Body), h.field)
			}
		}
		// Nothing refused was recorded: neither authorizations nor purchases.
		var authorizations, purchases int
		err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM card_authorizations`).Scan(&authorizations); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM card_transactions WHERE network_transaction_id LIKE 'ipi_hostile_%'`).Scan(&purchases)
		})
		if err != nil || authorizations != 1 || purchases != 0 {
			t.Fatalf("recorded %d authorizations (want the $0 one) and %d purchases, %v", authorizations, purchases, err)
		}
	})
}
