package plan

import (
	"math"
	"math/rand/v2"
)

// exhaustiveCost is the test oracle: it tries every subset of stations as
// the stops and solves the purchase amounts for each subset exactly, by an
// argument independent of the optimizer's curves.
//
// For a fixed sequence of k stops, write the purchases as x_j = minBuy + y_j
// (y_j ≥ 0) and Y_j = y_1 + … + y_j (Y_0 = 0). Every constraint of the model
// is then a bound on one Y_j (enough fuel to reach the next stop or the
// destination; room in the tank at stop j) or Y_j ≥ Y_{j−1}. The problem is a
// bounded linear program, so a vertex is optimal, and at a vertex each Y_j
// is tied by equalities Y_j = Y_{j−1} to a tight bound or to Y_0 = 0: every
// Y_j takes a value from the finite set V of bounds and zero. A small DP over
// j and the value of Y_j in V therefore finds the exact optimum.
//
// The trip's Costs add, for each subset, a constant per chosen stop (the
// stop cost, the card's fee and 2·OffMiles at the out-of-route cost),
// computed here from the definitions rather than by the optimizer's helper.
//
// It returns the minimum exact cost in tenths of a cent (fuel, detours,
// stops and fees), and false when no subset works.
func exhaustiveCost(t Trip, stations []Station) (float64, bool) {
	const slack = 1e-9
	sorted := inRouteOrder(stations)
	usable, start, minBuy, mpg := t.TankGallons-t.ReserveGallons, t.StartGallons-t.ReserveGallons, t.MinPurchaseGallons, t.MPG
	best, found := math.Inf(1), false
	stops := make([]int, 0, len(sorted))
	for mask := 0; mask < 1<<len(sorted); mask++ {
		stops = stops[:0]
		for i := range sorted {
			if mask&(1<<i) != 0 {
				stops = append(stops, i)
			}
		}
		k := len(stops)
		// burned[j]: fuel used from the start to arrival at stop j (1-based);
		// burned[k+1]: to the destination.
		burned := make([]float64, k+2)
		detours := 0.0
		for j, i := range stops {
			s := sorted[i]
			burned[j+1] = (s.AlongMiles+s.OffMiles)/mpg + detours
			detours += 2 * s.OffMiles / mpg
		}
		burned[k+1] = t.RouteMiles/mpg + detours
		need := func(j int) float64 { return burned[j+1] - start - float64(j)*minBuy } // Y_j ≥ need(j)
		room := func(j int) float64 { return usable + burned[j] - start - float64(j)*minBuy }
		if need(0) > slack {
			continue
		}
		values := []float64{0}
		for j := 1; j <= k; j++ {
			values = append(values, need(j), room(j))
		}
		// cost[v]: cheapest Σ price·y so far with Y_j = values[v].
		cost := make([]float64, len(values))
		for v, y := range values {
			if y != 0 {
				cost[v] = math.Inf(1)
			}
		}
		for j := 1; j <= k; j++ {
			price := float64(sorted[stops[j-1]].NetPrice)
			nextCost := make([]float64, len(values))
			for v, y := range values {
				nextCost[v] = math.Inf(1)
				if y < need(j)-slack || y > room(j)+slack {
					continue
				}
				for u, prev := range values {
					if prev <= y && cost[u]+price*(y-prev) < nextCost[v] {
						nextCost[v] = cost[u] + price*(y-prev)
					}
				}
			}
			cost = nextCost
		}
		fixed := 0.0
		for _, i := range stops {
			fixed += float64(sorted[i].NetPrice) * minBuy
			fixed += 10*float64(t.Costs.StopCents) + float64(t.Costs.OutOfRouteTenthCentsPerMile)*(sorted[i].OffMiles+sorted[i].OffMiles)
			fixed += 10 * float64(t.Costs.FeeCents) // the card's fee, paid at every stop
		}
		for v, c := range cost {
			if k == 0 && values[v] != 0 {
				continue
			}
			if !math.IsInf(c, 1) && c+fixed < best {
				best, found = c+fixed, true
			}
		}
	}
	return best, found
}

// randomInstance draws a small trip whose length is comparable to the
// truck's range, so that some trips need several stops, some are
// impossible, and ties, zero detours and tight tanks all occur.
func randomInstance(r *rand.Rand, maxStations int) (Trip, []Station) {
	tank := 20 + r.Float64()*280
	t := NewTrip(0, tank, 0)
	t.MPG = 3 + r.Float64()*7
	switch r.IntN(3) {
	case 0:
		t.ReserveGallons = 0
	case 1:
		t.ReserveGallons = r.Float64() * 0.3 * tank
	}
	switch r.IntN(4) {
	case 0:
		t.MinPurchaseGallons = 0
	case 1:
		t.MinPurchaseGallons = r.Float64() * (tank - t.ReserveGallons)
	case 2:
		t.MinPurchaseGallons = r.Float64() * 0.2 * (tank - t.ReserveGallons)
	}
	t.StartGallons = t.ReserveGallons + r.Float64()*(tank-t.ReserveGallons)
	if r.IntN(5) == 0 {
		t.StartGallons = t.ReserveGallons
	}
	rangeMiles := (tank - t.ReserveGallons) * t.MPG
	t.RouteMiles = rangeMiles * (0.2 + r.Float64()*2.5)
	stations := make([]Station, r.IntN(maxStations+1))
	prices := []int64{2999, 3459, 3460, 3899}
	for i := range stations {
		s := Station{ID: int64(i + 1), AlongMiles: r.Float64() * t.RouteMiles}
		if r.IntN(3) > 0 {
			s.OffMiles = r.Float64() * 0.05 * rangeMiles
		}
		if r.IntN(3) == 0 {
			s.NetPrice = prices[r.IntN(len(prices))] // ties between stations
		} else {
			s.NetPrice = 2500 + r.Int64N(2000)
		}
		s.RetailPrice = s.NetPrice + r.Int64N(600)
		if i > 0 && r.IntN(6) == 0 {
			s.AlongMiles = stations[i-1].AlongMiles // same exit as the previous one
		}
		stations[i] = s
	}
	return t, stations
}

// randomCosts draws detour and stop costs for a trip from their own
// generator (so that randomInstance's draws, which the golden plans pin,
// stay as they were): often zero for one of them, and large enough to change
// which stations win: up to $5 a mile off the route and $60 a stop, against
// price differences of a dollar or two a gallon.
func randomCosts(r *rand.Rand) Costs {
	var c Costs
	if r.IntN(4) > 0 {
		c.OutOfRouteTenthCentsPerMile = r.Int64N(5000)
	}
	if r.IntN(4) > 0 {
		c.StopCents = r.Int64N(6000)
	}
	if r.IntN(8) == 0 {
		c.StopCents = 500 * r.Int64N(3) // whole dollars: ties with fuel savings
	}
	return c
}
