package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/trips"
)

// formNumber is a number field of the planner form. It remembers whether
// the field was sent and whether it was a number, so that the answer can
// use the form's own messages (docs/product.md §5). Numeric strings are accepted.
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

// The plan request's domain (openapi.json, PlanRequest). A truck's tanks
// hold a few hundred gallons at most and nobody buys less than a gallon at
// a pump; the optimizer's work is bounded whatever the numbers (plan
// package), but numbers outside these limits are a caller's mistake.
const (
	maxTankGallons        = 400
	minPurchaseGallons    = 1
	minMPG, maxMPG        = 1, 30
	maxPlanChainCodes     = 100
	maxPlanChainCodeBytes = 64
)

// planRequest is the planner form plus the route (docs/api.md).
type planRequest struct {
	AmountOfFuel       formNumber  `json:"amountOfFuel"`
	TrunkCapacity      formNumber  `json:"trunkCapacity"`
	RoutePoints        []pointJSON `json:"routePoints"`
	SearchRadius       formNumber  `json:"searchRadius"`
	MinGallonsPurchase formNumber  `json:"minGallonsPurchase"`
	MPG                formNumber  `json:"mpg"`
	ReserveGallons     formNumber  `json:"reserveGallons"`
	ChainCodes         []string    `json:"chainCodes" text:"code"`
}

// validate applies the planner form rules of docs/product.md §5 and the limits of the
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
	if !fe.Has("trunkCapacity") && tank > maxTankGallons {
		fe.Add("trunkCapacity", fmt.Sprintf("Tank capacity must not exceed %d gallons", maxTankGallons))
	}
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
	} else if minPurchase < minPurchaseGallons {
		fe.Add("minGallonsPurchase", fmt.Sprintf("Min gallons purchase must be at least %d gallon", minPurchaseGallons))
	}
	route := validateRoutePoints(fe, "routePoints", req.RoutePoints)
	if len(req.ChainCodes) > maxPlanChainCodes {
		fe.Add("chainCodes", fmt.Sprintf("At most %d chain codes can be selected", maxPlanChainCodes))
	} else if slices.ContainsFunc(req.ChainCodes, func(c string) bool { return len(c) > maxPlanChainCodeBytes }) {
		fe.Add("chainCodes", fmt.Sprintf("A chain code has at most %d characters", maxPlanChainCodeBytes))
	}

	trip := plan.NewTrip(0, tank, fuel)
	if req.MPG.present {
		trip.MPG = number("mpg", "Mpg", req.MPG, true)
		if !fe.Has("mpg") && (trip.MPG < minMPG || trip.MPG > maxMPG) {
			fe.Add("mpg", fmt.Sprintf("Mpg must be between %d and %d", minMPG, maxMPG))
		}
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

// planRetryAfterSeconds is the Retry-After of a plan refused for lack of
// capacity or time.
const planRetryAfterSeconds = 2

// retryAfterPlanner sets Retry-After on answers that say the planner is
// busy or slow, or that the trip was re-planned too often.
func retryAfterPlanner(w http.ResponseWriter, err error) {
	var tooSoon *trips.ReplanTooSoon
	switch {
	case errors.As(err, &tooSoon):
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int((tooSoon.Wait+time.Second-1)/time.Second))))
	case fuelportal.ErrorCode(err) == fuelportal.EUNAVAILABLE:
		w.Header().Set("Retry-After", strconv.Itoa(planRetryAfterSeconds))
	}
}

// fuelStopJSON is a planned purchase: Gallons as the pump meters them
// (thousandths), Cost what the card is charged for them (the contract's
// price per gallon, rounded as the purchase is, plus its fee).
type fuelStopJSON struct {
	Location    stationJSON `json:"location"`
	Gallons     float64     `json:"gallons"`
	Cost        float64     `json:"cost"`
	ArrivalFuel float64     `json:"arrivalFuel"`
	AlongMiles  float64     `json:"alongMiles"`
	// DetourMiles is the way to the station and back; DetourCost what the
	// contract charges for it and the stop; NetSaving what these gallons
	// save against the no-plan comparison after both (plan.NetSavings),
	// null without the comparison.
	DetourMiles float64  `json:"detourMiles"`
	DetourCost  float64  `json:"detourCost"`
	NetSaving   *float64 `json:"netSaving"`
}

type planResponse struct {
	FuelPlan          []fuelStopJSON `json:"fuelPlan"`
	TotalCost         float64        `json:"totalCost"`
	TotalGallons      float64        `json:"totalGallons"`
	NaiveCost         *float64       `json:"naiveCost"`
	NaiveTotalGallons *float64       `json:"naivetotalGallons"`
	// UsedStalePrices says the plan had to use prices older than 48 h:
	// fresh prices alone could not make the trip.
	UsedStalePrices bool `json:"usedStalePrices"`
	// The contract's costs the plan weighed (dollars), the plan's detours
	// and their cost, the naive driver's, and the saving after both
	// (null without the naive comparison).
	OutOfRouteCostPerMile float64  `json:"outOfRouteCostPerMile"`
	CostPerStop           float64  `json:"costPerStop"`
	DetourMiles           float64  `json:"detourMiles"`
	DetourCost            float64  `json:"detourCost"`
	NaiveDetourCost       *float64 `json:"naiveDetourCost"`
	NetSaving             *float64 `json:"netSaving"`
	// FeePerPurchase is the contract's card fee, paid at every stop;
	// Fees the plan's, included in TotalCost and in each stop's cost.
	FeePerPurchase float64 `json:"feePerPurchase"`
	Fees           float64 `json:"fees"`
}

// handlePlan computes the cheapest fuel purchase plan along a route (plan
// package) from the stations near it, with the cost of driving without a
// plan, to the same fuel on arrival, for comparison. The plan weighs the
// company contract's detour and stop costs with the fuel. A trip no plan
// can make is 422 naming the gap.
func (s *Server) handlePlan(w http.ResponseWriter, r *http.Request) {
	var req planRequest
	if err := decodeJSON(http.MaxBytesReader(w, r.Body, maxRouteBodyBytes), &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	truck, route, err := req.validate()
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	contract, err := s.pricing(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	rp, err := s.Trips.PlanRoute(r.Context(), contract, trips.RouteQuery{Truck: truck, Route: route,
		RadiusMiles: req.SearchRadius.value, Chains: catalog.NewChains(upper(req.ChainCodes)...)})
	if err != nil {
		retryAfterPlanner(w, err)
		s.respondError(w, r, err)
		return
	}

	result, costs := rp.Result, rp.Truck.Costs
	out := planResponse{
		FuelPlan:              make([]fuelStopJSON, len(result.Stops)),
		TotalCost:             dollars(result.TotalCents + result.FeeCents),
		TotalGallons:          round1(result.TotalGallons),
		UsedStalePrices:       rp.UsedStale,
		OutOfRouteCostPerMile: float64(costs.OutOfRouteTenthCentsPerMile) / 1000,
		CostPerStop:           dollars(costs.StopCents),
		DetourMiles:           round1(result.DetourMiles),
		DetourCost:            dollars(result.DetourCents),
		FeePerPurchase:        dollars(costs.FeeCents),
		Fees:                  dollars(result.FeeCents),
	}
	netSaving, stopSavings, compared := result.NetSavings()
	for i, stop := range result.Stops {
		f := rp.Stations[stop.StationID]
		location := s.stationOut(f.Station, contract)
		location.AlongMiles, location.OffMiles = miles(f.AlongMiles), miles(f.OffMiles)
		out.FuelPlan[i] = fuelStopJSON{
			Location: location, Gallons: trips.GallonsOf(stop.Gallons).Float(), Cost: dollars(stop.CostCents + stop.FeeCents),
			ArrivalFuel: round1(stop.ArrivalGallons), AlongMiles: round1(stop.AlongMiles),
			DetourMiles: round1(stop.DetourMiles), DetourCost: dollars(stop.DetourCents),
		}
		if compared {
			saving := dollars(stopSavings[i])
			out.FuelPlan[i].NetSaving = &saving
		}
	}
	if result.Naive.Available {
		cost, gallons := dollars(result.Naive.TotalCents), round1(result.Naive.TotalGallons)
		out.NaiveCost, out.NaiveTotalGallons = &cost, &gallons
	}
	if compared {
		detour, saving := dollars(result.Naive.DetourCents), dollars(netSaving)
		out.NaiveDetourCost, out.NetSaving = &detour, &saving
	}
	respond(w, http.StatusOK, out)
}

// upper is codes trimmed and in upper case.
func upper(codes []string) []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = strings.ToUpper(strings.TrimSpace(c))
	}
	return out
}
