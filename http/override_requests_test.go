package http_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store"
)

type overrideRequestJSON struct {
	ID            int64
	Status        string
	CardNumber    string
	DriverName    string
	TransactionID int64
	DeclineCode   *string
	DeclineReason *string
	Message       string
	CreatedAt     string
	DecidedAt     *string
	OverrideUntil *string
}

type overrideRequestListJSON struct{ Content []overrideRequestJSON }

func (f *fleet) overrideRequests(t *testing.T, path, token string) []overrideRequestJSON {
	t.Helper()
	var list overrideRequestListJSON
	f.api.Get(path, token).ExpectStatus(t, 200).Decode(t, &list)
	return list.Content
}

func TestOverrideRequests_RequestApproveAndTheDriverSeesApproved(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) { requestApproveAndTheDriverSeesApproved(t, newFleetOn(t, fx)) })
}

func requestApproveAndTheDriverSeesApproved(t *testing.T, f *fleet) {
	declined := f.declineDriversCard(t, "NET-OVR-1")
	plan := demo.CardPlans[demo.DemoFreight.Name][0]

	var req overrideRequestJSON
	f.api.Post("/api/wex/override-requests", map[string]string{"message": " Stuck at the pump in Ocala "}, f.driver).ExpectStatus(t, 201).Decode(t, &req)
	if req.Status != "PENDING" || req.TransactionID != declined.TransactionID || req.DeclineCode == nil || *req.DeclineCode != "CARD_INACTIVE" ||
		req.DeclineReason == nil || *req.DeclineReason != "Card is inactive" || req.Message != "Stuck at the pump in Ocala" ||
		req.CardNumber != plan.CardNumber || req.DriverName != plan.DriverName || req.DecidedAt != nil || req.OverrideUntil != nil {
		t.Fatalf("request = %+v", req)
	}
	f.api.Post("/api/wex/override-requests", nil, f.driver).ExpectStatus(t, 409)

	t.Run("the owner sees the request and its alert; another company neither", func(t *testing.T) {
		pending := f.overrideRequests(t, "/api/wex/company/override-requests?status=PENDING", f.owner)
		if len(pending) != 1 || pending[0].ID != req.ID {
			t.Fatalf("pending = %+v", pending)
		}
		if list := f.overrideRequests(t, "/api/wex/company/override-requests?status=DENIED", f.owner); len(list) != 0 {
			t.Fatalf("denied = %+v", list)
		}
		if list := f.overrideRequests(t, "/api/wex/company/override-requests", f.other); len(list) != 0 {
			t.Fatalf("another company sees %+v", list)
		}
		var found bool
		for _, a := range f.alerts(t, f.owner, "?unread=true&size=100").Content {
			if a.Kind == "OVERRIDE_REQUEST" && a.OverrideRequestID != nil && *a.OverrideRequestID == req.ID {
				found = strings.Contains(a.Message, "Stuck at the pump in Ocala")
			}
		}
		if !found {
			t.Fatal("no OVERRIDE_REQUEST alert with the driver's message")
		}
		mails, _ := f.db.OutboxMessages(context.Background(), demo.OwnerEmail, 1)
		if len(mails) != 1 || !strings.Contains(mails[0].Subject, "override") {
			t.Fatalf("owner's newest mail = %+v", mails)
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/approve", req.ID), nil, f.other).ExpectStatus(t, 404)
		f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/deny", req.ID), nil, f.other).ExpectStatus(t, 404)
	})
	t.Run("hours out of range or not a whole number are 400", func(t *testing.T) {
		for _, body := range []string{`{"hours":0}`, `{"hours":169}`, `{"hours":-5}`, `{"hours":1.5}`, `{"hours":"24"}`, `{"hours":1e40}`, `[]`, `{"hours":`, `"x"`} {
			res := f.api.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/api/wex/company/override-requests/%d/approve", req.ID),
				Token: f.owner, Body: body, BreaksContract: true}).ExpectStatus(t, 400)
			_ = res
		}
		if list := f.overrideRequests(t, "/api/wex/company/override-requests?status=PENDING", f.owner); len(list) != 1 {
			t.Fatalf("a bad approval decided the request: %+v", list)
		}
	})

	var approved overrideRequestJSON
	f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/approve", req.ID), map[string]int{"hours": 48}, f.owner).ExpectStatus(t, 200).Decode(t, &approved)
	if approved.Status != "APPROVED" || approved.DecidedAt == nil || approved.OverrideUntil == nil {
		t.Fatalf("approved = %+v", approved)
	}
	decided, _ := time.Parse(time.RFC3339, *approved.DecidedAt)
	until, _ := time.Parse(time.RFC3339, *approved.OverrideUntil)
	if until.Sub(decided) != 48*time.Hour {
		t.Fatalf("override %s → %s, want 48 hours", *approved.DecidedAt, *approved.OverrideUntil)
	}

	t.Run("the driver is told: the list shows APPROVED and a mail went out", func(t *testing.T) {
		mine := f.overrideRequests(t, "/api/wex/override-requests", f.driver)
		if len(mine) != 1 || mine[0].ID != req.ID || mine[0].Status != "APPROVED" || mine[0].OverrideUntil == nil || *mine[0].OverrideUntil != *approved.OverrideUntil {
			t.Fatalf("driver's list = %+v", mine)
		}
		mails := f.sentMails()
		if len(mails) == 0 || mails[len(mails)-1].To != demo.DriverEmail || !strings.Contains(mails[len(mails)-1].Subject, "approved") {
			t.Fatalf("mails = %+v, want the approval to the driver", mails)
		}
	})
	t.Run("the card has its override and the alert is read", func(t *testing.T) {
		var stored time.Time
		err := f.db.InReadTx(context.Background(), func(tx *store.Tx) error {
			return tx.QueryRow(context.Background(), `SELECT o.until FROM card_overrides o JOIN cards k ON k.id = o.card_id WHERE k.card_number = ?`, plan.CardNumber).Scan(&stored)
		})
		if err != nil || !stored.Equal(until) {
			t.Fatalf("card override = %v, %v; want %v", stored, err, until)
		}
		for _, a := range f.alerts(t, f.owner, "?unread=true&size=100").Content {
			if a.OverrideRequestID != nil && *a.OverrideRequestID == req.ID {
				t.Fatal("the request's alert is still unread")
			}
		}
	})
	t.Run("a decided request is 409; a new request may be denied", func(t *testing.T) {
		f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/approve", req.ID), nil, f.owner).ExpectStatus(t, 409)
		f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/deny", req.ID), nil, f.owner).ExpectStatus(t, 409)
		var again, denied overrideRequestJSON
		f.api.Post("/api/wex/override-requests", nil, f.driver).ExpectStatus(t, 201).Decode(t, &again)
		f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/deny", again.ID), nil, f.owner).ExpectStatus(t, 200).Decode(t, &denied)
		if denied.Status != "DENIED" || denied.OverrideUntil != nil || denied.DecidedAt == nil {
			t.Fatalf("denied = %+v", denied)
		}
		mine := f.overrideRequests(t, "/api/wex/override-requests", f.driver)
		if len(mine) != 2 || mine[0].ID != again.ID || mine[0].Status != "DENIED" || mine[1].Status != "APPROVED" {
			t.Fatalf("driver's list = %+v, want newest first", mine)
		}
		// Within the hour of the approval's mail: the denial waits in the
		// driver's digest of answered requests.
		mails, _ := f.db.OutboxMessages(context.Background(), demo.DriverEmail, 1)
		if len(mails) != 1 || mails[0].Subject != "Fuel Portal: 1 override request was answered" || !strings.Contains(mails[0].Body, "was denied") {
			t.Fatalf("driver's newest mail = %+v", mails)
		}
	})
}

func TestOverrideRequests_WithoutADeclineIs422(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		card := demo.FreeCardNumbers[0]
		f.api.Post("/api/account/create", driverSignUp("nina@fleet.test", "GoodPass1", "Nina", "Newman", demo.DemoFreight.Name, card, "+1 407 555 0177"), "").ExpectStatus(t, 201)
		for _, r := range f.driverRequests(t, f.owner) {
			if r.Email == "nina@fleet.test" {
				f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", r.ID), nil, f.owner).ExpectStatus(t, 200)
			}
		}
		nina := f.api.Login("nina@fleet.test", "GoodPass1").Token
		res := f.api.Post("/api/wex/override-requests", map[string]string{"message": "please"}, nina).ExpectStatus(t, 422)
		if msg := res.ErrorMessage(t); msg != "No declined purchase to override" {
			t.Fatalf("message = %q", msg)
		}
		if list := f.overrideRequests(t, "/api/wex/override-requests", nina); len(list) != 0 {
			t.Fatalf("list = %+v", list)
		}
	})
}

func TestOverrideRequests_HostileInput(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.declineDriversCard(t, "NET-OVR-H")
		for name, body := range map[string]string{
			"message over 500":   fmt.Sprintf(`{"message":%q}`, strings.Repeat("ü", 501)),
			"control character":  `{"message":"stuck\u0000here"}`,
			"message not a text": `{"message":42}`,
			"not an object":      `[1,2]`,
			"not JSON":           `{"message":`,
			"two values":         `{} {}`,
			"invalid UTF-8":      "{\"message\":\"\xff\xfe\"}",
		} {
			t.Run(name, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/override-requests", Token: f.driver, Body: body, BreaksContract: true}).ExpectStatus(t, 400)
			})
		}
		if list := f.overrideRequests(t, "/api/wex/override-requests", f.driver); len(list) != 0 {
			t.Fatalf("a bad request was recorded: %+v", list)
		}
		// Exactly 500 characters are fine.
		var req overrideRequestJSON
		f.api.Post("/api/wex/override-requests", map[string]string{"message": strings.Repeat("ü", 500)}, f.driver).ExpectStatus(t, 201).Decode(t, &req)
		for _, query := range []string{"?status=pending", "?status=ALL", "?status=%00", "?status=" + strings.Repeat("P", 65)} {
			t.Run("owner list "+query, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/override-requests" + query, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
			})
		}
		for _, id := range []string{"abc", "0", "-1", "99999999999999999999", "9223372036854775807", strings.Repeat("9", 300)} {
			for _, action := range []string{"approve", "deny"} {
				t.Run(action+" "+id, func(t *testing.T) {
					f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/override-requests/" + id + "/" + action, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 404)
				})
			}
		}
	})
}
