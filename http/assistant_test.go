package http_test

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal/http/apitest"
	"fuelportal/trips"
)

// planForm is a valid planner form for a route.
func planForm(route []map[string]float64) map[string]any {
	return map[string]any{"amountOfFuel": 60, "trunkCapacity": 200, "routePoints": route, "searchRadius": 5, "minGallonsPurchase": 5}
}

func TestPlan_IsNoDearerThanNaive(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		route := routePoints(builtinRoute(t, losAngeles, jacksonvill))
		var res struct {
			FuelPlan []struct {
				Location                   station
				Gallons, Cost, ArrivalFuel float64
				AlongMiles                 float64
			}
			TotalCost, TotalGallons      float64
			NaiveCost, NaivetotalGallons *float64
		}
		f.api.Post("/api/assistant/plan", planForm(route), token).ExpectStatus(t, http.StatusOK).Decode(t, &res)
		if len(res.FuelPlan) < 2 || res.NaiveCost == nil {
			t.Fatalf("plan = %+v", res)
		}
		if res.TotalCost > *res.NaiveCost {
			t.Fatalf("plan costs %.2f, naive %.2f", res.TotalCost, *res.NaiveCost)
		}
		sum := 0.0
		for i, stop := range res.FuelPlan {
			sum += stop.Cost
			if stop.ArrivalFuel < 20-0.05 || stop.Location.AlongMiles == nil || stop.Gallons < 5 {
				t.Fatalf("stop %d breaks the reserve or minimum: %+v", i, stop)
			}
			if i > 0 && res.FuelPlan[i-1].AlongMiles > stop.AlongMiles {
				t.Fatalf("stops not in route order")
			}
		}
		if fmt.Sprintf("%.2f", sum) != fmt.Sprintf("%.2f", res.TotalCost) {
			t.Fatalf("stops add up to %.2f, total %.2f", sum, res.TotalCost)
		}
		t.Logf("plan: %d stops, $%.2f for %.1f gal; naive $%.2f for %.1f gal", len(res.FuelPlan), res.TotalCost, res.TotalGallons, *res.NaiveCost, *res.NaivetotalGallons)
	})
}

func TestPlan_ImpossibleTripNamesTheGap(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		form := planForm(routePoints(builtinRoute(t, losAngeles, jacksonvill)))
		form["chainCodes"] = []string{"KWIK_TRIP"} // none in the south-west
		res := f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusUnprocessableEntity)
		msg := res.ErrorMessage(t)
		if !regexp.MustCompile(`^No station within range between mile [\d,]+ and mile [\d,]+ \(gap [\d,]+ mi, range [\d,]+ mi\)$`).MatchString(msg) {
			t.Fatalf("message %q", msg)
		}
	})
}

func TestPlan_FormRulesAreFieldErrors(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		route := routePoints(builtinRoute(t, dallas, amarillo))
		tests := []struct {
			name    string
			change  map[string]any
			field   string
			message string
		}{
			{"tank capacity missing", map[string]any{"trunkCapacity": nil}, "trunkCapacity", "Tank capacity is required"},
			{"tank capacity not a number", map[string]any{"trunkCapacity": "lots"}, "trunkCapacity", "Tank capacity must be a number"},
			{"tank capacity zero", map[string]any{"trunkCapacity": 0}, "trunkCapacity", "Tank capacity must be positive"},
			{"current fuel missing", map[string]any{"amountOfFuel": nil}, "amountOfFuel", "Current fuel is required"},
			{"current fuel not a number", map[string]any{"amountOfFuel": "half"}, "amountOfFuel", "Current fuel must be a number"},
			{"current fuel negative", map[string]any{"amountOfFuel": -1}, "amountOfFuel", "Current fuel cannot be negative"},
			{"current fuel above the tank", map[string]any{"amountOfFuel": 201}, "amountOfFuel", "Current fuel cannot exceed tank capacity"},
			{"search radius zero", map[string]any{"searchRadius": 0}, "searchRadius", "Search radius must be positive"},
			{"search radius missing", map[string]any{"searchRadius": nil}, "searchRadius", "Search radius must be positive"},
			{"min gallons negative", map[string]any{"minGallonsPurchase": -5}, "minGallonsPurchase", "Min gallons purchase must be positive"},
			{"route of one point", map[string]any{"routePoints": route[:1]}, "routePoints", "A route needs at least 2 points"},
			{"reserve above the tank", map[string]any{"reserveGallons": 250}, "reserveGallons", "Reserve gallons must be below tank capacity"},
			// The domain (openapi.json PlanRequest): numbers that only an
			// attacker sends, which used to exhaust the optimizer.
			{"tank above 400 gallons", map[string]any{"trunkCapacity": 401}, "trunkCapacity", "Tank capacity must not exceed 400 gallons"},
			{"a million-gallon tank", map[string]any{"trunkCapacity": 1e6, "amountOfFuel": 1e5, "searchRadius": 100}, "trunkCapacity", "Tank capacity must not exceed 400 gallons"},
			{"tank as a huge numeric string", map[string]any{"trunkCapacity": "1e308"}, "trunkCapacity", "Tank capacity must not exceed 400 gallons"},
			{"min purchase under a gallon", map[string]any{"minGallonsPurchase": 0.001}, "minGallonsPurchase", "Min gallons purchase must be at least 1 gallon"},
			{"min purchase 1e-300", map[string]any{"minGallonsPurchase": 1e-300}, "minGallonsPurchase", "Min gallons purchase must be at least 1 gallon"},
			{"min purchase above the usable tank", map[string]any{"minGallonsPurchase": 190}, "minGallonsPurchase", "Min gallons purchase cannot exceed tank capacity less the reserve"},
			{"mpg under 1", map[string]any{"mpg": 0.001}, "mpg", "Mpg must be between 1 and 30"},
			{"mpg over 30", map[string]any{"mpg": 1e9}, "mpg", "Mpg must be between 1 and 30"},
			{"mpg zero", map[string]any{"mpg": 0}, "mpg", "Mpg must be positive"},
			{"search radius over 100 miles", map[string]any{"searchRadius": 1e6}, "searchRadius", "Search radius must not exceed 100 miles"},
			{"reserve negative", map[string]any{"reserveGallons": -1}, "reserveGallons", "Reserve gallons cannot be negative"},
			{"too many chain codes", map[string]any{"chainCodes": slices.Repeat([]string{"PILOT"}, 101)}, "chainCodes", "At most 100 chain codes can be selected"},
			{"a huge chain code", map[string]any{"chainCodes": []string{strings.Repeat("X", 65)}}, "chainCodes", "Must not exceed 64 characters"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				form := planForm(route)
				for k, v := range tt.change {
					form[k] = v
				}
				res := f.api.Do(apitest.Request{Method: "POST", Path: "/api/assistant/plan", Body: form, Token: token, BreaksContract: true})
				res.ExpectFieldError(t, tt.field, tt.message)
			})
		}
	})
}

func TestPlan_DomainEdgesAreAccepted(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		form := planForm(routePoints(builtinRoute(t, dallas, amarillo)))
		form["trunkCapacity"], form["amountOfFuel"], form["minGallonsPurchase"], form["mpg"], form["searchRadius"] = 400, 400, 1, 30, 100
		f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK)
		form["amountOfFuel"], form["mpg"] = 40, 1
		f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK)
	})
}

func TestPlan_OverTheConcurrencyCapIs503WithRetryAfter(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.srv.Trips.Slots = trips.NewSlots(2)
		token := f.signIn(t)
		form := planForm(routePoints(builtinRoute(t, dallas, amarillo)))
		release := takeSlots(t, f.srv.Trips.Slots, 2)
		res := f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusServiceUnavailable)
		if msg := res.ErrorMessage(t); msg != "The route planner is busy - Please try again in a moment" {
			t.Fatalf("message %q", msg)
		}
		if got := res.Header.Get("Retry-After"); got != "2" {
			t.Fatalf("Retry-After = %q", got)
		}
		release()
		f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK)
		// A finished plan gives its slot back: two at once still fit.
		release = takeSlots(t, f.srv.Trips.Slots, 1)
		defer release()
		f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusOK)
	})
}

func TestPlan_PastTheDeadlineIs503WithRetryAfter(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		f.srv.Trips.PlanTimeout = time.Nanosecond
		f.srv.Trips.Slots = trips.NewSlots(1)
		token := f.signIn(t)
		res := f.api.Post("/api/assistant/plan", planForm(routePoints(builtinRoute(t, losAngeles, jacksonvill))), token).
			ExpectStatus(t, http.StatusServiceUnavailable)
		if msg := res.ErrorMessage(t); msg != "Planning took too long - Please try again later" {
			t.Fatalf("message %q", msg)
		}
		if res.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		// The only slot was given back.
		f.srv.Trips.PlanTimeout = time.Hour
		f.api.Post("/api/assistant/plan", planForm(routePoints(builtinRoute(t, dallas, amarillo))), token).ExpectStatus(t, http.StatusOK)
	})
}

// takeSlots occupies n of the planner's slots, as n plans in progress
// would, until release is called.
func takeSlots(t *testing.T, slots *trips.Slots, n int) (release func()) {
	t.Helper()
	var releases []func()
	for range n {
		r, ok := slots.TryAcquire()
		if !ok {
			t.Fatal("no free plan slot")
		}
		releases = append(releases, r)
	}
	return func() {
		for _, r := range releases {
			r()
		}
	}
}
