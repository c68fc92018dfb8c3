package provider

import (
	"context"
	"errors"
	"testing"

	"fuelportal/routing"
)

func TestNominatim_GeocodeReadsCitiesAndAddresses(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "nominatim_search.json")}
	n, _ := NewNominatim(a.serve(t), nil)
	places, err := n.Geocode(context.Background(), "Dallas, TX", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(places) != 2 {
		t.Fatalf("%d places, want 2", len(places))
	}
	if got := places[0]; got.Label() != "Dallas, TX" || got.Kind != "city" || got.Lat != 32.7762719 || got.Lon != -96.7968559 {
		t.Errorf("city = %+v", got)
	}
	if got := places[1]; got.Label() != "1500 Marilla Street, Dallas, TX 75201" || got.Address != "1500 Marilla Street" || got.City != "Dallas" || got.Zip != "75201" {
		t.Errorf("address = %+v", got)
	}
	q := a.request.URL.Query()
	for k, want := range map[string]string{"format": "jsonv2", "q": "Dallas, TX", "limit": "5", "countrycodes": "us"} {
		if q.Get(k) != want {
			t.Errorf("%s=%q, want %q", k, q.Get(k), want)
		}
	}
	if a.request.URL.Path != "/search" || a.request.Header.Get("User-Agent") == "" {
		t.Errorf("request %s without a User-Agent", a.request.URL)
	}
}

func TestNominatim_ReverseReadsTheAddress(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "nominatim_reverse.json")}
	n, _ := NewNominatim(a.serve(t), nil)
	p, err := n.Reverse(context.Background(), routing.Point{Lat: 35.1924, Lon: -101.8188})
	if err != nil {
		t.Fatal(err)
	}
	if p.Label() != "2201 South Ross Street, Amarillo, TX 79103" {
		t.Errorf("label %q", p.Label())
	}
	if p.Address != "2201 South Ross Street" || p.City != "Amarillo" || p.State != "TX" || p.Zip != "79103" {
		t.Errorf("place = %+v", p)
	}
	if q := a.request.URL.Query(); q.Get("lat") != "35.192400" || q.Get("lon") != "-101.818800" || a.request.URL.Path != "/reverse" {
		t.Errorf("request %s", a.request.URL)
	}
}

func TestPhoton_GeocodeAndReverseReadGeoJSON(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "photon_search.json")}
	p, _ := NewPhoton(a.serve(t), nil)
	places, err := p.Geocode(context.Background(), "amarillo", 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(places) != 2 {
		t.Fatalf("%d places, want 2", len(places))
	}
	if got := places[0]; got.Label() != "Amarillo, TX" || got.Lat != 35.2072185 || got.Lon != -101.8338246 {
		t.Errorf("city = %+v", got)
	}
	if got := places[1]; got.Name != "Love's Travel Stop" || got.Address != "2201 South Ross Street" || got.State != "TX" {
		t.Errorf("station = %+v", got)
	}
	if a.request.URL.Path != "/api" || a.request.URL.Query().Get("q") != "amarillo" {
		t.Errorf("request %s", a.request.URL)
	}
	if _, err := p.Reverse(context.Background(), routing.Point{Lat: 35.2, Lon: -101.8}); err != nil {
		t.Fatal(err)
	}
	if a.request.URL.Path != "/reverse" || a.request.URL.Query().Get("lat") != "35.200000" {
		t.Errorf("request %s", a.request.URL)
	}
}

func TestGeocoders_MapErrorAnswers(t *testing.T) {
	tests := []struct {
		name    string
		kind    string
		reverse bool
		status  int
		body    string
		want    error
	}{
		{"Nominatim unable to geocode is no place", KindNominatim, true, 200, `{"error":"Unable to geocode"}`, routing.ErrNoPlace},
		{"Nominatim bad parameter is rejected", KindNominatim, true, 400, `{"error":{"code":400,"message":"Parameter 'lat' must be a number."}}`, routing.ErrRejected},
		{"Nominatim 500 is unavailable", KindNominatim, false, 500, `Internal Server Error`, routing.ErrUnavailable},
		{"Nominatim 429 is unavailable", KindNominatim, false, 429, `{"error":"Too many requests"}`, routing.ErrUnavailable},
		{"Nominatim garbage is rejected", KindNominatim, false, 200, `<html>`, routing.ErrRejected},
		{"Photon empty reverse is no place", KindPhoton, true, 200, `{"type":"FeatureCollection","features":[]}`, routing.ErrNoPlace},
		{"Photon bad request is rejected", KindPhoton, false, 400, `{"message":"missing search term 'q': /?q=berlin"}`, routing.ErrRejected},
		{"Photon 503 is unavailable", KindPhoton, true, 503, `Service Unavailable`, routing.ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &answer{status: tt.status, body: tt.body}
			g, err := NewGeocoder(tt.kind, a.serve(t))
			if err != nil {
				t.Fatal(err)
			}
			if tt.reverse {
				_, err = g.Reverse(context.Background(), routing.Point{Lat: 35, Lon: -101})
			} else {
				_, err = g.Geocode(context.Background(), "amarillo", 5)
			}
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			var pe *routing.ProviderError
			if !errors.As(err, &pe) || pe.Provider != tt.kind || pe.StatusCode != tt.status {
				t.Errorf("err %#v, want a ProviderError from %s with status %d", err, tt.kind, tt.status)
			}
		})
	}
}

func TestGeocoders_ReportUnreachableProvidersAndSkipBlankQueries(t *testing.T) {
	for _, kind := range []string{KindNominatim, KindPhoton} {
		g, _ := NewGeocoder(kind, unreachableURL(t))
		if _, err := g.Geocode(context.Background(), "dallas", 5); !errors.Is(err, routing.ErrUnavailable) {
			t.Errorf("%s: err = %v, want ErrUnavailable", kind, err)
		}
		if got, err := g.Geocode(context.Background(), "  ", 5); err != nil || len(got) != 0 {
			t.Errorf("%s: blank query gave %v, %v; want nothing without a call", kind, got, err)
		}
		if _, err := g.Reverse(context.Background(), routing.Point{Lat: -91}); !errors.Is(err, routing.ErrInvalidPoint) {
			t.Errorf("%s: err = %v, want ErrInvalidPoint", kind, err)
		}
	}
}

func TestNewRouterAndGeocoder_PickProvidersFromConfig(t *testing.T) {
	routers := []struct {
		kind, url string
		want      string // %T of the router, "" for an error
	}{
		{"", "", "*routing.Graph"},
		{"builtin", "", "*routing.Graph"},
		{"OSRM", "http://osrm:5000", "*provider.OSRM"},
		{"valhalla", "http://valhalla:8002", "*provider.Valhalla"},
		{"graphhopper", "https://graphhopper.com/api/1?key=k", "*provider.GraphHopper"},
		{"osrm", "", ""},
		{"osrm", "osrm:5000", ""},
		{"google", "https://maps.googleapis.com", ""},
	}
	for _, tt := range routers {
		r, err := NewRouter(tt.kind, tt.url)
		if got := typeName(r, err); got != tt.want {
			t.Errorf("NewRouter(%q, %q) = %s (%v), want %s", tt.kind, tt.url, got, err, tt.want)
		}
	}
	geocoders := []struct {
		kind, url string
		want      string
	}{
		{"", "", "*routing.Gazetteer"},
		{"nominatim", "http://nominatim:8080", "*provider.Nominatim"},
		{"photon", "http://photon:2322", "*provider.Photon"},
		{"photon", "", ""},
		{"mapbox", "https://api.mapbox.com", ""},
	}
	for _, tt := range geocoders {
		g, err := NewGeocoder(tt.kind, tt.url)
		if got := typeName(g, err); got != tt.want {
			t.Errorf("NewGeocoder(%q, %q) = %s (%v), want %s", tt.kind, tt.url, got, err, tt.want)
		}
	}
}

func typeName(v any, err error) string {
	if err != nil {
		return ""
	}
	switch v.(type) {
	case *routing.Graph:
		return "*routing.Graph"
	case *routing.Gazetteer:
		return "*routing.Gazetteer"
	case *OSRM:
		return "*provider.OSRM"
	case *Valhalla:
		return "*provider.Valhalla"
	case *GraphHopper:
		return "*provider.GraphHopper"
	case *Nominatim:
		return "*provider.Nominatim"
	case *Photon:
		return "*provider.Photon"
	}
	return "unknown"
}
