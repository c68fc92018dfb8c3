package plan

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// exactCost recomputes a plan's fuel cost from its stops, in tenths of a
// cent.
func exactCost(p Plan) float64 {
	sum := 0.0
	for _, s := range p.Stops {
		sum += float64(s.Price) * s.Gallons
	}
	return sum
}

// exactDetour recomputes what the trip's Costs charge for stops, in tenths
// of a cent.
func exactDetour(c Costs, stops []Stop) float64 {
	sum := 0.0
	for _, s := range stops {
		sum += 10*float64(c.StopCents) + float64(c.OutOfRouteTenthCentsPerMile)*2*s.OffMiles
	}
	return sum
}

// exactTotal is what the optimizer minimises: fuel, detours, stops and
// the card's fees.
func exactTotal(t Trip, p Plan) float64 {
	return exactCost(p) + exactDetour(t.Costs, p.Stops) + 10*float64(t.Costs.FeeCents)*float64(len(p.Stops))
}

// sumDetourCents adds up the stops' detour cents.
func sumDetourCents(stops []Stop) int64 {
	var sum int64
	for _, s := range stops {
		sum += s.DetourCents
	}
	return sum
}

// checkFeasible replays stops from the start with the model's rules,
// independently of the optimizer, and reports the first broken rule.
func checkFeasible(t Trip, stations []Station, stops []Stop, minBuy float64) string {
	const tol = 1e-6
	byID := map[int64]Station{}
	for _, s := range stations {
		byID[s.ID] = s
	}
	fuel, position, lastIndex := t.StartGallons, 0.0, -1
	sorted := inRouteOrder(stations)
	for i, stop := range stops {
		s, ok := byID[stop.StationID]
		if !ok {
			return "stop at an unknown station"
		}
		index := -1
		for k, c := range sorted {
			if c.ID == s.ID {
				index = k
			}
		}
		if index <= lastIndex {
			return "stops out of route order or repeated"
		}
		lastIndex = index
		fuel -= (s.AlongMiles - position + s.OffMiles) / t.MPG
		if fuel < t.ReserveGallons-tol {
			return "arrives below the reserve"
		}
		if math.Abs(stop.ArrivalGallons-fuel) > tol {
			return "wrong arrival fuel"
		}
		if stop.Gallons < minBuy-tol {
			return "buys less than the minimum"
		}
		if fuel+stop.Gallons > t.TankGallons+tol {
			return "overfills the tank"
		}
		fuel += stop.Gallons - s.OffMiles/t.MPG
		position = s.AlongMiles
		_ = i
	}
	fuel -= (t.RouteMiles - position) / t.MPG
	if fuel < t.ReserveGallons-tol {
		return "reaches the destination below the reserve"
	}
	return ""
}

func sumCents(stops []Stop) int64 {
	var sum int64
	for _, s := range stops {
		sum += s.CostCents
	}
	return sum
}

// nearHalfCent reports whether an exact cost sits so close to a rounding
// boundary that float noise could tip it either way.
func nearHalfCent(tenths float64) bool {
	frac := tenths/10 - math.Floor(tenths/10)
	return math.Abs(frac-0.5) < 1e-6
}

// agreeWithExhaustive checks one instance and returns a failure message.
func agreeWithExhaustive(trip Trip, stations []Station) string {
	want, feasible := exhaustiveCost(trip, stations)
	p, err := Optimize(trip, stations)
	var gap *GapError
	switch {
	case !feasible && errors.As(err, &gap):
		return ""
	case !feasible:
		return "exhaustive search finds no plan but Optimize returned " + errString(err)
	case err != nil:
		return "exhaustive search finds a plan but Optimize failed: " + err.Error()
	}
	got := exactTotal(trip, p)
	if math.Abs(got-want) > 1e-6*math.Max(1, want) {
		return "cost differs from exhaustive search"
	}
	// Without costs the exhaustive optimum is the fuel money itself; with
	// them, plans tied on the total may split it differently between fuel
	// and detours, so each part is checked against the plan's own stops.
	fuel, detour := exactCost(p), exactDetour(trip.Costs, p.Stops)
	if trip.Costs == (Costs{}) {
		fuel = want
	}
	if !nearHalfCent(fuel) && p.TotalCents != int64(math.Floor(fuel/10+0.5)) {
		return "total cents differ from the exact fuel cost"
	}
	if !nearHalfCent(detour) && p.DetourCents != int64(math.Floor(detour/10+0.5)) {
		return "detour cents differ from the exact detour cost"
	}
	if sumCents(p.Stops) != p.TotalCents {
		return "stop cents do not add up to the total"
	}
	if sumDetourCents(p.Stops) != p.DetourCents {
		return "stop detour cents do not add up to the total"
	}
	for _, s := range p.Stops {
		if s.FeeCents != trip.Costs.FeeCents {
			return "a stop's fee is not the card's fee"
		}
	}
	if p.FeeCents != trip.Costs.FeeCents*int64(len(p.Stops)) {
		return "the plan's fees are not the card's fee at every stop"
	}
	miles := 0.0
	for _, s := range p.Stops {
		if s.DetourMiles != 2*s.OffMiles {
			return "a stop's detour miles are not its distance off the route there and back"
		}
		miles += s.DetourMiles
	}
	if math.Abs(miles-p.DetourMiles) > 1e-9*(1+miles) {
		return "detour miles do not add up"
	}
	if msg := checkFeasible(trip, stations, p.Stops, trip.MinPurchaseGallons); msg != "" {
		return "plan is infeasible: " + msg
	}
	return ""
}

func errString(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}

func TestOptimizeMatchesExhaustiveSearch(t *testing.T) {
	const instances = 4000
	r := rand.New(rand.NewPCG(1, 2))
	feasible := 0
	for i := range instances {
		trip, stations := randomInstance(r, 6)
		if msg := agreeWithExhaustive(trip, stations); msg != "" {
			want, _ := exhaustiveCost(trip, stations)
			p, err := Optimize(trip, stations)
			t.Fatalf("instance %d: %s\ntrip %+v\nstations %+v\nexhaustive %.6f\nplan %+v err %v (exact %.6f)",
				i, msg, trip, stations, want, p, err, exactCost(p))
		}
		if _, ok := exhaustiveCost(trip, stations); ok {
			feasible++
		}
	}
	// Guard the generator: both outcomes must be well represented.
	if feasible < instances/5 || feasible > instances*4/5 {
		t.Errorf("only %d of %d random instances are feasible; the generator no longer tests both outcomes", feasible, instances)
	}
}

// The same check with detour and stop costs: the exhaustive search pays
// them for every stop of every subset, so a plan that skips a cheap but
// distant station, or merges two stops into one, must match it to the
// float. The costs must change plans, or the test proves nothing.
func TestOptimizeWithCostsMatchesExhaustiveSearch(t *testing.T) {
	const instances = 4000
	r := rand.New(rand.NewPCG(21, 22))
	costs := rand.New(rand.NewPCG(23, 24))
	feasible, changed := 0, 0
	for i := range instances {
		trip, stations := randomInstance(r, 6)
		fuelOnly, fuelErr := Optimize(trip, stations)
		trip.Costs = randomCosts(costs)
		if msg := agreeWithExhaustive(trip, stations); msg != "" {
			want, _ := exhaustiveCost(trip, stations)
			p, err := Optimize(trip, stations)
			t.Fatalf("instance %d: %s\ntrip %+v\nstations %+v\nexhaustive %.6f\nplan %+v err %v (exact %.6f)",
				i, msg, trip, stations, want, p, err, exactTotal(trip, p))
		}
		if _, ok := exhaustiveCost(trip, stations); ok {
			feasible++
			p, _ := Optimize(trip, stations)
			if fuelErr == nil && !sameStations(p.Stops, fuelOnly.Stops) {
				changed++
			}
		}
	}
	if feasible < instances/5 || feasible > instances*4/5 {
		t.Errorf("only %d of %d random instances are feasible; the generator no longer tests both outcomes", feasible, instances)
	}
	if changed < instances/20 {
		t.Errorf("the costs changed the stations of only %d plans; the test no longer tests them", changed)
	}
	t.Logf("%d feasible, %d plans with other stations than without costs", feasible, changed)
}

func sameStations(a, b []Stop) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].StationID != b[i].StationID {
			return false
		}
	}
	return true
}

// The card's fee per purchase is a cost of every stop the optimizer must
// weigh: with it, the plan still matches the exhaustive search (which pays
// the fee at every stop of every subset), and the fee must change plans
// (fewer, larger purchases), or the test proves nothing. Its draws come from
// their own generators, so that the golden instances stay as they were.
func TestOptimizeWithFeeMatchesExhaustiveSearch(t *testing.T) {
	const instances = 4000
	r := rand.New(rand.NewPCG(31, 32))
	costs := rand.New(rand.NewPCG(33, 34))
	feasible, changed := 0, 0
	for i := range instances {
		trip, stations := randomInstance(r, 6)
		if costs.IntN(2) == 0 {
			trip.Costs = randomCosts(costs) // the fee on top of the owner's costs
		}
		withoutFee, errWithoutFee := Optimize(trip, stations)
		trip.Costs.FeeCents = randomFee(costs)
		if msg := agreeWithExhaustive(trip, stations); msg != "" {
			want, _ := exhaustiveCost(trip, stations)
			p, err := Optimize(trip, stations)
			t.Fatalf("instance %d: %s\ntrip %+v\nstations %+v\nexhaustive %.6f\nplan %+v err %v (exact %.6f)",
				i, msg, trip, stations, want, p, err, exactTotal(trip, p))
		}
		if _, ok := exhaustiveCost(trip, stations); ok {
			feasible++
			p, _ := Optimize(trip, stations)
			if errWithoutFee == nil && !sameStations(p.Stops, withoutFee.Stops) {
				changed++
			}
		}
	}
	if feasible < instances/5 || feasible > instances*4/5 {
		t.Errorf("only %d of %d random instances are feasible; the generator no longer tests both outcomes", feasible, instances)
	}
	if changed < instances/50 {
		t.Errorf("the fee changed the stations of only %d plans; the test no longer tests it", changed)
	}
	t.Logf("%d feasible, %d plans with other stations than without the fee", feasible, changed)
}

// randomFee draws a card fee per purchase: a real contract's ($0.50 to
// $3.00), none, or one large enough (up to $150) to merge stops.
func randomFee(r *rand.Rand) int64 {
	switch r.IntN(3) {
	case 0:
		return 0
	case 1:
		return r.Int64N(15000)
	}
	return 50 + r.Int64N(251)
}

// With the purchase's own charge (Trip.PurchaseCents), each stop costs
// what its purchase will be charged and the total is their sum; the plan's
// stops and gallons are the same as without it.
func TestPurchaseCentsPricesEachStopAsItsPurchase(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	// A pump's rule: thousandths of a gallon, each purchase rounded half
	// up on its own.
	pump := func(gallons float64, price int64) int64 {
		milli := int64(math.Round(gallons * 1000))
		return (milli*price + 5_000) / 10_000
	}
	checked, differs := 0, 0
	for range 2000 {
		trip, stations := randomInstance(r, 6)
		trip.Costs.FeeCents = 150
		exact, err := Optimize(trip, stations)
		if err != nil || len(exact.Stops) == 0 {
			continue
		}
		trip.PurchaseCents = pump
		p, err := Optimize(trip, stations)
		if err != nil {
			t.Fatal(err)
		}
		if !sameStations(p.Stops, exact.Stops) || p.TotalGallons != exact.TotalGallons {
			t.Fatalf("the purchase's charge changed the plan: %+v, not %+v", p.Stops, exact.Stops)
		}
		var sum int64
		for _, s := range p.Stops {
			if s.CostCents != pump(s.Gallons, s.Price) {
				t.Fatalf("stop costs %d cents, its purchase %d", s.CostCents, pump(s.Gallons, s.Price))
			}
			sum += s.CostCents
		}
		if p.TotalCents != sum || p.FeeCents != 150*int64(len(p.Stops)) {
			t.Fatalf("total %d cents, fees %d: stops add up to %d", p.TotalCents, p.FeeCents, sum)
		}
		checked++
		if p.TotalCents != exact.TotalCents {
			differs++
		}
	}
	if checked < 400 || differs == 0 {
		t.Fatalf("%d plans checked, %d priced differently per purchase: the test no longer tests the rounding", checked, differs)
	}
}
