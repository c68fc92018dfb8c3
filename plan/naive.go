package plan

import (
	"math"
	"slices"
)

// naive replays what a driver without a plan does (see the package
// documentation): run down to a quarter tank, take the first station from
// there on, fill up at its retail price, repeat until the destination is in
// reach with the reserve. sorted must be in route order. Optimize reports it
// through forEndState, for the plan's fuel at the destination.
func naive(t Trip, sorted []Station) Naive {
	quarter := t.TankGallons / 4
	fuel, position := t.StartGallons, 0.0
	next := 0
	var stops []Stop
	var exact []float64
	for fuel-(t.RouteMiles-position)/t.MPG < t.ReserveGallons-gallonSlack {
		trigger := position + math.Max(fuel-quarter, 0)*t.MPG
		arrivalAt := func(k int) float64 {
			return fuel - (sorted[k].AlongMiles-position+sorted[k].OffMiles)/t.MPG
		}
		first := next
		for first < len(sorted) && sorted[first].AlongMiles < trigger {
			first++
		}
		pick := first
		if pick == len(sorted) || arrivalAt(pick) < t.ReserveGallons-gallonSlack {
			// Nothing reachable from the quarter-tank point on: the driver
			// takes the last station before it rather than run dry.
			pick = first - 1
			for pick >= next && arrivalAt(pick) < t.ReserveGallons-gallonSlack {
				pick--
			}
			if pick < next {
				return Naive{}
			}
		}
		s := sorted[pick]
		next = pick + 1
		arrival := arrivalAt(pick)
		gallons := t.TankGallons - arrival
		stops = append(stops, Stop{
			StationID: s.ID, AlongMiles: s.AlongMiles, OffMiles: s.OffMiles, Price: s.RetailPrice,
			ArrivalGallons: arrival, Gallons: gallons, DetourMiles: 2 * s.OffMiles,
		})
		exact = append(exact, float64(s.RetailPrice)*gallons)
		fuel, position = t.TankGallons-s.OffMiles/t.MPG, s.AlongMiles
	}
	n := Naive{Available: true, Stops: stops}
	cents, total := splitCents(exact)
	for i := range stops {
		stops[i].CostCents = cents[i]
		n.TotalGallons += stops[i].Gallons
	}
	n.TotalCents = total
	return n
}

// forEndState takes off n's purchases the fuel it would still have at the
// destination above destinationGallons (the plan's), from the last purchase
// backwards, so that the naive cost is for the same end state as the plan:
// the naive driver's stations and retail prices without the overbuy. Stops
// reduced to nothing are dropped; the rest keep their arrival fuel. See
// "The naive comparison" in the package documentation for why the result
// is still feasible.
func forEndState(t Trip, n Naive, destinationGallons float64) Naive {
	if !n.Available || len(n.Stops) == 0 {
		return n
	}
	last := n.Stops[len(n.Stops)-1]
	atDestination := last.ArrivalGallons + last.Gallons - last.OffMiles/t.MPG - (t.RouteMiles-last.AlongMiles)/t.MPG
	surplus := atDestination - destinationGallons
	if surplus <= gallonSlack {
		return n
	}
	stops := slices.Clone(n.Stops)
	for i := len(stops) - 1; i >= 0 && surplus > 0; i-- {
		cut := math.Min(surplus, stops[i].Gallons)
		stops[i].Gallons -= cut
		surplus -= cut
	}
	kept := stops[:0]
	for _, s := range stops {
		if s.Gallons > gallonSlack {
			kept = append(kept, s)
		}
	}
	out := Naive{Available: true, Stops: kept}
	exact := make([]float64, len(kept))
	for i, s := range kept {
		exact[i] = float64(s.Price) * s.Gallons
		out.TotalGallons += s.Gallons
	}
	cents, total := splitCents(exact)
	for i := range kept {
		kept[i].CostCents = cents[i]
	}
	out.TotalCents = total
	return out
}
