package http

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
)

// Limits of the map view (docs: openapi.json, GET /api/locations/map).
const (
	maxMapZoom = 24
	// maxMapPixels bounds a view's side on screen at its zoom, so a request
	// never asks for more than (maxMapPixels/128)² cells or, above the
	// clustering zoom, for more than a few screens of single stations.
	maxMapPixels = 16384
)

// clusterJSON is a map cluster on the wire.
type clusterJSON struct {
	Latitude    float64 `json:"latitude"`
	Longitude   float64 `json:"longitude"`
	Count       int     `json:"count"`
	MinNetPrice float64 `json:"minNetPrice"`
}

type mapViewJSON struct {
	Clusters []clusterJSON `json:"clusters"`
	Stations []stationJSON `json:"stations"`
}

// handleLocationsMap answers a map view: every station of the box, in
// clusters (two or more stations close together at that zoom) or alone.
func (s *Server) handleLocationsMap(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	box, boxOK := parseBBox(fe, q.Get("bbox"))
	chains := chainSet(queryText(fe, q, "chainCode", "codeList"))
	zoomF := queryFloat(fe, q.Get("zoom"), "zoom", "Zoom", 0, maxMapZoom)
	zoom := int(math.Floor(zoomF))
	if boxOK && !fe.Has("zoom") {
		if wpx, hpx := geo.MercatorPixels(box, zoom); wpx > maxMapPixels || hpx > maxMapPixels {
			fe.Add("bbox", fmt.Sprintf("The box is too large for the zoom: at most %d pixels a side", maxMapPixels))
		}
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	contract, err := s.pricing(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	clusters, stations, err := s.Stations.MapView(r.Context(), box, zoom, chains, contract)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, MapViewAnswer(clusters, stations, contract, s.Now()))
}

// MapViewAnswer is the answer of GET /api/locations/map for a view's
// clusters and single stations at contract c's prices (the clusters'
// computed under it by catalog.MapView), a price's staleness taken at now
// (the benchmarks in bench/ encode it to measure the wire's size).
func MapViewAnswer(clusters []catalog.Cluster, stations []*fuelportal.Station, c *fuelportal.Contract, now time.Time) any {
	out := mapViewJSON{Clusters: make([]clusterJSON, len(clusters)), Stations: make([]stationJSON, len(stations))}
	for i, c := range clusters {
		out.Clusters[i] = clusterJSON{
			Latitude: roundTo(c.Center.Lat, 1e6), Longitude: roundTo(c.Center.Lon, 1e6),
			Count: c.Count, MinNetPrice: c.MinNetPrice.Dollars(),
		}
	}
	for i, st := range stations {
		out.Stations[i] = stationAt(st, c, now)
	}
	return out
}

func roundTo(x, scale float64) float64 { return math.Round(x*scale) / scale }

// parseBBox reads "west,south,east,north" in degrees.
func parseBBox(fe fuelportal.FieldErrors, text string) (geo.Box, bool) {
	const msg = "Box must be west,south,east,north with longitudes from -180 to 180, latitudes from -90 to 90, west ≤ east and south ≤ north"
	if strings.TrimSpace(text) == "" {
		fe.Add("bbox", "Box is required")
		return geo.Box{}, false
	}
	parts := strings.Split(text, ",")
	if len(parts) != 4 {
		fe.Add("bbox", msg)
		return geo.Box{}, false
	}
	var v [4]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			fe.Add("bbox", msg)
			return geo.Box{}, false
		}
		v[i] = f
	}
	b := geo.Box{West: v[0], South: v[1], East: v[2], North: v[3]}
	if b.West < -180 || b.East > 180 || b.South < -90 || b.North > 90 || b.West > b.East || b.South > b.North {
		fe.Add("bbox", msg)
		return geo.Box{}, false
	}
	return b, true
}
