package http_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

type tripRequestOut struct {
	ID, TripID             int64
	Kind, Status           string
	CardNumber, DriverName string
	Message                string
	Latitude, Longitude    *float64
	CurrentFuel            *float64
	PlanVersion            *int
	CreatedAt              string
	DecidedAt              *string
}

type alertOut struct {
	ID                    int64
	Kind, Message         string
	TripID, TripRequestID *int64
	OverrideRequestID     *int64
	Read                  bool
}

// alertsOf returns the company's alerts of kind for trip tripID, newest first.
func (f *fleet) alertsOf(t *testing.T, token, kind string, tripID int64) []alertOut {
	t.Helper()
	var page struct{ Content []alertOut }
	f.api.Get("/api/wex/company/alerts?size=100", token).ExpectStatus(t, 200).Decode(t, &page)
	var out []alertOut
	for _, a := range page.Content {
		if a.Kind == kind && a.TripID != nil && *a.TripID == tripID {
			out = append(out, a)
		}
	}
	return out
}

// lockedTrip has the owner save a locked trip for the demo driver's card.
func (f *fleet) lockedTrip(t *testing.T, token string) (tripOut, string) {
	t.Helper()
	var trip tripOut
	route := routePoints(builtinRoute(t, dallas, amarillo))
	f.api.Post("/api/trips", tripForm(f.driverCard, route, true), token).ExpectStatus(t, 201).Decode(t, &trip)
	return trip, fmt.Sprintf("/api/trips/%d", trip.ID)
}

// offPlanStation is a station beside the trip's route, before its last
// planned stop, that the plan does not stop at.
func (f *fleet) offPlanStation(t *testing.T, trip tripOut) int64 {
	t.Helper()
	var near []struct {
		LocationID int64
		AlongMiles *float64
	}
	route := make([]map[string]float64, len(trip.RoutePoints))
	for i, p := range trip.RoutePoints {
		route[i] = map[string]float64{"latitude": p.Latitude, "longitude": p.Longitude}
	}
	f.api.Post("/api/locations/near-route?radius=5", route, f.owner).ExpectStatus(t, 200).Decode(t, &near)
	planned := map[int64]bool{}
	for _, s := range trip.Plan.FuelPlan {
		planned[s.Location.LocationID] = true
	}
	last := trip.Plan.FuelPlan[len(trip.Plan.FuelPlan)-1].AlongMiles
	for _, s := range near {
		if s.AlongMiles != nil && *s.AlongMiles < last && !planned[s.LocationID] {
			return s.LocationID
		}
	}
	t.Fatal("no station off the plan along the route")
	return 0
}

func TestTripLock_DriverCannotEndAnOwnerLockedTrip(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		trip, path := f.lockedTrip(t, f.owner)
		if !trip.LockCard || !trip.OwnerLock {
			t.Fatalf("an owner's locked trip = lock %v, owner lock %v", trip.LockCard, trip.OwnerLock)
		}
		for _, end := range []string{"/complete", "/cancel"} {
			res := f.api.Post(path+end, nil, f.driver).ExpectStatus(t, 403)
			if msg := res.ErrorMessage(t); msg != fuelportal.MsgOwnerLockedEnd {
				t.Errorf("%s: message %q", end, msg)
			}
		}
		var detail tripOut
		f.api.Get(path, f.driver).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.Status != "ACTIVE" {
			t.Fatalf("status after the driver's attempts = %s", detail.Status)
		}
		if res := f.purchaseAt(t, "LOCK-1", f.driverCard, f.offPlanStation(t, trip), 10); res.Status != "DECLINED" {
			t.Fatalf("the lock was lifted: %+v", res)
		}
		if got := f.alertsOf(t, f.owner, "TRIP_ENDED", trip.ID); len(got) != 0 {
			t.Fatalf("alerts before any end: %+v", got)
		}

		// The owner ends it: the owners are alerted.
		f.api.Post(path+"/cancel", nil, f.owner).ExpectStatus(t, 200)
		ended := f.alertsOf(t, f.owner, "TRIP_ENDED", trip.ID)
		if len(ended) != 1 || !strings.Contains(ended[0].Message, "by an owner") || !strings.Contains(ended[0].Message, "cancelled") {
			t.Fatalf("TRIP_ENDED alerts = %+v", ended)
		}

		// A lock the driver set on their own trip is theirs to lift, and the owner hears of it.
		var own tripOut
		route := routePoints(builtinRoute(t, dallas, amarillo))
		f.api.Post("/api/trips", tripForm(f.driverCard, route, true), f.driver).ExpectStatus(t, 201).Decode(t, &own)
		if !own.LockCard || own.OwnerLock {
			t.Fatalf("the driver's own locked trip = lock %v, owner lock %v", own.LockCard, own.OwnerLock)
		}
		f.api.Post(fmt.Sprintf("/api/trips/%d/end-request", own.ID), nil, f.driver).ExpectStatus(t, 422)
		f.api.Post(fmt.Sprintf("/api/trips/%d/complete", own.ID), nil, f.driver).ExpectStatus(t, 200)
		if got := f.alertsOf(t, f.owner, "TRIP_ENDED", own.ID); len(got) != 1 || !strings.Contains(got[0].Message, "by the driver") {
			t.Fatalf("TRIP_ENDED of the driver's own lock = %+v", got)
		}

		// An unlocked trip the owner saved: the driver ends it, no alert.
		var open tripOut
		f.api.Post("/api/trips", tripForm(f.driverCard, route, false), f.owner).ExpectStatus(t, 201).Decode(t, &open)
		f.api.Post(fmt.Sprintf("/api/trips/%d/complete", open.ID), nil, f.driver).ExpectStatus(t, 200)
		if got := f.alertsOf(t, f.owner, "TRIP_ENDED", open.ID); len(got) != 0 {
			t.Fatalf("an unlocked trip's end alerted: %+v", got)
		}
	})
}

func TestTripRequests_DriverAsksToEndAndTheOwnerApproves(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		trip, path := f.lockedTrip(t, f.owner)

		var req tripRequestOut
		f.api.Post(path+"/end-request", map[string]any{"message": "  Load delivered early  "}, f.driver).ExpectStatus(t, 202).Decode(t, &req)
		if req.Kind != "END" || req.Status != "PENDING" || req.TripID != trip.ID || req.Message != "Load delivered early" || req.Latitude != nil {
			t.Fatalf("request = %+v", req)
		}
		f.api.Post(path+"/end-request", nil, f.driver).ExpectStatus(t, 409)

		// The owners see it: an alert naming the request, a mail, the pending list.
		asked := f.alertsOf(t, f.owner, "TRIP_REQUEST", trip.ID)
		if len(asked) != 1 || asked[0].TripRequestID == nil || *asked[0].TripRequestID != req.ID || asked[0].Read ||
			!strings.Contains(asked[0].Message, "asks to end") || !strings.Contains(asked[0].Message, "Load delivered early") {
			t.Fatalf("TRIP_REQUEST alerts = %+v", asked)
		}
		if mails, err := f.db.OutboxMessages(context.Background(), demo.OwnerEmail, 1); err != nil || len(mails) != 1 ||
			!strings.Contains(mails[0].Body, "asks to end") || !strings.Contains(mails[0].Subject, "locked trip") {
			t.Fatalf("owner's newest mail = %+v, %v", mails, err)
		}
		var pending struct{ Content []tripRequestOut }
		f.api.Get("/api/wex/company/trip-requests?status=PENDING", f.owner).ExpectStatus(t, 200).Decode(t, &pending)
		if len(pending.Content) != 1 || pending.Content[0].ID != req.ID {
			t.Fatalf("pending = %+v", pending.Content)
		}
		var ofTrip struct{ Content []tripRequestOut }
		f.api.Get(path+"/requests", f.driver).ExpectStatus(t, 200).Decode(t, &ofTrip)
		if len(ofTrip.Content) != 1 || ofTrip.Content[0].Status != "PENDING" {
			t.Fatalf("the driver's view = %+v", ofTrip.Content)
		}

		// Another company's owner neither sees nor decides it; the driver cannot decide.
		decide := fmt.Sprintf("/api/wex/company/trip-requests/%d/", req.ID)
		f.api.Get("/api/wex/company/trip-requests", f.other).ExpectStatus(t, 200).Decode(t, &pending)
		if len(pending.Content) != 0 {
			t.Fatalf("another company sees %+v", pending.Content)
		}
		f.api.Get(path+"/requests", f.other).ExpectStatus(t, 404)
		f.api.Post(decide+"approve", nil, f.other).ExpectStatus(t, 404)
		f.api.Post(decide+"deny", nil, f.other).ExpectStatus(t, 404)
		f.api.Post(decide+"approve", nil, f.driver).ExpectStatus(t, 403)
		f.api.Get("/api/wex/company/trip-requests", f.driver).ExpectStatus(t, 403)
		f.api.Post(path+"/end-request", nil, f.owner).ExpectStatus(t, 403)
		f.api.Post(path+"/end-request", nil, "").ExpectStatus(t, 401)

		// The owner approves: the trip ends, its lock is lifted, the driver is told.
		mailsBefore := len(f.sentMails())
		var decided tripRequestOut
		f.api.Post(decide+"approve", nil, f.owner).ExpectStatus(t, 200).Decode(t, &decided)
		if decided.Status != "APPROVED" || decided.DecidedAt == nil {
			t.Fatalf("decided = %+v", decided)
		}
		f.api.Post(decide+"approve", nil, f.owner).ExpectStatus(t, 409)
		f.api.Post(decide+"deny", nil, f.owner).ExpectStatus(t, 409)
		var detail tripOut
		f.api.Get(path, f.driver).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.Status != "COMPLETED" {
			t.Fatalf("status after approval = %s", detail.Status)
		}
		if res := f.purchaseAt(t, "LOCK-2", f.driverCard, f.offPlanStation(t, trip), 10); res.Status != "APPROVED" {
			t.Fatalf("the lock still holds: %+v", res)
		}
		if got := f.alertsOf(t, f.owner, "TRIP_REQUEST", trip.ID); len(got) != 1 || !got[0].Read {
			t.Fatalf("the request's alert after the decision = %+v", got)
		}
		if got := f.alertsOf(t, f.owner, "TRIP_ENDED", trip.ID); len(got) != 1 || !strings.Contains(got[0].Message, "at the driver's request") {
			t.Fatalf("TRIP_ENDED alerts = %+v", got)
		}
		driverMailed := false
		for _, m := range f.sentMails()[mailsBefore:] {
			driverMailed = driverMailed || m.To == demo.DriverEmail && strings.Contains(m.Subject, "approved")
		}
		if !driverMailed {
			t.Fatalf("the driver was not mailed: %+v", f.sentMails()[mailsBefore:])
		}
		f.api.Post(path+"/end-request", nil, f.driver).ExpectStatus(t, 409) // the trip has ended
	})
}

func TestTripRequests_DeniedEndKeepsTheLock(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		trip, path := f.lockedTrip(t, f.owner)
		var req tripRequestOut
		f.api.Post(path+"/end-request", nil, f.driver).ExpectStatus(t, 202).Decode(t, &req)
		f.api.Post(fmt.Sprintf("/api/wex/company/trip-requests/%d/deny", req.ID), nil, f.owner).ExpectStatus(t, 200).Decode(t, &req)
		if req.Status != "DENIED" {
			t.Fatalf("denied = %+v", req)
		}
		var detail tripOut
		f.api.Get(path, f.driver).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.Status != "ACTIVE" {
			t.Fatalf("a denied request ended the trip: %s", detail.Status)
		}
		if res := f.purchaseAt(t, "LOCK-3", f.driverCard, f.offPlanStation(t, trip), 10); res.Status != "DECLINED" {
			t.Fatalf("a denied request lifted the lock: %+v", res)
		}
		// The driver may ask again; the owner ending the trip closes what is pending.
		f.api.Post(path+"/end-request", nil, f.driver).ExpectStatus(t, 202).Decode(t, &req)
		f.api.Post(path+"/complete", nil, f.owner).ExpectStatus(t, 200)
		var list struct{ Content []tripRequestOut }
		f.api.Get(path+"/requests", f.owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 2 || list.Content[0].Status != "CLOSED" || list.Content[1].Status != "DENIED" {
			t.Fatalf("requests = %+v", list.Content)
		}
		f.api.Post(fmt.Sprintf("/api/wex/company/trip-requests/%d/approve", req.ID), nil, f.owner).ExpectStatus(t, 409)
	})
}

func TestTripRequests_DriverReplanOfALockedTripWaitsForTheOwner(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		trip, path := f.lockedTrip(t, f.owner)
		mid := trip.RoutePoints[len(trip.RoutePoints)/2]
		at := map[string]any{"latitude": mid.Latitude, "longitude": mid.Longitude, "currentFuel": 30}

		var req tripRequestOut
		f.api.Post(path+"/replan", at, f.driver).ExpectStatus(t, 202).Decode(t, &req)
		if req.Kind != "REPLAN" || req.Status != "PENDING" || req.CurrentFuel == nil || *req.CurrentFuel != 30 || *req.Latitude != mid.Latitude {
			t.Fatalf("the driver's re-plan = %+v", req)
		}
		f.api.Post(path+"/replan-request", merge(at, "message", "Road closed"), f.driver).ExpectStatus(t, 409)
		var detail tripOut
		f.api.Get(path, f.driver).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.PlanVersionCount != 1 || detail.Plan.Version != 1 {
			t.Fatalf("the driver's re-plan made a plan: %+v", detail.Plan)
		}
		if got := f.alertsOf(t, f.owner, "TRIP_REQUEST", trip.ID); len(got) != 1 || !strings.Contains(got[0].Message, "asks to re-plan") {
			t.Fatalf("TRIP_REQUEST alerts = %+v", got)
		}
		if got := f.alertsOf(t, f.owner, "TRIP_REPLANNED", trip.ID); len(got) != 0 {
			t.Fatalf("re-plan alerts before approval = %+v", got)
		}

		f.api.Post(fmt.Sprintf("/api/wex/company/trip-requests/%d/approve", req.ID), nil, f.other).ExpectStatus(t, 404)
		var decided tripRequestOut
		f.api.Post(fmt.Sprintf("/api/wex/company/trip-requests/%d/approve", req.ID), nil, f.owner).ExpectStatus(t, 200).Decode(t, &decided)
		if decided.Status != "APPROVED" || decided.PlanVersion == nil || *decided.PlanVersion != 2 {
			t.Fatalf("approved = %+v", decided)
		}
		f.api.Get(path, f.driver).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.PlanVersionCount != 2 || detail.Plan.Version != 2 || detail.Plan.Reason != "REPLANNED" || detail.Status != "ACTIVE" {
			t.Fatalf("after approval: %+v", detail.Plan)
		}
		if got := f.alertsOf(t, f.owner, "TRIP_REPLANNED", trip.ID); len(got) != 1 || !strings.Contains(got[0].Message, "approved by an owner") {
			t.Fatalf("TRIP_REPLANNED alerts = %+v", got)
		}
		// The owner's own re-plan is immediate, and alerted as the owner's.
		f.api.Post(path+"/replan", at, f.owner).ExpectStatus(t, 200)
		if got := f.alertsOf(t, f.owner, "TRIP_REPLANNED", trip.ID); len(got) != 2 || !strings.Contains(got[0].Message, "asked by an owner") {
			t.Fatalf("TRIP_REPLANNED alerts = %+v", got)
		}
	})
}

func TestTripRequests_AutomaticReplansOfALockedTripStay(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		trip, path := f.lockedTrip(t, f.owner)
		// An owner's override lifts the lock for a while: the off-plan purchase
		// it lets through re-plans the trip at once.
		f.api.Post("/api/wex/company/cards/"+f.driverCard+"/override", map[string]any{"hours": 2}, f.owner).ExpectStatus(t, 200)
		if res := f.purchaseAt(t, "LOCK-4", f.driverCard, f.offPlanStation(t, trip), 20); res.Status != "APPROVED" {
			t.Fatalf("purchase under the override = %+v", res)
		}
		var detail tripOut
		f.api.Get(path, f.driver).ExpectStatus(t, 200).Decode(t, &detail)
		if detail.PlanVersionCount != 2 || detail.Plan.Reason != "OFF_PLAN_PURCHASE" {
			t.Fatalf("versions after the override's purchase = %+v", detail.Plan)
		}
		if got := f.alertsOf(t, f.owner, "TRIP_REPLANNED", trip.ID); len(got) != 1 || !strings.Contains(got[0].Message, "off the plan") {
			t.Fatalf("TRIP_REPLANNED alerts = %+v", got)
		}
	})
}

func TestTripRequests_HostileInput(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := tripFleet(t, fx)
		_, path := f.lockedTrip(t, f.owner)
		for name, tc := range map[string]struct{ path, body string }{
			"long message":        {path + "/end-request", `{"message":"` + strings.Repeat("x", 501) + `"}`},
			"control character":   {path + "/end-request", `{"message":"a\u0000b"}`},
			"not JSON":            {path + "/end-request", `[`},
			"replan without fuel": {path + "/replan-request", `{"latitude":33,"longitude":-97}`},
			"replan fuel > tank":  {path + "/replan-request", `{"latitude":33,"longitude":-97,"currentFuel":1000}`},
			"replan latitude":     {path + "/replan-request", `{"latitude":91,"longitude":-97,"currentFuel":10}`},
			"replan long message": {path + "/replan-request", `{"latitude":33,"longitude":-97,"currentFuel":10,"message":"` + strings.Repeat("x", 501) + `"}`},
		} {
			if res := f.api.Do(apitest.Request{Method: "POST", Path: tc.path, Body: tc.body, Token: f.driver, BreaksContract: true}); res.Status != 400 {
				t.Errorf("%s: status %d", name, res.Status)
			}
		}
		for _, q := range []string{"status=FOO", "status=" + strings.Repeat("P", 65)} {
			if res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/trip-requests?" + q, Token: f.owner, BreaksContract: true}); res.Status != 400 {
				t.Errorf("list %s: status %d", q, res.Status)
			}
		}
		for _, id := range []string{"abc", "0", "-1", "99999999999999999999", "9223372036854775807"} {
			for _, p := range []string{"/api/trips/" + id + "/end-request", "/api/trips/" + id + "/requests"} {
				method := "POST"
				if strings.HasSuffix(p, "/requests") {
					method = "GET"
				}
				f.api.Do(apitest.Request{Method: method, Path: p, Token: f.driver, BreaksContract: true}).ExpectStatus(t, 404)
			}
			for _, d := range []string{"approve", "deny"} {
				f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/trip-requests/" + id + "/" + d, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 404)
			}
		}
		// Another card's trip is the driver's 404.
		other := demo.CardPlans[demo.DemoFreight.Name][1].CardNumber
		var theirs tripOut
		f.api.Post("/api/trips", tripForm(other, routePoints(builtinRoute(t, dallas, amarillo)), true), f.owner).ExpectStatus(t, 201).Decode(t, &theirs)
		f.api.Post(fmt.Sprintf("/api/trips/%d/end-request", theirs.ID), nil, f.driver).ExpectStatus(t, 404)
		f.api.Get(fmt.Sprintf("/api/trips/%d/requests", theirs.ID), f.driver).ExpectStatus(t, 404)
	})
}
