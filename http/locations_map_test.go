package http_test

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/http/apitest"
)

type mapCluster struct {
	Latitude, Longitude float64
	Count               int
	MinNetPrice         float64
}

type mapView struct {
	Clusters []mapCluster
	Stations []station
}

// bruteMapView puts every stored station of the box in its 128-pixel
// Mercator cell at zoom by direct arithmetic: cells with two or more are
// clusters, cells with one list their station; above zoom 16 every station
// is listed. A cluster's price is the lowest pricing charges there.
func bruteMapView(stored []*fuelportal.Station, box geo.Box, zoom int, chains []string, pricing *fuelportal.Contract) ([]mapCluster, map[int64]bool) {
	type cell struct {
		n      int
		sx, sy float64
		min    fuelportal.TenthCents
		only   int64
	}
	cells := map[[2]uint32]*cell{}
	singles := map[int64]bool{}
	shift := uint(31 - (zoom + 2))
	for _, s := range stored {
		p := geo.Point{Lat: s.Latitude, Lon: s.Longitude}
		if !box.Contains(p) || len(chains) > 0 && !slices.Contains(chains, s.Chain) {
			continue
		}
		if zoom > 16 {
			singles[s.ID] = true
			continue
		}
		x, y := geo.MercatorXY(p)
		k := [2]uint32{x >> shift, y >> shift}
		c := cells[k]
		if c == nil {
			c = &cell{min: pricing.StationPrice(s)}
			cells[k] = c
		}
		c.n++
		c.sx += float64(x)
		c.sy += float64(y)
		c.min = min(c.min, pricing.StationPrice(s))
		c.only = s.ID
	}
	var clusters []mapCluster
	for _, c := range cells {
		if c.n == 1 {
			singles[c.only] = true
			continue
		}
		x, y := c.sx/float64(c.n)/(1<<31), c.sy/float64(c.n)/(1<<31)
		lat := math.Atan(math.Sinh(math.Pi*(1-2*y))) * 180 / math.Pi
		clusters = append(clusters, mapCluster{Latitude: lat, Longitude: x*360 - 180, Count: c.n, MinNetPrice: c.min.Dollars()})
	}
	return clusters, singles
}

func TestLocationsMap_EveryStationOnceExactlyAsBruteForce(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		stored := f.storedStations(t)
		tests := []struct {
			name   string
			box    geo.Box
			zoom   string
			chains []string
		}{
			{"whole US at zoom 4", geo.Box{West: -135, South: 20, East: -60, North: 52}, "4", nil},
			{"Texas at zoom 6.7 (floored)", geo.Box{West: -107, South: 25.5, East: -93, North: 36.6}, "6.7", nil},
			{"Dallas at zoom 12", geo.Box{West: -97.1, South: 32.6, East: -96.5, North: 33.0}, "12", nil},
			{"two chains over the US", geo.Box{West: -125, South: 24, East: -66, North: 50}, "5", []string{"PILOT", "LOVES"}},
			{"above zoom 16 every station is listed", geo.Box{West: stored[0].Longitude - 0.03, South: stored[0].Latitude - 0.02, East: stored[0].Longitude + 0.03, North: stored[0].Latitude + 0.02}, "17", nil},
			{"zoom 16 near a station", geo.Box{West: stored[1].Longitude - 0.05, South: stored[1].Latitude - 0.04, East: stored[1].Longitude + 0.05, North: stored[1].Latitude + 0.04}, "16", nil},
			{"whole world at zoom 0", geo.Box{West: -180, South: -90, East: 180, North: 90}, "0", nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				path := fmt.Sprintf("/api/locations/map?bbox=%g,%g,%g,%g&zoom=%s&chainCode=%s",
					tt.box.West, tt.box.South, tt.box.East, tt.box.North, tt.zoom, strings.Join(tt.chains, ","))
				var got mapView
				f.api.Get(path, token).ExpectStatus(t, http.StatusOK).Decode(t, &got)
				zoom := int(math.Floor(mustFloat(t, tt.zoom)))
				wantClusters, wantSingles := bruteMapView(stored, tt.box, zoom, tt.chains, f.demoPricing(t))
				if len(got.Stations) != len(wantSingles) {
					t.Fatalf("%d single stations, brute force %d", len(got.Stations), len(wantSingles))
				}
				inBox := len(got.Stations)
				for _, s := range got.Stations {
					if !wantSingles[s.LocationID] {
						t.Fatalf("station %d is listed alone but brute force clusters it or leaves it out", s.LocationID)
					}
				}
				if len(got.Clusters) != len(wantClusters) {
					t.Fatalf("%d clusters, brute force %d", len(got.Clusters), len(wantClusters))
				}
				used := make([]bool, len(wantClusters))
				for _, c := range got.Clusters {
					inBox += c.Count
					found := false
					for i, w := range wantClusters {
						if !used[i] && w.Count == c.Count && w.MinNetPrice == c.MinNetPrice &&
							math.Abs(w.Latitude-c.Latitude) < 2e-6 && math.Abs(w.Longitude-c.Longitude) < 2e-6 {
							used[i], found = true, true
							break
						}
					}
					if !found {
						t.Fatalf("cluster %+v is not one of brute force's", c)
					}
				}
				if inBox == 0 {
					t.Fatal("the view shows no station")
				}
			})
		}
	})
}

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	var v float64
	if _, err := fmt.Sscan(s, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestLocationsMap_USViewHasBadgesOnBothCoasts(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		var got mapView
		f.api.Get("/api/locations/map?bbox=-135,20,-60,52&zoom=4", token).ExpectStatus(t, http.StatusOK).Decode(t, &got)
		west, east, total := false, false, len(got.Stations)
		for _, c := range got.Clusters {
			west = west || c.Longitude < -115
			east = east || c.Longitude > -80
			total += c.Count
		}
		if !west || !east || total != len(f.storedStations(t)) {
			t.Fatalf("west %v east %v, %d of %d stations shown", west, east, total, len(f.storedStations(t)))
		}
	})
}

func TestLocationsMap_BadQueriesAreFieldErrors(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		token := f.signIn(t)
		const boxMsg = "Box must be west,south,east,north with longitudes from -180 to 180, latitudes from -90 to 90, west ≤ east and south ≤ north"
		tests := []struct {
			name, query, field, message string
		}{
			{"missing box", "zoom=4", "bbox", "Box is required"},
			{"three numbers", "bbox=-100,30,-90&zoom=4", "bbox", boxMsg},
			{"not a number", "bbox=-100,30,x,40&zoom=4", "bbox", boxMsg},
			{"NaN", "bbox=-100,NaN,-90,40&zoom=4", "bbox", boxMsg},
			{"infinite", "bbox=-100,30,Inf,40&zoom=4", "bbox", boxMsg},
			{"west after east", "bbox=-90,30,-100,40&zoom=4", "bbox", boxMsg},
			{"latitude over 90", "bbox=-100,30,-90,91&zoom=4", "bbox", boxMsg},
			{"missing zoom", "bbox=-100,30,-90,40", "zoom", "Zoom is required"},
			{"negative zoom", "bbox=-100,30,-90,40&zoom=-1", "zoom", "Zoom must be a number from 0 to 24"},
			{"zoom over 24", "bbox=-100,30,-90,40&zoom=25", "zoom", "Zoom must be a number from 0 to 24"},
			{"whole US at zoom 16 is too much work", "bbox=-125,24,-66,50&zoom=16", "bbox", "The box is too large for the zoom: at most 16384 pixels a side"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := f.api.Do(apitest.Request{Method: "GET", Path: "/api/locations/map?" + tt.query, Token: token, BreaksContract: true})
				res.ExpectFieldError(t, tt.field, tt.message)
			})
		}
	})
}
