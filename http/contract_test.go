package http_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/http/apitest"
)

type contractOut struct {
	Pricing, Billing                                 string
	RetailMinusCents, CreditLimit, FeePerTransaction float64
	OutOfRouteCostPerMile, CostPerStop               float64
}

// An owner sets the planner costs of their own company's contract, and only
// those: the answer and a later read carry them, the other terms and the
// other company's contract stay as they were. A driver is 403, no session
// 401.
func TestPlannerCostsPut_SetsTheCallersContract(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		const path = "/api/wex/company/contract/planner-costs"
		var before, otherBefore contractOut
		f.api.Get("/api/wex/company/contract", f.owner).ExpectStatus(t, 200).Decode(t, &before)
		f.api.Get("/api/wex/company/contract", f.other).ExpectStatus(t, 200).Decode(t, &otherBefore)

		var got contractOut
		f.api.Put(path, `{"outOfRouteCostPerMile": 1.85, "costPerStop": 150}`, f.owner).ExpectStatus(t, 200).Decode(t, &got)
		want := before
		want.OutOfRouteCostPerMile, want.CostPerStop = 1.85, 150
		if got != want {
			t.Fatalf("answer = %+v, want %+v", got, want)
		}
		var read contractOut
		f.api.Get("/api/wex/company/contract", f.owner).ExpectStatus(t, 200).Decode(t, &read)
		if read != want {
			t.Fatalf("contract after = %+v, want %+v", read, want)
		}
		c, err := f.db.Contract(context.Background(), f.demoCompany)
		if err != nil || c.OutOfRouteTenthCentsPerMile != 1850 || c.StopCostCents != 150_00 {
			t.Fatalf("stored = %+v, %v", c, err)
		}
		var other contractOut
		f.api.Get("/api/wex/company/contract", f.other).ExpectStatus(t, 200).Decode(t, &other)
		if other != otherBefore {
			t.Fatalf("Other Haulers' contract = %+v, was %+v", other, otherBefore)
		}

		// The bounds are inclusive; 0 turns the costs off.
		for _, body := range []string{`{"outOfRouteCostPerMile": 10.00, "costPerStop": 500.00}`, `{"outOfRouteCostPerMile": 0, "costPerStop": 0}`,
			`{"outOfRouteCostPerMile": 1.1e0, "costPerStop": 2.50e1}`} {
			f.api.Put(path, body, f.owner).ExpectStatus(t, 200)
		}
		if c, _ := f.db.Contract(context.Background(), f.demoCompany); c.OutOfRouteTenthCentsPerMile != 1100 || c.StopCostCents != 25_00 {
			t.Fatalf("after exponents: %+v", c)
		}

		f.api.Do(apitest.Request{Method: "PUT", Path: path, Body: `{"outOfRouteCostPerMile": 1, "costPerStop": 1}`, Token: f.driver}).ExpectStatus(t, http.StatusForbidden)
		f.api.Do(apitest.Request{Method: "PUT", Path: path, Body: `{"outOfRouteCostPerMile": 1, "costPerStop": 1}`}).ExpectStatus(t, http.StatusUnauthorized)
		if c, _ := f.db.Contract(context.Background(), f.demoCompany); c.OutOfRouteTenthCentsPerMile != 1100 || c.StopCostCents != 25_00 {
			t.Fatalf("a refused caller changed the contract: %+v", c)
		}
	})
}

// Hostile and out-of-range bodies are 400 in the error format, with the
// field's message where a field is to blame, and change nothing.
func TestPlannerCostsPut_RefusesBadValues(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		const path = "/api/wex/company/contract/planner-costs"
		f.api.Put(path, `{"outOfRouteCostPerMile": 1.25, "costPerStop": 15}`, f.owner).ExpectStatus(t, 200)
		mile, stop := "outOfRouteCostPerMile", "costPerStop"
		for _, c := range []struct {
			name, body string
			fields     map[string]string // field → message; nil: a message for the body
		}{
			{"strings", `{"outOfRouteCostPerMile": "1.5", "costPerStop": "abc"}`, map[string]string{mile: fuelportal.MsgPlannerCostNumber, stop: fuelportal.MsgPlannerCostNumber}},
			{"NaN-like strings", `{"outOfRouteCostPerMile": "NaN", "costPerStop": "Infinity"}`, map[string]string{mile: fuelportal.MsgPlannerCostNumber, stop: fuelportal.MsgPlannerCostNumber}},
			{"NaN literal", `{"outOfRouteCostPerMile": NaN, "costPerStop": 1}`, nil},
			{"booleans, lists and objects", `{"outOfRouteCostPerMile": true, "costPerStop": [1]}`, map[string]string{mile: fuelportal.MsgPlannerCostNumber, stop: fuelportal.MsgPlannerCostNumber}},
			{"missing", `{}`, map[string]string{mile: fuelportal.MsgPlannerCostRequired, stop: fuelportal.MsgPlannerCostRequired}},
			{"nulls", `{"outOfRouteCostPerMile": null, "costPerStop": null}`, map[string]string{mile: fuelportal.MsgPlannerCostRequired, stop: fuelportal.MsgPlannerCostRequired}},
			{"1e309", `{"outOfRouteCostPerMile": 1e309, "costPerStop": -1e309}`, map[string]string{mile: fuelportal.MsgOutOfRouteCostRange, stop: fuelportal.MsgStopCostRange}},
			{"a huge exponent", `{"outOfRouteCostPerMile": 1e999999999999, "costPerStop": 1e-999999999999}`, map[string]string{mile: fuelportal.MsgOutOfRouteCostRange, stop: fuelportal.MsgPlannerCostCents}},
			{"negative", `{"outOfRouteCostPerMile": -0.01, "costPerStop": -5}`, map[string]string{mile: fuelportal.MsgOutOfRouteCostRange, stop: fuelportal.MsgStopCostRange}},
			{"above the maximum", `{"outOfRouteCostPerMile": 10.01, "costPerStop": 500.001}`, map[string]string{mile: fuelportal.MsgOutOfRouteCostRange, stop: fuelportal.MsgStopCostRange}},
			{"too many decimals", `{"outOfRouteCostPerMile": 1.855, "costPerStop": 0.001}`, map[string]string{mile: fuelportal.MsgPlannerCostCents, stop: fuelportal.MsgPlannerCostCents}},
			{"one field bad", `{"outOfRouteCostPerMile": 2, "costPerStop": 12.345}`, map[string]string{stop: fuelportal.MsgPlannerCostCents}},
			{"not an object", `[1, 2]`, nil},
			{"not JSON", `{"outOfRouteCostPerMile": 1,`, nil},
			{"empty", ``, nil},
		} {
			t.Run(c.name, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "PUT", Path: path, Body: c.body, Token: f.owner, BreaksContract: true}).ExpectStatus(t, http.StatusBadRequest)
				if c.fields == nil {
					if msg := res.ErrorMessage(t); strings.TrimSpace(msg) == "" {
						t.Fatalf("no message: %s", res.Body)
					}
					return
				}
				got := res.FieldErrors(t)
				if len(got) != len(c.fields) {
					t.Fatalf("field errors = %v, want %v", got, c.fields)
				}
				for field, msg := range c.fields {
					if len(got[field]) != 1 || got[field][0] != msg {
						t.Errorf("%s: %v, want %q", field, got[field], msg)
					}
				}
			})
		}
		if c, _ := f.db.Contract(context.Background(), f.demoCompany); c.OutOfRouteTenthCentsPerMile != 1250 || c.StopCostCents != 15_00 {
			t.Fatalf("a refused body changed the contract: %+v", c)
		}
	})
}
