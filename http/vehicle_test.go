package http_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

type vehicleBody struct {
	ID                  int64
	UnitNumber          string
	VIN                 string
	Plate               string
	PlateState          string
	FuelType            string
	TankCapacityGallons float64
	IFTAQualified       bool
	Active              bool
	CreatedAt           string
	Cards               []struct{ CardNumber, DriverName string }
}

type vehicleList struct{ Value []vehicleBody }

const testVIN = "1M8GDM9AXKP042788"

func newVehicleJSON(unit string) map[string]any {
	return map[string]any{"unitNumber": unit, "vin": testVIN, "plate": "P 4410", "plateState": "FL", "fuelType": "diesel",
		"tankCapacityGallons": 150.5, "iftaQualified": true, "active": true}
}

func postCSV(f *fleet, body, token string) *apitest.Response {
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/vehicles/import", Body: body, Token: token,
		Header: http.Header{"Content-Type": {"text/csv"}}})
}

// postBadCSV sends a body that is not a CSV file of consistent rows, as
// the contract's text/csv asks.
func postBadCSV(f *fleet, body, token string) *apitest.Response {
	return f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/vehicles/import", Body: body, Token: token,
		Header: http.Header{"Content-Type": {"text/csv"}}, BreaksContract: true})
}

// TestVehicles_RoleMatrixAndIsolation: owners only; drivers 403; signed
// out 401; another company's vehicle 404 for every verb, as is a missing id.
func TestVehicles_RoleMatrixAndIsolation(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var mine vehicleBody
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("ISO-1"), f.owner).ExpectStatus(t, 201).Decode(t, &mine)
		one := fmt.Sprintf("/api/wex/company/vehicles/%d", mine.ID)
		routes := []struct {
			method, path string
			body         any
			ok           int
			idPath       bool
		}{
			{"GET", "/api/wex/company/vehicles", nil, 200, false},
			{"POST", "/api/wex/company/vehicles", newVehicleJSON("ISO-2"), 201, false},
			{"GET", one, nil, 200, true},
			{"PUT", one, newVehicleJSON("ISO-1"), 200, true},
			{"DELETE", one, nil, 204, true},
		}
		for _, r := range routes {
			t.Run(r.method+" "+r.path, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body}).ExpectStatus(t, 401)
				f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body, Token: f.driver}).ExpectStatus(t, 403)
				if r.idPath {
					f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body, Token: f.other}).ExpectStatus(t, 404)
					for _, missing := range []string{"/api/wex/company/vehicles/999999", "/api/wex/company/vehicles/abc", "/api/wex/company/vehicles/-1"} {
						f.api.Do(apitest.Request{Method: r.method, Path: missing, Body: r.body, Token: f.owner}).ExpectStatus(t, 404)
					}
				}
				f.api.Do(apitest.Request{Method: r.method, Path: r.path, Body: r.body, Token: f.owner}).ExpectStatus(t, r.ok)
			})
		}
		t.Run("import", func(t *testing.T) {
			csv := "unitNumber,vin,plate,plateState,fuelType,tankCapacityGallons,iftaQualified,active\nISO-3,,,,diesel,100,,\n"
			postCSV(f, csv, "").ExpectStatus(t, 401)
			postCSV(f, csv, f.driver).ExpectStatus(t, 403)
			postCSV(f, csv, f.other).ExpectStatus(t, 200)
			postCSV(f, csv, f.owner).ExpectStatus(t, 200)
		})
		t.Run("each company lists only its own vehicles and cards", func(t *testing.T) {
			var ours, theirs vehicleList
			f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &ours)
			f.api.Get("/api/wex/company/vehicles", f.other).ExpectStatus(t, 200).Decode(t, &theirs)
			ourCards, theirCards := map[string]bool{}, map[string]bool{}
			for _, p := range demo.CardPlans[demo.DemoFreight.Name] {
				ourCards[p.CardNumber] = true
			}
			for _, p := range demo.CardPlans[demo.OtherHaulers.Name] {
				theirCards[p.CardNumber] = true
			}
			ids := map[int64]bool{}
			for _, v := range ours.Value {
				ids[v.ID] = true
				for _, c := range v.Cards {
					if !ourCards[c.CardNumber] {
						t.Errorf("our vehicle %s shows card %s", v.UnitNumber, c.CardNumber)
					}
				}
			}
			for _, v := range theirs.Value {
				if ids[v.ID] {
					t.Errorf("both companies list vehicle %d", v.ID)
				}
				for _, c := range v.Cards {
					if !theirCards[c.CardNumber] {
						t.Errorf("their vehicle %s shows card %s", v.UnitNumber, c.CardNumber)
					}
				}
			}
			if len(theirs.Value) != len(demo.CardPlans[demo.OtherHaulers.Name])+1 { // the demo's and ISO-3
				t.Errorf("other company lists %d vehicles", len(theirs.Value))
			}
		})
	})
}

func TestVehicles_CreateReadUpdateDelete(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		card := demo.CardPlans[demo.DemoFreight.Name][0]
		// The demo has a vehicle on every card's unit: free the first one's.
		var list vehicleList
		f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &list)
		for _, v := range list.Value {
			if v.UnitNumber == card.UnitNumber {
				if len(v.Cards) != 1 || v.Cards[0].CardNumber != card.CardNumber || v.Cards[0].DriverName == "" {
					t.Fatalf("demo vehicle %s cards = %+v", v.UnitNumber, v.Cards)
				}
				f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/vehicles/%d", v.ID), Token: f.owner}).ExpectStatus(t, 204)
			}
		}

		body := newVehicleJSON(" " + card.UnitNumber + " ")
		body["vin"], body["plate"], body["plateState"] = strings.ToLower(testVIN), "ab-12", "on"
		var created vehicleBody
		f.api.Post("/api/wex/company/vehicles", body, f.owner).ExpectStatus(t, 201).Decode(t, &created)
		if created.UnitNumber != card.UnitNumber || created.VIN != testVIN || created.Plate != "AB-12" || created.PlateState != "ON" ||
			created.TankCapacityGallons != 150.5 || !created.IFTAQualified || !created.Active || !strings.HasSuffix(created.CreatedAt, "Z") {
			t.Fatalf("created = %+v", created)
		}
		if len(created.Cards) != 1 || created.Cards[0].CardNumber != card.CardNumber {
			t.Fatalf("cards = %+v", created.Cards)
		}
		one := fmt.Sprintf("/api/wex/company/vehicles/%d", created.ID)

		t.Run("a taken unit number is a 409 on the field", func(t *testing.T) {
			res := f.api.Post("/api/wex/company/vehicles", newVehicleJSON(card.UnitNumber), f.owner).ExpectStatus(t, 409)
			if got := res.FieldErrors(t)["unitNumber"]; len(got) != 1 || got[0] != fuelportal.MsgUnitNumberTaken {
				t.Fatalf("field errors = %s", res.Body)
			}
		})
		t.Run("update replaces every field; absent flags take their defaults", func(t *testing.T) {
			var got vehicleBody
			f.api.Put(one, map[string]any{"unitNumber": "PICKUP 7", "fuelType": "gasoline", "tankCapacityGallons": 30}, f.owner).
				ExpectStatus(t, 200).Decode(t, &got)
			if got.UnitNumber != "PICKUP 7" || got.VIN != "" || got.Plate != "" || got.FuelType != "gasoline" || got.TankCapacityGallons != 30 ||
				got.IFTAQualified || !got.Active || len(got.Cards) != 0 {
				t.Fatalf("updated = %+v", got)
			}
			var read vehicleBody
			f.api.Get(one, f.owner).ExpectStatus(t, 200).Decode(t, &read)
			if read.UnitNumber != "PICKUP 7" {
				t.Fatalf("read back = %+v", read)
			}
			other := list.Value[len(list.Value)-1].UnitNumber
			res := f.api.Put(one, newVehicleJSON(other), f.owner).ExpectStatus(t, 409)
			if res.FieldErrors(t)["unitNumber"] == nil {
				t.Fatalf("taking %s: %s", other, res.Body)
			}
		})
		t.Run("delete", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "DELETE", Path: one, Token: f.owner}).ExpectStatus(t, 204)
			f.api.Get(one, f.owner).ExpectStatus(t, 404)
		})
	})
}

// TestVehicles_HostileInput: nonsense is a 400 naming the field, never a 500.
func TestVehicles_HostileInput(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		with := func(field string, value any) map[string]any {
			b := newVehicleJSON("HOSTILE")
			if value == nil {
				delete(b, field)
			} else {
				b[field] = value
			}
			return b
		}
		for _, tc := range []struct {
			name     string
			body     any
			field    string
			message  string
			breaking bool // the contract forbids the body itself
		}{
			{"empty unit number", with("unitNumber", ""), "unitNumber", fuelportal.MsgUnitNumberRequired, true},
			{"blank unit number", with("unitNumber", "   "), "unitNumber", fuelportal.MsgUnitNumberRequired, false},
			{"long unit number", with("unitNumber", strings.Repeat("U", 51)), "unitNumber", "Unit number must not exceed 50 characters", true},
			{"control character", with("unitNumber", "A\u0007"), "unitNumber", fuelportal.MsgTextControlChars, true},
			{"IFTA-qualified without VIN", with("vin", ""), "vin", fuelportal.MsgVINRequired, false},
			{"VIN with a wrong check digit", with("vin", "1M8GDM9A1KP042788"), "vin", fuelportal.MsgVINCheckDigit, false},
			{"VIN with I", with("vin", "1M8GDM9AXKP04278I"), "vin", fuelportal.MsgVINInvalid, false},
			{"VIN too long", with("vin", testVIN+"1"), "vin", fuelportal.MsgVINInvalid, true},
			{"unknown state", with("plateState", "ZZ"), "plateState", fuelportal.MsgPlateStateInvalid, false},
			{"plate without state", with("plateState", ""), "plateState", fuelportal.MsgPlateStateRequired, false},
			{"plate with symbols", with("plate", "AB$1"), "plate", fuelportal.MsgPlateInvalid, false},
			{"unknown fuel", with("fuelType", "jet"), "fuelType", fuelportal.MsgFuelTypeInvalid, true},
			{"no tank", with("tankCapacityGallons", nil), "tankCapacityGallons", fuelportal.MsgTankCapacityBounds, true},
			{"tank zero", with("tankCapacityGallons", 0), "tankCapacityGallons", fuelportal.MsgTankCapacityBounds, true},
			{"tank negative", with("tankCapacityGallons", -5), "tankCapacityGallons", fuelportal.MsgTankCapacityBounds, true},
			{"tank huge", with("tankCapacityGallons", 1e300), "tankCapacityGallons", fuelportal.MsgTankCapacityBounds, true},
			{"flag as text", with("active", "yes"), "active", "Must be a boolean", true},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/vehicles", Body: tc.body, Token: f.owner, BreaksContract: tc.breaking})
				res.ExpectFieldError(t, tc.field, tc.message)
			})
		}
		t.Run("not JSON", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/vehicles", Body: "{", Token: f.owner, BreaksContract: true}).ExpectStatus(t, 400)
		})
	})
}

const fleetHeader = "unitNumber,vin,plate,plateState,fuelType,tankCapacityGallons,iftaQualified,active\n"

type importBody struct{ Rows, Created, Updated int }

func TestVehicles_Import(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		first := demo.CardPlans[demo.DemoFreight.Name][0].UnitNumber
		var before vehicleList
		f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &before)

		t.Run("known units are updated, new ones created", func(t *testing.T) {
			csv := fleetHeader + first + ",,,,gasoline,44.5,no,yes\r\nNEW-1," + testVIN + ",X 1,QC,diesel,200,yes,\r\n"
			var got importBody
			postCSV(f, csv, f.owner).ExpectStatus(t, 200).Decode(t, &got)
			if got != (importBody{Rows: 2, Created: 1, Updated: 1}) {
				t.Fatalf("import = %+v", got)
			}
			var after vehicleList
			f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &after)
			if len(after.Value) != len(before.Value)+1 {
				t.Fatalf("%d vehicles after import, %d before", len(after.Value), len(before.Value))
			}
			for _, v := range after.Value {
				switch v.UnitNumber {
				case first:
					if v.FuelType != "gasoline" || v.TankCapacityGallons != 44.5 || v.VIN != "" || len(v.Cards) != 1 {
						t.Errorf("updated = %+v", v)
					}
				case "NEW-1":
					if v.PlateState != "QC" || !v.IFTAQualified || !v.Active {
						t.Errorf("created = %+v", v)
					}
				}
			}
		})
		t.Run("a bad line saves nothing and names every problem by line", func(t *testing.T) {
			csv := fleetHeader + "NEW-2,,,,diesel,100,,\nNEW-3,,,,jet,0,,\nNEW-2,,,,diesel,100,,\n"
			res := postCSV(f, csv, f.owner).ExpectStatus(t, 400)
			fields := res.FieldErrors(t)
			for _, key := range []string{"line 3: fuelType", "line 3: tankCapacityGallons", "line 4: unitNumber"} {
				if len(fields[key]) == 0 {
					t.Errorf("no %q in %s", key, res.Body)
				}
			}
			f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200)
			var list vehicleList
			f.api.Get("/api/wex/company/vehicles", f.owner).Decode(t, &list)
			for _, v := range list.Value {
				if v.UnitNumber == "NEW-2" {
					t.Fatal("a refused list saved NEW-2")
				}
			}
		})
		t.Run("bad files are 400", func(t *testing.T) {
			var many strings.Builder
			many.WriteString(fleetHeader)
			for i := range fuelportal.MaxVehiclesImported + 1 {
				fmt.Fprintf(&many, "M-%d,,,,diesel,100,,\n", i)
			}
			for name, body := range map[string]string{
				"empty":          "",
				"header only":    fleetHeader,
				"missing column": "unitNumber,fuelType\nA,diesel\n",
				"too many rows":  many.String(),
				"too large":      fleetHeader + strings.Repeat("#", 300<<10) + "\n",
				"not UTF-8":      fleetHeader + "A\xff,,,,diesel,100,,\n",
			} {
				t.Run(name, func(t *testing.T) {
					postBadCSV(f, body, f.owner).ExpectStatus(t, 400)
				})
			}
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/vehicles/import", Body: `{"a":1}`, Token: f.owner, BreaksContract: true}).
				ExpectStatus(t, 400)
		})
	})
}
