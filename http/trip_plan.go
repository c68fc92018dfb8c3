package http

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/store"
)

// Trip planning: a trip's plan versions come from the same search and
// optimizer as the assistant's plan (handlePlan), over the part of the
// trip's route still ahead.

// errPlannerBusy is the answer when every planning slot is taken.
var errPlannerBusy = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The route planner is busy - Please try again in a moment")

// planTrip plans the trip's fuel from its route point start on, with fuel
// gallons in the tank there, under the planner's deadline and slots, at
// the prices and costs of the company's contract (contractPlanning): each
// stop's cost is what its purchase will be charged, fee included. A plan
// the route cannot have is 422 (planError).
func (s *Server) planTrip(ctx context.Context, companyID int64, t *fuelportal.Trip, start int, fuel float64, reason fuelportal.TripPlanReason) (*fuelportal.TripPlan, error) {
	if start < 0 || start >= len(t.Route)-1 {
		return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "The trip is at its destination: nothing is left to plan")
	}
	contract, err := s.companyPricing(ctx, companyID)
	if err != nil {
		return nil, err
	}
	release, ok := s.planSlots.acquire(s.planConcurrency())
	if !ok {
		return nil, errPlannerBusy
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, s.planTimeout())
	defer cancel()

	route := make([]geo.Point, 0, len(t.Route)-start)
	for _, p := range t.Route[start:] {
		route = append(route, geo.Point{Lat: p.Lat, Lon: p.Lon})
	}
	tank := t.TankGallons.Float()
	fuel = math.Max(0, math.Min(fuel, tank))
	trip := plan.NewTrip(0, tank, fuel)
	if fuel <= trip.ReserveGallons {
		// Already in the reserve: plan with what is in the tank (as the assistant does).
		trip.ReserveGallons = 0
	}
	trip.MinPurchaseGallons = math.Min(t.MinGallons.Float(), tank-trip.ReserveGallons)
	contractPlanning(&trip, contract)
	pl := geo.NewPolyline(route)
	trip.RouteMiles = pl.LengthMiles()
	found, err := s.Stations.NearPolyline(ctx, pl, float64(t.SearchRadius)/1000, catalog.NewChains())
	if err != nil {
		return nil, err
	}
	candidates, fresh, byID := planCandidates(found, trip.RouteMiles, contract, s.Now())
	result, err := plan.OptimizeContext(ctx, trip, fresh)
	var gap *plan.GapError
	if len(fresh) < len(candidates) && err != nil && errors.As(err, &gap) {
		result, err = plan.OptimizeContext(ctx, trip, candidates)
	}
	if ctx.Err() != nil {
		return nil, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Planning took too long - Please try again later")
	}
	if err != nil {
		return nil, planError(err)
	}
	p := &fuelportal.TripPlan{
		Reason: reason, StartIndex: start, StartFuel: gallonsOf(fuel),
		TotalCents: result.TotalCents + result.FeeCents, TotalGallons: gallonsOf(result.TotalGallons),
		Stops: make([]fuelportal.TripStop, len(result.Stops)),
	}
	for i, stop := range result.Stops {
		p.Stops[i] = fuelportal.TripStop{
			StationID: stop.StationID, StationName: byID[stop.StationID].Station.Name, Gallons: gallonsOf(stop.Gallons),
			Price: fuelportal.TenthCents(stop.Price), CostCents: stop.CostCents + stop.FeeCents,
			AlongMilli: int64(math.Round(stop.AlongMiles * 1000)), ArrivalFuel: gallonsOf(stop.ArrivalGallons),
		}
	}
	if result.Naive.Available {
		p.NaiveAvailable, p.NaiveCents, p.NaiveTotalGallons = true, result.Naive.TotalCents, gallonsOf(result.Naive.TotalGallons)
	}
	return p, nil
}

// gallonsOf converts gallons to thousandths.
func gallonsOf(g float64) fuelportal.Gallons { return fuelportal.Gallons(math.Round(g * 1000)) }

// nearestRoutePoint is the index of the route point closest to p.
func nearestRoutePoint(route []fuelportal.TripPoint, p geo.Point) int {
	best, bestMiles := 0, math.Inf(1)
	for i, q := range route {
		if d := geo.DistanceMiles(p, geo.Point{Lat: q.Lat, Lon: q.Lon}); d < bestMiles {
			best, bestMiles = i, d
		}
	}
	return best
}

// routeMiles is the length of the route from point i to point j.
func routeMiles(route []fuelportal.TripPoint, i, j int) float64 {
	var miles float64
	for k := i + 1; k <= j && k < len(route); k++ {
		miles += geo.DistanceMiles(geo.Point{Lat: route[k-1].Lat, Lon: route[k-1].Lon}, geo.Point{Lat: route[k].Lat, Lon: route[k].Lon})
	}
	return miles
}

// fuelAt estimates from the trip's current plan the fuel in the tank at
// route point idx, before buying there: the plan's fuel after its last stop
// before that point, less what the truck burns from there.
func fuelAt(t *fuelportal.Trip, idx int) float64 {
	p := t.Plan
	along := routeMiles(t.Route, p.StartIndex, idx)
	fuel, last := p.StartFuel.Float(), 0.0
	for _, s := range p.Stops {
		if at := float64(s.AlongMilli) / 1000; at <= along {
			fuel, last = (s.ArrivalFuel + s.Gallons).Float(), at
		}
	}
	return math.Max(0, fuel-(along-last)/plan.DefaultMPG)
}

// replanTrip makes a new plan version of the active trip from position
// with fuel gallons in the tank (the route is cut at its point nearest the
// position) and returns the trip. A trip with fuelportal.MaxTripPlanVersions
// is ECONFLICT; a re-plan people ask for (TripPlanReplanned) counts
// against Limits.TripReplans first (a *replanTooSoon past it).
func (s *Server) replanTrip(ctx context.Context, scope fuelportal.TransactionScope, t *fuelportal.Trip, position geo.Point, fuel float64, reason fuelportal.TripPlanReason) (*fuelportal.Trip, error) {
	if t.Status != fuelportal.TripActive {
		return nil, fuelportal.Errorf(fuelportal.ECONFLICT, "The trip is %s", string(t.Status))
	}
	if t.Plan != nil && t.Plan.Version >= fuelportal.MaxTripPlanVersions {
		return nil, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgTripPlanVersionsUsed, fuelportal.MaxTripPlanVersions)
	}
	if reason == fuelportal.TripPlanReplanned {
		wait, err := s.DB.HitRateLimit(ctx, s.Limits.TripReplans, strconv.FormatInt(t.ID, 10))
		if err != nil {
			return nil, err
		}
		if wait > 0 {
			return nil, &replanTooSoon{wait: wait}
		}
	}
	start := nearestRoutePoint(t.Route, position)
	p, err := s.planTrip(ctx, t.CompanyID, t, start, fuel, reason)
	if err != nil {
		return nil, err
	}
	return s.DB.AddTripPlan(ctx, scope, t.ID, p)
}

// replanAfterPurchase re-plans the trip a just-recorded purchase went
// against when it was approved off the plan, from the station, with the
// fuel the plan leaves there plus the purchase. Failures are logged: the
// purchase itself stands.
func (s *Server) replanAfterPurchase(ctx context.Context, t *fuelportal.Transaction) {
	if t.Status != fuelportal.TransactionApproved {
		return
	}
	tripID, onPlan, err := s.DB.TripOfTransaction(ctx, t.ID)
	if err != nil || tripID == 0 || onPlan {
		if err != nil {
			s.Logger.WarnContext(ctx, "trip of purchase", "transaction", t.ID, "err", err)
		}
		return
	}
	scope := fuelportal.TransactionScope{CompanyID: t.CompanyID}
	trip, err := s.DB.Trip(ctx, scope, tripID)
	if err == nil && trip.Status == fuelportal.TripActive {
		var station *fuelportal.Station
		if station, err = s.DB.GetStation(ctx, t.LocationID); err == nil {
			at := geo.Point{Lat: station.Latitude, Lon: station.Longitude}
			fuel := fuelAt(trip, nearestRoutePoint(trip.Route, at)) + t.Gallons.Float()
			_, err = s.replanTrip(ctx, scope, trip, at, fuel, fuelportal.TripPlanOffPlan)
		}
	}
	if err != nil {
		s.Logger.WarnContext(ctx, "re-plan after off-plan purchase", "trip", tripID, "transaction", t.ID, "err", err)
	}
}

// replanOnPriceChanges re-plans every active trip with a planned stop
// whose price under the company's contract moved by more than 5¢ since it
// was planned, from the current version's start. Failures are logged per
// trip.
func (s *Server) replanOnPriceChanges(ctx context.Context) {
	trips, err := s.DB.ActiveTrips(ctx)
	if err != nil {
		s.Logger.WarnContext(ctx, "active trips after price import", "err", err)
		return
	}
	for _, t := range trips {
		if t.Plan == nil || len(t.Plan.Stops) == 0 {
			continue
		}
		ids := make([]int64, len(t.Plan.Stops))
		for i, stop := range t.Plan.Stops {
			ids[i] = stop.StationID
		}
		stations, err := s.stationsByID(ctx, ids)
		if err != nil {
			s.Logger.WarnContext(ctx, "stations of trip", "trip", t.ID, "err", err)
			continue
		}
		contract, err := s.companyPricing(ctx, t.CompanyID)
		if err != nil {
			s.Logger.WarnContext(ctx, "contract of trip", "trip", t.ID, "err", err)
			continue
		}
		moved := false
		for _, stop := range t.Plan.Stops {
			if st := stations[stop.StationID]; st != nil {
				delta := contract.StationPrice(st) - stop.Price
				moved = moved || delta > fuelportal.TripReplanPriceDelta || -delta > fuelportal.TripReplanPriceDelta
			}
		}
		if !moved {
			continue
		}
		start := t.Route[t.Plan.StartIndex]
		scope := fuelportal.TransactionScope{CompanyID: t.CompanyID}
		if _, err := s.replanTrip(ctx, scope, t, geo.Point{Lat: start.Lat, Lon: start.Lon}, t.Plan.StartFuel.Float(), fuelportal.TripPlanPriceChange); err != nil {
			s.Logger.WarnContext(ctx, "re-plan after price change", "trip", t.ID, "err", err)
		}
	}
}

// stationsByID reads the stations with ids.
func (s *Server) stationsByID(ctx context.Context, ids []int64) (out map[int64]*fuelportal.Station, err error) {
	err = s.DB.InReadTx(ctx, func(tx *store.Tx) error {
		out, err = tx.StationsByID(ctx, ids)
		return err
	})
	return out, err
}

// replanTooSoon refuses a re-plan past Limits.TripReplans: 429, and
// Retry-After says when the trip may be re-planned again.
type replanTooSoon struct{ wait time.Duration }

func (e *replanTooSoon) Error() string { return e.Unwrap().Error() }

func (e *replanTooSoon) Unwrap() error {
	return fuelportal.Errorf(fuelportal.ETOOMANYREQUESTS, "Too many re-plans of this trip - Please try again later")
}

// retryAfterPlanner sets Retry-After on answers that say the planner is
// busy or slow, or that the trip was re-planned too often.
func retryAfterPlanner(w http.ResponseWriter, err error) {
	var tooSoon *replanTooSoon
	switch {
	case errors.As(err, &tooSoon):
		w.Header().Set("Retry-After", strconv.Itoa(max(1, int((tooSoon.wait+time.Second-1)/time.Second))))
	case fuelportal.ErrorCode(err) == fuelportal.EUNAVAILABLE:
		w.Header().Set("Retry-After", strconv.Itoa(planRetryAfterSeconds))
	}
}
