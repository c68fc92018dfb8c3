package http_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/http/apitest"
	"fuelportal/telematics"
)

func TestPumpCheckSettings_DefaultValidateAndIsolate(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var got fuelportal.PumpCheckSettings
		f.api.Get("/api/wex/company/pump-check", f.owner).ExpectStatus(t, 200).Decode(t, &got)
		if got != fuelportal.DefaultPumpCheck {
			t.Fatalf("default %+v", got)
		}
		bad := func(body map[string]any) *apitest.Response {
			return f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/pump-check", Body: body, Token: f.owner, BreaksContract: true})
		}
		bad(map[string]any{"enabled": true, "radiusMiles": 0.1, "freshnessMinutes": 10, "staleChoice": "challenge"}).ExpectFieldError(t, "radiusMiles", fuelportal.MsgPumpRadiusBounds)
		bad(map[string]any{"enabled": true, "radiusMiles": 1, "freshnessMinutes": 10, "staleChoice": "maybe"}).ExpectFieldError(t, "staleChoice", fuelportal.MsgPumpStaleChoice)
		bad(map[string]any{"enabled": true, "radiusMiles": 1, "freshnessMinutes": 100000, "staleChoice": "approve"}).ExpectFieldError(t, "freshnessMinutes", fuelportal.MsgPumpFreshnessBounds)
		f.api.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/pump-check", Body: map[string]any{"radiusMiles": 1}, Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		on := map[string]any{"enabled": true, "radiusMiles": 0.5, "freshnessMinutes": 5, "staleChoice": "decline"}
		f.api.Put("/api/wex/company/pump-check", on, f.owner).ExpectStatus(t, 200)
		f.api.Get("/api/wex/company/pump-check", f.owner).ExpectStatus(t, 200).Decode(t, &got)
		if !got.Enabled || got.RadiusMiles != 0.5 || got.StaleChoice != fuelportal.PumpStaleDecline {
			t.Fatalf("saved %+v", got)
		}
		f.api.Get("/api/wex/company/pump-check", f.other).ExpectStatus(t, 200).Decode(t, &got)
		if got.Enabled {
			t.Fatal("another company's setting changed")
		}

		var g struct{ ID int64 }
		f.api.Post("/api/wex/company/groups", map[string]any{"name": "Reefers"}, f.owner).ExpectStatus(t, 201).Decode(t, &g)
		path := fmt.Sprintf("/api/wex/company/groups/%d/pump-check", g.ID)
		var group struct {
			fuelportal.PumpCheckSettings
			Inherited bool
		}
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &group)
		if !group.Inherited || group.RadiusMiles != 0.5 {
			t.Fatalf("group inherits %+v", group)
		}
		f.api.Put(path, map[string]any{"enabled": true, "radiusMiles": 2, "freshnessMinutes": 15, "staleChoice": "approve"}, f.owner).ExpectStatus(t, 200)
		f.api.Get(path, f.owner).ExpectStatus(t, 200).Decode(t, &group)
		if group.Inherited || group.RadiusMiles != 2 {
			t.Fatalf("group's own %+v", group)
		}
		for _, r := range []apitest.Request{{Method: "GET", Path: path}, {Method: "PUT", Path: path, Body: on}, {Method: "DELETE", Path: path}} {
			r.Token = f.other
			f.api.Do(r).ExpectStatus(t, 404)
			r.Token = f.driver
			f.api.Do(r).ExpectStatus(t, 403)
			r.Token = ""
			f.api.Do(r).ExpectStatus(t, 401)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: path, Token: f.owner}).ExpectStatus(t, 204)
		f.api.Do(apitest.Request{Method: "GET", Path: "/api/wex/company/groups/abc/pump-check", Token: f.owner, BreaksContract: true}).ExpectStatus(t, 404)
		f.api.Put("/api/wex/company/pump-check", on, f.driver).ExpectStatus(t, 403)
	})
}

// A dispatcher limited to a group keeps their group's pump check and no
// other: the company's, which every group without its own follows, is
// refused with the reason (403), another group's is 404 as another
// company's, and the permissions leave the company-wide action out.
func TestPumpCheckSettings_AMemberLimitedToAGroupSetsOnlyTheGroups(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, south := f.twoGroups(t)
		dispatcher := f.member(t, f.owner, "north.dispatch@example.com", "dispatcher", north)
		on := map[string]any{"enabled": true, "radiusMiles": 3, "freshnessMinutes": 20, "staleChoice": "approve"}

		if msg := f.api.Put("/api/wex/company/pump-check", on, dispatcher).ExpectStatus(t, 403).ErrorMessage(t); msg != fuelportal.MsgWholeCompanyOnly {
			t.Fatalf("the company's pump check refused with %q", msg)
		}
		var company fuelportal.PumpCheckSettings
		f.api.Get("/api/wex/company/pump-check", f.owner).ExpectStatus(t, 200).Decode(t, &company)
		if company != fuelportal.DefaultPumpCheck {
			t.Fatalf("the company's pump check after the group's dispatcher tried: %+v", company)
		}
		var perms struct{ Actions []fuelportal.Action }
		f.api.Get("/api/account/permissions", dispatcher).ExpectStatus(t, 200).Decode(t, &perms)
		if slices.Contains(perms.Actions, fuelportal.ActionPumpCheckCompany) || !slices.Contains(perms.Actions, fuelportal.ActionPumpCheckManage) {
			t.Fatalf("the group's dispatcher may %v", perms.Actions)
		}

		mine := fmt.Sprintf("/api/wex/company/groups/%d/pump-check", north)
		theirs := fmt.Sprintf("/api/wex/company/groups/%d/pump-check", south)
		f.api.Put(mine, on, dispatcher).ExpectStatus(t, 200)
		var group struct {
			fuelportal.PumpCheckSettings
			Inherited bool
		}
		f.api.Get(mine, dispatcher).ExpectStatus(t, 200).Decode(t, &group)
		if group.Inherited || group.RadiusMiles != 3 {
			t.Fatalf("the group's own pump check: %+v", group)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: mine, Token: dispatcher}).ExpectStatus(t, 204)
		for _, r := range []apitest.Request{{Method: "GET", Path: theirs}, {Method: "PUT", Path: theirs, Body: on}, {Method: "DELETE", Path: theirs}} {
			r.Token = dispatcher
			f.api.Do(r).ExpectStatus(t, 404)
		}
		f.api.Get(theirs, f.owner).ExpectStatus(t, 200).Decode(t, &group)
		if !group.Inherited {
			t.Fatalf("another group's pump check changed: %+v", group)
		}
		// The other company's group is as unknown to them as to anyone.
		var elsewhere struct{ ID int64 }
		f.api.Post("/api/wex/company/groups", map[string]any{"name": "Elsewhere"}, f.other).ExpectStatus(t, 201).Decode(t, &elsewhere)
		f.api.Get(fmt.Sprintf("/api/wex/company/groups/%d/pump-check", elsewhere.ID), dispatcher).ExpectStatus(t, 404)
		// A dispatcher of the whole company still sets the company's.
		whole := f.member(t, f.owner, "dispatch@example.com", "dispatcher", 0)
		f.api.Put("/api/wex/company/pump-check", on, whole).ExpectStatus(t, 200)
	})
}

func TestPumpChallenge_OverTheAPI(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		// The card's unit last reported an hour ago, at the station.
		card, _, _ := f.pumpCheckWithUnitAtStation(t, fx, time.Hour)
		now := fx.clock.Now()
		authorize := func(id string) (res struct {
			Approved    bool
			DeclineCode *string
			PumpCheck   *fuelportal.PumpCheck
		}) {
			body := fmt.Sprintf(`{"authorizationId":%q,"cardNumber":%q,"locationId":%d,"amount":50,"transactionDate":%q}`, id, f.driverCard, f.station,
				now.UTC().Format("2006-01-02T15:04:05"))
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/network/authorizations", Body: body, Header: http.Header{"X-Network-Key": {networkKey}}}).
				ExpectStatus(t, 201).Decode(t, &res)
			return res
		}
		if res := authorize("api-ch-1"); res.Approved || *res.DeclineCode != "PUMP_CHECK_CHALLENGE" || res.PumpCheck.Outcome != fuelportal.PumpChallenged {
			t.Fatalf("first %+v", res)
		}
		var list struct {
			Value []struct {
				ID       int64
				Question string
			}
		}
		f.api.Get("/api/wex/challenges", f.driver).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Value) != 1 {
			t.Fatalf("%+v", list)
		}
		one := fmt.Sprintf("/api/wex/challenges/%d", list.Value[0].ID)
		f.api.Get("/api/wex/challenges", f.owner).ExpectStatus(t, 403)
		f.api.Post(one, map[string]any{"answer": "yes"}, f.other).ExpectStatus(t, 403)
		f.api.Do(apitest.Request{Method: "POST", Path: one, Body: map[string]any{"answer": "perhaps"}, Token: f.driver, BreaksContract: true}).
			ExpectFieldError(t, "answer", fuelportal.MsgPumpAnswer)
		f.api.Post(fmt.Sprintf("/api/wex/challenges/%d", list.Value[0].ID+1000), map[string]any{"answer": "yes"}, f.driver).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/challenges/abc", Body: map[string]any{"answer": "yes"}, Token: f.driver, BreaksContract: true}).ExpectStatus(t, 404)
		f.api.Post(one, map[string]any{"answer": "yes"}, f.driver).ExpectStatus(t, 200)
		f.api.Post(one, map[string]any{"answer": "yes"}, f.driver).ExpectStatus(t, 409)
		if res := authorize("api-ch-2"); !res.Approved || res.PumpCheck.Outcome != fuelportal.PumpConfirmed {
			t.Fatalf("retry %+v", res)
		}

		var vehicles struct {
			Value []struct {
				UnitNumber string
				LastFix    *struct{ Source string }
			}
		}
		f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &vehicles)
		seen := false
		for _, v := range vehicles.Value {
			if v.UnitNumber == card.UnitNumber {
				seen = v.LastFix != nil && v.LastFix.Source == "traccar"
			}
		}
		if !seen {
			t.Fatalf("the unit's last fix is not listed: %+v", vehicles)
		}
	})
}

// pumpCheckWithUnitAtStation turns the company's pump check on (within 1
// mile, positions fresh for 10 minutes, a stale one asks the driver) and
// reports the driver's card's unit at the fleet's station ago before now,
// through the telematics feed it returns with the card and the station.
func (f *fleet) pumpCheckWithUnitAtStation(t *testing.T, fx *fixture, ago time.Duration) (*fuelportal.Card, *fuelportal.Station, *telematics.Service) {
	t.Helper()
	ctx := context.Background()
	f.api.Put("/api/wex/company/pump-check", map[string]any{"enabled": true, "radiusMiles": 1, "freshnessMinutes": 10, "staleChoice": "challenge"}, f.owner).ExpectStatus(t, 200)
	card, err := f.db.CompanyCard(ctx, f.demoCompany, f.driverCard)
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.db.GetStation(ctx, f.station)
	if err != nil {
		t.Fatal(err)
	}
	feed := telematics.New(telematics.Deps{Store: f.db, Now: fx.clock.Now})
	if _, err := feed.Ingest(ctx, f.demoCompany, []telematics.Position{
		{DeviceUniqueID: card.UnitNumber, FixTime: fx.clock.Now().Add(-ago), Lat: st.Latitude, Lon: st.Longitude}}); err != nil {
		t.Fatal(err)
	}
	return card, st, feed
}
