package http

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/routing"
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

// Plan requests run under a deadline and at most a few at a time, so that
// a flood of them (or one huge corridor) cannot starve the other routes.
const (
	DefaultPlanTimeout    = 10 * time.Second
	planRetryAfterSeconds = 2
)

// planTimeout is Server.PlanTimeout or its default.
func (s *Server) planTimeout() time.Duration {
	if s.PlanTimeout > 0 {
		return s.PlanTimeout
	}
	return DefaultPlanTimeout
}

// planConcurrency is Server.PlanConcurrency or its default, twice the
// processors Go may use (the optimizer is CPU-bound; the station search
// waits a little on the catalog).
func (s *Server) planConcurrency() int {
	if s.PlanConcurrency > 0 {
		return s.PlanConcurrency
	}
	return 2 * runtime.GOMAXPROCS(0)
}

// slots is a counting semaphore that refuses instead of waiting; its size
// is fixed by the first acquire.
type slots struct {
	once sync.Once
	free chan struct{}
}

// acquire takes a slot if one is free and returns its release.
func (sl *slots) acquire(size int) (release func(), ok bool) {
	sl.once.Do(func() { sl.free = make(chan struct{}, size) })
	select {
	case sl.free <- struct{}{}:
		return func() { <-sl.free }, true
	default:
		return nil, false
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

// contractPlanning sets trip up to be planned under contract c (the
// caller's pricing): the owner's detour and stop costs and the card's fee
// per purchase count at every stop, and each stop costs what its purchase
// will be charged: its gallons metered in thousandths at the stop's price,
// rounded as fuelportal.Contract.PurchaseAmounts rounds a purchase, so
// that a trip bought as planned costs what the plan says to the cent.
func contractPlanning(trip *plan.Trip, c *fuelportal.Contract) {
	trip.Costs = plan.Costs{OutOfRouteTenthCentsPerMile: c.OutOfRouteTenthCentsPerMile, StopCents: c.StopCostCents, FeeCents: c.FeeCents}
	trip.PurchaseCents = func(gallons float64, price int64) int64 {
		p := fuelportal.TenthCents(price)
		return c.PurchaseAmounts(gallonsOf(gallons), p, p).NetTotalCents
	}
}

// planCandidates are the stations found near a route (of routeMiles) as
// the optimizer's candidates at contract c's prices per gallon
// (fuelportal.Contract.StationPrice), fresh the ones whose price is not
// stale at now, and byID the found stations. A station priced at zero
// (no retail price) is left out: nothing can be planned at it.
func planCandidates(found []catalog.OnRoute, routeMiles float64, c *fuelportal.Contract, now time.Time) (candidates, fresh []plan.Station, byID map[int64]catalog.OnRoute) {
	candidates = make([]plan.Station, 0, len(found))
	byID = make(map[int64]catalog.OnRoute, len(found))
	for _, f := range found {
		price := c.StationPrice(f.Station)
		if price <= 0 || f.Station.RetailPrice <= 0 {
			continue
		}
		st := plan.Station{
			ID: f.Station.ID, AlongMiles: min(f.AlongMiles, routeMiles), OffMiles: f.OffMiles,
			NetPrice: int64(price), RetailPrice: int64(f.Station.RetailPrice),
		}
		candidates = append(candidates, st)
		byID[f.Station.ID] = f
		if !f.Station.PriceStale(now) {
			fresh = append(fresh, st)
		}
	}
	return candidates, fresh, byID
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
	trip, route, err := req.validate()
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	contract, err := s.pricing(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	contractPlanning(&trip, contract)
	release, ok := s.planSlots.acquire(s.planConcurrency())
	if !ok {
		w.Header().Set("Retry-After", strconv.Itoa(planRetryAfterSeconds))
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The route planner is busy - Please try again in a moment"))
		return
	}
	defer release()
	ctx, cancel := context.WithTimeout(r.Context(), s.planTimeout())
	defer cancel()
	tooLong := func() {
		w.Header().Set("Retry-After", strconv.Itoa(planRetryAfterSeconds))
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Planning took too long - Please try again later"))
	}

	pl := geo.NewPolyline(route)
	trip.RouteMiles = pl.LengthMiles()
	found, err := s.Stations.NearPolyline(ctx, pl, req.SearchRadius.value, catalog.NewChains(upper(req.ChainCodes)...))
	if ctx.Err() != nil {
		tooLong()
		return
	}
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	now := s.Now()
	candidates, fresh, byID := planCandidates(found, trip.RouteMiles, contract, now)
	// Fresh prices first; stale ones (older than 48 h) only when the fresh
	// stations alone leave a gap, and the answer says so.
	result, err := plan.OptimizeContext(ctx, trip, fresh)
	usedStale := false
	if len(fresh) < len(candidates) {
		var gap *plan.GapError
		if err != nil && errors.As(err, &gap) {
			result, err = plan.OptimizeContext(ctx, trip, candidates)
			if err == nil {
				for _, stop := range result.Stops {
					usedStale = usedStale || byID[stop.StationID].Station.PriceStale(now)
				}
			}
		}
	}
	if ctx.Err() != nil {
		tooLong()
		return
	}
	if err != nil {
		s.respondError(w, r, planError(err))
		return
	}

	out := planResponse{
		FuelPlan:              make([]fuelStopJSON, len(result.Stops)),
		TotalCost:             dollars(result.TotalCents + result.FeeCents),
		TotalGallons:          round1(result.TotalGallons),
		UsedStalePrices:       usedStale,
		OutOfRouteCostPerMile: float64(trip.Costs.OutOfRouteTenthCentsPerMile) / 1000,
		CostPerStop:           dollars(trip.Costs.StopCents),
		DetourMiles:           round1(result.DetourMiles),
		DetourCost:            dollars(result.DetourCents),
		FeePerPurchase:        dollars(trip.Costs.FeeCents),
		Fees:                  dollars(result.FeeCents),
	}
	netSaving, stopSavings, compared := result.NetSavings()
	for i, stop := range result.Stops {
		f := byID[stop.StationID]
		location := s.stationOut(f.Station, contract)
		location.AlongMiles, location.OffMiles = miles(f.AlongMiles), miles(f.OffMiles)
		out.FuelPlan[i] = fuelStopJSON{
			Location: location, Gallons: gallonsOf(stop.Gallons).Float(), Cost: dollars(stop.CostCents + stop.FeeCents),
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

func upper(codes []string) []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = strings.ToUpper(strings.TrimSpace(c))
	}
	return out
}
