package http_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"fuelportal/http/apitest"
	"fuelportal/jurisdiction"
)

type ingestResult struct {
	Received, Stored, Duplicates, DroppedJumps, BridgedGaps, UnknownDevices int
	UnknownDeviceIds                                                        []string
}

type mileageBody struct {
	TotalMiles float64
	Days       []struct {
		Date                       string
		StartOdometer, EndOdometer *float64
		Miles                      []struct {
			Jurisdiction, Source string
			Miles                float64
		}
	}
}

// traccarFix is one position as Traccar forwards it.
func traccarFix(unit string, at time.Time, lat, lon float64, odometerMeters float64) map[string]any {
	return map[string]any{
		"position": map[string]any{"id": 1, "deviceId": 7, "protocol": "osmand", "fixTime": at.UTC().Format("2006-01-02T15:04:05.000+00:00"),
			"latitude": lat, "longitude": lon, "speed": 52.1, "course": 90, "valid": true,
			"attributes": map[string]any{"odometer": odometerMeters, "totalDistance": 1.5, "motion": true}},
		"device": map[string]any{"id": 7, "uniqueId": unit, "name": "Truck " + unit, "status": "online"},
	}
}

func postTraccar(api *apitest.API, token string, body any) *apitest.Response {
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return api.Do(apitest.Request{Method: "POST", Path: "/api/telematics/traccar", Body: body, Header: h})
}

// dallasToShreveport is a drive east on I-20 at 60 mph, a fix every ten
// minutes (ten miles), crossing from Texas into Louisiana.
func dallasToShreveport(start time.Time) (times []time.Time, points []jurisdiction.Point) {
	from, to := jurisdiction.Point{Lat: 32.78, Lon: -96.80}, jurisdiction.Point{Lat: 32.52, Lon: -93.75}
	const n = 18
	for i := 0; i <= n; i++ {
		f := float64(i) / n
		points = append(points, jurisdiction.Point{Lat: from.Lat + f*(to.Lat-from.Lat), Lon: from.Lon + f*(to.Lon-from.Lon)})
		times = append(times, start.Add(time.Duration(i)*10*time.Minute))
	}
	return times, points
}

// TestTelematics_Ingest: token auth and rotation, isolation between
// companies, the array form, duplicates, out-of-order fixes, a jump
// dropped, a gap bridged, bad input 400s, and the rollup matching
// jurisdiction.Miles of the same polyline; the return counts them.
func TestTelematics_Ingest(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var mine, theirs vehicleBody
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("TRK-1"), f.owner).ExpectStatus(t, 201).Decode(t, &mine)
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("TRK-1"), f.other).ExpectStatus(t, 201).Decode(t, &theirs)

		// Tokens: owners only, shown once, rotated.
		f.api.Post("/api/wex/company/telematics/token", nil, f.driver).ExpectStatus(t, 403)
		var tok, otherTok struct{ Token string }
		f.api.Post("/api/wex/company/telematics/token", nil, f.owner).ExpectStatus(t, 200).Decode(t, &tok)
		f.api.Post("/api/wex/company/telematics/token", nil, f.other).ExpectStatus(t, 200).Decode(t, &otherTok)
		if tok.Token == "" || tok.Token == otherTok.Token {
			t.Fatalf("tokens %q and %q", tok.Token, otherTok.Token)
		}
		var settings struct {
			ForwardPath    string
			TokenCreatedAt *string
		}
		f.api.Get("/api/wex/company/telematics", f.owner).ExpectStatus(t, 200).Decode(t, &settings)
		if settings.ForwardPath != "/api/telematics/traccar" || settings.TokenCreatedAt == nil {
			t.Fatalf("settings %+v", settings)
		}

		start := fx.db.Now().UTC().Add(-6 * time.Hour).Truncate(time.Second)
		times, points := dallasToShreveport(start)
		fix := func(i int) map[string]any {
			return traccarFix("TRK-1", times[i], points[i].Lat, points[i].Lon, 1_000_000+float64(i)*16093.44)
		}
		postTraccar(f.api, "", fix(0)).ExpectStatus(t, 401)
		postTraccar(f.api, "tlm_not-a-token", fix(0)).ExpectStatus(t, 401)
		postTraccar(f.api, f.owner, fix(0)).ExpectStatus(t, 401) // a user's token is not a telematics token

		// One position, then an array without fix 9 (sent later, out of order).
		var res ingestResult
		postTraccar(f.api, tok.Token, fix(0)).ExpectStatus(t, 200).Decode(t, &res)
		if res.Received != 1 || res.Stored != 1 {
			t.Fatalf("single: %+v", res)
		}
		var batch []map[string]any
		for i := 1; i < len(points); i++ {
			if i != 9 {
				batch = append(batch, fix(i))
			}
		}
		postTraccar(f.api, tok.Token, batch).ExpectStatus(t, 200).Decode(t, &res)
		if res.Stored != len(points)-2 || res.DroppedJumps != 0 || res.BridgedGaps != 0 {
			t.Fatalf("array: %+v", res)
		}
		postTraccar(f.api, tok.Token, []map[string]any{fix(9), fix(3)}).ExpectStatus(t, 200).Decode(t, &res)
		if res.Stored != 1 || res.Duplicates != 1 {
			t.Fatalf("out of order and duplicate: %+v", res)
		}

		day0 := start.Add(-48 * time.Hour).Format(time.DateOnly)
		day1 := start.Add(48 * time.Hour).Format(time.DateOnly)
		mileagePath := fmt.Sprintf("/api/wex/company/vehicles/%d/mileage?dateFrom=%s&dateTo=%s", mine.ID, day0, day1)
		checkMiles := func(want map[string]float64) {
			t.Helper()
			var m mileageBody
			f.api.Get(mileagePath, f.owner).ExpectStatus(t, 200).Decode(t, &m)
			got := map[string]float64{}
			for _, d := range m.Days {
				for _, mi := range d.Miles {
					if mi.Source != "telematics" {
						t.Errorf("source %q", mi.Source)
					}
					got[mi.Jurisdiction] += mi.Miles
				}
			}
			for code, w := range want {
				if math.Abs(got[code]-w) > 0.15 {
					t.Errorf("%s: rolled up %.2f miles, jurisdiction.Miles %.2f", code, got[code], w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("jurisdictions %v, want %v", got, want)
			}
		}
		want := jurisdiction.Miles(points)
		if want["TX"] < 100 || want["LA"] < 10 {
			t.Fatalf("the route should cross into Louisiana: %v", want)
		}
		checkMiles(want)

		// A jump (Chicago a minute later) is dropped; a gap of two hours
		// at 50 mph is bridged and counted.
		last := len(points) - 1
		postTraccar(f.api, tok.Token, traccarFix("TRK-1", times[last].Add(time.Minute), 41.88, -87.63, 0)).ExpectStatus(t, 200).Decode(t, &res)
		if res.DroppedJumps != 1 {
			t.Fatalf("jump: %+v", res)
		}
		east := jurisdiction.Point{Lat: 32.45, Lon: -92.15} // Monroe, LA: about 95 miles on
		postTraccar(f.api, tok.Token, traccarFix("TRK-1", times[last].Add(2*time.Hour), east.Lat, east.Lon, 0)).ExpectStatus(t, 200).Decode(t, &res)
		if res.BridgedGaps != 1 || res.DroppedJumps != 0 {
			t.Fatalf("gap: %+v", res)
		}
		want = jurisdiction.Miles(append(append([]jurisdiction.Point(nil), points...), east))
		checkMiles(want)

		// The other company's token writes to its own TRK-1 only, and does
		// not know this company's other units.
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("OURS-ONLY"), f.owner).ExpectStatus(t, 201)
		postTraccar(f.api, otherTok.Token, []map[string]any{fix(0), traccarFix("OURS-ONLY", times[0], 32.78, -96.80, 0)}).ExpectStatus(t, 200).Decode(t, &res)
		if res.Stored != 1 || res.UnknownDevices != 1 || len(res.UnknownDeviceIds) != 1 || res.UnknownDeviceIds[0] != "OURS-ONLY" {
			t.Fatalf("other company: %+v", res)
		}
		checkMiles(want)
		f.api.Get(fmt.Sprintf("/api/wex/company/vehicles/%d/mileage?dateFrom=%s&dateTo=%s", mine.ID, day0, day1), f.other).ExpectStatus(t, 404)

		// A unit number that is no sheet name (slashes, brackets, 50
		// characters) still downloads its mileage as a spreadsheet.
		var odd struct{ ID int64 }
		f.api.Post("/api/wex/company/vehicles", map[string]any{"unitNumber": "TRK/12:[A]*?" + strings.Repeat("9", 38), "fuelType": "diesel",
			"tankCapacityGallons": 150}, f.owner).ExpectStatus(t, 201).Decode(t, &odd)
		f.api.Get(fmt.Sprintf("/api/wex/company/vehicles/%d/mileage?dateFrom=%s&dateTo=%s&format=xlsx", odd.ID, day0, day1), f.owner).ExpectStatus(t, 200)

		// The return takes them first, with the warnings: a manual entry
		// of the unit's day is not counted.
		loc, _ := time.LoadLocation("America/Chicago")
		at := start.In(loc)
		f.api.Post("/api/wex/company/ifta/miles", map[string]any{"unitNumber": "TRK-1", "date": at.Format(time.DateOnly), "jurisdiction": "TX", "miles": 500}, f.owner).ExpectStatus(t, 201)
		var ret struct {
			Warnings []struct{ Code, Message string }
			Sources  struct{ TelematicsVehicleDays, SupersededByTelematics int }
		}
		f.api.Get(fmt.Sprintf("/api/wex/company/ifta/returns?year=%d&quarter=%d&fuelType=diesel", at.Year(), (int(at.Month())+2)/3), f.owner).ExpectStatus(t, 200).Decode(t, &ret)
		codes := map[string]bool{}
		for _, w := range ret.Warnings {
			codes[w.Code] = true
		}
		if ret.Sources.TelematicsVehicleDays == 0 || ret.Sources.SupersededByTelematics != 1 || !codes["telematics_jumps_dropped"] || !codes["telematics_gaps_bridged"] {
			t.Errorf("return: sources %+v, warnings %v", ret.Sources, codes)
		}

		// A vehicle with positions is kept; to another company it is not
		// found (404, not the 409 that would tell it exists).
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/vehicles/%d", mine.ID), Token: f.other}).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/vehicles/%d", mine.ID), Token: f.owner}).ExpectStatus(t, 409)

		// Rotation: the old token stops working.
		var rotated struct{ Token string }
		f.api.Post("/api/wex/company/telematics/token", nil, f.owner).ExpectStatus(t, 200).Decode(t, &rotated)
		postTraccar(f.api, tok.Token, fix(0)).ExpectStatus(t, 401)
		postTraccar(f.api, rotated.Token, fix(0)).ExpectStatus(t, 200).Decode(t, &res)
		if res.Duplicates != 1 {
			t.Fatalf("resend after rotation: %+v", res)
		}

		// Bad input: 400 naming the position, nothing stored.
		bad := func(body any, field string) {
			t.Helper()
			r := f.api.Do(apitest.Request{Method: "POST", Path: "/api/telematics/traccar", Body: body, BreaksContract: true,
				Header: http.Header{"Authorization": {"Bearer " + rotated.Token}}})
			r.ExpectStatus(t, 400)
			if field != "" {
				if _, ok := r.FieldErrors(t)[field]; !ok {
					t.Errorf("%s: field errors %v", field, r.FieldErrors(t))
				}
			}
		}
		farOff := traccarFix("TRK-1", times[0], 95, -96.8, 0)
		bad([]map[string]any{fix(1), farOff}, "positions[1].latitude")
		noTime := fix(2)
		delete(noTime["position"].(map[string]any), "fixTime")
		bad(noTime, "positions[0].fixTime")
		future := traccarFix("TRK-1", fx.db.Now().Add(72*time.Hour), 32, -96, 0)
		bad(future, "positions[0].fixTime")
		bad(`{"position":`, "")
		bad(`"text"`, "")
		bad(`[]`, "positions")
		var tooMany []map[string]any
		for i := range 1001 {
			tooMany = append(tooMany, traccarFix("TRK-1", start.Add(time.Duration(i)*time.Second), 32, -96, 0))
		}
		b, _ := json.Marshal(tooMany)
		bad(string(b), "positions")
		if !strings.HasPrefix(rotated.Token, "tlm_") {
			t.Errorf("token %q", rotated.Token)
		}
	})
}

// TestTelematics_TraccarFuelLevelReachesTheLastFix: Traccar's fuelLevel
// (else fuel) attribute in percent is the vehicle's last fix's fuel level;
// a value that is no percent (liters, text) is ignored and the position
// kept.
func TestTelematics_TraccarFuelLevelReachesTheLastFix(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("TRK-F"), f.owner).ExpectStatus(t, 201)
		var tok struct{ Token string }
		f.api.Post("/api/wex/company/telematics/token", nil, f.owner).ExpectStatus(t, 200).Decode(t, &tok)
		now := fx.db.Now().UTC().Truncate(time.Second)
		fuel := func() *float64 {
			var list struct {
				Value []struct {
					UnitNumber string
					LastFix    *struct{ FuelPercent *float64 }
				}
			}
			f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &list)
			for _, v := range list.Value {
				if v.UnitNumber == "TRK-F" && v.LastFix != nil {
					return v.LastFix.FuelPercent
				}
			}
			t.Fatal("no last fix")
			return nil
		}
		for i, c := range []struct {
			attrs map[string]any
			want  float64 // -1: none
		}{
			{map[string]any{"fuelLevel": 42.5, "fuel": 80}, 42.5},
			{map[string]any{"fuel": 61}, 61},
			{map[string]any{"fuel": 350}, -1},    // liters
			{map[string]any{"fuel": "half"}, -1}, // not a number
		} {
			body := traccarFix("TRK-F", now.Add(time.Duration(i-10)*time.Minute), 32.78, -96.80, 1000)
			body["position"].(map[string]any)["attributes"] = c.attrs
			var res ingestResult
			postTraccar(f.api, tok.Token, body).ExpectStatus(t, 200).Decode(t, &res)
			if res.Stored != 1 {
				t.Fatalf("%v: %+v", c.attrs, res)
			}
			if got := fuel(); c.want < 0 && got != nil || c.want >= 0 && (got == nil || *got != c.want) {
				t.Fatalf("%v: fuel %v, want %v", c.attrs, got, c.want)
			}
		}
	})
}
