package overrides_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/overrides"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestOverrideEvents_RequestAndDecisionWriteTheirEvents: the override flow
// writes a driver's request as override.requested (the owners'
// OVERRIDE_REQUEST alert, their notice, the webhook's data) and each
// decision as override.decided to the driver (their notice, an approval's
// end worded in the company's time zone, the webhook's data), one event
// each, in the transaction of the write; the owners' alert and the
// driver's push are derived from them. A refused request or decision
// writes nothing.
func TestOverrideEvents_RequestAndDecisionWriteTheirEvents(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := overrides.New(overrides.Deps{Store: db})
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		owner, err := db.UserByEmail(ctx, storetest.FleetOwnerEmail)
		if err != nil {
			t.Fatal(err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		const zone = "America/Los_Angeles"
		if _, err := db.SaveCompanyControls(ctx, f.Company.ID, fuelportal.CompanyControls{TimeZone: zone}); err != nil {
			t.Fatal(err)
		}
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		storetest.SavePush(t, db, driver.ID, "https://push.example.test/dan")
		company := fuelportal.TransactionScope{CompanyID: f.Company.ID}

		// Nothing declined yet: refused, no event.
		if _, err := svc.Request(ctx, driver.ID, ""); fuelportal.ErrorCode(err) != fuelportal.EUNPROCESSABLE {
			t.Fatalf("a request with nothing declined: %v", err)
		}
		if _, _, err := flow(db).Record(ctx, purchase("e-1", f.Active.CardNumber, f.Station.ID, 50_000)); err != nil {
			t.Fatal(err)
		}
		approved, err := svc.Request(ctx, driver.ID, "Out of fuel")
		if err != nil {
			t.Fatal(err)
		}
		// A second request while one is pending: refused, no event.
		if _, err := svc.Request(ctx, driver.ID, "again"); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("a second pending request: %v", err)
		}
		requestedFirst := approved
		if approved, err = svc.Approve(ctx, company, owner.ID, approved.ID, overrides.Approval{Hours: hours(3)}); err != nil {
			t.Fatal(err)
		}
		// Decided already: refused, no event.
		if _, err := svc.Deny(ctx, company, owner.ID, approved.ID); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("deciding a decided request: %v", err)
		}
		denied, err := svc.Request(ctx, driver.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		requestedSecond := denied
		if denied, err = svc.Deny(ctx, company, owner.ID, denied.ID); err != nil {
			t.Fatal(err)
		}

		// Each event as the flow owes it, in order: its type, its user and
		// its payload.
		type payload struct {
			UserID int64              `json:"userId,omitempty"`
			Alert  *fuelportal.Alert  `json:"alert,omitempty"`
			Notice *fuelportal.Notice `json:"notice,omitempty"`
			Data   any                `json:"data,omitempty"`
		}
		requested := func(r *fuelportal.OverrideRequest) payload {
			n := fuelportal.OverrideRequestedNotice(r)
			return payload{Alert: fuelportal.OverrideRequestAlert(r), Notice: &n, Data: fuelportal.OverrideRequestWebhook(r)}
		}
		decided := func(r *fuelportal.OverrideRequest) payload {
			n := fuelportal.OverrideDecidedNotice(r, loc)
			return payload{UserID: driver.ID, Notice: &n, Data: fuelportal.OverrideRequestWebhook(r)}
		}
		want := []struct {
			typ     fuelportal.EventType
			payload payload
		}{
			{fuelportal.EventOverrideRequested, requested(requestedFirst)},
			{fuelportal.EventOverrideDecided, decided(approved)},
			{fuelportal.EventOverrideRequested, requested(requestedSecond)},
			{fuelportal.EventOverrideDecided, decided(denied)},
		}
		type row struct {
			typ     fuelportal.EventType
			company int64
			payload string
		}
		var got []row
		if err := db.InReadTx(ctx, func(tx *store.Tx) error {
			rows, err := tx.Query(ctx, `SELECT type, company_id, payload FROM events WHERE type LIKE 'override.%' ORDER BY id`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var r row
				if err := rows.Scan(&r.typ, &r.company, &r.payload); err != nil {
					return err
				}
				got = append(got, r)
			}
			return rows.Err()
		}); err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%d override events %+v, want %d", len(got), got, len(want))
		}
		for i, w := range want {
			wantJSON, err := json.Marshal(w.payload)
			if err != nil {
				t.Fatal(err)
			}
			if got[i].typ != w.typ || got[i].company != f.Company.ID || got[i].payload != string(wantJSON) {
				t.Errorf("event %d: %s of company %d %s\n want %s of company %d %s", i, got[i].typ, got[i].company, got[i].payload, w.typ, f.Company.ID, wantJSON)
			}
		}

		// Derived: the owners' alert of each request, and the driver's
		// pushes, the approval's end in the company's time zone.
		if _, err := db.DispatchEvents(ctx); err != nil {
			t.Fatal(err)
		}
		alerts := map[int64]bool{}
		for _, a := range storetest.AlertsOf(t, db, f.Company.ID, false).Items {
			if fuelportal.AlertKind(a.Kind) == fuelportal.AlertOverrideRequest {
				alerts[a.OverrideRequestID] = true
			}
		}
		if len(alerts) != 2 || !alerts[approved.ID] || !alerts[denied.ID] {
			t.Fatalf("OVERRIDE_REQUEST alerts of requests %v, want %d and %d", alerts, approved.ID, denied.ID)
		}
		until := fuelportal.TimeText(fuelportal.LanguageEnglish, approved.OverrideUntil.In(loc))
		if utc := fuelportal.TimeText(fuelportal.LanguageEnglish, approved.OverrideUntil.UTC()); utc == until {
			t.Fatalf("the company's zone words the end as UTC does (%q): the test cannot tell them apart", until)
		}
		var titles []string
		var approvedBody string
		for _, p := range storetest.PushPayloads(t, db, driver.ID) {
			if !strings.HasPrefix(p.Title, "Override") { // the decline's
				continue
			}
			titles = append(titles, p.Title)
			if p.Title == "Override approved" {
				approvedBody = p.Body
			}
		}
		if strings.Join(titles, ", ") != "Override approved, Override denied" && strings.Join(titles, ", ") != "Override denied, Override approved" {
			t.Fatalf("the driver's pushes %q, want the approval's and the denial's", titles)
		}
		if !strings.Contains(approvedBody, until) {
			t.Fatalf("the approval's push %q does not name the end %q in %s", approvedBody, until, zone)
		}
	})
}

// TestOverrideEvents_PushedAndDelivered: a driver's request and the owner's
// decision each queue their event in their own transaction (the mail
// dispatcher woken after each commit); the owners' devices hear of the
// request, the driver's of the decision, and the company's endpoint gets
// both with the request's data.
func TestOverrideEvents_PushedAndDelivered(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		owner, err := db.UserByEmail(ctx, "owner@example.com")
		if err != nil {
			t.Fatal(err)
		}
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		endpoint, err := db.CreateWebhookEndpoint(ctx, f.Company.ID, fuelportal.WebhookEndpointInput{URL: "https://93.184.215.14/hook",
			Events: []fuelportal.WebhookEventType{fuelportal.WebhookOverrideRequested, fuelportal.WebhookOverrideDecided}, Active: true}, fuelportal.CheckWebhookEndpointAdded)
		if err != nil {
			t.Fatal(err)
		}
		ownerDevice := storetest.SavePush(t, db, owner.ID, "https://push.example.test/owner")
		driverDevice := storetest.SavePush(t, db, driver.ID, "https://push.example.test/driver")
		woken, dispatch := 0, db.Queued
		db.Queued = func(m []*fuelportal.MailMessage) { woken++; dispatch(m) }
		// The wallet is empty: declined.
		if _, _, err := flow(db).Record(ctx, purchase("o-1", f.Active.CardNumber, f.Station.ID, 50_000)); err != nil {
			t.Fatal(err)
		}
		svc := overrides.New(overrides.Deps{Store: db})
		req, err := svc.Request(ctx, driver.ID, "Out of fuel")
		if err != nil {
			t.Fatal(err)
		}
		// The owners' devices hear of the request, the driver's of the decision.
		var requested []*fuelportal.PushMessage
		for _, m := range storetest.ClaimPushes(t, db) {
			if !strings.Contains(string(m.Payload), "Purchase declined") { // the decline's, to both
				requested = append(requested, m)
			}
		}
		if len(requested) != 1 || requested[0].Subscription.ID != ownerDevice.ID || !strings.Contains(string(requested[0].Payload), "Override requested") {
			t.Fatalf("pushes after the request: %+v", requested)
		}
		hours := 2
		if _, err := svc.Approve(ctx, fuelportal.TransactionScope{CompanyID: f.Company.ID}, owner.ID, req.ID, overrides.Approval{Hours: &hours}); err != nil {
			t.Fatal(err)
		}
		decided := storetest.ClaimPushes(t, db)
		if len(decided) != 1 || decided[0].Subscription.ID != driverDevice.ID || !strings.Contains(string(decided[0].Payload), "Override approved") {
			t.Fatalf("pushes after the decision: %+v", decided)
		}
		if woken < 3 {
			t.Fatalf("woken %d times, want one after each commit (purchase, request, decision) and their dispatches", woken)
		}
		deliveries, err := db.WebhookDeliveries(ctx, f.Company.ID, endpoint.ID)
		if err != nil || len(deliveries) != 2 {
			t.Fatalf("deliveries %d, %v; want 2", len(deliveries), err)
		}
		for _, d := range deliveries {
			var event struct {
				Data fuelportal.WebhookOverrideRequest `json:"data"`
			}
			if err := json.Unmarshal(d.Payload, &event); err != nil || event.Data.RequestID != req.ID {
				t.Fatalf("%s payload %s: %v", d.EventType, d.Payload, err)
			}
			decided := d.EventType == fuelportal.WebhookOverrideDecided
			if decided != (event.Data.Status == fuelportal.OverrideApproved && event.Data.OverrideUntil != nil) {
				t.Fatalf("%s data %+v", d.EventType, event.Data)
			}
		}
	})
}
