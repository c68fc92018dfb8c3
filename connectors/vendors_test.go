package connectors_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// geotabFake answers MyGeotab's JSON-RPC at /apiv1: Authenticate with
// credentials, Get Device, GetFeed of LogRecord and StatusData by
// version. The first GetFeed after the sign-in answers an expired
// session once (InvalidUserException), as MyGeotab does after days.
func geotabFake(t *testing.T) *fake {
	expired := true
	return newFake(t, func(_ int, c fakeCall, w http.ResponseWriter) {
		if c.Path != "/apiv1" {
			writeJSON(w, http.StatusNotFound, nil)
			return
		}
		params, _ := c.Body["params"].(map[string]any)
		invalidUser := map[string]any{"error": map[string]any{"name": "JSONRPCError", "message": "Incorrect login credentials",
			"errors": []any{map[string]any{"name": "InvalidUserException", "message": "Incorrect login credentials"}}}}
		switch c.Body["method"] {
		case "Authenticate":
			if params["userName"] != "svc@acme.test" || params["password"] != "pw" || params["database"] != "acme" {
				writeJSON(w, http.StatusOK, invalidUser)
				return
			}
			writeJSON(w, http.StatusOK, map[string]any{"jsonrpc": "2.0", "result": map[string]any{
				"credentials": map[string]any{"database": "acme", "userName": "svc@acme.test", "sessionId": "s-1"}, "path": "ThisServer"}})
			return
		}
		creds, _ := params["credentials"].(map[string]any)
		if creds["sessionId"] != "s-1" {
			writeJSON(w, http.StatusOK, invalidUser)
			return
		}
		switch {
		case c.Body["method"] == "Get" && params["typeName"] == "Device":
			writeJSON(w, http.StatusOK, map[string]any{"result": []any{
				map[string]any{"id": "b1", "name": "Truck One", "vehicleIdentificationNumber": vin},
				map[string]any{"id": "b2", "name": "U-2", "vehicleIdentificationNumber": ""},
				map[string]any{"id": "b3", "name": "Spare", "vehicleIdentificationNumber": ""},
			}})
		case c.Body["method"] == "GetFeed":
			if expired {
				expired = false
				writeJSON(w, http.StatusOK, invalidUser)
				return
			}
			from, _ := params["fromVersion"].(string)
			var data []any
			rec := func(device string, i int) map[string]any {
				return map[string]any{"id": fmt.Sprintf("r%s%d", device, i), "dateTime": base.Add(time.Duration(i) * 2 * time.Minute).Format(time.RFC3339),
					"device": map[string]any{"id": device}, "latitude": 31.0, "longitude": -100.0 + float64(i)*0.01, "speed": 29.0}
			}
			switch params["typeName"] {
			case "LogRecord":
				if from == "" {
					data = []any{rec("b1", 0), rec("b1", 1), rec("b2", 0), rec("b3", 0),
						map[string]any{"dateTime": base.Format(time.RFC3339), "device": map[string]any{"id": "b2"}, "latitude": 0, "longitude": 0}}
				} else if from == "0000000000000010" {
					data = []any{rec("b1", 2), rec("b1", 3)}
				}
				writeJSON(w, http.StatusOK, map[string]any{"result": map[string]any{"data": data, "toVersion": map[string]string{"": "0000000000000010", "0000000000000010": "0000000000000020"}[from]}})
			case "StatusData":
				if from == "" {
					data = []any{map[string]any{"dateTime": base.Format(time.RFC3339), "device": map[string]any{"id": "b1"},
						"diagnostic": map[string]any{"id": "DiagnosticOdometerId"}, "data": 500000.0}}
				}
				writeJSON(w, http.StatusOK, map[string]any{"result": map[string]any{"data": data, "toVersion": "0000000000000042"}})
			}
		default:
			writeJSON(w, http.StatusOK, map[string]any{"error": map[string]any{"message": "The method could not be found"}})
		}
	})
}

func TestGeotab_FeedsFromTheStoredVersionsAfterSigningInAgain(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		f := geotabFake(t)
		s := newService(db, "", "")
		ctx := context.Background()
		_, err := s.Save(ctx, w.company, w.owner, fuelportal.VendorGeotab, fuelportal.TelematicsConnectorInput{Token: "svc@acme.test:wrong", Database: "acme", Server: f.URL})
		if fuelportal.ErrorCode(err) != fuelportal.EINVALID || !strings.Contains(fuelportal.ErrorMessage(err), "InvalidUserException") {
			t.Fatalf("Save with a wrong password = %v, want Geotab's reason", err)
		}
		connect(t, s, w.company, w.owner, fuelportal.VendorGeotab, fuelportal.TelematicsConnectorInput{Token: "svc@acme.test:pw", Database: "acme", Server: f.URL})
		res, err := s.Pull(ctx, w.company, fuelportal.VendorGeotab)
		if err != nil {
			t.Fatalf("Pull: %v", err)
		}
		// b1 (VIN) 2 fixes, b2 (name) 1 (its 0,0 record skipped), b3 unmatched.
		if res.Ingested != 3 || fmt.Sprint(res.Unmatched) != "[Spare]" {
			t.Errorf("ingested %d, unmatched %v; want 3 and [Spare]", res.Ingested, res.Unmatched)
		}
		if _, err := s.Pull(ctx, w.company, fuelportal.VendorGeotab); err != nil {
			t.Fatalf("second Pull: %v", err)
		}
		var feeds []string
		for _, c := range f.Calls() {
			if c.Body["method"] == "GetFeed" {
				p := c.Body["params"].(map[string]any)
				feeds = append(feeds, fmt.Sprintf("%s@%v", p["typeName"], p["fromVersion"]))
			}
		}
		want := "[StatusData@<nil> StatusData@<nil> LogRecord@<nil> StatusData@0000000000000042 LogRecord@0000000000000010]"
		if fmt.Sprint(feeds) != want {
			t.Errorf("feed calls = %v, want %s", feeds, want)
		}
		if m := miles(t, db, w.byVIN); m < 1.7 || m > 1.9 {
			t.Errorf("U-1 has %.3f miles, want about 1.78", m)
		}
		if st := status(t, s, w.company, fuelportal.VendorGeotab); st.Database != "acme" || st.LastError != "" || st.Positions != 5 {
			t.Errorf("status = %+v", st)
		}
	})
}

// motiveFake answers GET /v1/vehicle_locations with X-Api-Key: two pages
// of one vehicle each. The company's system of units is metric, so speed
// (km/h) and odometers (km) come in miles only when X-Metric-Units is
// false. Truck One's gateway odometer is corrected (true_odometer); U-2
// reports no fuel level and no true odometer.
func motiveFake(t *testing.T, key string) *fake {
	return newFake(t, func(_ int, c fakeCall, w http.ResponseWriter) {
		if c.Token != key {
			writeJSON(w, http.StatusUnauthorized, map[string]any{"error_message": "Please verify your access token"})
			return
		}
		perMile := 1.609344
		if c.MetricUnits == "false" {
			perMile = 1
		}
		vehicle := func(id int, number, vin string, i int) map[string]any {
			loc := map[string]any{"lat": 31.0, "lon": -100.0 + float64(i)*0.01, "located_at": base.Add(time.Duration(i) * 2 * time.Minute).Format(time.RFC3339),
				"description": "2.0 mi NE of Ozona, TX", "bearing": 87.5, "speed": 42.5 * perMile, "odometer": 123_400.0 * perMile,
				"true_odometer": 123_456.5 * perMile, "engine_hours": 8_100.2, "fuel": 51_230.4, "fuel_primary_remaining_percentage": 61.5,
				"fuel_secondary_remaining_percentage": nil, "battery_voltage": 13.9, "type": "vehicle_moving"}
			if number == "U-2" {
				loc["speed"], loc["odometer"], loc["true_odometer"], loc["fuel_primary_remaining_percentage"] = 0.0, 98_000.0*perMile, nil, nil
			}
			return map[string]any{"vehicle": map[string]any{"id": id, "number": number, "vin": vin, "make": "Volvo", "current_location": loc}}
		}
		// Pages hold at most 2 vehicles, whatever per_page asks.
		perPage := 1
		if strings.Contains(c.Query, "per_page=100") {
			perPage = 2
		}
		switch {
		case strings.Contains(c.Query, "page_no=1"):
			vs := []any{vehicle(11, "Truck One", vin, 0), vehicle(12, "Ghost", "", 0)}
			if perPage == 1 {
				vs = vs[:1]
			}
			writeJSON(w, http.StatusOK, map[string]any{"vehicles": vs, "pagination": map[string]any{"per_page": perPage, "page_no": 1, "total": 3}})
		case strings.Contains(c.Query, "page_no=2"):
			writeJSON(w, http.StatusOK, map[string]any{"vehicles": []any{vehicle(13, "U-2", "", 1)}, "pagination": map[string]any{"per_page": 2, "page_no": 2, "total": 3}})
		default:
			writeJSON(w, http.StatusOK, map[string]any{"vehicles": []any{}, "pagination": map[string]any{"per_page": 2, "page_no": 3, "total": 3}})
		}
	})
}

func TestMotive_PagesThroughCurrentLocations(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		f := motiveFake(t, "motive-key")
		s := newService(db, "", f.URL)
		ctx := context.Background()
		if _, err := s.Save(ctx, w.company, w.owner, fuelportal.VendorMotive, fuelportal.TelematicsConnectorInput{Token: "nope"}); !strings.Contains(fuelportal.ErrorMessage(err), "Please verify your access token") {
			t.Fatalf("Save with a bad key = %v, want Motive's reason", err)
		}
		connect(t, s, w.company, w.owner, fuelportal.VendorMotive, fuelportal.TelematicsConnectorInput{Token: "motive-key"})
		res, err := s.Pull(ctx, w.company, fuelportal.VendorMotive)
		if err != nil {
			t.Fatal(err)
		}
		if res.Ingested != 2 || fmt.Sprint(res.Unmatched) != "[Ghost]" {
			t.Errorf("ingested %d, unmatched %v; want 2 and [Ghost]", res.Ingested, res.Unmatched)
		}
		// The same current locations again are duplicates, not new miles.
		if _, err := s.Pull(ctx, w.company, fuelportal.VendorMotive); err != nil {
			t.Fatal(err)
		}
		if n := positions(t, db, w.company); n != 2 {
			t.Errorf("%d positions after pulling the same locations twice, want 2", n)
		}
		for _, c := range f.Calls() {
			if c.MetricUnits != "false" {
				t.Fatalf("a call asked X-Metric-Units %q, want false (miles and mph)", c.MetricUnits)
			}
		}
		// Each unit's last fix carries Motive's speed, odometer (the true
		// one when corrected) and fuel level.
		fixes, err := db.LastFixes(ctx, w.company)
		if err != nil {
			t.Fatal(err)
		}
		near := func(p *float64, want float64) bool { return p != nil && math.Abs(*p-want) < 0.01 }
		one, two := fixes[w.byVIN], fixes[w.byName]
		if one == nil || !near(one.SpeedMph, 42.5) || !near(one.OdometerMiles, 123_456.5) || !near(one.FuelPercent, 61.5) || one.Source != string(fuelportal.VendorMotive) {
			t.Errorf("U-1's last fix = %s, want 42.5 mph, 123,456.5 miles (the true odometer), 61.5 %% fuel, from motive", describeFix(one))
		}
		if two == nil || !near(two.SpeedMph, 0) || !near(two.OdometerMiles, 98_000) || two.FuelPercent != nil {
			t.Errorf("U-2's last fix = %s, want 0 mph, 98,000 miles (the gateway's), no fuel level", describeFix(two))
		}
	})
}

func describeFix(f *fuelportal.LastFix) string {
	if f == nil {
		return "none"
	}
	show := func(p *float64) string {
		if p == nil {
			return "nil"
		}
		return fmt.Sprint(*p)
	}
	return fmt.Sprintf("{at %s, speed %s mph, odometer %s mi, fuel %s %%, source %s}", f.At, show(f.SpeedMph), show(f.OdometerMiles), show(f.FuelPercent), f.Source)
}
