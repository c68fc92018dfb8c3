package http_test

import (
	"context"
	"fmt"
	"net/http"
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

func TestPumpChallenge_OverTheAPI(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
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
		// The card's unit last reported an hour ago, at the station.
		now := fx.clock.Now()
		if _, err := telematics.New(telematics.Deps{Store: f.db, Now: fx.clock.Now}).Ingest(ctx, f.demoCompany, []telematics.Position{
			{DeviceUniqueID: card.UnitNumber, FixTime: now.Add(-time.Hour), Lat: st.Latitude, Lon: st.Longitude}}); err != nil {
			t.Fatal(err)
		}
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
