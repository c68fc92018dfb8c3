package http_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/netguard"
)

// notAudited are the mutating routes that change nothing of a company
// that its audit trail records, each with why.
var notAudited = map[string]string{
	"POST /api/authenticate":                                      "sign-in",
	"POST /api/refreshToken":                                      "sign-in: renews a session's token",
	"POST /api/logout":                                            "sign-out of one's own session",
	"POST /api/company/account/create":                            "sign-up: creates the company (nothing to audit before it exists)",
	"POST /api/account/create":                                    "sign-up of a driver (the owner's decision on it is audited)",
	"POST /api/account/reset-password/init":                       "password reset of a signed-out person",
	"POST /api/account/reset-password/check":                      "password reset of a signed-out person",
	"POST /api/reset-password/check":                              "password reset of a signed-out person",
	"POST /api/account/reset-password/complete":                   "password reset of a signed-out person",
	"POST /api/reset-password/complete":                           "password reset of a signed-out person",
	"PUT /api/account":                                            "a person's own profile, not the company's data",
	"POST /api/account/change-password":                           "a person's own password, not the company's data",
	"PUT /api/account/notifications":                              "a person's own notification preferences",
	"POST /api/notifications/read-all":                            "read marks of a person's own notices",
	"POST /api/notifications/{id}/read":                           "read marks of a person's own notices",
	"POST /api/wex/company/alerts/read-all":                       "read marks of the owners' inbox",
	"POST /api/wex/company/alerts/{id}/read":                      "read marks of the owners' inbox",
	"POST /api/push/subscriptions":                                "a browser's push subscription of a person",
	"DELETE /api/push/subscriptions":                              "a browser's push subscription of a person",
	"POST /api/locations/near-route":                              "a search: changes nothing",
	"POST /api/maps/route":                                        "a route computed: changes nothing",
	"POST /api/assistant/plan":                                    "a plan computed: changes nothing",
	"POST /api/feed/prices":                                       "the stations' price feed (a system, not a company's person)",
	"POST /api/network/transactions":                              "the card network reports a purchase (a system; the purchase is its own record)",
	"POST /api/network/authorizations":                            "the card network asks for a decision (a system; the decision is its own record)",
	"POST /api/network/authorizations/{authorizationId}/reversal": "the card network reverses a hold (a system)",
	"POST /api/payments/webhook":                                  "Stripe reports a payment's outcome (a system; the ledger records it)",
	"POST /api/issuing/stripe/webhook":                            "Stripe Issuing reports card events (a system)",
	"POST /api/telematics/traccar":                                "a telematics device forwards positions (a device, with the company's audited token)",
}

// auditedElsewhere are mutating routes whose audit row a test of their
// own checks, each named with why this walk cannot make the call.
var auditedElsewhere = map[string]string{
	"POST /api/wex/company/close":             "TestCompanyClose: closing ends the walk's company",
	"POST /api/wex/company/cards":             "TestCardOrder_StripeIssuer: ordering needs the card issuer (stripe-mock)",
	"POST /api/wex/cards/{cardNumber}/reveal": "TestCardReveal: revealing needs a Stripe card (stripe-mock)",
	"DELETE /api/payments/detach":             "TestPayments_DetachOnlyTheCompanysMethods: needs Stripe (stripe-mock)",
	"POST /api/payments/payment-intent":       "TestPayments_PaymentIntent: needs Stripe (stripe-mock)",
	"POST /api/wex/challenges/{id}":           "TestPumpChallenge_RoundTrip: a challenge needs a declined authorization of a truck with a stale fix",
}

// auditedCall is one valid request of a mutating route, made as the demo
// company's owner, after the calls before it (which make what it names).
type auditedCall struct {
	route string
	// prepare, when set, makes what the call needs first (its rows are
	// not counted).
	prepare func(t *testing.T, f *fleet, made map[string]string)
	req     func(f *fleet, made map[string]string) apitest.Request
	// keep names what the answer's "id" is kept as (made[keep]).
	keep string
}

func auditedCalls(route []map[string]float64) []auditedCall {
	card := func(f *fleet) string { return "/api/wex/company/cards/" + f.driverCard }
	call := func(method, path string, body any) func(f *fleet, made map[string]string) apitest.Request {
		return func(f *fleet, made map[string]string) apitest.Request {
			p := path
			for k, v := range made {
				p = strings.ReplaceAll(p, "{"+k+"}", v)
			}
			return apitest.Request{Method: method, Path: p, Body: body, Token: f.owner}
		}
	}
	return []auditedCall{
		{route: "PUT /api/wex/company/update-card", req: func(f *fleet, _ map[string]string) apitest.Request {
			plan := demo.CardPlans[demo.DemoFreight.Name][0]
			return apitest.Request{Method: "PUT", Path: "/api/wex/company/update-card", Token: f.owner, Body: map[string]string{
				"cardNumber": plan.CardNumber, "driverName": "Renamed Driver", "driverId": "D-9", "unitNumber": "U-9", "status": "ACTIVE"}}
		}},
		{route: "PUT /api/wex/company/contract/planner-costs", req: call("PUT", "/api/wex/company/contract/planner-costs", `{"outOfRouteCostPerMile": 1.85, "costPerStop": 150}`)},
		{route: "PUT /api/wex/company/controls", req: call("PUT", "/api/wex/company/controls", map[string]any{"dailyLimit": 900})},
		{route: "PUT /api/wex/company/cards/{cardNumber}/controls", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "PUT", Path: card(f) + "/controls", Body: map[string]any{"perPurchaseLimit": 500}, Token: f.owner}
		}},
		{route: "POST /api/wex/company/cards/{cardNumber}/override", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: card(f) + "/override", Body: map[string]any{"hours": 2}, Token: f.owner}
		}},
		{route: "DELETE /api/wex/company/cards/{cardNumber}/override", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "DELETE", Path: card(f) + "/override", Token: f.owner}
		}},
		{route: "PUT /api/wex/company/wallet/low-balance", req: call("PUT", "/api/wex/company/wallet/low-balance", map[string]any{"threshold": 500})},
		{route: "PUT /api/wex/company/statement-settings", req: call("PUT", "/api/wex/company/statement-settings", map[string]any{"period": "weekly"})},
		{route: "PUT /api/wex/company/authorization-settings", req: call("PUT", "/api/wex/company/authorization-settings", map[string]any{"onTimeout": "approve"})},
		{route: "POST /api/wex/company/telematics/token", req: call("POST", "/api/wex/company/telematics/token", nil)},
		{route: "PUT /api/wex/company/telematics/connectors/{vendor}", req: call("PUT", "/api/wex/company/telematics/connectors/samsara", map[string]string{"token": "samsara-token"})},
		{route: "DELETE /api/wex/company/telematics/connectors/{vendor}", req: call("DELETE", "/api/wex/company/telematics/connectors/samsara", nil)},
		{route: "POST /api/wex/company/vehicles", req: call("POST", "/api/wex/company/vehicles", newVehicleJSON("AUD-1")), keep: "id"},
		{route: "PUT /api/wex/company/vehicles/{id}", req: call("PUT", "/api/wex/company/vehicles/{id}", newVehicleJSON("AUD-2"))},
		{route: "POST /api/wex/company/vehicles/{id}/odometer", req: call("POST", "/api/wex/company/vehicles/{id}/odometer", map[string]any{"odometer": 120000})},
		{route: "DELETE /api/wex/company/vehicles/{id}", req: call("DELETE", "/api/wex/company/vehicles/{id}", nil)},
		{route: "POST /api/wex/company/vehicles/import", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/vehicles/import", Token: f.owner, Header: http.Header{"Content-Type": {"text/csv"}},
				Body: "unitNumber,vin,plate,plateState,fuelType,tankCapacityGallons,iftaQualified,active\nAUD-3,,,,diesel,100,false,true\n"}
		}},
		{route: "POST /api/wex/company/webhooks", req: call("POST", "/api/wex/company/webhooks", map[string]any{"url": "http://127.0.0.1:9/audit", "events": []string{"transaction.declined"}}), keep: "id"},
		{route: "PUT /api/wex/company/webhooks/{id}", req: call("PUT", "/api/wex/company/webhooks/{id}", map[string]any{"url": "http://127.0.0.1:9/audit2", "events": []string{"transaction.declined"}, "active": false})},
		{route: "DELETE /api/wex/company/webhooks/{id}", req: call("DELETE", "/api/wex/company/webhooks/{id}", nil)},
		{route: "POST /api/wex/company/ifta/miles", req: call("POST", "/api/wex/company/ifta/miles", map[string]any{"unitNumber": "T-7", "date": "2025-02-10", "jurisdiction": "KS", "miles": 321.5, "note": "trip sheet"}), keep: "id"},
		{route: "DELETE /api/wex/company/ifta/miles/{id}", req: call("DELETE", "/api/wex/company/ifta/miles/{id}", nil)},
		{route: "POST /api/wex/company/ifta/purchases", req: call("POST", "/api/wex/company/ifta/purchases", map[string]any{"unitNumber": "T-7", "date": "2025-02-11", "jurisdiction": "KS", "gallons": 75.5, "fuelType": "diesel", "taxPaid": true, "vendor": "Co-op"}), keep: "id"},
		{route: "DELETE /api/wex/company/ifta/purchases/{id}", req: call("DELETE", "/api/wex/company/ifta/purchases/{id}", nil)},
		{route: "POST /api/trips", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/trips", Body: tripForm(demo.CardPlans[demo.DemoFreight.Name][2].CardNumber, route, false), Token: f.owner}
		}, keep: "id"},
		{route: "POST /api/trips/{id}/replan", req: call("POST", "/api/trips/{id}/replan", map[string]any{"latitude": route[len(route)/2]["latitude"], "longitude": route[len(route)/2]["longitude"], "currentFuel": 30})},
		{route: "POST /api/trips/{id}/complete", req: call("POST", "/api/trips/{id}/complete", nil)},
		{route: "POST /api/trips", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/trips", Body: tripForm(demo.CardPlans[demo.DemoFreight.Name][2].CardNumber, route, false), Token: f.owner}
		}, keep: "id"},
		{route: "POST /api/trips/{id}/cancel", req: call("POST", "/api/trips/{id}/cancel", nil)},
		{route: "POST /api/wex/company/groups", req: call("POST", "/api/wex/company/groups", map[string]any{"name": "Audit terminal"}), keep: "groupId"},
		{route: "PUT /api/wex/company/groups/{id}/pump-check", req: call("PUT", "/api/wex/company/groups/{groupId}/pump-check", map[string]any{"enabled": true, "radiusMiles": 1, "freshnessMinutes": 10, "staleChoice": "challenge"})},
		{route: "DELETE /api/wex/company/groups/{id}/pump-check", req: call("DELETE", "/api/wex/company/groups/{groupId}/pump-check", nil)},
		{route: "PUT /api/wex/company/pump-check", req: call("PUT", "/api/wex/company/pump-check", map[string]any{"enabled": true, "radiusMiles": 1, "freshnessMinutes": 10, "staleChoice": "challenge"})},
		{route: "PUT /api/wex/company/cards/{cardNumber}/group", req: func(f *fleet, made map[string]string) apitest.Request {
			group, _ := strconv.ParseInt(made["groupId"], 10, 64)
			return apitest.Request{Method: "PUT", Path: card(f) + "/group", Body: map[string]any{"groupId": group}, Token: f.owner}
		}},
		{route: "POST /api/wex/company/vehicles", req: call("POST", "/api/wex/company/vehicles", newVehicleJSON("AUD-4")), keep: "id"},
		{route: "PUT /api/wex/company/vehicles/{id}/group", req: func(f *fleet, made map[string]string) apitest.Request {
			group, _ := strconv.ParseInt(made["groupId"], 10, 64)
			return apitest.Request{Method: "PUT", Path: "/api/wex/company/vehicles/" + made["id"] + "/group", Body: map[string]any{"groupId": group}, Token: f.owner}
		}},
		{route: "POST /api/wex/company/groups", req: call("POST", "/api/wex/company/groups", map[string]any{"name": "Audit spare"}), keep: "groupId"},
		{route: "PATCH /api/wex/company/groups/{id}", req: call("PATCH", "/api/wex/company/groups/{groupId}", map[string]any{"name": "Audit spare yard"})},
		{route: "DELETE /api/wex/company/groups/{id}", req: call("DELETE", "/api/wex/company/groups/{groupId}", nil)},
		{route: "POST /api/wex/company/invitations", req: call("POST", "/api/wex/company/invitations", map[string]any{"email": "audit.dispatcher@example.test", "role": "dispatcher"}), keep: "id"},
		{route: "DELETE /api/wex/company/invitations/{id}", req: call("DELETE", "/api/wex/company/invitations/{id}", nil)},
		{route: "PUT /api/wex/company/transactions/{id}/coding", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "PUT", Path: fmt.Sprintf("/api/wex/company/transactions/%d/coding", approvedPurchase(f, f.demoCompany)),
				Body: map[string]string{"account": "Fuel:Audit"}, Token: f.owner}
		}},
		{route: "POST /api/wex/company/transactions/coding", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/transactions/coding", Token: f.owner,
				Body: map[string]any{"ids": []int64{approvedPurchase(f, f.demoCompany)}, "coding": map[string]string{"account": "Fuel:Bulk"}}}
		}},
		{route: "PUT /api/wex/transactions/{id}/job", req: func(f *fleet, _ map[string]string) apitest.Request {
			var res networkResult
			_ = json.Unmarshal(f.postPurchase("AUDIT-JOB-1", f.driverCard, "20").Body, &res)
			return apitest.Request{Method: "PUT", Path: fmt.Sprintf("/api/wex/transactions/%d/job", res.TransactionID),
				Body: map[string]string{"job": "J-100"}, Token: f.driver}
		}},
		{route: "POST /api/wex/company/coding-rules", req: call("POST", "/api/wex/company/coding-rules", map[string]any{"match": map[string]string{"product": "DEF"}, "coding": map[string]string{"account": "DEF"}}), keep: "id"},
		{route: "PUT /api/wex/company/coding-rules/{id}", req: call("PUT", "/api/wex/company/coding-rules/{id}", map[string]any{"match": map[string]string{"product": "DEF"}, "coding": map[string]string{"account": "Fluids"}})},
		{route: "DELETE /api/wex/company/coding-rules/{id}", req: call("DELETE", "/api/wex/company/coding-rules/{id}", nil)},
		{route: "PUT /api/wex/company/cards/{cardNumber}/require-job", req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "PUT", Path: card(f) + "/require-job", Body: map[string]any{"requireJob": true}, Token: f.owner}
		}},
		{route: "PUT /api/wex/company/accounting/qbo/mapping", prepare: func(t *testing.T, f *fleet, _ map[string]string) {
			qboConnect(t, f, withQBOFake(t, f), f.owner, "4620816365000001").ExpectStatus(t, 302)
		}, req: call("PUT", "/api/wex/company/accounting/qbo/mapping", map[string]any{"products": map[string]string{"DSL": "7"}, "paymentAccount": "41"})},
		{route: "POST /api/wex/company/accounting/qbo/push", req: call("POST", "/api/wex/company/accounting/qbo/push", map[string]string{"from": "2025-01-01", "to": "2025-01-31"})},
		{route: "DELETE /api/wex/company/accounting/qbo", req: call("DELETE", "/api/wex/company/accounting/qbo", nil)},
		{route: "POST /api/invitations/{token}/accept", prepare: func(t *testing.T, f *fleet, made map[string]string) {
			_, made["token"] = f.invite(t, f.owner, "audit.admin@example.test", "admin", 0)
		}, req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/invitations/" + made["token"] + "/accept",
				Body: map[string]string{"firstName": "Ada", "lastName": "Admin", "password": "secret123"}}
		}},
		{route: "PATCH /api/wex/company/members/{id}", prepare: func(t *testing.T, f *fleet, made map[string]string) {
			made["memberId"] = memberID(t, f, "audit.admin@example.test")
		}, req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "PATCH", Path: "/api/wex/company/members/" + made["memberId"], Body: map[string]any{"role": "dispatcher"}, Token: f.owner}
		}},
		{route: "DELETE /api/wex/company/members/{id}", req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "DELETE", Path: "/api/wex/company/members/" + made["memberId"], Token: f.owner}
		}},
		{route: "POST /api/wex/company/driver-requests/{id}/approve", prepare: func(t *testing.T, f *fleet, made map[string]string) {
			made["driverId"] = pendingDriver(t, f, "audit.nina@fleet.test", demo.FreeCardNumbers[0])
		}, req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/driver-requests/" + made["driverId"] + "/approve", Token: f.owner}
		}},
		{route: "POST /api/wex/company/driver-requests/{id}/reject", prepare: func(t *testing.T, f *fleet, made map[string]string) {
			made["driverId"] = pendingDriver(t, f, "audit.otto@fleet.test", demo.FreeCardNumbers[1])
		}, req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/driver-requests/" + made["driverId"] + "/reject", Token: f.owner}
		}},
		{route: "POST /api/wex/odometer", prepare: func(t *testing.T, f *fleet, _ map[string]string) {
			// The driver's card is unit U-9 since the card update above.
			f.api.Post("/api/wex/company/vehicles", newVehicleJSON("U-9"), f.owner).ExpectStatus(t, 201)
		}, req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/odometer", Body: map[string]any{"odometer": 900_000}, Token: f.driver}
		}},
		{route: "POST /api/trips/{id}/end-request", prepare: func(t *testing.T, f *fleet, made map[string]string) {
			trip, _ := f.lockedTrip(t, f.owner)
			made["tripId"] = fmt.Sprint(trip.ID)
		}, req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/trips/" + made["tripId"] + "/end-request", Body: map[string]any{"message": "done"}, Token: f.driver}
		}, keep: "tripRequestId"},
		{route: "POST /api/wex/company/trip-requests/{id}/deny", req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/trip-requests/" + made["tripRequestId"] + "/deny", Token: f.owner}
		}},
		{route: "POST /api/trips/{id}/replan-request", req: func(f *fleet, made map[string]string) apitest.Request {
			mid := route[len(route)/2]
			return apitest.Request{Method: "POST", Path: "/api/trips/" + made["tripId"] + "/replan-request", Token: f.driver,
				Body: map[string]any{"latitude": mid["latitude"], "longitude": mid["longitude"], "currentFuel": 30, "message": "road closed"}}
		}, keep: "tripRequestId"},
		{route: "POST /api/wex/company/trip-requests/{id}/approve", req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/trip-requests/" + made["tripRequestId"] + "/approve", Token: f.owner}
		}},
		{route: "POST /api/wex/company/webhooks/deliveries/{id}/resend", prepare: func(t *testing.T, f *fleet, made map[string]string) {
			var hook struct{ ID int64 }
			f.api.Post("/api/wex/company/webhooks", map[string]any{"url": "http://127.0.0.1:9/resend", "events": []string{"trip.created"}}, f.owner).
				ExpectStatus(t, 201).Decode(t, &hook)
			if _, err := publishWebhook(t, f.db, f.demoCompany, fuelportal.WebhookTripCreated, map[string]int{"tripId": 1}); err != nil {
				t.Fatal(err)
			}
			var deliveries struct{ Content []struct{ ID int64 } }
			f.api.Get(fmt.Sprint("/api/wex/company/webhooks/", hook.ID, "/deliveries"), f.owner).ExpectStatus(t, 200).Decode(t, &deliveries)
			if len(deliveries.Content) == 0 {
				t.Fatal("no delivery to resend")
			}
			made["deliveryId"] = fmt.Sprint(deliveries.Content[0].ID)
		}, req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/webhooks/deliveries/" + made["deliveryId"] + "/resend", Token: f.owner}
		}},
		{route: "POST /api/wex/company/ifta/rates", prepare: func(t *testing.T, f *fleet, _ map[string]string) {
			// Shared rates but Oregon's diesel, which the company uploads.
			importIFTARates(t, f.fixture, 2024, 4, "OR,diesel")
		}, req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/ifta/rates", Token: f.owner,
				Body:   "year,quarter,jurisdiction,fuelType,rate,surcharge\n2024,4,OR,diesel,0,\n",
				Header: http.Header{"Content-Type": {"text/csv"}}}
		}},
		{route: "POST /api/wex/company/ifta/returns/{year}/{quarter}/close", req: call("POST", "/api/wex/company/ifta/returns/2024/4/close?fuelType=diesel", nil)},
		{route: "POST /api/wex/override-requests", prepare: func(t *testing.T, f *fleet, _ map[string]string) {
			f.declineDriversCard(t, "NET-AUDIT-1")
		}, req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/override-requests", Body: map[string]string{"message": "stuck"}, Token: f.driver}
		}, keep: "overrideId"},
		{route: "POST /api/wex/company/override-requests/{id}/deny", req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/override-requests/" + made["overrideId"] + "/deny", Token: f.owner}
		}},
		{route: "POST /api/wex/override-requests", prepare: func(t *testing.T, f *fleet, _ map[string]string) {
			f.declineDriversCard(t, "NET-AUDIT-2")
		}, req: func(f *fleet, _ map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/override-requests", Body: map[string]string{"message": "stuck again"}, Token: f.driver}
		}, keep: "overrideId"},
		{route: "POST /api/wex/company/override-requests/{id}/approve", req: func(f *fleet, made map[string]string) apitest.Request {
			return apitest.Request{Method: "POST", Path: "/api/wex/company/override-requests/" + made["overrideId"] + "/approve", Token: f.owner}
		}},
	}
}

// mutatingRoutes lists "METHOD /path" of every POST, PUT, PATCH and
// DELETE of the OpenAPI document (contractRoutes).
func mutatingRoutes(t *testing.T) []string {
	t.Helper()
	var routes []string
	for _, r := range contractRoutes(t) {
		switch method, _, _ := strings.Cut(r, " "); method {
		case "POST", "PUT", "PATCH", "DELETE":
			routes = append(routes, r)
		}
	}
	return routes
}

// auditRows counts the company's audit rows.
func auditRows(t *testing.T, f *fleet, company int64) int {
	t.Helper()
	_, total, err := f.db.AuditEvents(context.Background(), fuelportal.AuditFilter{CompanyID: company, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	return total
}

// Every mutating route of the API writes an audit row when a person
// calls it, unless it is listed, with its reason, as not audited or as
// audited in a test of its own; a route in none of the lists fails.
func TestAudit_EveryMutatingRouteWritesARow(t *testing.T) {
	route := routePoints(builtinRoute(t, dallas, amarillo))
	calls := auditedCalls(route)
	covered := map[string]bool{}
	for _, c := range calls {
		covered[c.route] = true
	}
	for _, r := range mutatingRoutes(t) {
		listed := 0
		for _, in := range []bool{covered[r], notAudited[r] != "", auditedElsewhere[r] != ""} {
			if in {
				listed++
			}
		}
		if listed != 1 {
			t.Errorf("%s is in %d of the lists (audited calls, not audited, audited elsewhere); want exactly one", r, listed)
		}
	}
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		f.srv.OutgoingPolicy = netguard.Policy{AllowPrivate: true}
		withSamsaraFake(t, f)
		made := map[string]string{}
		for _, c := range calls {
			if c.prepare != nil {
				c.prepare(t, f, made)
			}
			before := auditRows(t, f, f.demoCompany)
			res := f.api.Do(c.req(f, made))
			if res.Status >= 300 {
				t.Fatalf("%s: %d %s", c.route, res.Status, res.Body)
			}
			if c.keep != "" {
				var out struct{ ID int64 }
				res.Decode(t, &out)
				made[c.keep] = fmt.Sprint(out.ID)
			}
			if after := auditRows(t, f, f.demoCompany); after <= before {
				t.Errorf("%s wrote no audit row", c.route)
			}
		}
		if rows, brk, err := f.db.VerifyAudit(context.Background()); err != nil || brk != nil {
			t.Errorf("VerifyAudit after every route = %d rows, %v, %v", rows, brk, err)
		}
	})
}

// memberID is the id of the demo company's member with email.
func memberID(t *testing.T, f *fleet, email string) string {
	t.Helper()
	var list struct {
		Content []struct {
			ID    int64
			Email string
		}
	}
	f.api.Get("/api/wex/company/members", f.owner).ExpectStatus(t, 200).Decode(t, &list)
	for _, m := range list.Content {
		if m.Email == email {
			return fmt.Sprint(m.ID)
		}
	}
	t.Fatalf("no member %s", email)
	return ""
}

// pendingDriver signs a driver up on the demo company's free card and
// returns the id of their request.
func pendingDriver(t *testing.T, f *fleet, email, card string) string {
	t.Helper()
	f.api.Post("/api/account/create", driverSignUp(email, "GoodPass1", "Audit", "Driver", "Demo Freight LLC", card, "+1 407 555 0177"), "").ExpectStatus(t, 201)
	for _, r := range f.driverRequests(t, f.owner) {
		if r.Email == email {
			return fmt.Sprint(r.ID)
		}
	}
	t.Fatalf("no driver request of %s", email)
	return ""
}

// auditKindRows counts the company's audit rows of kind.
func auditKindRows(t *testing.T, f *fixture, company int64, kind fuelportal.AuditKind) int {
	t.Helper()
	_, total, err := f.db.AuditEvents(context.Background(), fuelportal.AuditFilter{CompanyID: company, Kind: kind, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	return total
}
