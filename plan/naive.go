package plan

import "math"

// naive replays what a driver without a plan does (see the package
// documentation): run down to a quarter tank, take the first station from
// there on, fill up at its retail price, repeat until the destination is in
// reach with the reserve. sorted must be in route order.
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
			ArrivalGallons: arrival, Gallons: gallons,
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
