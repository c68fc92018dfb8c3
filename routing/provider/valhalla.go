package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"fuelportal/routing"
)

// Valhalla routes with a Valhalla server's /route API and "truck" costing.
type Valhalla struct{ c *client }

// NewValhalla returns a Valhalla router at baseURL, e.g.
// "http://valhalla:8002". A nil client means one with DefaultTimeout.
func NewValhalla(baseURL string, hc *http.Client) (*Valhalla, error) {
	c, err := newClient(KindValhalla, baseURL, hc)
	if err != nil {
		return nil, err
	}
	return &Valhalla{c: c}, nil
}

type valhallaLocation struct {
	Lat  float64 `json:"lat"`
	Lon  float64 `json:"lon"`
	Type string  `json:"type"`
}

type valhallaRequest struct {
	Locations         []valhallaLocation `json:"locations"`
	Costing           string             `json:"costing"`
	Alternates        int                `json:"alternates,omitempty"`
	DirectionsOptions struct {
		Units string `json:"units"`
	} `json:"directions_options"`
}

type valhallaTrip struct {
	Units string `json:"units"`
	Legs  []struct {
		Shape     string `json:"shape"`
		Maneuvers []struct {
			StreetNames     []string `json:"street_names"`
			Length          float64  `json:"length"`
			Time            float64  `json:"time"`
			BeginShapeIndex int      `json:"begin_shape_index"`
			EndShapeIndex   int      `json:"end_shape_index"`
		} `json:"maneuvers"`
	} `json:"legs"`
	Summary struct {
		Length float64 `json:"length"`
		Time   float64 `json:"time"`
	} `json:"summary"`
}

type valhallaAnswer struct {
	Trip       *valhallaTrip `json:"trip"`
	Alternates []struct {
		Trip valhallaTrip `json:"trip"`
	} `json:"alternates"`
	ErrorCode int    `json:"error_code"`
	Error     string `json:"error"`
}

// Valhalla error codes meaning the points cannot be joined: unconnected
// regions, no road near a location, no path found, route match failed.
var valhallaNoRoute = map[int]bool{170: true, 171: true, 442: true, 443: true}

// Route implements routing.Router with POST /route. Valhalla offers
// alternates only between two points.
func (v *Valhalla) Route(ctx context.Context, from, to routing.Point, via []routing.Point) ([]routing.Route, error) {
	points := append(append([]routing.Point{from}, via...), to)
	if err := checkPoints(points...); err != nil {
		return nil, err
	}
	req := valhallaRequest{Costing: "truck"}
	req.DirectionsOptions.Units = "kilometers"
	for i, p := range points {
		kind := "break"
		if i > 0 && i < len(points)-1 {
			kind = "through"
		}
		req.Locations = append(req.Locations, valhallaLocation{Lat: p.Lat, Lon: p.Lon, Type: kind})
	}
	if len(via) == 0 {
		req.Alternates = routing.MaxRoutes - 1
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	status, answer, err := v.c.post(ctx, v.c.endpoint("/route", nil), body)
	if err != nil {
		return nil, err
	}
	var a valhallaAnswer
	if err := json.Unmarshal(answer, &a); err != nil {
		if status != http.StatusOK {
			return nil, v.c.fail(status, "", snippet(answer), routing.ErrRejected)
		}
		return nil, v.c.unreadable(status, err)
	}
	if status != http.StatusOK || a.ErrorCode != 0 || a.Trip == nil {
		sentinel := routing.ErrRejected
		if valhallaNoRoute[a.ErrorCode] {
			sentinel = routing.ErrNoRoute
		}
		code := ""
		if a.ErrorCode != 0 {
			code = strconv.Itoa(a.ErrorCode)
		}
		return nil, v.c.fail(status, code, a.Error, sentinel)
	}
	trips := []valhallaTrip{*a.Trip}
	for _, alt := range a.Alternates {
		trips = append(trips, alt.Trip)
	}
	var routes []routing.Route
	for _, trip := range trips[:min(len(trips), routing.MaxRoutes)] {
		r, err := valhallaRoute(trip)
		if err != nil {
			return nil, v.c.unreadable(status, err)
		}
		routes = append(routes, r)
	}
	return routes, nil
}

func valhallaRoute(trip valhallaTrip) (routing.Route, error) {
	meters := 1000.0
	if trip.Units == "miles" {
		meters = routing.MetersPerMile
	}
	r := routing.Route{DistanceMeters: trip.Summary.Length * meters, DurationSeconds: trip.Summary.Time}
	for _, leg := range trip.Legs {
		pts, err := decodePolyline(leg.Shape, 1e6)
		if err != nil {
			return routing.Route{}, err
		}
		// Legs share their joining point: keep it once.
		offset := len(r.Points)
		if offset > 0 && len(pts) > 0 {
			pts = pts[1:]
			offset--
		}
		r.Points = append(r.Points, pts...)
		for _, m := range leg.Maneuvers {
			name := ""
			if len(m.StreetNames) > 0 {
				name = m.StreetNames[0]
			}
			r.Steps = append(r.Steps, routing.Step{
				Highway: name, DistanceMeters: m.Length * meters, DurationSeconds: m.Time,
				StartIndex: offset + m.BeginShapeIndex, EndIndex: offset + m.EndShapeIndex,
			})
		}
	}
	if len(r.Points) == 0 {
		return routing.Route{}, errEmpty
	}
	r.Summary = routing.Summarize(r.Steps)
	return r, nil
}
