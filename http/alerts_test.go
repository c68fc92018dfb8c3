package http_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/store"
)

type alertJSON struct {
	ID                int64
	Kind              string
	Message           string
	Text              string
	CardNumber        string
	DriverName        string
	TransactionID     *int64
	OverrideRequestID *int64
	Read              bool
	CreatedAt         string
	RequestStatus     *string
	DecidedAt         *string
	DecidedBy         *string
}

type alertPageJSON struct {
	Content     []alertJSON
	Page        struct{ Number, Size, TotalElements, TotalPages int }
	UnreadCount int
}

func (f *fleet) alerts(t *testing.T, token, query string) alertPageJSON {
	t.Helper()
	var page alertPageJSON
	f.api.Get("/api/wex/company/alerts"+query, token).ExpectStatus(t, 200).Decode(t, &page)
	return page
}

// declineDriversCard deactivates the demo driver's card and reports a
// purchase on it through the network feed: declined CARD_INACTIVE.
func (f *fleet) declineDriversCard(t *testing.T, networkID string) networkResult {
	t.Helper()
	plan := demo.CardPlans[demo.DemoFreight.Name][0]
	f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
		"driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "INACTIVE"}, f.owner).ExpectStatus(t, 200)
	var res networkResult
	f.postPurchase(networkID, plan.CardNumber, "80").ExpectStatus(t, 201).Decode(t, &res)
	if res.Status != "DECLINED" || res.DeclineCode == nil || *res.DeclineCode != "CARD_INACTIVE" {
		t.Fatalf("purchase = %+v, want declined CARD_INACTIVE", res)
	}
	return res
}

func TestAlerts_ADeclineThroughTheNetworkFeedIsAnAlertAndAMail(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		// The demo history has its own declines: start from a clean slate.
		f.api.Post("/api/wex/company/alerts/read-all", nil, f.owner).ExpectStatus(t, 204)
		if page := f.alerts(t, f.owner, "?unread=true"); page.UnreadCount != 0 || len(page.Content) != 0 || page.Page.TotalElements != 0 {
			t.Fatalf("after read-all = %+v", page)
		}
		before := f.alerts(t, f.owner, "").Page.TotalElements

		res := f.declineDriversCard(t, "NET-ALERT-1")
		plan := demo.CardPlans[demo.DemoFreight.Name][0]
		page := f.alerts(t, f.owner, "?unread=true&page=0&size=20")
		if page.UnreadCount != 1 || len(page.Content) != 1 || page.Page.TotalElements != 1 || page.Page.TotalPages != 1 {
			t.Fatalf("alerts = %+v, want the one decline", page)
		}
		a := page.Content[0]
		if a.Kind != "DECLINE" || a.TransactionID == nil || *a.TransactionID != res.TransactionID || a.OverrideRequestID != nil ||
			a.CardNumber != plan.CardNumber || a.DriverName != plan.DriverName || a.Read || a.CreatedAt == "" {
			t.Fatalf("alert = %+v", a)
		}
		for _, want := range []string{plan.DriverName, "ending " + plan.CardNumber[15:], "Card is inactive"} {
			if !strings.Contains(a.Message, want) {
				t.Errorf("message %q lacks %q", a.Message, want)
			}
		}
		mails, err := f.db.OutboxMessages(context.Background(), demo.OwnerEmail, 5)
		if err != nil || len(mails) == 0 || !strings.Contains(mails[0].Body, a.Message) || !strings.Contains(mails[0].Subject, "declined") {
			t.Fatalf("owner's newest mail = %+v, %v; want the alert", mails, err)
		}
		// The repeat of the report raises nothing new.
		f.postPurchase("NET-ALERT-1", plan.CardNumber, "80").ExpectStatus(t, 200)
		if n := f.alerts(t, f.owner, "").Page.TotalElements; n != before+1 {
			t.Fatalf("alerts %d → %d, want one more", before, n)
		}

		t.Run("another company neither sees nor reads it", func(t *testing.T) {
			for _, other := range f.alerts(t, f.other, "?size=100").Content {
				if other.ID == a.ID {
					t.Fatal("another company lists the alert")
				}
			}
			f.api.Post(fmt.Sprintf("/api/wex/company/alerts/%d/read", a.ID), nil, f.other).ExpectStatus(t, 404)
			if page := f.alerts(t, f.owner, "?unread=true"); page.UnreadCount != 1 {
				t.Fatalf("unread = %d after another company's read", page.UnreadCount)
			}
		})
		t.Run("read: 204, again 204, then listed read", func(t *testing.T) {
			for range 2 {
				f.api.Post(fmt.Sprintf("/api/wex/company/alerts/%d/read", a.ID), nil, f.owner).ExpectStatus(t, 204)
			}
			page := f.alerts(t, f.owner, "?size=1")
			if page.UnreadCount != 0 || len(page.Content) != 1 || page.Content[0].ID != a.ID || !page.Content[0].Read || page.Page.Size != 1 {
				t.Fatalf("after read = %+v", page)
			}
		})
	})
}

// Each office member reads the company's alerts in their account's
// language: the same decline in Spanish for an owner who reads Spanish, in
// English (its message) for a bookkeeper who reads English; message stays
// English for both. An alert stored without its wording (raised before
// alerts kept it) shows its message to everyone.
func TestAlerts_EachReaderReadsThemInTheirLanguage(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		bookkeeper := f.api.Login(demo.BookkeeperEmail, demo.Password).Token
		var owner account
		f.api.Get("/api/account", f.owner).ExpectStatus(t, 200).Decode(t, &owner)
		body := accountUpdate(owner.FirstName, owner.LastName, owner.Email, owner.PhoneNumber)
		body["language"] = "es"
		f.api.Put("/api/account", body, f.owner).ExpectStatus(t, 200)

		res := f.declineDriversCard(t, "NET-ALERT-ES")
		plan := demo.CardPlans[demo.DemoFreight.Name][0]
		find := func(t *testing.T, token string) alertJSON {
			t.Helper()
			for _, a := range f.alerts(t, token, "?kind=DECLINE&size=100").Content {
				if a.TransactionID != nil && *a.TransactionID == res.TransactionID {
					return a
				}
			}
			t.Fatalf("the decline of transaction %d is not listed", res.TransactionID)
			return alertJSON{}
		}
		english := fmt.Sprintf("Purchase declined: %s, card ending %s, at ", plan.DriverName, plan.CardNumber[15:])
		spanish := fmt.Sprintf("Compra rechazada: %s, tarjeta terminada en %s, en ", plan.DriverName, plan.CardNumber[15:])

		es := find(t, f.owner)
		if !strings.HasPrefix(es.Text, spanish) || !strings.HasSuffix(es.Text, ". La tarjeta está inactiva.") {
			t.Errorf("Spanish owner's text = %q, want %q… La tarjeta está inactiva.", es.Text, spanish)
		}
		if !strings.HasPrefix(es.Message, english) || !strings.HasSuffix(es.Message, ". Card is inactive.") {
			t.Errorf("Spanish owner's message = %q, want the English %q…", es.Message, english)
		}
		en := find(t, bookkeeper)
		if en.Text != en.Message || en.Message != es.Message {
			t.Errorf("English bookkeeper's text = %q, message = %q; want the English message %q", en.Text, en.Message, es.Message)
		}

		t.Run("another company lists none of them", func(t *testing.T) {
			for _, other := range f.alerts(t, f.other, "?size=100").Content {
				if other.ID == es.ID || strings.HasPrefix(other.Text, spanish) {
					t.Fatalf("another company lists %+v", other)
				}
			}
		})
		t.Run("an alert stored without its wording shows its message", func(t *testing.T) {
			if err := f.db.InTx(context.Background(), func(tx *store.Tx) error {
				_, err := tx.Exec(context.Background(), `UPDATE alerts SET notice = NULL WHERE id = ?`, es.ID)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if old := find(t, f.owner); old.Text != es.Message {
				t.Fatalf("Spanish owner's text of an old alert = %q, want its message %q", old.Text, es.Message)
			}
		})
	})
}

func TestAlerts_RoleMatrix(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		pending := f.api.Login(demo.PendingDriverEmail, demo.Password).Token
		routes := []struct{ method, path string }{
			{"GET", "/api/wex/company/alerts"},
			{"POST", "/api/wex/company/alerts/1/read"},
			{"POST", "/api/wex/company/alerts/read-all"},
			{"GET", "/api/wex/company/override-requests"},
			{"POST", "/api/wex/company/override-requests/1/approve"},
			{"POST", "/api/wex/company/override-requests/1/deny"},
		}
		for _, route := range routes {
			t.Run(route.method+" "+route.path, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: route.method, Path: route.path}).ExpectStatus(t, 401)
				f.api.Do(apitest.Request{Method: route.method, Path: route.path, Token: "not-a-token"}).ExpectStatus(t, 401)
				f.api.Do(apitest.Request{Method: route.method, Path: route.path, Token: f.driver}).ExpectStatus(t, 403)
				f.api.Do(apitest.Request{Method: route.method, Path: route.path, Token: pending}).ExpectStatus(t, 403)
			})
		}
		for _, route := range []struct{ method, path string }{{"GET", "/api/wex/override-requests"}, {"POST", "/api/wex/override-requests"}} {
			t.Run(route.method+" "+route.path, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: route.method, Path: route.path}).ExpectStatus(t, 401)
				f.api.Do(apitest.Request{Method: route.method, Path: route.path, Token: f.owner}).ExpectStatus(t, 403)
				f.api.Do(apitest.Request{Method: route.method, Path: route.path, Token: f.other}).ExpectStatus(t, 403)
				res := f.api.Do(apitest.Request{Method: route.method, Path: route.path, Token: pending}).ExpectStatus(t, 403)
				if msg := res.ErrorMessage(t); msg != "Waiting for your company to approve your account" {
					t.Fatalf("pending driver: message = %q", msg)
				}
			})
		}
	})
}

func TestAlerts_HostileInputIs400Or404(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		for _, query := range []string{"?page=-1", "?page=abc", "?page=100001", "?size=0", "?size=101", "?size=1e3", "?unread=yes", "?unread=1",
			"?unread=%00", "?unread=" + strings.Repeat("t", 65), "?page=99999999999999999999"} {
			t.Run("list "+query, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/alerts" + query, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
				if len(res.FieldErrors(t)) == 0 {
					t.Fatal("no field error")
				}
			})
		}
		// Far pages are empty, not slow or failing.
		if page := f.alerts(t, f.owner, "?page=100000&size=100"); len(page.Content) != 0 {
			t.Fatalf("far page = %+v", page)
		}
		for _, id := range []string{"abc", "0", "-1", "99999999999999999999", "1.5", "9223372036854775807", strings.Repeat("9", 200)} {
			t.Run("read "+id, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/alerts/" + id + "/read", Token: f.owner, BreaksContract: true}).ExpectStatus(t, 404)
			})
		}
	})
}

func TestAlerts_FilterByKindAndTheRequestsDecisionWithWhoDecided(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.declineDriversCard(t, "NET-ALERT-KIND-1")
		var req overrideRequestJSON
		f.api.Post("/api/wex/override-requests", nil, f.driver).ExpectStatus(t, 201).Decode(t, &req)
		requestAlert := func() alertJSON {
			t.Helper()
			for _, a := range f.alerts(t, f.owner, "?kind=OVERRIDE_REQUEST&size=100").Content {
				if a.OverrideRequestID != nil && *a.OverrideRequestID == req.ID {
					return a
				}
			}
			t.Fatal("no OVERRIDE_REQUEST alert for the request")
			return alertJSON{}
		}
		if a := requestAlert(); a.RequestStatus != nil || a.DecidedBy != nil || a.DecidedAt != nil {
			t.Fatalf("pending request's alert = %+v", a)
		}
		for _, a := range f.alerts(t, f.owner, "?kind=DECLINE&size=100").Content {
			if a.Kind != "DECLINE" {
				t.Fatalf("kind=DECLINE lists a %s alert", a.Kind)
			}
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/override-requests/%d/deny", req.ID), nil, f.owner).ExpectStatus(t, 200)
		owner, _ := f.db.UserByEmail(context.Background(), demo.OwnerEmail)
		a := requestAlert()
		if a.RequestStatus == nil || *a.RequestStatus != "DENIED" || a.DecidedAt == nil || a.DecidedBy == nil ||
			*a.DecidedBy != strings.TrimSpace(owner.FirstName+" "+owner.LastName) {
			t.Fatalf("denied request's alert = %+v, want DENIED by %s %s", a, owner.FirstName, owner.LastName)
		}
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/alerts?kind=NOPE", Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		if page := f.alerts(t, f.other, "?kind=OVERRIDE_REQUEST"); len(page.Content) != 0 {
			t.Fatalf("another company sees %+v", page.Content)
		}
	})
}
