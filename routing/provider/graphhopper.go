package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"fuelportal/routing"
)

// GraphHopper routes with a GraphHopper server's /route API, profile
// "truck" unless the base URL sets another (?profile=car).
type GraphHopper struct{ c *client }

// NewGraphHopper returns a GraphHopper router at baseURL, e.g.
// "http://graphhopper:8989" or "https://graphhopper.com/api/1?key=...". A nil
// client means one with DefaultTimeout.
func NewGraphHopper(baseURL string, hc *http.Client) (*GraphHopper, error) {
	c, err := newClient(KindGraphHopper, baseURL, hc)
	if err != nil {
		return nil, err
	}
	return &GraphHopper{c: c}, nil
}

type graphHopperAnswer struct {
	Message string `json:"message"`
	// Hints is a list of {message, details} in error answers and an object
	// of search statistics in successful ones.
	Hints json.RawMessage `json:"hints"`
	Paths []struct {
		Distance float64 `json:"distance"` // meters
		Time     float64 `json:"time"`     // milliseconds
		Points   struct {
			Coordinates [][]float64 `json:"coordinates"`
		} `json:"points"`
		Instructions []struct {
			StreetName string  `json:"street_name"`
			StreetRef  string  `json:"street_ref"`
			Distance   float64 `json:"distance"`
			Time       float64 `json:"time"`
			Interval   [2]int  `json:"interval"`
		} `json:"instructions"`
	} `json:"paths"`
}

// GraphHopper exceptions meaning the points cannot be joined.
var graphHopperNoRoute = []string{"ConnectionNotFoundException", "PointNotFoundException", "PointOutOfBoundsException"}

// Route implements routing.Router with GET /route. GraphHopper's
// alternative_route algorithm works only between two points.
func (h *GraphHopper) Route(ctx context.Context, from, to routing.Point, via []routing.Point) ([]routing.Route, error) {
	points := append(append([]routing.Point{from}, via...), to)
	if err := checkPoints(points...); err != nil {
		return nil, err
	}
	q := url.Values{
		"profile":          {"truck"},
		"points_encoded":   {"false"},
		"instructions":     {"true"},
		"locale":           {"en"},
		"calc_points":      {"true"},
		"details":          {"street_ref"},
		"snap_preventions": {"ferry"},
	}
	for _, p := range points {
		q.Add("point", formatFloat(p.Lat)+","+formatFloat(p.Lon))
	}
	if len(via) == 0 {
		q.Set("algorithm", "alternative_route")
		q.Set("alternative_route.max_paths", strconv.Itoa(routing.MaxRoutes))
	}
	status, body, err := h.c.get(ctx, h.c.endpoint("/route", q))
	if err != nil {
		return nil, err
	}
	var a graphHopperAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		if status != http.StatusOK {
			return nil, h.c.fail(status, "", snippet(body), routing.ErrRejected)
		}
		return nil, h.c.unreadable(status, err)
	}
	if status != http.StatusOK {
		sentinel, code := routing.ErrRejected, ""
		var hints []struct {
			Details string `json:"details"`
		}
		_ = json.Unmarshal(a.Hints, &hints)
		for _, hint := range hints {
			for _, ex := range graphHopperNoRoute {
				if strings.HasSuffix(hint.Details, ex) {
					sentinel, code = routing.ErrNoRoute, ex
				}
			}
		}
		return nil, h.c.fail(status, code, a.Message, sentinel)
	}
	if len(a.Paths) == 0 {
		return nil, h.c.fail(status, "", "no paths in the answer", routing.ErrNoRoute)
	}
	var routes []routing.Route
	for _, p := range a.Paths[:min(len(a.Paths), routing.MaxRoutes)] {
		r := routing.Route{DistanceMeters: p.Distance, DurationSeconds: p.Time / 1000, Points: lonLatPoints(p.Points.Coordinates)}
		for _, in := range p.Instructions {
			name := in.StreetRef
			if name == "" {
				name = in.StreetName
			}
			r.Steps = append(r.Steps, routing.Step{
				Highway: name, DistanceMeters: in.Distance, DurationSeconds: in.Time / 1000,
				StartIndex: in.Interval[0], EndIndex: in.Interval[1],
			})
		}
		r.Summary = routing.Summarize(r.Steps)
		routes = append(routes, r)
	}
	return routes, nil
}
