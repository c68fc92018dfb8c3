package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/flows"
	fphttp "fuelportal/http"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// The same purchase reported three ways ends the same: by the network's
// endpoint, in a file through `fuelportal import transactions`, and as a
// Stripe Issuing authorization and its capture. Each runs on a fresh
// database with the same planned trip; the purchase is off the trip's
// plan, so each re-plans it.
func TestCardMoney_OnePurchaseThreeEntryPointsEndsAlike(t *testing.T) {
	const networkKey, issuingSecret = "network-key", "whsec_card_money"
	at := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	type outcome struct {
		Row      string
		Ledger   []string
		Plan     string
		Events   []string
		Wallet   int64
		Held     int64
		TripLink string
	}
	// setUp stores the trip, a contract with a $1.50 fee, a webhook
	// endpoint hearing every event and
	// the off-plan station's postal code (by which a Stripe merchant is
	// matched), and returns the server over db.
	setUp := func(t *testing.T, db *store.DB) (*fuelportal.Trip, *fuelportal.Station, http.Handler) {
		ctx := context.Background()
		trip := newPlannedTrip(t, db)
		station := routeStation(offPlanStation(t, trip))
		station.ZipCode = "75001"
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			contract := &fuelportal.Contract{CompanyID: trip.CompanyID, Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 100,
				Billing: fuelportal.BillingPrepaid, FeeCents: 150}
			if err := tx.SaveContract(ctx, contract); err != nil {
				return err
			}
			_, err := tx.UpsertStations(ctx, []*fuelportal.Station{station})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateWebhookEndpoint(ctx, trip.CompanyID, fuelportal.WebhookEndpointInput{URL: "https://hooks.example.com/in",
			Events: fuelportal.WebhookEventTypes, Active: true}, fuelportal.CheckWebhookEndpointAdded); err != nil {
			t.Fatal(err)
		}
		stations := catalog.New(db, nil)
		if err := stations.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		logger := slog.New(slog.DiscardHandler)
		services := flows.New(flows.Deps{DB: db, Stations: stations, Logger: logger}, flows.Config{IssuingWebhookSecret: issuingSecret})
		srv := fphttp.NewServer(fphttp.Deps{Services: services, Store: db, Secret: []byte("test-secret-test-secret-test-sec"),
			Stations: stations, Logger: logger}, fphttp.Config{NetworkKey: networkKey})
		return trip, station, srv.Handler()
	}
	post := func(t *testing.T, h http.Handler, path string, body []byte, header http.Header) *httptest.ResponseRecorder {
		req := httptest.NewRequest("POST", path, strings.NewReader(string(body)))
		req.Header = header
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	stripeEvent := func(typ string, object map[string]any) []byte {
		b, _ := json.Marshal(map[string]any{"id": "evt_" + typ, "object": "event", "type": typ, "created": time.Now().Unix(),
			"data": map[string]any{"object": object}})
		return b
	}
	signed := func(payload []byte) http.Header {
		s := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: issuingSecret, Timestamp: time.Now()})
		return http.Header{"Stripe-Signature": {s.Header}}
	}
	// read is what the purchase left: its row (ids and the network's id
	// aside), the ledger's transfers, the trip's plan and link, the
	// company's events but the authorization's own, the wallet.
	read := func(t *testing.T, db *store.DB, trip *fuelportal.Trip) outcome {
		ctx := context.Background()
		var o outcome
		err := db.InReadTx(ctx, func(tx *store.Tx) error {
			var company, card, location, vehicle, gallons, retail, net, discount, fee, funded int64
			var status, code, product, name, address string
			var date time.Time
			if err := tx.QueryRow(ctx, `SELECT company_id, card_id, location_id, COALESCE(vehicle_id, 0), gallons_milli, retail_price_tenth_cents,
				net_price_tenth_cents, discount_cents, fee_cents, funded_total_cents, status, decline_code, product_code, location_name,
				location_address, transaction_date FROM card_transactions`).Scan(&company, &card, &location, &vehicle, &gallons, &retail, &net,
				&discount, &fee, &funded, &status, &code, &product, &name, &address, &date); err != nil {
				return err
			}
			o.Row = fmt.Sprint(company, card, location, vehicle, gallons, retail, net, discount, fee, funded, status, code, product, name, address, date.UTC())
			rows, err := tx.Query(ctx, `SELECT kind, amount_cents, reference FROM ledger_transfers ORDER BY id`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var kind, ref string
				var cents int64
				if err := rows.Scan(&kind, &cents, &ref); err != nil {
					return err
				}
				o.Ledger = append(o.Ledger, fmt.Sprint(kind, " ", cents, " ", ref))
			}
			var onPlan bool
			var offPlan, missed int64
			if err := tx.QueryRow(ctx, `SELECT on_plan, off_plan_gallons_milli, missed_savings_cents FROM trip_transactions`).Scan(&onPlan, &offPlan, &missed); err != nil {
				return err
			}
			o.TripLink = fmt.Sprint(onPlan, offPlan, missed)
			return tx.QueryRow(ctx, `SELECT balance_cents, (SELECT COALESCE(SUM(held_cents), 0) FROM wallet_holds WHERE wallet_holds.company_id = ledger_accounts.company_id) FROM ledger_accounts WHERE company_id = ?`, trip.CompanyID).Scan(&o.Wallet, &o.Held)
		})
		if err != nil {
			t.Fatal(err)
		}
		got := readTrip(t, db, trip)
		o.Plan = fmt.Sprint(got.Plan.Version, " ", got.Plan.Reason)
		endpoints, err := db.WebhookEndpoints(ctx, trip.CompanyID)
		if err != nil || len(endpoints) != 1 {
			t.Fatalf("endpoints %v, %v", endpoints, err)
		}
		deliveries, err := db.WebhookDeliveries(ctx, trip.CompanyID, endpoints[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range deliveries {
			if !strings.HasPrefix(string(d.EventType), "authorization.") {
				o.Events = append(o.Events, string(d.EventType))
			}
		}
		slices.Sort(o.Events)
		return o
	}

	storetest.EachEngine(t, func(t *testing.T, engine store.Engine) {
		open := func(t *testing.T) (*store.DB, string) { return openWithDSN(t, engine) }
		var outcomes []outcome

		// The network's endpoint.
		db, _ := open(t)
		trip, station, h := setUp(t, db)
		body := fmt.Sprintf(`{"networkTransactionId":"P-1","cardNumber":%q,"locationId":%d,"gallons":40,"retailPrice":3.900,"transactionDate":%q}`,
			trip.CardNumber, station.ID, at.Format(time.RFC3339))
		if rec := post(t, h, "/api/network/transactions", []byte(body), http.Header{"X-Network-Key": {networkKey}}); rec.Code != 201 {
			t.Fatalf("network purchase: %d %s", rec.Code, rec.Body)
		}
		outcomes = append(outcomes, read(t, db, trip))

		// The file, through the command.
		db, dsn := open(t)
		trip, station, _ = setUp(t, db)
		file := writeFile(t, "network_transaction_id,card_number,location_id,gallons,retail_price,transaction_date\n"+
			fmt.Sprintf("P-1,%s,%d,40,3.900,%s\n", trip.CardNumber, station.ID, at.Format(time.RFC3339)))
		if out := runCommand(t, "import", "transactions", "-db", dsn, file); !strings.Contains(out, "1 approved") {
			t.Fatalf("import: %s", out)
		}
		outcomes = append(outcomes, read(t, db, trip))

		// Stripe: the authorization of $156.00, then its capture of 40 gal.
		db, _ = open(t)
		trip, station, h = setUp(t, db)
		if err := db.InTx(context.Background(), func(tx *store.Tx) error {
			_, err := tx.Exec(context.Background(), `UPDATE cards SET issuer = 'stripe', issuer_card_id = 'ic_money' WHERE card_number = ?`, trip.CardNumber)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		merchant := map[string]any{"name": "STOP " + fmt.Sprint(station.ID), "city": "DALLAS", "state": "TX", "postal_code": "75001", "country": "US"}
		auth := stripeEvent("issuing_authorization.request", map[string]any{"id": "iauth_money", "object": "issuing.authorization",
			"amount": 0, "card": map[string]any{"id": "ic_money"}, "created": at.Unix(), "currency": "usd", "status": "pending",
			"is_amount_controllable": false, "merchant_data": merchant,
			"pending_request": map[string]any{"amount": 156_00, "currency": "usd", "is_amount_controllable": false},
			"fuel":            map[string]any{"type": "diesel", "industry_product_code": "019", "unit": "us_gallon"}})
		rec := post(t, h, "/api/issuing/stripe/webhook", auth, signed(auth))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"approved":true`) {
			t.Fatalf("authorization: %d %s", rec.Code, rec.Body)
		}
		capture := stripeEvent("issuing_transaction.created", map[string]any{"id": "ipi_money", "object": "issuing.transaction",
			"amount": -156_00, "authorization": "iauth_money", "card": "ic_money", "currency": "usd", "created": at.Unix(), "type": "capture",
			"merchant_data":    merchant,
			"purchase_details": map[string]any{"fuel": map[string]any{"type": "diesel", "industry_product_code": "019", "unit": "us_gallon", "quantity_decimal": "40"}}})
		if rec := post(t, h, "/api/issuing/stripe/webhook", capture, signed(capture)); rec.Code != 200 {
			t.Fatalf("capture: %d %s", rec.Code, rec.Body)
		}
		outcomes = append(outcomes, read(t, db, trip))

		for i, name := range []string{"the command's file", "Stripe's authorization and capture"} {
			if !reflect.DeepEqual(outcomes[i+1], outcomes[0]) {
				t.Errorf("%s ends as\n%+v\nthe network's endpoint as\n%+v", name, outcomes[i+1], outcomes[0])
			}
		}
		if o := outcomes[0]; o.Plan != "2 "+string(fuelportal.TripPlanOffPlan) || len(o.Ledger) != 3 || o.Held != 0 || len(o.Events) == 0 {
			t.Fatalf("outcome %+v: want a re-plan after the off-plan purchase, its debit, no hold, its events", o)
		}
	})
}
