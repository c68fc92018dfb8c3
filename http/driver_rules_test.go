package http_test

import (
	"sort"
	"strings"
	"testing"

	"fuelportal/http/apitest"
)

// driverMayCall are the state-changing routes a signed-in driver may call,
// each with why it leaves every owner-set rule (card controls and status,
// overrides, trip locks, contract costs) as it is. Every other
// state-changing route of openapi.json must answer a driver 403; a new
// route fails TestDriverRules_EveryOtherChangeIsOwnersOnly until it is
// listed here or refuses drivers.
var driverMayCall = map[string]string{
	"POST /api/logout":                        "the driver's own session",
	"PUT /api/account":                        "the driver's own name, e-mail and phone",
	"POST /api/account/change-password":       "the driver's own password",
	"POST /api/locations/near-route":          "a read: stations along a route",
	"POST /api/maps/route":                    "a read: a road route",
	"POST /api/assistant/plan":                "a read: a fuel plan nothing keeps",
	"POST /api/wex/override-requests":         "asks: the owner decides",
	"POST /api/trips":                         "the driver's own card only, and not over its active (possibly owner-locked) trip: 409",
	"POST /api/trips/{id}/replan":             "an owner-locked trip's re-plan becomes a request (202)",
	"POST /api/trips/{id}/complete":           "an owner-locked trip is 403 (TestTripLock_DriverCannotEndAnOwnerLockedTrip)",
	"POST /api/trips/{id}/cancel":             "an owner-locked trip is 403 (TestTripLock_DriverCannotEndAnOwnerLockedTrip)",
	"POST /api/trips/{id}/end-request":        "asks: the owner decides",
	"POST /api/trips/{id}/replan-request":     "asks: the owner decides",
	"POST /api/push/subscriptions":            "the driver's own device's push subscription",
	"DELETE /api/push/subscriptions":          "the driver's own device's push subscription",
	"POST /api/wex/odometer":                  "a reading of the driver's own card's vehicle, now; a pump prompt's odometer check only tightens with it",
	"PUT /api/account/notifications":          "the driver's own notification preferences",
	"POST /api/notifications/read-all":        "the driver's own in-app list",
	"POST /api/notifications/{id}/read":       "the driver's own in-app list (another user's id is 404)",
	"POST /api/wex/cards/{cardNumber}/reveal": "a read: the holder sees their own Stripe card's details through Stripe (another card is 404)",
	"POST /api/wex/challenges/{id}":           "the driver's answer to their own pump check question (another's is 404); No only freezes their own card",
	"PUT /api/wex/transactions/{id}/job":      "the job of the driver's own purchase, asked by the company (another's is 404); no rule reads it",
}

// notUserRoutes are state-changing routes no user token reaches: public
// sign-in and sign-up, and callers proven by a key or a signature. The
// payment routes need Stripe keys before the owner role (companyPayments:
// requirePayments then requireRole), so without keys they answer 503.
var notUserRoutes = map[string]bool{
	"POST /api/authenticate": true, "POST /api/refreshToken": true,
	"POST /api/company/account/create": true, "POST /api/account/create": true,
	"POST /api/account/reset-password/init": true, "POST /api/account/reset-password/check": true, "POST /api/reset-password/check": true,
	"POST /api/account/reset-password/complete": true, "POST /api/reset-password/complete": true,
	"POST /api/feed/prices": true, "POST /api/network/transactions": true, "POST /api/payments/webhook": true,
	"POST /api/telematics/traccar":     true, // the company's telematics token, not a user's
	"POST /api/issuing/stripe/webhook": true,
	// The invitation's token, not a user's.
	"POST /api/invitations/{token}/accept": true,
	// The card network's key, not a user's.
	"POST /api/network/authorizations": true, "POST /api/network/authorizations/{authorizationId}/reversal": true,
	"DELETE /api/payments/detach": true, "POST /api/payments/payment-intent": true,
}

func TestDriverRules_EveryOtherChangeIsOwnersOnly(t *testing.T) {
	var routes []string
	for _, route := range contractRoutes(t) {
		if !strings.HasPrefix(route, "GET ") {
			routes = append(routes, route)
		}
	}
	fx := newFixture(t)
	f := newFleetOn(t, fx)
	checked := 0
	for _, route := range routes {
		if driverMayCall[route] != "" || notUserRoutes[route] {
			continue
		}
		method, path, _ := strings.Cut(route, " ")
		path = strings.NewReplacer("{cardNumber}", f.driverCard, "{id}", "1").Replace(path)
		res := f.api.Do(apitest.Request{Method: method, Path: path, Body: "{}", Token: f.driver, BreaksContract: true})
		if res.Status != 403 {
			t.Errorf("%s: a driver gets %d, want 403 (or list it in driverMayCall with why it leaves the owner's rules alone)", route, res.Status)
		}
		checked++
	}
	for route := range driverMayCall {
		if i := sort.SearchStrings(routes, route); i == len(routes) || routes[i] != route {
			t.Errorf("driverMayCall lists %s, which openapi.json does not have", route)
		}
	}
	if checked < 10 {
		t.Fatalf("only %d owner routes checked", checked)
	}
	t.Logf("%d state-changing routes refuse a driver", checked)
}
