package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/routing"
)

// formNumber is a number field of the planner form. It remembers whether
// the field was sent and whether it was a number, so that the answer can
// use the form's own messages (SPEC §5). Numeric strings are accepted.
type formNumber struct {
	present bool
	valid   bool
	value   float64
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *formNumber) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		*n = formNumber{}
		return nil
	}
	n.present = true
	var text string
	if json.Unmarshal(b, &text) == nil {
		if text == "" {
			n.present = false
			return nil
		}
		b = []byte(text)
	}
	v, err := strconv.ParseFloat(string(b), 64)
	n.valid = err == nil && !math.IsNaN(v) && !math.IsInf(v, 0)
	n.value = v
	return nil
}

// planRequest is the planner form plus the route (planner-api.md).
type planRequest struct {
	AmountOfFuel       formNumber  `json:"amountOfFuel"`
	TrunkCapacity      formNumber  `json:"trunkCapacity"`
	RoutePoints        []pointJSON `json:"routePoints"`
	SearchRadius       formNumber  `json:"searchRadius"`
	MinGallonsPurchase formNumber  `json:"minGallonsPurchase"`
	MPG                formNumber  `json:"mpg"`
	ReserveGallons     formNumber  `json:"reserveGallons"`
	ChainCodes         []string    `json:"chainCodes"`
}

// validate applies the planner form rules of SPEC §5 and the limits of the
// optional fields, returning the trip (without its length) and the route.
func (req *planRequest) validate() (plan.Trip, []geo.Point, error) {
	fe := fuelportal.FieldErrors{}
	number := func(field, label string, n formNumber, positive bool) float64 {
		switch {
		case !n.present:
			fe.Add(field, label+" is required")
		case !n.valid:
			fe.Add(field, label+" must be a number")
		case positive && n.value <= 0:
			fe.Add(field, label+" must be positive")
		}
		return n.value
	}
	tank := number("trunkCapacity", "Tank capacity", req.TrunkCapacity, true)
	fuel := number("amountOfFuel", "Current fuel", req.AmountOfFuel, false)
	if !fe.Has("amountOfFuel") && fuel < 0 {
		fe.Add("amountOfFuel", "Current fuel cannot be negative")
	}
	if !fe.Has("amountOfFuel") && !fe.Has("trunkCapacity") && fuel > tank {
		fe.Add("amountOfFuel", "Current fuel cannot exceed tank capacity")
	}
	// The form's wording for these two covers missing and non-numbers too.
	radius := req.SearchRadius.value
	if !req.SearchRadius.valid || radius <= 0 {
		fe.Add("searchRadius", "Search radius must be positive")
	} else if radius > maxCorridorMiles {
		fe.Add("searchRadius", fmt.Sprintf("Search radius must not exceed %d miles", maxCorridorMiles))
	}
	minPurchase := req.MinGallonsPurchase.value
	if !req.MinGallonsPurchase.valid || minPurchase <= 0 {
		fe.Add("minGallonsPurchase", "Min gallons purchase must be positive")
	}
	route := validateRoutePoints(fe, "routePoints", req.RoutePoints)

	trip := plan.NewTrip(0, tank, fuel)
	if req.MPG.present {
		trip.MPG = number("mpg", "Mpg", req.MPG, true)
	}
	if req.ReserveGallons.present {
		trip.ReserveGallons = number("reserveGallons", "Reserve gallons", req.ReserveGallons, false)
		switch {
		case fe.Has("reserveGallons"):
		case trip.ReserveGallons < 0:
			fe.Add("reserveGallons", "Reserve gallons cannot be negative")
		case !fe.Has("trunkCapacity") && trip.ReserveGallons >= tank:
			fe.Add("reserveGallons", "Reserve gallons must be below tank capacity")
		case !fe.Has("amountOfFuel") && fuel < trip.ReserveGallons:
			fe.Add("amountOfFuel", "Current fuel cannot be below the reserve")
		}
	} else if fuel <= trip.ReserveGallons {
		// Already in the default reserve: plan with what is in the tank.
		trip.ReserveGallons = 0
	}
	trip.MinPurchaseGallons = minPurchase
	if !fe.Has("minGallonsPurchase") && !fe.Has("trunkCapacity") && !fe.Has("reserveGallons") && minPurchase > tank-trip.ReserveGallons {
		fe.Add("minGallonsPurchase", "Min gallons purchase cannot exceed tank capacity less the reserve")
	}
	return trip, route, fe.Err()
}

type fuelStopJSON struct {
	Location    stationJSON `json:"location"`
	Gallons     float64     `json:"gallons"`
	Cost        float64     `json:"cost"`
	ArrivalFuel float64     `json:"arrivalFuel"`
	AlongMiles  float64     `json:"alongMiles"`
}

type planResponse struct {
	FuelPlan          []fuelStopJSON `json:"fuelPlan"`
	TotalCost         float64        `json:"totalCost"`
	TotalGallons      float64        `json:"totalGallons"`
	NaiveCost         *float64       `json:"naiveCost"`
	NaiveTotalGallons *float64       `json:"naivetotalGallons"`
}

// handlePlan computes the cheapest fuel purchase plan along a route (plan
// package) from the stations near it, with the cost of driving without a
// plan, to the same fuel on arrival, for comparison. A trip no plan can make is 422 naming the gap.
func (s *Server) handlePlan(w http.ResponseWriter, r *http.Request) {
	var req planRequest
	if err := decodeJSON(http.MaxBytesReader(w, r.Body, maxRouteBodyBytes), &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	trip, route, err := req.validate()
	if err != nil {
		s.respondError(w, r, err)
		return
	}

	pl := geo.NewPolyline(route)
	trip.RouteMiles = pl.LengthMiles()
	found, err := s.Stations.NearPolyline(r.Context(), pl, req.SearchRadius.value, catalog.NewChains(upper(req.ChainCodes)...))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	candidates := make([]plan.Station, len(found))
	byID := make(map[int64]catalog.OnRoute, len(found))
	for i, f := range found {
		candidates[i] = plan.Station{
			ID: f.Station.ID, AlongMiles: min(f.AlongMiles, trip.RouteMiles), OffMiles: f.OffMiles,
			NetPrice: int64(f.Station.NetPrice), RetailPrice: int64(f.Station.RetailPrice),
		}
		byID[f.Station.ID] = f
	}
	result, err := plan.Optimize(trip, candidates)
	if err != nil {
		s.respondError(w, r, planError(err))
		return
	}

	out := planResponse{
		FuelPlan:     make([]fuelStopJSON, len(result.Stops)),
		TotalCost:    dollars(result.TotalCents),
		TotalGallons: round1(result.TotalGallons),
	}
	for i, stop := range result.Stops {
		f := byID[stop.StationID]
		location := newStationJSON(f.Station)
		location.AlongMiles, location.OffMiles = miles(f.AlongMiles), miles(f.OffMiles)
		out.FuelPlan[i] = fuelStopJSON{
			Location: location, Gallons: round1(stop.Gallons), Cost: dollars(stop.CostCents),
			ArrivalFuel: round1(stop.ArrivalGallons), AlongMiles: round1(stop.AlongMiles),
		}
	}
	if result.Naive.Available {
		cost, gallons := dollars(result.Naive.TotalCents), round1(result.Naive.TotalGallons)
		out.NaiveCost, out.NaiveTotalGallons = &cost, &gallons
	}
	respond(w, http.StatusOK, out)
}

// planError words the optimizer's refusals for the planner: a gap is 422
// with the miles, bad input (which validate should have caught) 400.
func planError(err error) error {
	var gap *plan.GapError
	var input *plan.InputError
	switch {
	case errors.As(err, &gap):
		return fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "No station within range between mile %s and mile %s (gap %s mi, range %s mi)",
			wholeMiles(gap.FromMiles), wholeMiles(gap.ToMiles), wholeMiles(gap.GapMiles), wholeMiles(gap.RangeMiles))
	case errors.As(err, &input):
		fe := fuelportal.FieldErrors{}
		for field, msg := range input.Fields {
			fe.Add(field, msg)
		}
		return fe.Err()
	}
	return err
}

func wholeMiles(x float64) string {
	return routing.GroupThousands(strconv.FormatFloat(math.Round(x), 'f', 0, 64))
}

// dollars converts whole cents to dollars for the wire (2 decimals).
func dollars(cents int64) float64 { return float64(cents) / 100 }

func round1(x float64) float64 { return math.Round(x*10) / 10 }

func upper(codes []string) []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = strings.ToUpper(strings.TrimSpace(c))
	}
	return out
}
