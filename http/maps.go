package http

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"fuelportal"
	"fuelportal/routing"
)

// routeRequest asks for driving routes.
type routeRequest struct {
	Origin      pointJSON   `json:"origin"`
	Destination pointJSON   `json:"destination"`
	Waypoints   []pointJSON `json:"waypoints"`
}

type routePointJSON struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

type routeJSON struct {
	Points          []routePointJSON `json:"points"`
	DistanceMeters  float64          `json:"distanceMeters"`
	DurationSeconds float64          `json:"durationSeconds"`
	DistanceText    string           `json:"distanceText"`
	DurationText    string           `json:"durationText"`
	Summary         string           `json:"summary"`
}

type routesResponse struct {
	Routes []routeJSON `json:"routes"`
}

// maxWaypoints bounds the via points of one route request.
const maxWaypoints = 25

// handleRoute plans up to three driving routes, best first, with the
// configured routing provider.
func (s *Server) handleRoute(w http.ResponseWriter, r *http.Request) {
	var req routeRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	if !req.Origin.valid() {
		fe.Add("origin", "Departure needs a latitude from -90 to 90 and a longitude from -180 to 180")
	}
	if !req.Destination.valid() {
		fe.Add("destination", "Destination needs a latitude from -90 to 90 and a longitude from -180 to 180")
	}
	var via []routing.Point
	for _, p := range req.Waypoints {
		if !p.valid() {
			fe.Add("waypoints", "Every waypoint needs a latitude from -90 to 90 and a longitude from -180 to 180")
			break
		}
		via = append(via, routing.Point{Lat: *p.Latitude, Lon: *p.Longitude})
	}
	if len(req.Waypoints) > maxWaypoints {
		fe.Add("waypoints", "At most 25 waypoints are allowed")
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}

	from := routing.Point{Lat: *req.Origin.Latitude, Lon: *req.Origin.Longitude}
	to := routing.Point{Lat: *req.Destination.Latitude, Lon: *req.Destination.Longitude}
	routes, err := s.Router.Route(r.Context(), from, to, via)
	if err != nil {
		s.respondError(w, r, s.mapsError(r, err))
		return
	}
	out := routesResponse{Routes: make([]routeJSON, len(routes))}
	for i, rt := range routes {
		points := make([]routePointJSON, len(rt.Points))
		for j, p := range rt.Points {
			points[j] = routePointJSON{Latitude: p.Lat, Longitude: p.Lon}
		}
		out.Routes[i] = routeJSON{
			Points: points, DistanceMeters: rt.DistanceMeters, DurationSeconds: rt.DurationSeconds,
			DistanceText: routing.DistanceText(rt.DistanceMeters), DurationText: routing.DurationText(rt.DurationSeconds),
			Summary: rt.Summary,
		}
	}
	respond(w, http.StatusOK, out)
}

// placeJSON is a geocoding result.
type placeJSON struct {
	Label     string  `json:"label"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Kind      string  `json:"kind"`
}

func newPlaceJSON(p routing.Place) placeJSON {
	return placeJSON{Label: p.Label(), Latitude: p.Lat, Longitude: p.Lon, Kind: p.Kind}
}

// Geocoding limits.
const (
	defaultGeocodeLimit = 5
	maxGeocodeLimit     = 10
)

// handleGeocode suggests places for the departure and destination boxes.
func (s *Server) handleGeocode(w http.ResponseWriter, r *http.Request) {
	limit := defaultGeocodeLimit
	fe := fuelportal.FieldErrors{}
	query := strings.TrimSpace(queryText(fe, r.URL.Query(), "q", "geocodeQuery"))
	if query == "" && !fe.Has("q") {
		fe.Add("q", "Search text is required")
	}
	if text := r.URL.Query().Get("limit"); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 1 || n > maxGeocodeLimit {
			fe.Add("limit", "Limit must be a whole number from 1 to 10")
		}
		limit = n
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}

	places, err := s.Geocoder.Geocode(r.Context(), query, limit)
	if err != nil {
		s.respondError(w, r, s.mapsError(r, err))
		return
	}
	out := make([]placeJSON, 0, len(places))
	for _, p := range places {
		out = append(out, newPlaceJSON(p))
	}
	respond(w, http.StatusOK, out)
}

// handleReverse names the place nearest a coordinate ('Use current
// location').
func (s *Server) handleReverse(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	lat := queryFloat(fe, q.Get("lat"), "lat", "Latitude", -90, 90)
	lon := queryFloat(fe, q.Get("lon"), "lon", "Longitude", -180, 180)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	place, err := s.Geocoder.Reverse(r.Context(), routing.Point{Lat: lat, Lon: lon})
	if err != nil {
		s.respondError(w, r, s.mapsError(r, err))
		return
	}
	respond(w, http.StatusOK, newPlaceJSON(place))
}

// mapsError turns a routing provider's error into the user-facing one:
// no route 422, no place 404, bad point 400, provider
// trouble 503 (logged with the provider's details).
func (s *Server) mapsError(r *http.Request, err error) error {
	switch {
	case errors.Is(err, routing.ErrNoRoute):
		return fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "No route found between these places")
	case errors.Is(err, routing.ErrNoPlace):
		return fuelportal.Errorf(fuelportal.ENOTFOUND, "No place found near this location")
	case errors.Is(err, routing.ErrInvalidPoint):
		return fuelportal.Errorf(fuelportal.EINVALID, "Invalid coordinates")
	case errors.Is(err, routing.ErrUnavailable), errors.Is(err, routing.ErrRejected):
		s.Logger.WarnContext(r.Context(), "maps provider failed", "path", r.URL.Path, "err", err)
		return fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The maps service is unavailable - Please try again later")
	}
	return err
}
