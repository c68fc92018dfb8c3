package http_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/rules"
	"fuelportal/store"
	"fuelportal/telematics"
	"fuelportal/timezone"
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

// readsSpanish sets the account language of the user of token to Spanish.
func readsSpanish(t *testing.T, api *apitest.API, token string) {
	t.Helper()
	var me account
	api.Get("/api/account", token).ExpectStatus(t, 200).Decode(t, &me)
	body := accountUpdate(me.FirstName, me.LastName, me.Email, me.PhoneNumber)
	body["language"] = "es"
	api.Put("/api/account", body, token).ExpectStatus(t, 200)
}

// alertsOfKind lists the alerts of kind the user of token reads, after
// the events waiting are derived.
func alertsOfKind(t *testing.T, api *apitest.API, db *store.DB, token, kind string) []alertJSON {
	t.Helper()
	if _, err := db.DispatchEvents(context.Background()); err != nil {
		t.Fatal(err)
	}
	var page alertPageJSON
	api.Get("/api/wex/company/alerts?size=100&kind="+kind, token).ExpectStatus(t, 200).Decode(t, &page)
	return page.Content
}

// expectAlertTexts checks that alerts has one alert of each English
// message in want, whose text (the reader reads Spanish) is its Spanish,
// and that the user of otherToken (another company) lists none of them.
func expectAlertTexts(t *testing.T, api *apitest.API, db *store.DB, alerts []alertJSON, otherToken string, want map[string]string) {
	t.Helper()
	ids := map[int64]bool{}
	for _, a := range alerts {
		spanish, ok := want[a.Message]
		if !ok {
			continue
		}
		ids[a.ID] = true
		delete(want, a.Message)
		if a.Text != spanish {
			t.Errorf("Spanish owner's text of %q = %q\n want %q", a.Message, a.Text, spanish)
		}
	}
	for english := range want {
		t.Errorf("no alert whose message is %q; listed: %+v", english, alerts)
	}
	for _, other := range alertsOfKind(t, api, db, otherToken, "AUTHORIZATION") {
		if ids[other.ID] {
			t.Errorf("another company lists %+v", other)
		}
	}
}

// A card authorization answered on timeout and a capture above its
// authorization reach a Spanish owner in Spanish through the API, their
// English message is what their notice words in English, and another
// company lists neither.
func TestAlerts_CardAuthorizationAlertsReadInTheOwnersLanguage(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		ctx := context.Background()
		readsSpanish(t, f.api, f.owner)
		if a := f.authorize(t, authorizationEvent("iauth_above", "ic_demo", 50_00, false)); !a.Approved {
			t.Fatalf("answer = %+v", a)
		}
		// 15.548 gal at $3.859: $60.00, $10.00 above the approved $50.00.
		f.post(t, captureEvent("ipi_above", "iauth_above", "ic_demo", 60_00, "15.548"), issuingSecret).ExpectStatus(t, 200)

		// A decision past the deadline: the company's setting answers
		// (approve), as in TestIssuingWebhook_TimeoutFollowsTheCompanySetting
		// (a decision blocked until the answer is given would hold the
		// database's write lock the stand-in's record waits for).
		f.api.Put("/api/wex/company/authorization-settings", map[string]any{"onTimeout": "approve"}, f.owner).ExpectStatus(t, 200)
		f.srv.Purchases.Deadline = time.Millisecond
		f.srv.Purchases.Decide = func(facts rules.AuthorizationFacts) rules.AuthorizationDecision {
			time.Sleep(50 * time.Millisecond) // past the deadline
			return rules.DecideAuthorization(facts)
		}
		a := f.authorize(t, authorizationEvent("iauth_late", "ic_demo", 80_00, false))
		if !a.Approved {
			t.Fatalf("answer on timeout = %+v", a)
		}
		if err := f.srv.Purchases.StandIn().Wait(ctx); err != nil {
			t.Fatal(err)
		}

		expectAlertTexts(t, f.api, f.db, alertsOfKind(t, f.api, f.db, f.owner, "AUTHORIZATION"), f.other, map[string]string{
			"Purchase above its authorization: A purchase of $60.00 was captured above its approved $50.00.":                                           "Compra mayor que lo autorizado: Se cobró una compra de $60.00, más que los $50.00 aprobados.",
			"Authorization approved on timeout: A card authorization of $80.00 could not be decided in time and was approved by your timeout setting.": "Autorización aprobada por tiempo de espera: Una autorización de $80.00 con tarjeta no se pudo decidir a tiempo y se aprobó según la configuración de tiempo de espera de su empresa.",
		})
	})
}

// The pump check's alerts (a driver answered No to the question, a
// purchase after the fact while the truck was elsewhere) reach a Spanish
// owner in Spanish through the API, their English message is what their
// notice words in English, and another company lists neither.
func TestAlerts_PumpCheckAlertsReadInTheOwnersLanguage(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		ctx := context.Background()
		readsSpanish(t, f.api, f.owner)
		// The unit last reported an hour ago: the card's driver is asked, and answers No.
		card, st, feed := f.pumpCheckWithUnitAtStation(t, fx, time.Hour)
		now := fx.clock.Now()
		body := fmt.Sprintf(`{"authorizationId":"api-no-1","cardNumber":%q,"locationId":%d,"amount":50,"transactionDate":%q}`, f.driverCard, f.station,
			now.UTC().Format("2006-01-02T15:04:05"))
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations", Body: body, Header: http.Header{"X-Network-Key": {networkKey}}}).ExpectStatus(t, 201)
		var list struct{ Value []struct{ ID int64 } }
		f.api.Get("/api/wex/challenges", f.driver).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Value) != 1 {
			t.Fatalf("challenges = %+v", list)
		}
		f.api.Post(fmt.Sprintf("/api/wex/challenges/%d", list.Value[0].ID), map[string]any{"answer": "no"}, f.driver).ExpectStatus(t, 200)

		// The owner activates the card again; a purchase reported after the
		// fact while the unit is some 35 miles off is flagged.
		plan := demo.CardPlans[demo.DemoFreight.Name][0]
		f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
			"driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "ACTIVE"}, f.owner).ExpectStatus(t, 200)
		if _, err := feed.Ingest(ctx, f.demoCompany, []telematics.Position{
			{DeviceUniqueID: card.UnitNumber, FixTime: now.Add(-time.Minute), Lat: st.Latitude + 0.5, Lon: st.Longitude}}); err != nil {
			t.Fatal(err)
		}
		// The network writes a purchase's time as the station's wall clock.
		stationZone, _ := timezone.At(st.Latitude, st.Longitude, time.UTC)
		purchase := fmt.Sprintf(`{"networkTransactionId":"NET-FAR-ES","cardNumber":%q,"locationId":%d,"gallons":20,"retailPrice":3.859,"transactionDate":%q}`,
			f.driverCard, f.station, now.In(stationZone).Format("2006-01-02T15:04:05"))
		var res networkResult
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/transactions", Body: purchase, Header: http.Header{"X-Network-Key": {networkKey}}}).
			ExpectStatus(t, 201).Decode(t, &res)
		if res.Status != "APPROVED" {
			t.Fatalf("purchase = %+v, want approved (flagged, never declined)", res)
		}
		check, err := f.db.TransactionPumpCheck(ctx, f.demoCompany, res.TransactionID)
		if err != nil || check == nil || check.Outcome != fuelportal.PumpFar {
			t.Fatalf("pump check = %+v, %v", check, err)
		}

		last4, unit, miles := fuelportal.Last4(f.driverCard), card.UnitNumber, strconv.FormatFloat(check.DistanceMiles, 'f', 1, 64)
		expectAlertTexts(t, f.api, f.db, alertsOfKind(t, f.api, f.db, f.owner, "AUTHORIZATION"), f.other, map[string]string{
			"Card frozen: The driver of card ending " + last4 + " answered No to fueling unit " + unit + " at " + st.Name + ": the card is inactive until it is activated again.": "Tarjeta congelada: El chofer de la tarjeta terminada en " + last4 + " respondió No a cargar la unidad " + unit + " en " + st.Name + ": la tarjeta queda inactiva hasta que se vuelva a activar.",
			"Purchase flagged: truck elsewhere: Card ending " + last4 + " was used at " + st.Name + " while unit " + unit + " was " + miles + " miles away.":                      "Compra señalada: el camión estaba en otro lugar: La tarjeta terminada en " + last4 + " se usó en " + st.Name + " cuando la unidad " + unit + " estaba a " + miles + " millas.",
		})
	})
}
