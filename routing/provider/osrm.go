package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"fuelportal/routing"
)

// OSRM routes with an OSRM server's HTTP API (v5, profile "driving").
// OSRM answers a leg summary only when steps are requested, which we do not
// (they would multiply the answer's size), so Summary and Steps stay empty.
type OSRM struct{ c *client }

// NewOSRM returns an OSRM router at baseURL, e.g. "http://osrm:5000". A nil
// client means one with DefaultTimeout.
func NewOSRM(baseURL string, hc *http.Client) (*OSRM, error) {
	c, err := newClient(KindOSRM, baseURL, hc)
	if err != nil {
		return nil, err
	}
	return &OSRM{c: c}, nil
}

type osrmAnswer struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Routes  []struct {
		Distance float64 `json:"distance"` // meters
		Duration float64 `json:"duration"` // seconds
		Geometry struct {
			Coordinates [][]float64 `json:"coordinates"` // [lon, lat]
		} `json:"geometry"`
		Legs []struct {
			Summary string `json:"summary"`
		} `json:"legs"`
	} `json:"routes"`
}

// Route implements routing.Router with GET /route/v1/driving/{lon,lat;...}.
// OSRM offers alternatives only between two points.
func (o *OSRM) Route(ctx context.Context, from, to routing.Point, via []routing.Point) ([]routing.Route, error) {
	points := append(append([]routing.Point{from}, via...), to)
	if err := checkPoints(points...); err != nil {
		return nil, err
	}
	coords := make([]string, len(points))
	for i, p := range points {
		coords[i] = formatFloat(p.Lon) + "," + formatFloat(p.Lat)
	}
	q := url.Values{"overview": {"full"}, "geometries": {"geojson"}, "steps": {"false"}, "alternatives": {"false"}}
	if len(via) == 0 {
		q.Set("alternatives", "3")
	}
	status, body, err := o.c.get(ctx, o.c.endpoint("/route/v1/driving/"+strings.Join(coords, ";"), q))
	if err != nil {
		return nil, err
	}
	var a osrmAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		if status != http.StatusOK {
			return nil, o.c.fail(status, "", snippet(body), routing.ErrRejected)
		}
		return nil, o.c.unreadable(status, err)
	}
	if status != http.StatusOK || a.Code != "Ok" {
		sentinel := routing.ErrRejected
		if a.Code == "NoRoute" || a.Code == "NoSegment" {
			sentinel = routing.ErrNoRoute
		}
		return nil, o.c.fail(status, a.Code, a.Message, sentinel)
	}
	if len(a.Routes) == 0 {
		return nil, o.c.fail(status, a.Code, "no routes in the answer", routing.ErrNoRoute)
	}
	var routes []routing.Route
	for _, r := range a.Routes[:min(len(a.Routes), routing.MaxRoutes)] {
		route := routing.Route{DistanceMeters: r.Distance, DurationSeconds: r.Duration, Points: lonLatPoints(r.Geometry.Coordinates)}
		var names []string
		for _, leg := range r.Legs {
			if leg.Summary != "" {
				names = append(names, leg.Summary)
			}
		}
		route.Summary = strings.Join(names, "; ")
		routes = append(routes, route)
	}
	return routes, nil
}
