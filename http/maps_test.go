package http_test

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fuelportal/demo"
	"fuelportal/http/apitest"
)

func TestMapsRoute_AlternativesWithTexts(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
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
	})
}

func TestMapsRoute_Refusals(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
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
	})
}

func TestGeocode_FindsCitiesAndStations(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
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
	})
}

func TestReverse_NamesTheNearestPlace(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		var place struct{ Label, Kind string }
		f.api.Get("/api/maps/reverse?lat=35.221&lon=-101.829", token).ExpectStatus(t, http.StatusOK).Decode(t, &place)
		if place.Label != "Amarillo, TX" {
			t.Fatalf("place = %+v", place)
		}
		f.api.Get("/api/maps/reverse?lat=0&lon=-150", token).ExpectStatus(t, http.StatusNotFound)
	})
}
