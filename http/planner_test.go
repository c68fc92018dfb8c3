package http_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fuelportal/demo"
	"fuelportal/http/apitest"
)

const feedHeader = "location_id,name,station_location,address,city,state,zip_code,country,latitude,longitude,chain,affiliate,retail_price,net_price,ifta_refund,price_date\n"

func feedRequest(key, body string) apitest.Request {
	h := http.Header{"Content-Type": {"text/csv"}}
	if key != "" {
		h.Set("X-Feed-Key", key)
	}
	return apitest.Request{Method: "POST", Path: "/api/feed/prices", Body: body, Header: h}
}

func TestFeedPrices_Access(t *testing.T) {
	tests := []struct {
		name       string
		configured string
		sent       string
		status     int
		message    string
	}{
		{"unset key disables the feed", "", "anything", http.StatusServiceUnavailable, "The price feed is not configured: set FUELPORTAL_FEED_KEY"},
		{"missing key is refused", "s3cret-feed-key", "", http.StatusUnauthorized, "Missing or wrong X-Feed-Key header"},
		{"wrong key is refused", "s3cret-feed-key", "s3cret-feed-kex", http.StatusUnauthorized, "Missing or wrong X-Feed-Key header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.srv.FeedKey = tt.configured
			res := f.api.Do(feedRequest(tt.sent, feedHeader))
			if got := res.ExpectStatus(t, tt.status).ErrorMessage(t); got != tt.message {
				t.Fatalf("message %q, want %q", got, tt.message)
			}
		})
	}
}

func TestFeedPrices_ImportIsSeenBySearchesAndIdempotent(t *testing.T) {
	f := newFixture(t)
	f.srv.FeedKey = "s3cret-feed-key"
	token := f.signIn(t)
	search := func() []station {
		var got []station
		f.api.Get("/api/locations?latitude=44.5&longitude=-120.5&radius=1", token).ExpectStatus(t, http.StatusOK).Decode(t, &got)
		return got
	}
	if got := search(); len(got) != 0 {
		t.Fatalf("stations before the import: %+v", got)
	}
	file := feedHeader +
		"900001,Prairie Truck Plaza,US-26 Exit 1,1 Main St,Mitchell,OR,97750,US,44.5,-120.5,INDEPENDENT,,4.459,4.199,0.400,2026-11-21T06:00:00\n" +
		"900002,Broken Row,,,,OR,,,44.5,-120.5,INDEPENDENT,,4.459,4.999,0.400,2026-11-21T06:00:00\n"

	var report struct {
		Rows, Inserted, Updated, Unchanged, Rejected int
		Errors                                       []struct {
			Line            int
			Column, Message string
		}
	}
	f.api.Do(feedRequest("s3cret-feed-key", file)).ExpectStatus(t, http.StatusOK).Decode(t, &report)
	if report.Rows != 2 || report.Inserted != 1 || report.Rejected != 1 || report.Errors[0].Line != 3 || report.Errors[0].Column != "net_price" {
		t.Fatalf("report = %+v", report)
	}
	got := search()
	if len(got) != 1 || got[0].LocationID != 900001 || got[0].NetPrice != 4.199 || got[0].Savings != 26 {
		t.Fatalf("after import: %+v", got)
	}

	f.api.Do(feedRequest("s3cret-feed-key", file)).ExpectStatus(t, http.StatusOK).Decode(t, &report)
	if report.Inserted != 0 || report.Updated != 0 || report.Unchanged != 1 {
		t.Fatalf("second import report = %+v", report)
	}
}

func TestMapsRoute_AlternativesWithTexts(t *testing.T) {
	f := newFixture(t)
	token := f.signIn(t)
	var res struct {
		Routes []struct {
			Points                          []struct{ Latitude, Longitude float64 }
			DistanceMeters, DurationSeconds float64
			DistanceText, DurationText      string
			Summary                         string
		}
	}
	body := map[string]any{
		"origin":      map[string]float64{"latitude": losAngeles.Lat, "longitude": losAngeles.Lon},
		"destination": map[string]float64{"latitude": jacksonvill.Lat, "longitude": jacksonvill.Lon},
	}
	f.api.Post("/api/maps/route", body, token).ExpectStatus(t, http.StatusOK).Decode(t, &res)
	if len(res.Routes) < 2 || len(res.Routes) > 3 {
		t.Fatalf("%d routes", len(res.Routes))
	}
	best := res.Routes[0]
	if miles := best.DistanceMeters / 1609.34; miles < 2100 || miles > 2600 {
		t.Fatalf("Los Angeles to Jacksonville is %.0f miles", miles)
	}
	if !regexp.MustCompile(`^\d,\d{3}\.\d mi$`).MatchString(best.DistanceText) || !regexp.MustCompile(`^\d+ h( \d+ min)?$`).MatchString(best.DurationText) {
		t.Fatalf("texts %q, %q", best.DistanceText, best.DurationText)
	}
	if !strings.Contains(best.Summary, "I-10") || len(best.Points) < 100 {
		t.Fatalf("summary %q with %d points", best.Summary, len(best.Points))
	}
}

func TestMapsRoute_Refusals(t *testing.T) {
	f := newFixture(t)
	token := f.signIn(t)
	point := func(lat, lon float64) map[string]float64 {
		return map[string]float64{"latitude": lat, "longitude": lon}
	}
	tests := []struct {
		name   string
		body   map[string]any
		status int
	}{
		{"no road reaches the middle of the Pacific", map[string]any{"origin": point(dallas.Lat, dallas.Lon), "destination": point(20, -150)}, http.StatusUnprocessableEntity},
		{"a missing destination is a field error", map[string]any{"origin": point(dallas.Lat, dallas.Lon)}, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/maps/route", Body: tt.body, Token: token, BreaksContract: tt.status == http.StatusBadRequest}).
				ExpectStatus(t, tt.status)
		})
	}
}

func TestGeocode_FindsCitiesAndStations(t *testing.T) {
	f := newFixture(t)
	token := f.signIn(t)
	var places []struct {
		Label, Kind         string
		Latitude, Longitude float64
	}
	f.api.Get("/api/maps/geocode?q=amarillo", token).ExpectStatus(t, http.StatusOK).Decode(t, &places)
	if len(places) == 0 || places[0].Label != "Amarillo, TX" || places[0].Kind != "city" || len(places) > 5 {
		t.Fatalf("places = %+v", places)
	}

	// The station catalog teaches the built-in gazetteer its stations.
	f.api.Get("/api/locations?latitude=35&longitude=-100&radius=1", token).ExpectStatus(t, http.StatusOK)
	s, _ := f.db.GetStation(t.Context(), demo.FirstStationID)
	f.api.Get("/api/maps/geocode?limit=10&q="+url.QueryEscape(s.Name), token).ExpectStatus(t, http.StatusOK).Decode(t, &places)
	if !slices.ContainsFunc(places, func(p struct {
		Label, Kind         string
		Latitude, Longitude float64
	}) bool {
		return p.Kind == "station" && p.Latitude == s.Latitude && strings.HasPrefix(p.Label, s.Name)
	}) {
		t.Fatalf("station %q not found: %+v", s.Name, places)
	}

	res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/maps/geocode?q=", Token: token, BreaksContract: true})
	if fields := res.ExpectStatus(t, http.StatusBadRequest).FieldErrors(t); fields["q"][0] != "Search text is required" {
		t.Fatalf("fields = %v", fields)
	}
}

func TestReverse_NamesTheNearestPlace(t *testing.T) {
	f := newFixture(t)
	token := f.signIn(t)
	var place struct{ Label, Kind string }
	f.api.Get("/api/maps/reverse?lat=35.221&lon=-101.829", token).ExpectStatus(t, http.StatusOK).Decode(t, &place)
	if place.Label != "Amarillo, TX" {
		t.Fatalf("place = %+v", place)
	}
	f.api.Get("/api/maps/reverse?lat=0&lon=-150", token).ExpectStatus(t, http.StatusNotFound)
}

// planForm is a valid planner form for a route.
func planForm(route []map[string]float64) map[string]any {
	return map[string]any{"amountOfFuel": 60, "trunkCapacity": 200, "routePoints": route, "searchRadius": 5, "minGallonsPurchase": 5}
}

func TestPlan_IsNoDearerThanNaive(t *testing.T) {
	f := newFixture(t)
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
}

func TestPlan_ImpossibleTripNamesTheGap(t *testing.T) {
	f := newFixture(t)
	token := f.signIn(t)
	form := planForm(routePoints(builtinRoute(t, losAngeles, jacksonvill)))
	form["chainCodes"] = []string{"KWIK_TRIP"} // none in the south-west
	res := f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusUnprocessableEntity)
	msg := res.ErrorMessage(t)
	if !regexp.MustCompile(`^No station within range between mile [\d,]+ and mile [\d,]+ \(gap [\d,]+ mi, range [\d,]+ mi\)$`).MatchString(msg) {
		t.Fatalf("message %q", msg)
	}
}

func TestPlan_FormRulesAreFieldErrors(t *testing.T) {
	f := newFixture(t)
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := planForm(route)
			for k, v := range tt.change {
				form[k] = v
			}
			fields := f.api.Post("/api/assistant/plan", form, token).ExpectStatus(t, http.StatusBadRequest).FieldErrors(t)
			if !slices.Contains(fields[tt.field], tt.message) {
				t.Fatalf("field errors %v, want %s: %q", fields, tt.field, tt.message)
			}
		})
	}
}
