package http_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

type driverRequest struct {
	ID          int64  `json:"id"`
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Email       string `json:"email"`
	PhoneNumber string `json:"phoneNumber"`
	CardNumber  string `json:"cardNumber"`
	RequestedAt string `json:"requestedAt"`
}

func (f *fixture) driverRequests(t *testing.T, token string) []driverRequest {
	t.Helper()
	var list []driverRequest
	f.api.Get("/api/wex/company/driver-requests", token).ExpectStatus(t, 200).Decode(t, &list)
	return list
}

// pendingDriverData lists the data routes a pending driver may not use.
var pendingDriverData = []struct{ method, path string }{
	{"GET", "/api/wex/transactions"},
	{"GET", "/api/wex/transactions/export?startDate=2024-01-01&endDate=2024-02-01"},
	{"GET", "/api/wex/transactions/1"},
	{"GET", "/api/wex/total-spendings?lastDays=7"},
	{"GET", "/api/locations?latitude=39&longitude=-98&radius=50"},
	{"GET", "/api/locations/chainCodes/filter"},
	{"GET", "/api/maps/geocode?q=Orlando"},
	{"POST", "/api/assistant/plan"},
}

func TestDriverRequests_SignUpWaitsForTheOwnersApproval(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		card := demo.FreeCardNumbers[0]
		f.api.Post("/api/account/create", driverSignUp("nina@fleet.test", "GoodPass1", "Nina", "Newman", "  demo   FREIGHT llc ", card, "+1 407 555 0177"), "").
			ExpectStatus(t, 201)

		driver := f.api.Login("nina@fleet.test", "GoodPass1")
		var a account
		f.api.Get("/api/account", driver.Token).ExpectStatus(t, 200).Decode(t, &a)
		if a.DriverStatus != "PENDING" {
			t.Fatalf("driverStatus = %q, want PENDING", a.DriverStatus)
		}
		for _, route := range pendingDriverData {
			t.Run("pending: "+route.method+" "+route.path, func(t *testing.T) {
				res := f.api.Do(apiRequest(route.method, route.path, driver.Token)).ExpectStatus(t, 403)
				if msg := res.ErrorMessage(t); msg != "Waiting for your company to approve your account" {
					t.Fatalf("message = %q", msg)
				}
			})
		}

		owner := f.api.Login(demo.OwnerEmail, demo.Password)
		var nina driverRequest
		for _, r := range f.driverRequests(t, owner.Token) {
			if r.Email == "nina@fleet.test" {
				nina = r
			}
		}
		if nina.ID == 0 || nina.FirstName != "Nina" || nina.LastName != "Newman" || nina.PhoneNumber != "+1 407 555 0177" || nina.CardNumber != card || nina.RequestedAt == "" {
			t.Fatalf("request = %+v", nina)
		}

		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", nina.ID), nil, owner.Token).ExpectStatus(t, 200)
		// The token issued while pending works at once.
		f.api.Get("/api/wex/transactions", driver.Token).ExpectStatus(t, 200)
		f.api.Get("/api/wex/total-spendings?lastDays=7", driver.Token).ExpectStatus(t, 200)
		f.api.Get("/api/account", driver.Token).ExpectStatus(t, 200).Decode(t, &a)
		if a.DriverStatus != "APPROVED" {
			t.Fatalf("driverStatus = %q after approval", a.DriverStatus)
		}
		for _, r := range f.driverRequests(t, owner.Token) {
			if r.ID == nina.ID {
				t.Fatal("an approved request is still listed")
			}
		}
		mails := f.sentMails()
		if len(mails) == 0 || mails[len(mails)-1].To != "nina@fleet.test" || !strings.Contains(mails[len(mails)-1].Body, "approved") {
			t.Fatalf("mails = %+v, want the approval notice to the driver", mails)
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/reject", nina.ID), nil, owner.Token).ExpectStatus(t, 404)
	})
}

func TestDriverRequests_DeclinedDriverIsToldAtSignIn(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password)
		driver := f.api.Login(demo.PendingDriverEmail, demo.Password)
		list := f.driverRequests(t, owner.Token)
		if len(list) != 1 || list[0].Email != demo.PendingDriverEmail || list[0].CardNumber != demo.PendingCardNumber {
			t.Fatalf("demo requests = %+v, want the pending demo driver", list)
		}

		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/reject", list[0].ID), nil, owner.Token).ExpectStatus(t, 200)
		res := f.api.Post("/api/authenticate", map[string]string{"username": demo.PendingDriverEmail, "password": demo.Password}, "").ExpectStatus(t, 403)
		if msg := res.ErrorMessage(t); !strings.Contains(msg, "declined") {
			t.Fatalf("sign-in message = %q, want the request declined", msg)
		}
		// A wrong password still gets the one answer for bad credentials.
		f.api.Post("/api/authenticate", map[string]string{"username": demo.PendingDriverEmail, "password": "WrongPass1"}, "").ExpectStatus(t, 401)
		// Declining ends the driver's sessions at once.
		f.api.Get("/api/wex/transactions", driver.Token).ExpectStatus(t, 401)
		f.api.Post("/api/refreshToken", map[string]string{"refreshToken": driver.RefreshToken}, "").ExpectStatus(t, 401)
		// The card is free again.
		f.api.Get("/api/account/check/cardNumber/"+demo.PendingCardNumber, "").ExpectStatus(t, 200)
		mails := f.sentMails()
		if len(mails) == 0 || mails[len(mails)-1].To != demo.PendingDriverEmail || !strings.Contains(mails[len(mails)-1].Body, "declined") {
			t.Fatalf("mails = %+v, want the decline notice", mails)
		}
	})
}

func TestDriverRequests_Isolation(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password)
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password)
		driver := f.api.Login(demo.DriverEmail, demo.Password)
		pending := f.driverRequests(t, owner.Token)[0]

		if list := f.driverRequests(t, other.Token); len(list) != 0 {
			t.Fatalf("another company sees %+v", list)
		}
		for _, verb := range []string{"approve", "reject"} {
			path := fmt.Sprintf("/api/wex/company/driver-requests/%d/%s", pending.ID, verb)
			t.Run(verb+": another company's id is 404", func(t *testing.T) {
				f.api.Post(path, nil, other.Token).ExpectStatus(t, 404)
			})
			t.Run(verb+": a driver is 403", func(t *testing.T) {
				f.api.Post(path, nil, driver.Token).ExpectStatus(t, 403)
			})
			t.Run(verb+": signed out is 401", func(t *testing.T) {
				f.api.Post(path, nil, "").ExpectStatus(t, 401)
			})
			t.Run(verb+": garbage ids are 404", func(t *testing.T) {
				for _, id := range []string{"0", "-1", "abc", "99999999999999999999", "1e3"} {
					f.api.Post("/api/wex/company/driver-requests/"+id+"/"+verb, nil, owner.Token).ExpectStatus(t, 404)
				}
			})
		}
		t.Run("owner id is not a request", func(t *testing.T) {
			var a account
			f.api.Get("/api/account", owner.Token).ExpectStatus(t, 200).Decode(t, &a)
			f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", a.ID), nil, owner.Token).ExpectStatus(t, 404)
		})
		f.api.Get("/api/wex/company/driver-requests", driver.Token).ExpectStatus(t, 403)
		f.api.Get("/api/wex/company/driver-requests", "").ExpectStatus(t, 401)
		// Nothing above decided the request.
		if list := f.driverRequests(t, owner.Token); len(list) != 1 || list[0].ID != pending.ID {
			t.Fatalf("requests = %+v", list)
		}
		if len(f.sentMails()) != 0 {
			t.Fatalf("mails sent: %+v", f.sentMails())
		}
	})
}

func TestDriverSignUp_CompanyNameMustMatchTheCard(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		card := demo.FreeCardNumbers[0]
		for i, company := range []string{"Other Haulers Inc", "Demo Fr8", "Demo Freight Lines", "Freight LLC"} {
			res := f.api.Post("/api/account/create", driverSignUp(fmt.Sprintf("x%d@fleet.test", i), "GoodPass1", "Xi", "Xu", company, card, "4075550179"), "").ExpectStatus(t, 400)
			assertFieldErrors(t, res, mismatch)
		}
		// Another company's card with that company's name is refused just the same.
		res := f.api.Post("/api/account/create", driverSignUp("y@fleet.test", "GoodPass1", "Yi", "Yu", "Demo Freight LLC", demo.OtherFreeCardNumbers[0], "4075550179"), "").ExpectStatus(t, 400)
		assertFieldErrors(t, res, mismatch)
		f.api.Get("/api/account/check/cardNumber/"+card, "").ExpectStatus(t, 200)
		// Case, spacing, punctuation and legal suffixes aside, the name is the card's.
		for i, company := range []string{"demo freight", "Demo Freight, L.L.C.", "DEMO  FREIGHT INC"} {
			f.api.Post("/api/account/create", driverSignUp(fmt.Sprintf("ok%d@fleet.test", i), "GoodPass1", "Ok", "Ok", company, card, "4075550179"), "").ExpectStatus(t, 201)
		}
	})
}

// apiRequest is a request with no body; a POST sends an empty object, which
// the contract refuses but a guard answers before the body is read.
func apiRequest(method, path, token string) apitest.Request {
	if method == "POST" {
		return apitest.Request{Method: method, Path: path, Token: token, Body: map[string]any{}, BreaksContract: true}
	}
	return apitest.Request{Method: method, Path: path, Token: token}
}

// A member limited to a group lists and decides only the sign-ups for the
// group's cards (another group's is 404, as another company's), and only
// their DRIVER_WAITING alerts reach them; the owner sees every one.
func TestDriverRequests_AMemberLimitedToAGroupDecidesOnlyTheGroupsCards(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, south := f.twoGroups(t)
		pending := f.driverRequests(t, f.owner)[0]
		card := demo.FreeCardNumbers[0]
		for _, number := range []string{pending.CardNumber, card} {
			f.api.Put("/api/wex/company/cards/"+number+"/group", map[string]any{"groupId": south}, f.owner).ExpectStatus(t, 204)
		}
		f.api.Post("/api/account/create", driverSignUp("sam@fleet.test", "GoodPass1", "Sam", "South", "Demo Freight LLC", card, "+1 407 555 0178"), "").
			ExpectStatus(t, 201)
		northDispatcher := f.member(t, f.owner, "north.signups@example.com", "dispatcher", north)
		southDispatcher := f.member(t, f.owner, "south.signups@example.com", "dispatcher", south)

		if list := f.driverRequests(t, northDispatcher); len(list) != 0 {
			t.Fatalf("the north dispatcher sees the south cards' sign-ups: %+v", list)
		}
		for _, verb := range []string{"approve", "reject"} {
			f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/%s", pending.ID, verb), nil, northDispatcher).ExpectStatus(t, 404)
		}
		waiting := func(token string) (cards []string) {
			var alerts struct{ Content []struct{ CardNumber string } }
			f.api.Get("/api/wex/company/alerts?kind=DRIVER_WAITING&size=100", token).ExpectStatus(t, 200).Decode(t, &alerts)
			for _, a := range alerts.Content {
				cards = append(cards, a.CardNumber)
			}
			return cards
		}
		if cards := waiting(northDispatcher); slices.Contains(cards, card) {
			t.Fatalf("the north dispatcher has the alert of a sign-up for a south card: %v", cards)
		}
		if cards := waiting(southDispatcher); !slices.Contains(cards, card) {
			t.Fatalf("the south dispatcher lacks the alert of a sign-up for their card: %v", cards)
		}

		if list := f.driverRequests(t, southDispatcher); len(list) != 2 {
			t.Fatalf("the south dispatcher sees %+v, want both sign-ups for the group's cards", list)
		}
		if list := f.driverRequests(t, f.owner); len(list) != 2 {
			t.Fatalf("the owner sees %+v", list)
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", pending.ID), nil, southDispatcher).ExpectStatus(t, 200)
	})
}

// A driver who signed up in Spanish is told in Spanish: the approval of
// their request, and the decline of another's for the same card (approving
// one request declines the others).
func TestDriverRequests_TheDecisionMailsAreInTheDriversLanguage(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		card := demo.FreeCardNumbers[0]
		for _, email := range []string{"lucia@fleet.test", "mateo@fleet.test"} {
			body := driverSignUp(email, "GoodPass1", "Lucía", "Ramos", demo.DemoFreight.Name, card, "+1 407 555 0178")
			body["language"] = "es"
			f.api.Post("/api/account/create", body, "").ExpectStatus(t, 201)
		}
		owner := f.api.Login(demo.OwnerEmail, demo.Password)
		var lucia int64
		for _, r := range f.driverRequests(t, owner.Token) {
			if r.Email == "lucia@fleet.test" {
				lucia = r.ID
			}
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/driver-requests/%d/approve", lucia), nil, owner.Token).ExpectStatus(t, 200)

		mailTo := map[string]*fuelportal.MailMessage{}
		for _, m := range f.sentMails() {
			mailTo[m.To] = m
		}
		if m := mailTo["lucia@fleet.test"]; m == nil || m.Subject != "Su cuenta de Fuel Portal fue aprobada" ||
			!strings.HasPrefix(m.Body, "Buenas noticias: "+demo.DemoFreight.Name+" aprobó su cuenta de Fuel Portal.") {
			t.Errorf("approval mail = %+v, want it in Spanish", m)
		}
		if m := mailTo["mateo@fleet.test"]; m == nil || m.Subject != "Su solicitud en Fuel Portal fue rechazada" ||
			!strings.HasPrefix(m.Body, demo.DemoFreight.Name+" rechazó su solicitud") {
			t.Errorf("decline mail = %+v, want it in Spanish", m)
		}
	})
}
