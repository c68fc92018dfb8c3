package plan

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Defaults for the trip settings the planner form does not show.
const (
	DefaultMPG                = 6.5
	DefaultReserveFraction    = 0.10
	DefaultMinPurchaseGallons = 5.0
)

// Station is a candidate fuel stop near the route.
type Station struct {
	ID int64
	// AlongMiles is where the truck leaves the route for this station,
	// measured from the route start.
	AlongMiles float64
	// OffMiles is the one-way distance from the route to the station.
	OffMiles float64
	// NetPrice is the card price per gallon in tenths of a cent ($3.459 =
	// 3459); the optimizer buys at this price.
	NetPrice int64
	// RetailPrice is the pump price per gallon in tenths of a cent; the
	// naive comparison buys at this price.
	RetailPrice int64
}

// Trip describes the truck and the route. Build one with NewTrip to get the
// defaults, then override fields as needed.
type Trip struct {
	RouteMiles         float64
	TankGallons        float64
	StartGallons       float64
	MPG                float64
	ReserveGallons     float64
	MinPurchaseGallons float64
	// Costs are what a stop costs besides its fuel; zero (the default)
	// plans for fuel money alone.
	Costs Costs
	// PurchaseCents, when set, is what one purchase of gallons at price
	// (tenths of a cent per gallon) is charged, in cents, as the card
	// network charges it (metered and rounded per purchase): each stop's
	// CostCents is then its own purchase's charge and TotalCents their sum,
	// so that a trip bought exactly as planned costs what the plan says to
	// the cent. nil rounds the exact costs as the package documentation
	// says. It only prices the plan found; the optimizer minimises the
	// exact cost either way.
	PurchaseCents func(gallons float64, price int64) int64
}

// Costs are what a stop costs besides its fuel, from the company's
// contract: the detour's miles (driver time, wear) and the stop itself.
// The optimizer minimises fuel plus these costs.
type Costs struct {
	// OutOfRouteTenthCentsPerMile is charged for every mile driven off the
	// route, in tenths of a cent: 2·OffMiles for a stop (there and back).
	OutOfRouteTenthCentsPerMile int64
	// StopCents is charged for every stop, in cents.
	StopCents int64
	// FeeCents is what the fuel card charges for every purchase, in cents
	// (the contract's fee). The optimizer weighs it at each stop like
	// StopCents, but it is money the card pays with the fuel, so a stop
	// reports it as FeeCents, not in DetourCents; the naive driver, who
	// pays the pump's retail price, pays no card fee.
	FeeCents int64
}

// Upper bounds of Costs: $1,000 a mile and $1,000,000 a stop, far beyond
// any fleet's figures, keep the money exact in float64.
const (
	maxOutOfRouteTenthCentsPerMile = 1_000_000
	maxStopCents                   = 100_000_000
	maxFeeCents                    = 100_000_000
)

// stopTenths is what a stop of the plan at a station offMiles from the
// route costs besides its fuel, in tenths of a cent: its detour, the stop
// and the card's fee.
func (c Costs) stopTenths(offMiles float64) float64 {
	return 10*float64(c.StopCents+c.FeeCents) + float64(c.OutOfRouteTenthCentsPerMile)*2*offMiles
}

// detourTenths is stopTenths without the card's fee: what DetourCents
// counts, for the plan's stops and the naive driver's alike.
func (c Costs) detourTenths(offMiles float64) float64 {
	return 10*float64(c.StopCents) + float64(c.OutOfRouteTenthCentsPerMile)*2*offMiles
}

// NewTrip returns a trip with the default mileage, a reserve of 10 % of the
// tank and a 5-gallon minimum purchase.
func NewTrip(routeMiles, tankGallons, startGallons float64) Trip {
	return Trip{
		RouteMiles:         routeMiles,
		TankGallons:        tankGallons,
		StartGallons:       startGallons,
		MPG:                DefaultMPG,
		ReserveGallons:     DefaultReserveFraction * tankGallons,
		MinPurchaseGallons: DefaultMinPurchaseGallons,
	}
}

// Stop is one fuel purchase.
type Stop struct {
	StationID  int64
	AlongMiles float64
	OffMiles   float64
	// Price is what one gallon cost here, in tenths of a cent: the net
	// price in a plan, the retail price in the naive comparison.
	Price int64
	// ArrivalGallons is the fuel in the tank on arrival at the station.
	ArrivalGallons float64
	Gallons        float64
	CostCents      int64
	// DetourMiles is the stop's distance off the route, there and back
	// (2·OffMiles); DetourCents what the trip's Costs charge for the stop
	// and its detour (rounded like CostCents, see splitCents).
	DetourMiles float64
	DetourCents int64
	// FeeCents is the card's fee for the purchase (Costs.FeeCents; 0 in
	// the naive comparison).
	FeeCents int64
}

// Plan is the cheapest way to buy fuel for the trip, with what a driver
// without a plan would pay for comparison.
type Plan struct {
	Stops        []Stop
	TotalCents   int64
	TotalGallons float64
	// DestinationGallons is the fuel left on arrival (at least the reserve).
	DestinationGallons float64
	// DetourMiles, DetourCents and FeeCents are the stops' totals;
	// TotalCents is the fuel alone, so the plan costs TotalCents +
	// DetourCents + FeeCents in all, and the card is charged TotalCents +
	// FeeCents.
	DetourMiles float64
	DetourCents int64
	FeeCents    int64
	Naive       Naive
}

// Naive is the outcome of the no-plan strategy described in the package
// documentation.
type Naive struct {
	// Available is false when the naive driver would fall below the reserve;
	// the other fields are then zero.
	Available    bool
	Stops        []Stop
	TotalCents   int64
	TotalGallons float64
	// DetourMiles and DetourCents are the naive stops' detours and costs
	// under the trip's Costs: the naive driver does not weigh them, but
	// pays them.
	DetourMiles float64
	DetourCents int64
}

// NetSavings compares the plan with the naive comparison after the detour
// and stop costs. total is what the naive driver pays in all (fuel,
// detours and stops) less what the plan pays in all (the card's fees too),
// in cents. perStop[i]
// is what stop i's gallons would cost at the naive driver's all-in price
// per gallon ((naive TotalCents + DetourCents) / TotalGallons) less what
// they cost at stop i, fuel, detour, stop and fee together, rounded half up to
// the cent; the stops add up to total when the plan and the naive driver
// buy the same gallons (their detours can burn different fuel). ok is
// false when the naive comparison is unavailable. A negative figure is a
// loss against driving without the plan.
func (p Plan) NetSavings() (total int64, perStop []int64, ok bool) {
	if !p.Naive.Available {
		return 0, nil, false
	}
	naiveAll := p.Naive.TotalCents + p.Naive.DetourCents
	perStop = make([]int64, len(p.Stops))
	for i, s := range p.Stops {
		without := 0.0
		if p.Naive.TotalGallons > 0 {
			without = s.Gallons * float64(naiveAll) / p.Naive.TotalGallons
		}
		perStop[i] = int64(math.Floor(without+0.5)) - s.CostCents - s.DetourCents - s.FeeCents
	}
	return naiveAll - p.TotalCents - p.DetourCents - p.FeeCents, perStop, true
}

// InputError lists trip or station values the optimizer cannot work with,
// keyed by field name ("tankGallons", "stations[3].offMiles").
type InputError struct {
	Fields map[string]string
}

func (e *InputError) Error() string {
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + e.Fields[k]
	}
	return "invalid fuel plan input: " + strings.Join(parts, "; ")
}

// GapError reports that no purchase plan can cross a stretch of the route.
type GapError struct {
	// FromMiles is the last point (the start, or a station where fuel can
	// be bought) from which the truck can go on; ToMiles is the next point
	// it cannot reach with the reserve intact (a station's exit or, when it
	// equals the route length, the destination).
	FromMiles, ToMiles float64
	// GapMiles is ToMiles − FromMiles.
	GapMiles float64
	// RangeMiles is the farthest the best plan can drive past FromMiles
	// before touching the reserve.
	RangeMiles float64
}

func (e *GapError) Error() string {
	return fmt.Sprintf("no fuel plan reaches mile %.1f: the %.1f miles from mile %.1f exceed the %.1f miles the truck can cover above its reserve",
		e.ToMiles, e.GapMiles, e.FromMiles, e.RangeMiles)
}

func validate(trip Trip, stations []Station) error {
	problems := map[string]string{}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	if !finite(trip.RouteMiles) || trip.RouteMiles < 0 {
		problems["routeMiles"] = "must be zero or more"
	}
	if !finite(trip.TankGallons) || trip.TankGallons <= 0 {
		problems["tankGallons"] = "must be more than zero"
	}
	if !finite(trip.MPG) || trip.MPG <= 0 {
		problems["mpg"] = "must be more than zero"
	}
	if !finite(trip.StartGallons) || trip.StartGallons < 0 || trip.StartGallons > trip.TankGallons {
		problems["startGallons"] = "must be between zero and the tank capacity"
	}
	if !finite(trip.ReserveGallons) || trip.ReserveGallons < 0 || trip.ReserveGallons >= trip.TankGallons {
		problems["reserveGallons"] = "must be zero or more and below the tank capacity"
	} else if _, bad := problems["startGallons"]; !bad && trip.StartGallons < trip.ReserveGallons {
		problems["startGallons"] = fmt.Sprintf("is below the %.1f-gallon reserve", trip.ReserveGallons)
	}
	if !finite(trip.MinPurchaseGallons) || trip.MinPurchaseGallons < 0 ||
		trip.MinPurchaseGallons > trip.TankGallons-trip.ReserveGallons {
		problems["minPurchaseGallons"] = "must be between zero and the tank capacity less the reserve"
	}
	if c := trip.Costs.OutOfRouteTenthCentsPerMile; c < 0 || c > maxOutOfRouteTenthCentsPerMile {
		problems["costs.outOfRouteTenthCentsPerMile"] = fmt.Sprintf("must be between zero and %d", maxOutOfRouteTenthCentsPerMile)
	}
	if c := trip.Costs.StopCents; c < 0 || c > maxStopCents {
		problems["costs.stopCents"] = fmt.Sprintf("must be between zero and %d", maxStopCents)
	}
	if c := trip.Costs.FeeCents; c < 0 || c > maxFeeCents {
		problems["costs.feeCents"] = fmt.Sprintf("must be between zero and %d", maxFeeCents)
	}
	for i, s := range stations {
		name := func(field string) string { return fmt.Sprintf("stations[%d].%s", i, field) }
		if !finite(s.AlongMiles) || s.AlongMiles < 0 || s.AlongMiles > trip.RouteMiles {
			problems[name("alongMiles")] = "must be between zero and the route length"
		}
		if !finite(s.OffMiles) || s.OffMiles < 0 {
			problems[name("offMiles")] = "must be zero or more"
		}
		if s.NetPrice <= 0 {
			problems[name("netPrice")] = "must be more than zero"
		}
		if s.RetailPrice <= 0 {
			problems[name("retailPrice")] = "must be more than zero"
		}
	}
	if len(problems) > 0 {
		return &InputError{Fields: problems}
	}
	return nil
}

// inRouteOrder returns the stations sorted the way the truck meets them:
// by exit point, then nearer first, then ID (for reproducible plans).
//
// Stations equal in all three keep their input order (as a stable sort
// would); sorting positions with the position as the last key does that
// with the faster unstable sort.
func inRouteOrder(stations []Station) []Station {
	sorted, _ := inRouteOrderInto(nil, nil, stations)
	return sorted
}

// inRouteOrderInto is inRouteOrder reusing the buffers sorted and order.
func inRouteOrderInto(sorted []Station, order []int32, stations []Station) ([]Station, []int32) {
	order = order[:0]
	for i := range stations {
		order = append(order, int32(i))
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &stations[i], &stations[j]
		return cmp.Or(cmp.Compare(a.AlongMiles, b.AlongMiles), cmp.Compare(a.OffMiles, b.OffMiles), cmp.Compare(a.ID, b.ID), cmp.Compare(i, j))
	})
	sorted = sorted[:0]
	for _, i := range order {
		sorted = append(sorted, stations[i])
	}
	return sorted, order
}

// origin records how a piece of a fuel curve was obtained: by a purchase at
// a station, applied to fuel that came from the parent origin. Origin 0 is
// the fuel the truck started with.
type origin struct {
	station int32
	// buyMin: arrived with (post-purchase level − min purchase) and bought
	// exactly the minimum. Otherwise arrived with arrival gallons (usable)
	// and filled up to the post-purchase level.
	buyMin  bool
	arrival float64
	parent  int32
}

// Optimize returns the cheapest purchase plan for trip using stations, in
// the model of the package documentation, together with the naive
// comparison. It returns an *InputError for unusable input and a *GapError
// when no plan can reach the destination with the reserve intact.
func Optimize(trip Trip, stations []Station) (Plan, error) {
	return OptimizeContext(context.Background(), trip, stations)
}

// OptimizeContext is Optimize giving up when ctx ends: it then returns
// ctx's error (context.Canceled or context.DeadlineExceeded). The sweep
// looks at ctx every few stations, so it stops within a few milliseconds.
func OptimizeContext(ctx context.Context, trip Trip, stations []Station) (Plan, error) {
	p, _, err := optimize(ctx, trip, stations)
	return p, err
}

// runStats describes one sweep's work, for the tests.
type runStats struct{ peakPieces, thinnings, origins int }

func optimize(ctx context.Context, trip Trip, stations []Station) (Plan, runStats, error) {
	if err := validate(trip, stations); err != nil {
		return Plan{}, runStats{}, err
	}
	if err := ctx.Err(); err != nil {
		return Plan{}, runStats{}, err
	}
	o := optimizers.Get().(*optimizer)
	defer optimizers.Put(o)
	o.trip, o.peakPieces, o.thinnings = trip, 0, 0
	o.stations, o.order = inRouteOrderInto(o.stations, o.order, stations)
	p, err := o.run(ctx)
	stats := runStats{peakPieces: o.peakPieces, thinnings: o.thinnings, origins: len(o.origins)}
	if err != nil {
		return Plan{}, stats, err
	}
	p.Naive = forEndState(trip, naive(trip, o.stations), p.DestinationGallons)
	p.Naive.DetourMiles, p.Naive.DetourCents = chargeDetours(trip.Costs, p.Naive.Stops)
	return p, stats, nil
}

// ctxCheckStations is how often the sweep looks at its context: a station
// costs at most O(maxCurvePieces), a few microseconds.
const ctxCheckStations = 16

// optimizers recycles the optimizer's working memory between calls; no
// result refers to it (stops are built in fresh slices).
var optimizers = sync.Pool{New: func() any { return new(optimizer) }}

type optimizer struct {
	trip     Trip
	stations []Station
	order    []int32
	origins  []origin
	env      envelope
	// Buffers for the fuel curves built during the sweep.
	curve, bought, spare []piece
	// peakPieces is the longest curve of the last run before thinning,
	// thinnings how often it was thinned (for the tests).
	peakPieces, thinnings int
}

// run sweeps the route once, keeping the fuel curve of the truck on the
// route at the current point; see the package documentation.
func (o *optimizer) run(ctx context.Context) (Plan, error) {
	t := o.trip
	capacity := t.TankGallons - t.ReserveGallons // usable fuel in a full tank
	minBuy := t.MinPurchaseGallons
	o.origins = append(o.origins[:0], origin{station: -1})
	curve := append(o.curve[:0], piece{lo: t.StartGallons - t.ReserveGallons, hi: t.StartGallons - t.ReserveGallons, slope: 1, origin: 0})
	// The curve is rebuilt at each useful station; two buffers take turns.
	bought, spare := o.bought[:0], o.spare[:0]
	defer func() { o.curve, o.bought, o.spare = curve[:0], bought[:0], spare[:0] }()

	position := 0.0
	lastUseful, lastUsefulFuel := 0.0, curve[0].hi
	gap := func(to float64) error {
		return &GapError{FromMiles: lastUseful, ToMiles: to, GapMiles: to - lastUseful, RangeMiles: lastUsefulFuel * t.MPG}
	}
	for j, s := range o.stations {
		if j%ctxCheckStations == ctxCheckStations-1 {
			if err := ctx.Err(); err != nil {
				return Plan{}, err
			}
		}
		curve = shiftCurve(curve, (s.AlongMiles-position)/t.MPG)
		position = s.AlongMiles
		if len(curve) == 0 {
			return Plan{}, gap(position)
		}
		bought = o.buyAt(int32(j), curve, capacity, minBuy, bought[:0])
		if len(bought) == 0 {
			continue
		}
		merged := o.env.lowerEnvelope(curve, bought, spare[:0])
		o.peakPieces = max(o.peakPieces, len(merged))
		if len(merged) > curveLimit {
			merged = thinCurve(merged, curveLimit)
			o.thinnings++
		}
		spare, curve = curve, merged
		lastUseful = position
		lastUsefulFuel = curve[len(curve)-1].hi
	}
	curve = shiftCurve(curve, (t.RouteMiles-position)/t.MPG)
	if len(curve) == 0 {
		return Plan{}, gap(t.RouteMiles)
	}
	// Slopes are prices, so each piece is cheapest at its low end.
	best := curve[0]
	for _, p := range curve[1:] {
		if p.cost < best.cost {
			best = p
		}
	}
	return o.trace(best)
}

// buyAt appends to out the fuel curve (back on the route at the station's
// exit) of the options that stop at station j, given the curve on the
// route at that exit. With A(g) the curve on arrival at the station, the
// cheapest way to leave it with h gallons is
//
//	E(h) = min over g ≤ h − minBuy of A(g) + price·(h − g)
//	     = price·h + M(h − minBuy),  M(y) = min over g ≤ y of A(g) − price·g,
//
// and the prefix minimum M is found in one pass: it is either constant
// (arrive at the level g* where A(g) − price·g was smallest and fill up to
// h) or follows a piece of A cheaper than this station (arrive with
// h − minBuy and buy just the minimum).
func (o *optimizer) buyAt(j int32, curve []piece, capacity, minBuy float64, out []piece) []piece {
	s := o.stations[j]
	detour := s.OffMiles / o.trip.MPG // gallons each way
	price := float64(s.NetPrice)
	// Every way of stopping here pays the stop and its detour once: a
	// constant added to E, which keeps the sweep exact (see the package
	// documentation). Zero without Costs, and x + 0 is x, bit for bit.
	fixed := o.trip.Costs.stopTenths(s.OffMiles)
	maxY := capacity - minBuy // the fullest arrival that can still buy

	// emit adds the part of E over arrival-side levels y ∈ [yLo, yHi]
	// (so h = y + minBuy), as a function of the level back on the route.
	emit := func(yLo, yHi float64, make func(fLo float64) piece) {
		fLo := max(yLo+minBuy-detour, 0)
		fHi := min(yHi, maxY) + minBuy - detour
		if fHi < -gallonSlack || fLo > fHi+gallonSlack || yLo > maxY+gallonSlack {
			return
		}
		fHi = max(fHi, fLo)
		p := make(fLo)
		p.lo, p.hi = fLo, fHi
		out = append(out, p)
	}
	bestB, bestG, bestOrigin := math.Inf(1), 0.0, int32(0)
	constFrom := 0.0
	closeConst := func(y float64) {
		if math.IsInf(bestB, 1) || y <= constFrom {
			return
		}
		o.origins = append(o.origins, origin{station: j, arrival: bestG, parent: bestOrigin})
		id := int32(len(o.origins) - 1)
		v := bestB
		emit(constFrom, y, func(fLo float64) piece {
			return piece{cost: v + price*(fLo+detour) + fixed, slope: price, origin: id}
		})
	}
	for _, p := range curve {
		// Arrival at the station costs the detour's fuel.
		if p.hi-detour < -gallonSlack {
			continue
		}
		lo, hi := max(p.lo-detour, 0), max(p.hi-detour, 0)
		a := p.clip(lo+detour, hi+detour)
		a.lo, a.hi = lo, hi
		if lo > maxY+gallonSlack {
			break
		}
		bLo := a.cost - price*lo
		if a.slope >= price || hi == lo {
			// Fuel in this piece is no cheaper than here: only its lowest
			// level can be the best arrival.
			if bLo < bestB {
				closeConst(lo)
				bestB, bestG, bestOrigin, constFrom = bLo, lo, a.origin, lo
			}
			continue
		}
		// Cheaper fuel: A(g) − price·g falls along the piece.
		bHi := a.at(hi) - price*hi
		if bHi >= bestB {
			continue
		}
		start := lo
		if bLo >= bestB {
			start = lo + (bestB-bLo)/(a.slope-price)
		}
		closeConst(start)
		o.origins = append(o.origins, origin{station: j, buyMin: true, parent: a.origin})
		id := int32(len(o.origins) - 1)
		emit(start, hi, func(fLo float64) piece {
			return piece{cost: a.at(fLo+detour-minBuy) + price*minBuy + fixed, slope: a.slope, origin: id}
		})
		bestB, bestG, bestOrigin, constFrom = bHi, hi, a.origin, hi
	}
	closeConst(maxY)
	if !math.IsInf(bestB, 1) && bestG <= maxY+gallonSlack && constFrom >= maxY-gallonSlack {
		// The best arrival is (within rounding) the fullest one that can
		// still buy: a single option, arrive at maxY and buy the minimum.
		o.origins = append(o.origins, origin{station: j, arrival: bestG, parent: bestOrigin})
		id := int32(len(o.origins) - 1)
		v := bestB
		emit(maxY, maxY, func(fLo float64) piece {
			return piece{cost: v + price*(fLo+detour) + fixed, slope: price, origin: id}
		})
	}
	return out
}

// trace follows origins back from the cheapest piece at the destination
// and rebuilds the stops, then checks the plan against the model.
func (o *optimizer) trace(best piece) (Plan, error) {
	t := o.trip
	var stops []Stop
	level, position := best.lo, t.RouteMiles
	for id := best.origin; id != 0; {
		n := o.origins[id]
		s := o.stations[n.station]
		detour := s.OffMiles / t.MPG
		leave := level + (position-s.AlongMiles)/t.MPG + detour // usable, at the station after buying
		arrival := n.arrival
		if n.buyMin {
			arrival = leave - t.MinPurchaseGallons
		}
		stops = append(stops, Stop{
			StationID: s.ID, AlongMiles: s.AlongMiles, OffMiles: s.OffMiles, Price: s.NetPrice,
			Gallons: leave - arrival, DetourMiles: 2 * s.OffMiles,
		})
		level, position, id = arrival+detour, s.AlongMiles, n.parent
	}
	slices.Reverse(stops)
	return finish(t, stops)
}

// finish replays stops from the start, fills in arrival fuel and cents, and
// refuses a plan that breaks the model (which would be a bug).
func finish(t Trip, stops []Stop) (Plan, error) {
	kept := stops[:0]
	for _, s := range stops {
		if s.Gallons < math.Max(t.MinPurchaseGallons, gallonSlack)-1e-7 {
			if t.MinPurchaseGallons == 0 && s.Gallons < 1e-7 {
				continue // buying nothing is not a stop
			}
			return Plan{}, fmt.Errorf("fuel plan: internal error: %.9f gallons at station %d is below the minimum", s.Gallons, s.StationID)
		}
		s.Gallons = math.Max(s.Gallons, t.MinPurchaseGallons)
		kept = append(kept, s)
	}
	stops = kept
	fuel, position := t.StartGallons, 0.0
	exact := make([]float64, len(stops))
	var p Plan
	for i := range stops {
		s := &stops[i]
		fuel -= (s.AlongMiles - position + s.OffMiles) / t.MPG
		s.ArrivalGallons = fuel
		if fuel < t.ReserveGallons-1e-6 || fuel+s.Gallons > t.TankGallons+1e-6 {
			return Plan{}, fmt.Errorf("fuel plan: internal error: stop %d at station %d breaks the tank limits", i, s.StationID)
		}
		fuel = math.Min(fuel+s.Gallons, t.TankGallons) - s.OffMiles/t.MPG
		position = s.AlongMiles
		exact[i] = float64(s.Price) * s.Gallons
		p.TotalGallons += s.Gallons
	}
	fuel -= (t.RouteMiles - position) / t.MPG
	if fuel < t.ReserveGallons-1e-6 {
		return Plan{}, fmt.Errorf("fuel plan: internal error: arrives with %.6f gallons, below the reserve", fuel)
	}
	cents, total := splitCents(exact)
	if t.PurchaseCents != nil {
		total = 0
		for i, s := range stops {
			cents[i] = t.PurchaseCents(s.Gallons, s.Price)
			total += cents[i]
		}
	}
	for i := range stops {
		stops[i].CostCents = cents[i]
		stops[i].FeeCents = t.Costs.FeeCents
	}
	p.Stops, p.TotalCents, p.DestinationGallons = stops, total, math.Max(fuel, t.ReserveGallons)
	p.DetourMiles, p.DetourCents = chargeDetours(t.Costs, stops)
	p.FeeCents = t.Costs.FeeCents * int64(len(stops))
	return p, nil
}

// chargeDetours fills in the stops' DetourCents under c and returns the
// totals of their DetourMiles and DetourCents. The cents are rounded like
// the fuel's (splitCents): the total once, the stops adding up to it.
func chargeDetours(c Costs, stops []Stop) (miles float64, cents int64) {
	for _, s := range stops {
		miles += s.DetourMiles
	}
	if c.StopCents == 0 && c.OutOfRouteTenthCentsPerMile == 0 || len(stops) == 0 {
		return miles, 0
	}
	exact := make([]float64, len(stops))
	for i, s := range stops {
		exact[i] = c.detourTenths(s.OffMiles)
	}
	perStop, total := splitCents(exact)
	for i := range stops {
		stops[i].DetourCents = perStop[i]
	}
	return miles, total
}
