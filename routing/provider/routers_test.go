package provider

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"fuelportal/routing"
)

var (
	amarillo = routing.Point{Lat: 35.221997, Lon: -101.831297}
	groom    = routing.Point{Lat: 35.211, Lon: -101.05}
)

// answer serves a fixed status and body and records the last request.
type answer struct {
	status  int
	body    string
	request *http.Request
	payload []byte
}

func (a *answer) serve(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.request = r
		a.payload, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.status)
		io.WriteString(w, a.body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// unreachableURL is a URL where nothing listens.
func unreachableURL(t *testing.T) string {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	return srv.URL
}

func assertRoutes(t *testing.T, routes []routing.Route, meters []float64) {
	t.Helper()
	if len(routes) != len(meters) {
		t.Fatalf("%d routes, want %d", len(routes), len(meters))
	}
	for i, r := range routes {
		if math.Abs(r.DistanceMeters-meters[i]) > 0.5 {
			t.Errorf("route %d: %.1f m, want %.1f m", i, r.DistanceMeters, meters[i])
		}
		if r.DurationSeconds <= 0 {
			t.Errorf("route %d: duration %v", i, r.DurationSeconds)
		}
		if len(r.Points) < 2 || math.Abs(r.Points[0].Lat-amarillo.Lat) > 1e-6 || math.Abs(r.Points[0].Lon-amarillo.Lon) > 1e-6 {
			t.Errorf("route %d starts at %v, want Amarillo %v (lat/lon swapped?)", i, r.Points, amarillo)
		}
	}
}

func TestOSRM_RouteReadsAlternatives(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "osrm_route.json")}
	o, err := NewOSRM(a.serve(t)+"/osrm/", nil)
	if err != nil {
		t.Fatal(err)
	}
	routes, err := o.Route(context.Background(), amarillo, groom, nil)
	if err != nil {
		t.Fatal(err)
	}
	assertRoutes(t, routes, []float64{71520.4, 80112.9})
	if got, want := a.request.URL.Path, "/osrm/route/v1/driving/-101.831297,35.221997;-101.050000,35.211000"; got != want {
		t.Errorf("path %s, want %s", got, want)
	}
	q := a.request.URL.Query()
	for k, want := range map[string]string{"alternatives": "3", "overview": "full", "geometries": "geojson"} {
		if q.Get(k) != want {
			t.Errorf("%s=%q, want %q", k, q.Get(k), want)
		}
	}
	if len(routes[0].Points) != 5 {
		t.Errorf("%d points, want 5", len(routes[0].Points))
	}
}

func TestOSRM_ViaPointsTurnAlternativesOff(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "osrm_route.json")}
	o, _ := NewOSRM(a.serve(t), nil)
	if _, err := o.Route(context.Background(), amarillo, groom, []routing.Point{{Lat: 35.2, Lon: -101.4}}); err != nil {
		t.Fatal(err)
	}
	if got := a.request.URL.Query().Get("alternatives"); got != "false" {
		t.Errorf("alternatives=%q with a via point, want false", got)
	}
	if n := strings.Count(a.request.URL.Path, ";"); n != 2 {
		t.Errorf("path %s has %d separators, want 2", a.request.URL.Path, n)
	}
}

func TestRouters_MapErrorAnswers(t *testing.T) {
	tests := []struct {
		name     string
		kind     string
		status   int
		body     string
		want     error
		wantCode string
	}{
		{"OSRM NoRoute is no route", KindOSRM, 400, `{"code":"NoRoute","message":"Impossible route between points"}`, routing.ErrNoRoute, "NoRoute"},
		{"OSRM NoSegment is no route", KindOSRM, 400, `{"code":"NoSegment","message":"Could not find a matching segment for any coordinate"}`, routing.ErrNoRoute, "NoSegment"},
		{"OSRM InvalidQuery is rejected", KindOSRM, 400, `{"code":"InvalidQuery","message":"Query string malformed close to position 28"}`, routing.ErrRejected, "InvalidQuery"},
		{"OSRM Ok without routes is no route", KindOSRM, 200, `{"code":"Ok","routes":[],"waypoints":[]}`, routing.ErrNoRoute, "Ok"},
		{"OSRM 503 is unavailable", KindOSRM, 503, `<html>Service Unavailable</html>`, routing.ErrUnavailable, ""},
		{"OSRM garbage is rejected", KindOSRM, 200, `{"code":`, routing.ErrRejected, ""},
		{"Valhalla 442 is no route", KindValhalla, 400, `{"error_code":442,"error":"No path could be found for input","status_code":400,"status":"Bad Request"}`, routing.ErrNoRoute, "442"},
		{"Valhalla 171 is no route", KindValhalla, 400, `{"error_code":171,"error":"No suitable edges near location","status_code":400,"status":"Bad Request"}`, routing.ErrNoRoute, "171"},
		{"Valhalla 154 is rejected", KindValhalla, 400, `{"error_code":154,"error":"Path distance exceeds the max distance limit: 5000000 meters","status_code":400,"status":"Bad Request"}`, routing.ErrRejected, "154"},
		{"Valhalla 429 is unavailable", KindValhalla, 429, `{"error_code":429,"error":"Too Many Requests"}`, routing.ErrUnavailable, ""},
		{"Valhalla bad shape is rejected", KindValhalla, 200, `{"trip":{"units":"kilometers","legs":[{"shape":"~"}],"summary":{"length":1,"time":1}}}`, routing.ErrRejected, ""},
		{"GraphHopper connection not found is no route", KindGraphHopper, 400, `{"message":"Connection between locations not found","hints":[{"message":"Connection between locations not found","details":"com.graphhopper.util.exceptions.ConnectionNotFoundException"}]}`, routing.ErrNoRoute, "ConnectionNotFoundException"},
		{"GraphHopper point not found is no route", KindGraphHopper, 400, `{"message":"Cannot find point 1: 49.0,-130.0","hints":[{"message":"Cannot find point 1: 49.0,-130.0","details":"com.graphhopper.util.exceptions.PointNotFoundException"}]}`, routing.ErrNoRoute, "PointNotFoundException"},
		{"GraphHopper unknown profile is rejected", KindGraphHopper, 400, `{"message":"The requested profile 'truck' does not exist.\nAvailable profiles: [car]","hints":[{"message":"The requested profile 'truck' does not exist.\nAvailable profiles: [car]","details":"java.lang.IllegalArgumentException"}]}`, routing.ErrRejected, ""},
		{"GraphHopper bad key is rejected", KindGraphHopper, 401, `{"message":"Wrong credentials. Register and get a valid API key at https://www.graphhopper.com/developers/"}`, routing.ErrRejected, ""},
		{"GraphHopper 502 is unavailable", KindGraphHopper, 502, `Bad Gateway`, routing.ErrUnavailable, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &answer{status: tt.status, body: tt.body}
			r, err := NewRouter(tt.kind, a.serve(t))
			if err != nil {
				t.Fatal(err)
			}
			_, err = r.Route(context.Background(), amarillo, groom, nil)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			var pe *routing.ProviderError
			if !errors.As(err, &pe) {
				t.Fatalf("err %T is not a *routing.ProviderError", err)
			}
			if pe.Provider != tt.kind || pe.StatusCode != tt.status || pe.Code != tt.wantCode {
				t.Errorf("provider error %+v, want provider %s, status %d, code %q", pe, tt.kind, tt.status, tt.wantCode)
			}
		})
	}
}

func TestRouters_ReportUnreachableProvidersAndHonourContext(t *testing.T) {
	for _, kind := range []string{KindOSRM, KindValhalla, KindGraphHopper} {
		t.Run(kind+" unreachable is unavailable", func(t *testing.T) {
			r, _ := NewRouter(kind, unreachableURL(t))
			if _, err := r.Route(context.Background(), amarillo, groom, nil); !errors.Is(err, routing.ErrUnavailable) {
				t.Errorf("err = %v, want ErrUnavailable", err)
			}
		})
		t.Run(kind+" canceled context is returned", func(t *testing.T) {
			a := &answer{status: 200, body: "{}"}
			r, _ := NewRouter(kind, a.serve(t))
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := r.Route(ctx, amarillo, groom, nil); !errors.Is(err, context.Canceled) {
				t.Errorf("err = %v, want context.Canceled", err)
			}
		})
		t.Run(kind+" invalid point is rejected before calling", func(t *testing.T) {
			r, _ := NewRouter(kind, unreachableURL(t))
			if _, err := r.Route(context.Background(), routing.Point{Lat: 123, Lon: 0}, groom, nil); !errors.Is(err, routing.ErrInvalidPoint) {
				t.Errorf("err = %v, want ErrInvalidPoint", err)
			}
		})
	}
}

func TestOSRM_SlowProviderTimesOutAsUnavailable(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	o, _ := NewOSRM(srv.URL, &http.Client{Timeout: 20 * time.Millisecond})
	if _, err := o.Route(context.Background(), amarillo, groom, nil); !errors.Is(err, routing.ErrUnavailable) {
		t.Errorf("err = %v, want ErrUnavailable", err)
	}
}

func TestValhalla_RouteDecodesShapesAndAlternates(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "valhalla_route.json")}
	v, _ := NewValhalla(a.serve(t), nil)
	routes, err := v.Route(context.Background(), amarillo, groom, nil)
	if err != nil {
		t.Fatal(err)
	}
	assertRoutes(t, routes, []float64{103800, 80200})
	if n := len(routes[0].Points); n != 6 {
		t.Errorf("best route has %d points, want 6 (two legs sharing one)", n)
	}
	last := routes[0].Points[len(routes[0].Points)-1]
	if math.Abs(last.Lat-groom.Lat) > 1e-6 || math.Abs(last.Lon-groom.Lon) > 1e-6 {
		t.Errorf("best route ends at %v, want %v", last, groom)
	}
	if routes[0].Summary != "I 40, FM 2300" || routes[1].Summary != "US 287" {
		t.Errorf("summaries %q, %q", routes[0].Summary, routes[1].Summary)
	}
	if s := routes[0].Steps[len(routes[0].Steps)-1]; s.StartIndex != 3 || s.EndIndex != 5 {
		t.Errorf("second leg step spans %d..%d, want 3..5", s.StartIndex, s.EndIndex)
	}
	if a.request.Method != http.MethodPost || a.request.URL.Path != "/route" {
		t.Errorf("request %s %s, want POST /route", a.request.Method, a.request.URL.Path)
	}
	var body struct {
		Costing    string `json:"costing"`
		Alternates int    `json:"alternates"`
		Locations  []struct {
			Lat, Lon float64
			Type     string
		} `json:"locations"`
	}
	if err := json.Unmarshal(a.payload, &body); err != nil {
		t.Fatal(err)
	}
	if body.Costing != "truck" || body.Alternates != 2 || len(body.Locations) != 2 || body.Locations[1].Lon != groom.Lon {
		t.Errorf("request body %s", a.payload)
	}
}

func TestGraphHopper_RouteReadsPathsAndKeepsBaseParameters(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "graphhopper_route.json")}
	h, _ := NewGraphHopper(a.serve(t)+"/api/1?key=secret&profile=car", nil)
	routes, err := h.Route(context.Background(), amarillo, groom, nil)
	if err != nil {
		t.Fatal(err)
	}
	assertRoutes(t, routes, []float64{71520.4, 80112.9})
	if routes[0].Summary != "Southeast 3rd Avenue, I 40" {
		t.Errorf("summary %q", routes[0].Summary)
	}
	if math.Abs(routes[0].DurationSeconds-1650.213) > 1e-6 {
		t.Errorf("duration %v s, want 1650.213 (time is in ms)", routes[0].DurationSeconds)
	}
	q := a.request.URL.Query()
	if a.request.URL.Path != "/api/1/route" {
		t.Errorf("path %s", a.request.URL.Path)
	}
	if pts := q["point"]; len(pts) != 2 || pts[0] != "35.221997,-101.831297" {
		t.Errorf("points %v, want lat,lon pairs", pts)
	}
	for k, want := range map[string]string{"key": "secret", "profile": "car", "algorithm": "alternative_route", "alternative_route.max_paths": "3", "points_encoded": "false"} {
		if q.Get(k) != want {
			t.Errorf("%s=%q, want %q", k, q.Get(k), want)
		}
	}
}

func TestGraphHopper_DefaultsToTruckProfile(t *testing.T) {
	a := &answer{status: 200, body: fixture(t, "graphhopper_route.json")}
	h, _ := NewGraphHopper(a.serve(t), nil)
	if _, err := h.Route(context.Background(), amarillo, groom, []routing.Point{{Lat: 35.2, Lon: -101.4}}); err != nil {
		t.Fatal(err)
	}
	q := a.request.URL.Query()
	if q.Get("profile") != "truck" || q.Get("algorithm") != "" || len(q["point"]) != 3 {
		t.Errorf("query %v: want profile truck, no alternatives with a via point, 3 points", q)
	}
}

func TestDecodePolyline_KnownAnswerAndRoundTrip(t *testing.T) {
	// Google's documented example, precision 1e5.
	got, err := decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@", 1e5)
	if err != nil {
		t.Fatal(err)
	}
	want := []routing.Point{{Lat: 38.5, Lon: -120.2}, {Lat: 40.7, Lon: -120.95}, {Lat: 43.252, Lon: -126.453}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if math.Abs(got[i].Lat-want[i].Lat) > 1e-9 || math.Abs(got[i].Lon-want[i].Lon) > 1e-9 {
			t.Errorf("point %d = %v, want %v", i, got[i], want[i])
		}
	}
	pts := []routing.Point{{Lat: 47.606209, Lon: -122.332071}, {Lat: 25.761681, Lon: -80.191788}, {Lat: -33.9, Lon: 151.2}}
	back, err := decodePolyline(encodePolyline(pts, 1e6), 1e6)
	if err != nil || len(back) != len(pts) {
		t.Fatalf("round trip: %v, %v", back, err)
	}
	for i := range pts {
		if math.Abs(back[i].Lat-pts[i].Lat) > 1e-6 || math.Abs(back[i].Lon-pts[i].Lon) > 1e-6 {
			t.Errorf("round trip point %d = %v, want %v", i, back[i], pts[i])
		}
	}
	for _, bad := range []string{"~", "_p~iF", "\x01\x02"} {
		if _, err := decodePolyline(bad, 1e6); err == nil {
			t.Errorf("decodePolyline(%q) accepted a malformed polyline", bad)
		}
	}
}

func FuzzDecodePolyline(f *testing.F) {
	f.Add("_p~iF~ps|U_ulLnnqC_mqNvxq`@")
	f.Add("y}wdbA`ghfaEhtLam_G~rN_~cHne`@_~cH")
	f.Fuzz(func(t *testing.T, s string) {
		pts, err := decodePolyline(s, 1e6)
		if err != nil {
			return
		}
		again, err := decodePolyline(encodePolyline(pts, 1e6), 1e6)
		if err != nil || len(again) != len(pts) {
			t.Fatalf("re-encoding %d points gave %d, %v", len(pts), len(again), err)
		}
	})
}
