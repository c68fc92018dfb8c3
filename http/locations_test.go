package http_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/geo"
	"fuelportal/http/apitest"
	"fuelportal/routing"
)

// station is the wire form of a station as the tests read it.
type station struct {
	LocationID      int64
	Name            string
	City, State     string
	Latitude        float64
	Longitude       float64
	RetailPrice     float64
	NetPrice        float64
	Savings         float64
	IftaRefund      float64
	RetailPriceDate string
	Stale           bool
	Chain           string
	DistanceMiles   *float64
	AlongMiles      *float64
	OffMiles        *float64
}

// signIn returns an access token of the demo owner.
func (f *fixture) signIn(t *testing.T) string {
	t.Helper()
	return f.api.Login(demo.OwnerEmail, demo.Password).Token
}

// storedStations returns every station of the fixture's database.
func (f *fixture) storedStations(t *testing.T) []*fuelportal.Station {
	t.Helper()
	all, _, err := f.db.Stations(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func TestStationRoutes_NeedASignedInUser(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		points := []map[string]float64{{"latitude": 35, "longitude": -101}, {"latitude": 35, "longitude": -100}}
		for _, r := range []apitest.Request{
			{Method: "GET", Path: "/api/locations?latitude=35&longitude=-101&radius=50"},
			{Method: "GET", Path: "/api/locations/map?bbox=-125,24,-66,50&zoom=4"},
			{Method: "POST", Path: "/api/locations/near-route", Body: points},
			{Method: "GET", Path: "/api/locations/chainCodes/filter"},
			{Method: "GET", Path: "/api/locations/affiliateCodes"},
			{Method: "POST", Path: "/api/maps/route", Body: map[string]any{"origin": points[0], "destination": points[1]}},
			{Method: "GET", Path: "/api/maps/geocode?q=amarillo"},
			{Method: "GET", Path: "/api/maps/reverse?lat=35&lon=-101"},
			{Method: "GET", Path: "/api/maps/basemap"},
			{Method: "POST", Path: "/api/assistant/plan", Body: map[string]any{}},
		} {
			t.Run(r.Method+" "+r.Path, func(t *testing.T) {
				f.api.Do(r).ExpectStatus(t, http.StatusUnauthorized)
			})
		}
	})
}

func TestLocations_EqualBruteForceOverStoredStations(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		stored := f.storedStations(t)
		tests := []struct {
			name    string
			center  geo.Point
			radius  float64
			orderBy string
			chains  []string
		}{
			{"default order is net price ascending", geo.Point{Lat: 35.2, Lon: -101.8}, 150, "", nil},
			{"discount descending", geo.Point{Lat: 41.9, Lon: -87.6}, 100, "discount,desc", nil},
			{"chain filter keeps only those chains", geo.Point{Lat: 39.1, Lon: -94.6}, 300, "price,desc", []string{"PILOT", "LOVES"}},
			{"whole country answers the 500 cheapest", geo.Point{Lat: 39.8, Lon: -98.6}, 5000, "price", nil},
			{"whole country answers the 500 largest discounts", geo.Point{Lat: 39.8, Lon: -98.6}, 5000, "discount,desc", nil},
			{"whole country answers the 500 dearest of two chains", geo.Point{Lat: 39.8, Lon: -98.6}, 5000, "price,desc", []string{"TA", "LOVES"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				path := fmt.Sprintf("/api/locations?latitude=%g&longitude=%g&radius=%g&orderBy=%s&chainCode=%s",
					tt.center.Lat, tt.center.Lon, tt.radius, url.QueryEscape(tt.orderBy), strings.Join(tt.chains, ","))
				var got []station
				f.api.Get(path, token).ExpectStatus(t, http.StatusOK).Decode(t, &got)

				type near struct {
					s *fuelportal.Station
					d float64
				}
				var want []near
				for _, s := range stored {
					d := geo.DistanceMiles(tt.center, geo.Point{Lat: s.Latitude, Lon: s.Longitude})
					if d <= tt.radius && (len(tt.chains) == 0 || slices.Contains(tt.chains, s.Chain)) {
						want = append(want, near{s, d})
					}
				}
				// The full sort (key, then nearest, then id), cut to 500: the
				// answer is its head, not the 500 nearest re-sorted.
				// Ranked by the company's price (its contract's), as shown.
				pricing := f.demoPricing(t)
				key := func(s *fuelportal.Station) fuelportal.TenthCents {
					if strings.HasPrefix(tt.orderBy, "discount") {
						return s.RetailPrice - pricing.StationPrice(s)
					}
					return pricing.StationPrice(s)
				}
				desc := strings.HasSuffix(tt.orderBy, "desc")
				slices.SortFunc(want, func(a, b near) int {
					ka, kb := key(a.s), key(b.s)
					if desc {
						ka, kb = kb, ka
					}
					return cmp.Or(cmp.Compare(ka, kb), cmp.Compare(a.d, b.d), cmp.Compare(a.s.ID, b.s.ID))
				})
				want = want[:min(len(want), 500)]
				if len(got) != len(want) || len(got) == 0 {
					t.Fatalf("got %d stations, brute force %d", len(got), len(want))
				}
				for i, s := range got {
					w := want[i]
					if s.LocationID != w.s.ID || s.DistanceMiles == nil || math.Abs(*s.DistanceMiles-w.d) > 0.006 {
						t.Fatalf("answer %d is station %d (%v mi), brute force %d (%g mi)", i, s.LocationID, s.DistanceMiles, w.s.ID, w.d)
					}
				}
			})
		}
	})
}

func TestLocations_StationFieldsOnTheWire(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		s, err := f.db.GetStation(context.Background(), demo.FirstStationID)
		if err != nil {
			t.Fatal(err)
		}
		var got []station
		f.api.Get(fmt.Sprintf("/api/locations?latitude=%v&longitude=%v&radius=0.01", s.Latitude, s.Longitude), token).
			ExpectStatus(t, http.StatusOK).Decode(t, &got)
		if len(got) != 1 {
			t.Fatalf("got %d stations", len(got))
		}
		g := got[0]
		price := f.demoPricing(t).StationPrice(s) // the company's price, not the feed's
		if g.LocationID != s.ID || g.Name != s.Name || g.RetailPrice != s.RetailPrice.Dollars() || g.NetPrice != price.Dollars() ||
			g.Savings != float64(s.RetailPrice-price)/10 || g.IftaRefund != s.IFTARefund.Dollars() ||
			g.RetailPriceDate != s.PriceDate.UTC().Format(time.RFC3339) || g.Chain != s.Chain {
			t.Fatalf("got %+v\nstored %+v", g, s)
		}
	})
}

func TestLocations_BadQueriesAreFieldErrors(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		tests := []struct {
			name, query, field, message string
		}{
			{"missing latitude", "longitude=-100&radius=5", "latitude", "Latitude is required"},
			{"latitude out of range", "latitude=91&longitude=-100&radius=5", "latitude", "Latitude must be a number from -90 to 90"},
			{"radius over 5000", "latitude=35&longitude=-100&radius=5001", "radius", "Radius must be a number from 0 to 5000"},
			{"zero radius", "latitude=35&longitude=-100&radius=0", "radius", "Radius must be positive"},
			{"unknown order", "latitude=35&longitude=-100&radius=5&orderBy=name", "orderBy", "Order must be one of price, price,asc, price,desc, discount, discount,asc, discount,desc"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/locations?" + tt.query, Token: token, BreaksContract: true})
				res.ExpectFieldError(t, tt.field, tt.message)
			})
		}
	})
}

// routePoints turns a route's points into the near-route body.
func routePoints(points []routing.Point) []map[string]float64 {
	body := make([]map[string]float64, len(points))
	for i, p := range points {
		body[i] = map[string]float64{"latitude": p.Lat, "longitude": p.Lon}
	}
	return body
}

// builtinRoute is the best built-in route between two places.
func builtinRoute(t testing.TB, from, to routing.Point) []routing.Point {
	t.Helper()
	routes, err := routing.Builtin().Route(context.Background(), from, to, nil)
	if err != nil {
		t.Fatal(err)
	}
	return routes[0].Points
}

var (
	dallas      = routing.Point{Lat: 32.78, Lon: -96.80}
	amarillo    = routing.Point{Lat: 35.22, Lon: -101.83}
	losAngeles  = routing.Point{Lat: 34.05, Lon: -118.24}
	jacksonvill = routing.Point{Lat: 30.33, Lon: -81.66}
)

func TestNearRoute_EqualsBruteForceInRouteOrder(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		stored := f.storedStations(t)
		route := builtinRoute(t, dallas, amarillo)
		line := make([]geo.Point, len(route))
		for i, p := range route {
			line[i] = geo.Point{Lat: p.Lat, Lon: p.Lon}
		}
		pl := geo.NewPolyline(line)
		tests := []struct {
			name   string
			query  string
			radius float64
			chains []string
		}{
			{"default radius of 5 miles", "", 5, nil},
			{"10 miles with a chain filter", "?radius=10&chainCodes=PILOT,FLYING_J", 10, []string{"PILOT", "FLYING_J"}},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				var got []station
				f.api.Post("/api/locations/near-route"+tt.query, routePoints(route), token).ExpectStatus(t, http.StatusOK).Decode(t, &got)
				want := map[int64]geo.Projection{}
				for _, s := range stored {
					if pr := pl.Project(geo.Point{Lat: s.Latitude, Lon: s.Longitude}); pr.OffMiles <= tt.radius && (tt.chains == nil || slices.Contains(tt.chains, s.Chain)) {
						want[s.ID] = pr
					}
				}
				if len(got) != len(want) || len(got) < 5 {
					t.Fatalf("got %d stations, brute force %d", len(got), len(want))
				}
				for i, s := range got {
					pr, ok := want[s.LocationID]
					if !ok || s.AlongMiles == nil || s.OffMiles == nil || math.Abs(*s.AlongMiles-pr.AlongMiles) > 0.006 || math.Abs(*s.OffMiles-pr.OffMiles) > 0.006 {
						t.Fatalf("station %d: along %v off %v, brute force %+v", s.LocationID, s.AlongMiles, s.OffMiles, pr)
					}
					if i > 0 && *got[i-1].AlongMiles > *s.AlongMiles {
						t.Fatalf("not in route order at %d", i)
					}
				}
			})
		}
	})
}

func TestNearRoute_BadBodiesAreFieldErrors(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		tests := []struct {
			name    string
			path    string
			body    any
			field   string
			message string
		}{
			{"one point", "/api/locations/near-route", []map[string]float64{{"latitude": 35, "longitude": -100}}, "routePoints", "A route needs at least 2 points"},
			{"point without longitude", "/api/locations/near-route", []map[string]float64{{"latitude": 35, "longitude": -100}, {"latitude": 36}}, "routePoints", "Point 2 needs a latitude from -90 to 90 and a longitude from -180 to 180"},
			{"radius over 100", "/api/locations/near-route?radius=101", []map[string]float64{{"latitude": 35, "longitude": -100}, {"latitude": 36, "longitude": -100}}, "radius", "Radius must be a number from 0 to 100"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				f.api.Do(apitest.Request{Method: "POST", Path: tt.path, Body: tt.body, Token: token, BreaksContract: true}).ExpectFieldError(t, tt.field, tt.message)
			})
		}
	})
}

func TestChainAndAffiliateCodes_ListKnownCodesWithLogos(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		var chains, affiliates []struct{ Value, Label, ImageURL string }
		f.api.Get("/api/locations/chainCodes/filter", token).ExpectStatus(t, http.StatusOK).Decode(t, &chains)
		f.api.Get("/api/locations/affiliateCodes", token).ExpectStatus(t, http.StatusOK).Decode(t, &affiliates)
		if len(chains) != len(fuelportal.Chains) || chains[0].Value != "PILOT" || chains[0].Label != "Pilot" || chains[0].ImageURL != "/api/locations/logos/PILOT.svg" {
			t.Fatalf("chains = %+v", chains)
		}
		if len(affiliates) != len(fuelportal.Affiliates) || affiliates[0].Value != "PILOT_FLYINGJ" || affiliates[0].Label != "Pilot Flying J" {
			t.Fatalf("affiliates = %+v", affiliates)
		}
	})
}

func TestLogos(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		defaultLogo := f.api.Get("/api/locations/logos/UNKNOWN_CHAIN.svg", "").ExpectStatus(t, http.StatusOK)
		tests := []struct {
			name        string
			code        string
			wantDefault bool
		}{
			{"a known chain has its own badge", "PILOT", false},
			{"an affiliate has its own badge", "TA_PETRO", false},
			{"AMBEST gets the default logo", "AMBEST", true},
			{"an unknown chain gets the default logo", "NOPE", true},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.api.Get("/api/locations/logos/"+tt.code+".svg", "").ExpectStatus(t, http.StatusOK)
				if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" || !strings.HasPrefix(string(res.Body), "<svg") {
					t.Fatalf("content type %q, body %.40s", ct, res.Body)
				}
				if isDefault := string(res.Body) == string(defaultLogo.Body); isDefault != tt.wantDefault {
					t.Fatalf("default logo = %v, want %v", isDefault, tt.wantDefault)
				}
			})
		}
		f.api.Get("/api/locations/logos/PILOT.png", "").ExpectStatus(t, http.StatusNotFound)
	})
}

// demoPricing is the contract the demo owner and drivers are shown prices
// under (the demo company's).
func (f *fixture) demoPricing(t *testing.T) *fuelportal.Contract {
	t.Helper()
	owner, err := f.db.UserByEmail(context.Background(), demo.OwnerEmail)
	if err != nil {
		t.Fatal(err)
	}
	c, err := f.db.Contract(context.Background(), owner.CompanyID)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
