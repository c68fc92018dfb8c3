package http_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fuelportal/http/apitest"
	"fuelportal/store"
)

// TestNetworkRequests_HostileNumbersAndTimesAre400 sends the card
// network's authorization and purchase requests with numbers and dates no
// pump reports, on both engines: each is a 400 naming the field, nothing
// recorded, never a 500.
func TestNetworkRequests_HostileNumbersAndTimesAre400(t *testing.T) {
	type hostile struct {
		name  string
		path  string // "/api/network/authorizations" or "/api/network/transactions"
		field string
		json  string // the field's JSON value
	}
	const authorizations, purchases = "/api/network/authorizations", "/api/network/transactions"
	var cases []hostile
	for _, path := range []string{authorizations, purchases} {
		cases = append(cases,
			hostile{"negative odometer", path, "odometer", "-5"},
			hostile{"odometer beyond its seven digits", path, "odometer", "10000000"},
			hostile{"odometer beyond int64", path, "odometer", "1e30"},
			hostile{"negative location", path, "locationId", "-1"},
			hostile{"location beyond int64", path, "locationId", "9223372036854775808"},
			hostile{"year 1", path, "transactionDate", `"0001-01-01T00:00:00"`},
			hostile{"year 1 on an unknown card", path, "transactionDate", `"0001-01-01T00:00:00"`},
			hostile{"year 1 with an offset, on an unknown card", path, "transactionDate", `"0001-01-01T00:00:00+14:00"`},
			hostile{"year 9999", path, "transactionDate", `"9999-12-31T23:59:59"`},
			hostile{"February 30", path, "transactionDate", `"2026-02-30T10:00:00"`},
			hostile{"an offset past a day", path, "transactionDate", `"2026-11-22T10:00:00+25:00"`},
			hostile{"price beyond int64", path, "retailPrice", "1e30"},
			hostile{"negative price", path, "retailPrice", "-3.859"},
		)
	}
	cases = append(cases,
		hostile{"amount 0", authorizations, "amount", "0"},
		hostile{"negative amount", authorizations, "amount", "-1"},
		hostile{"amount above $100,000", authorizations, "amount", "100000.01"},
		hostile{"amount beyond int64", authorizations, "amount", "1e30"},
		hostile{"negative gallons", purchases, "gallons", "-10"},
		hostile{"gallons beyond int64", purchases, "gallons", "1e30"},
		hostile{"gallons no tank holds", purchases, "gallons", "100000"},
	)
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newFleetOn(t, newFixtureFor(t, engine))
		ctx := context.Background()
		for i, h := range cases {
			body := map[string]any{"cardNumber": f.driverCard, "locationId": f.station, "transactionDate": "2025-03-14T10:00:00"}
			if h.path == authorizations {
				body["authorizationId"], body["amount"] = fmt.Sprintf("A-HOSTILE-%d", i), 50
			} else {
				body["networkTransactionId"], body["gallons"], body["retailPrice"] = fmt.Sprintf("T-HOSTILE-%d", i), 10, 3.859
			}
			body[h.field] = json.RawMessage(h.json)
			if strings.HasSuffix(h.name, "on an unknown card") {
				body["cardNumber"] = "7071999999999999999"
			}
			b, _ := json.Marshal(body)
			res := f.api.Do(apitest.Request{Method: "POST", Path: h.path, Body: b, BreaksContract: true,
				Header: http.Header{"X-Network-Key": {networkKey}}})
			var refused struct{ Message map[string][]string }
			if res.Status != 400 || json.Unmarshal(res.Body, &refused) != nil || len(refused.Message[h.field]) == 0 {
				t.Errorf("%s %s: %d %s, want 400 naming %s", h.path, h.name, res.Status, bytes.TrimSpace(res.Body), h.field)
			}
		}
		var recorded int
		err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM card_authorizations WHERE authorization_id LIKE 'A-HOSTILE-%')
				+ (SELECT COUNT(*) FROM card_transactions WHERE network_transaction_id LIKE 'T-HOSTILE-%')`).Scan(&recorded)
		})
		if err != nil || recorded != 0 {
			t.Fatalf("recorded %d refused requests, %v", recorded, err)
		}
	})
}
