package http_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store"
)

// forgetOdometerReadings removes the demo company's odometer readings (the
// demo's trucks have some at their fills), so a test starts its trucks'
// readings itself.
func (f *fleet) forgetOdometerReadings(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	if err := f.db.InTx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM odometer_readings WHERE company_id = ?`, f.demoCompany)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

func TestPumpPrompts_NetworkPurchaseDriverReadingAndOwnersList(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.forgetOdometerReadings(t)
		plan := demo.CardPlans[demo.DemoFreight.Name][0]
		f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
			"driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "ACTIVE", "prompt": "driverIdAndOdometer"}, f.owner).ExpectStatus(t, 200)
		f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/update-card", Token: f.owner, BreaksContract: true,
			Body: fmt.Sprintf(`{"cardNumber":%q,"driverName":"A","driverId":"B","unitNumber":"C","status":"ACTIVE","prompt":"sometimes"}`, plan.CardNumber)}).
			ExpectStatus(t, 400).FieldErrors(t)

		post := func(id, keyed string, breaks bool) *apitest.Response {
			body := fmt.Sprintf(`{"networkTransactionId":%q,"cardNumber":%q,"locationId":%d,"gallons":50,"retailPrice":3.859,"transactionDate":"2025-03-14T10:15:00"%s}`,
				id, plan.CardNumber, f.station, keyed)
			return f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: body, Header: http.Header{"X-Network-Key": {networkKey}}, BreaksContract: breaks})
		}
		var res networkResult
		post("PROMPT-1", `,"driverId":"nobody","odometer":500000`, false).ExpectStatus(t, 201).Decode(t, &res)
		if res.Status != "DECLINED" || res.DeclineCode == nil || *res.DeclineCode != "DRIVER_ID_INVALID" || *res.DeclineReason != "Driver ID missing or not the card's" {
			t.Fatalf("wrong driver id: %+v", res)
		}
		post("PROMPT-2", `,"driverId":"`+plan.DriverID+`","odometer":10000000`, true).ExpectStatus(t, 400).FieldErrors(t)
		post("PROMPT-2", `,"driverId":"`+plan.DriverID+`","odometer":500000`, false).ExpectStatus(t, 201).Decode(t, &res)
		if res.Status != "APPROVED" {
			t.Fatalf("keyed right: %+v", res)
		}
		var detail struct {
			UnitNumber string
			VehicleID  *int64
			Odometer   *int64
		}
		f.api.Get(fmt.Sprintf("/api/wex/company/transactions/%d", res.TransactionID), f.owner).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.UnitNumber != plan.UnitNumber || detail.VehicleID == nil || detail.Odometer == nil || *detail.Odometer != 500000 {
			t.Fatalf("detail = %+v", detail)
		}
		vehicle := fmt.Sprintf("/api/wex/company/vehicles/%d/odometer", *detail.VehicleID)

		// The driver reads the odometer of their card's truck, later.
		f.clock.Advance(3 * time.Hour)
		f.owner, f.driver, f.other = f.api.Login(demo.OwnerEmail, demo.Password).Token, f.api.Login(demo.DriverEmail, demo.Password).Token,
			f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		// Below the last reading: the refusal names it and the readings possible now.
		refused := f.api.Post("/api/wex/odometer", map[string]any{"odometer": 499_999}, f.driver).ExpectStatus(t, 400).FieldErrors(t)
		if msg := strings.Join(refused["odometer"], " "); !regexp.MustCompile(`^The vehicle's last reading is 500,000 miles: a reading now must be from 500,000 to 50\d,\d{3} miles$`).MatchString(msg) {
			t.Fatalf("refusal %q", msg)
		}
		var reading struct {
			Odometer int64
			Source   string
		}
		f.api.Post("/api/wex/odometer", map[string]any{"odometer": 500_010}, f.driver).ExpectStatus(t, 201).Decode(t, &reading)
		if reading.Odometer != 500_010 || reading.Source != "driver" {
			t.Fatalf("driver reading = %+v", reading)
		}
		f.api.Post("/api/wex/odometer", map[string]any{"odometer": 500_020}, f.owner).ExpectStatus(t, 403)

		var list struct {
			Value []struct {
				Odometer      int64
				Source        string
				TransactionID *int64
			}
		}
		f.api.Get(vehicle, f.owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Value) != 2 || list.Value[0].Source != "driver" || list.Value[1].Source != "pump" || list.Value[1].TransactionID == nil ||
			*list.Value[1].TransactionID != res.TransactionID {
			t.Fatalf("readings = %+v", list)
		}
		f.api.Post(vehicle, map[string]any{"odometer": 500_010, "source": "telematics"}, f.owner).ExpectStatus(t, 201)
		// Another company's owner sees and adds nothing.
		f.api.Get(vehicle, f.other).ExpectStatus(t, 404)
		f.api.Post(vehicle, map[string]any{"odometer": 600_000}, f.other).ExpectStatus(t, 404)
		f.api.Get(vehicle, f.driver).ExpectStatus(t, 403)

		var vehicles struct {
			Value []struct {
				ID  int64
				MPG struct {
					Current *float64
					Dropped bool
				}
			}
		}
		f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &vehicles)
		if len(vehicles.Value) == 0 {
			t.Fatal("no vehicles")
		}
	})
}

func TestDriverOdometer_AReadingKeptOfflineAndSentTwiceIsKeptOnce(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.forgetOdometerReadings(t)
		type readingJSON struct {
			ID        int64
			VehicleID int64
			Odometer  int64
			ReadAt    string
		}
		var now readingJSON
		f.api.Post("/api/wex/odometer", map[string]any{"odometer": 700_000}, f.driver).ExpectStatus(t, 201).Decode(t, &now)

		// Read an hour ago while offline, sent when the connection came back, and again (the first answer lost).
		f.clock.Advance(3 * time.Hour)
		f.owner, f.driver = f.api.Login(demo.OwnerEmail, demo.Password).Token, f.api.Login(demo.DriverEmail, demo.Password).Token
		readAt := f.clock.Now().Add(-time.Hour).UTC().Truncate(time.Second)
		body := map[string]any{"odometer": 700_050, "readAt": readAt.Format(time.RFC3339)}
		var first, again readingJSON
		f.api.Post("/api/wex/odometer", body, f.driver).ExpectStatus(t, 201).Decode(t, &first)
		f.api.Post("/api/wex/odometer", body, f.driver).ExpectStatus(t, 201).Decode(t, &again)
		if first.ID != again.ID || first.Odometer != 700_050 || first.VehicleID != now.VehicleID {
			t.Fatalf("first %+v, again %+v", first, again)
		}
		if at, err := time.Parse(time.RFC3339, first.ReadAt); err != nil || !at.Equal(readAt) {
			t.Fatalf("readAt = %q, want %s", first.ReadAt, readAt)
		}
		var list struct{ Value []readingJSON }
		f.api.Get(fmt.Sprintf("/api/wex/company/vehicles/%d/odometer", now.VehicleID), f.owner).ExpectStatus(t, 200).Decode(t, &list)
		kept := 0
		for _, r := range list.Value {
			if r.Odometer == 700_050 {
				kept++
			}
		}
		if kept != 1 {
			t.Fatalf("readings of 700050 = %d, want 1: %+v", kept, list.Value)
		}

		// Older than a week or in the future: 400; without a zone or not a time (outside the contract): 400.
		for _, at := range []string{
			f.clock.Now().Add(-8 * 24 * time.Hour).UTC().Format(time.RFC3339),
			f.clock.Now().Add(time.Hour).UTC().Format(time.RFC3339),
		} {
			f.api.Post("/api/wex/odometer", map[string]any{"odometer": 700_060, "readAt": at}, f.driver).ExpectStatus(t, 400).FieldErrors(t)
		}
		for _, at := range []string{"2026-11-22T14:03:00", "yesterday"} {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/odometer", Token: f.driver, BreaksContract: true,
				Body: fmt.Sprintf(`{"odometer":700060,"readAt":%q}`, at)}).ExpectStatus(t, 400).FieldErrors(t)
		}
	})
}
