package trips

import (
	"context"
	"errors"
	"math"
	"strconv"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/routing"
)

// Planning: a trip's plan versions and the assistant's plan come from the
// same search and optimizer (PlanRoute).

// Refusals of a plan for lack of capacity or time: EUNAVAILABLE, so the
// caller may try again.
var (
	ErrPlannerBusy = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The route planner is busy - Please try again in a moment")
	ErrPlanTooLong = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Planning took too long - Please try again later")
)

// RouteQuery is a route to plan fuel along: the truck (its tank, fuel and
// purchase minimum; RouteMiles and the costs are set by PlanRoute), the
// route's points, how far off it stations may be, and which chains.
type RouteQuery struct {
	Truck       plan.Trip
	Route       []geo.Point
	RadiusMiles float64
	Chains      catalog.Chains
}

// RoutePlan is the optimizer's answer along a route with the stations it
// weighed (by id) and whether it had to use prices older than 48 h.
type RoutePlan struct {
	Truck     plan.Trip // as planned: with the route's miles and the contract's costs
	Result    plan.Plan
	Stations  map[int64]catalog.OnRoute
	UsedStale bool
}

// PlanRoute plans the cheapest fuel along q.Route under contract c (each
// stop costs what its purchase will be charged, fee included; the owner's
// detour and stop costs count), from the stations near the route at fresh
// prices, and at stale prices too only when the fresh ones leave a gap. It
// runs under the planner's deadline and slots (ErrPlannerBusy,
// ErrPlanTooLong); a route no plan can make is EUNPROCESSABLE naming the
// gap.
func (s *Service) PlanRoute(ctx context.Context, c *fuelportal.Contract, q RouteQuery) (*RoutePlan, error) {
	release, ok := s.Slots.TryAcquire()
	if !ok {
		return nil, ErrPlannerBusy
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, s.planTimeout())
	defer cancel()

	truck := q.Truck
	contractPlanning(&truck, c)
	pl := geo.NewPolyline(q.Route)
	truck.RouteMiles = pl.LengthMiles()
	found, err := s.Stations.NearPolyline(ctx, pl, q.RadiusMiles, q.Chains)
	if ctx.Err() != nil {
		return nil, ErrPlanTooLong
	}
	if err != nil {
		return nil, err
	}
	now := s.now()
	candidates, fresh, byID := planCandidates(found, truck.RouteMiles, c, now)
	result, err := plan.OptimizeContext(ctx, truck, fresh)
	usedStale := false
	var gap *plan.GapError
	if len(fresh) < len(candidates) && err != nil && errors.As(err, &gap) {
		result, err = plan.OptimizeContext(ctx, truck, candidates)
		if err == nil {
			for _, stop := range result.Stops {
				usedStale = usedStale || byID[stop.StationID].Station.PriceStale(now)
			}
		}
	}
	if ctx.Err() != nil {
		return nil, ErrPlanTooLong
	}
	if err != nil {
		return nil, planError(err)
	}
	return &RoutePlan{Truck: truck, Result: result, Stations: byID, UsedStale: usedStale}, nil
}

// planTrip plans trip t's fuel from its route point start on, with fuel
// gallons in the tank there, at the prices and costs of its company's
// contract, as a plan version made for reason.
func (s *Service) planTrip(ctx context.Context, t *fuelportal.Trip, start int, fuel float64, reason fuelportal.TripPlanReason) (*fuelportal.TripPlan, error) {
	if start < 0 || start >= len(t.Route)-1 {
		return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "The trip is at its destination: nothing is left to plan")
	}
	contract, err := s.Store.Pricing(ctx, t.CompanyID)
	if err != nil {
		return nil, err
	}
	route := make([]geo.Point, 0, len(t.Route)-start)
	for _, p := range t.Route[start:] {
		route = append(route, geo.Point{Lat: p.Lat, Lon: p.Lon})
	}
	tank := t.TankGallons.Float()
	fuel = math.Max(0, math.Min(fuel, tank))
	truck := plan.NewTrip(0, tank, fuel)
	if fuel <= truck.ReserveGallons {
		// Already in the reserve: plan with what is in the tank (as the assistant does).
		truck.ReserveGallons = 0
	}
	truck.MinPurchaseGallons = math.Min(t.MinGallons.Float(), tank-truck.ReserveGallons)
	rp, err := s.PlanRoute(ctx, contract, RouteQuery{Truck: truck, Route: route, RadiusMiles: float64(t.SearchRadius) / 1000, Chains: catalog.NewChains()})
	if err != nil {
		return nil, err
	}
	result := rp.Result
	p := &fuelportal.TripPlan{
		Reason: reason, StartIndex: start, StartFuel: GallonsOf(fuel),
		TotalCents: result.TotalCents + result.FeeCents, TotalGallons: GallonsOf(result.TotalGallons),
		Stops: make([]fuelportal.TripStop, len(result.Stops)),
	}
	for i, stop := range result.Stops {
		p.Stops[i] = fuelportal.TripStop{
			StationID: stop.StationID, StationName: rp.Stations[stop.StationID].Station.Name, Gallons: GallonsOf(stop.Gallons),
			Price: fuelportal.TenthCents(stop.Price), CostCents: stop.CostCents + stop.FeeCents,
			AlongMilli: int64(math.Round(stop.AlongMiles * 1000)), ArrivalFuel: GallonsOf(stop.ArrivalGallons),
		}
	}
	if result.Naive.Available {
		p.NaiveAvailable, p.NaiveCents, p.NaiveTotalGallons = true, result.Naive.TotalCents, GallonsOf(result.Naive.TotalGallons)
	}
	return p, nil
}

// GallonsOf converts gallons to thousandths.
func GallonsOf(g float64) fuelportal.Gallons { return fuelportal.Gallons(math.Round(g * 1000)) }

// contractPlanning sets truck up to be planned under contract c: the
// owner's detour and stop costs and the card's fee per purchase count at
// every stop, and each stop costs what its purchase will be charged: its
// gallons metered in thousandths at the stop's price, rounded as
// fuelportal.Contract.PurchaseAmounts rounds a purchase, so that a trip
// bought as planned costs what the plan says to the cent.
func contractPlanning(truck *plan.Trip, c *fuelportal.Contract) {
	truck.Costs = plan.Costs{OutOfRouteTenthCentsPerMile: c.OutOfRouteTenthCentsPerMile, StopCents: c.StopCostCents, FeeCents: c.FeeCents}
	truck.PurchaseCents = func(gallons float64, price int64) int64 {
		p := fuelportal.TenthCents(price)
		return c.PurchaseAmounts(GallonsOf(gallons), p, p).NetTotalCents
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

// planError words the optimizer's refusals: a gap is EUNPROCESSABLE with
// the miles, bad input (which callers should have caught) field errors.
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
