package plan

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// exactCost recomputes a plan's cost from its stops, in tenths of a cent.
func exactCost(p Plan) float64 {
	sum := 0.0
	for _, s := range p.Stops {
		sum += float64(s.Price) * s.Gallons
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
	got := exactCost(p)
	if math.Abs(got-want) > 1e-6*math.Max(1, want) {
		return "cost differs from exhaustive search"
	}
	if !nearHalfCent(want) && p.TotalCents != int64(math.Floor(want/10+0.5)) {
		return "total cents differ from exhaustive search"
	}
	if sumCents(p.Stops) != p.TotalCents {
		return "stop cents do not add up to the total"
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
