package plan

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// naiveDestination replays stops from the start and returns the fuel left
// at the destination.
func naiveDestination(t Trip, stops []Stop) float64 {
	fuel, position := t.StartGallons, 0.0
	for _, s := range stops {
		fuel -= (s.AlongMiles - position + s.OffMiles) / t.MPG
		fuel += s.Gallons - s.OffMiles/t.MPG
		position = s.AlongMiles
	}
	return fuel - (t.RouteMiles-position)/t.MPG
}

// sameFuel reports whether two stops are the same purchase, cents aside:
// the cents of a stop can move by one when the stops are split again.
func sameFuel(a, b Stop) bool {
	a.CostCents, b.CostCents = 0, 0
	return a == b
}

// The naive cost is for the plan's end state: the naive driver's stations
// and retail prices, without the fuel it would still have at the
// destination above what the plan leaves there.
func TestNaiveCostsTheSameEndStateAsThePlan(t *testing.T) {
	tests := []struct {
		name     string
		trip     Trip
		stations []Station
		// check gets the plan and the unadjusted naive simulation.
		check func(t *testing.T, p Plan, raw Naive)
	}{
		{
			// Dallas → Oklahoma City: 210 miles, 200-gallon tank, 40 gallons
			// aboard. The naive driver fills 163 gallons at the first
			// station; nearly all of it is still in the tank on arrival.
			name: "short trip with a big tank and a low start pays for about the plan's gallons at retail",
			trip: NewTrip(210, 200, 40),
			stations: []Station{
				{ID: 1, AlongMiles: 20, NetPrice: 2999, RetailPrice: 3299},
				{ID: 2, AlongMiles: 100, NetPrice: 2899, RetailPrice: 3199},
				{ID: 3, AlongMiles: 180, NetPrice: 3099, RetailPrice: 3399},
			},
			check: func(t *testing.T, p Plan, raw Naive) {
				// Both buy exactly the fuel the trip lacks (no detours):
				// 210/6.5 + 20 − 40 gallons.
				need := 210/6.5 + 20 - 40
				if math.Abs(p.TotalGallons-need) > 1e-9 || len(p.Naive.Stops) != 1 || p.Naive.Stops[0].StationID != 1 ||
					math.Abs(p.Naive.TotalGallons-need) > 1e-9 {
					t.Fatalf("plan buys %.6f gal, naive %+v; want %.6f gal each, naive at station 1", p.TotalGallons, p.Naive, need)
				}
				if want := int64(math.Floor(need*3299/10 + 0.5)); p.Naive.TotalCents != want {
					t.Errorf("naive costs %d cents, want %d (%.6f gal at $3.299)", p.Naive.TotalCents, want, need)
				}
				if raw.TotalCents < 10*p.Naive.TotalCents {
					t.Errorf("unadjusted naive %d cents, adjusted %d: expected the fill-up to dwarf the need", raw.TotalCents, p.Naive.TotalCents)
				}
				t.Logf("plan %d cents for %.2f gal; naive before %d cents for %.2f gal, after %d cents for %.2f gal",
					p.TotalCents, p.TotalGallons, raw.TotalCents, raw.TotalGallons, p.Naive.TotalCents, p.Naive.TotalGallons)
			},
		},
		{
			// 150-gallon tank, full at the start: the quarter-tank point is
			// mile 731.25, the fill-up at mile 772.5 leaves exactly 135
			// gallons for the last 877.5 miles, so the naive driver arrives
			// with the 15-gallon reserve, as the plan does.
			name: "long trip arriving with the plan's fuel is unchanged",
			trip: NewTrip(1650, 150, 150),
			stations: []Station{
				{ID: 1, AlongMiles: 400, NetPrice: 2999, RetailPrice: 3499},
				{ID: 2, AlongMiles: 772.5, NetPrice: 3199, RetailPrice: 3599},
			},
			check: func(t *testing.T, p Plan, raw Naive) {
				if math.Abs(p.DestinationGallons-15) > 1e-9 {
					t.Fatalf("plan arrives with %.6f gallons, want the reserve", p.DestinationGallons)
				}
				if len(p.Naive.Stops) != 1 || p.Naive.TotalCents != raw.TotalCents || p.Naive.TotalGallons != raw.TotalGallons ||
					p.Naive.Stops[0] != raw.Stops[0] {
					t.Fatalf("naive = %+v, want the unadjusted %+v", p.Naive, raw)
				}
				if s := p.Naive.Stops[0]; s.StationID != 2 || math.Abs(s.ArrivalGallons+s.Gallons-150) > 1e-9 {
					t.Errorf("naive stop %+v does not fill the tank at station 2", s)
				}
			},
		},
		{
			// Two fill-ups; the second one is cut back, the first kept.
			name: "two fill-ups: only the last one is cut back",
			trip: NewTrip(1800, 150, 150),
			stations: []Station{
				{ID: 1, AlongMiles: 760, NetPrice: 2999, RetailPrice: 3499},
				{ID: 2, AlongMiles: 1495, OffMiles: 1, NetPrice: 3199, RetailPrice: 3599},
			},
			check: func(t *testing.T, p Plan, raw Naive) {
				if len(raw.Stops) != 2 || len(p.Naive.Stops) != 2 {
					t.Fatalf("naive %+v, unadjusted %+v; want two stops each", p.Naive, raw)
				}
				if !sameFuel(p.Naive.Stops[0], raw.Stops[0]) || p.Naive.Stops[1].Gallons >= raw.Stops[1].Gallons {
					t.Errorf("naive %+v: want the first fill-up as it was and the second smaller than %+v", p.Naive, raw.Stops[1])
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Optimize(tt.trip, tt.stations)
			if err != nil {
				t.Fatal(err)
			}
			raw := naive(tt.trip, inRouteOrder(tt.stations))
			if !p.Naive.Available || !raw.Available {
				t.Fatalf("naive unavailable: %+v", p.Naive)
			}
			if msg := checkFeasible(tt.trip, tt.stations, p.Naive.Stops, 0); msg != "" {
				t.Fatalf("adjusted naive infeasible: %s\n%+v", msg, p.Naive)
			}
			if got, want := naiveDestination(tt.trip, p.Naive.Stops), math.Min(p.DestinationGallons, naiveDestination(tt.trip, raw.Stops)); math.Abs(got-want) > 1e-9 {
				t.Errorf("adjusted naive arrives with %.9f gallons, want %.9f", got, want)
			}
			if sumCents(p.Naive.Stops) != p.Naive.TotalCents {
				t.Errorf("stop cents %d do not add up to %d", sumCents(p.Naive.Stops), p.Naive.TotalCents)
			}
			tt.check(t, p, raw)
		})
	}
}

// The backwards spread, on a hand-made fill-up sequence: the naive driver
// itself never overbuys by more than its last fill-up (see TestNaiveProperties),
// so the spread to earlier stops is a safeguard tested directly here.
func TestForEndStateSpreadsAnOverbuyLargerThanTheLastPurchaseBackwards(t *testing.T) {
	trip := Trip{RouteMiles: 1000, TankGallons: 150, StartGallons: 150, MPG: 5, ReserveGallons: 10}
	stations := []Station{
		{ID: 1, AlongMiles: 500, NetPrice: 3000, RetailPrice: 3500},
		{ID: 2, AlongMiles: 600, NetPrice: 3000, RetailPrice: 3700},
	}
	n := Naive{Available: true, TotalCents: 42400, TotalGallons: 120, Stops: []Stop{
		{StationID: 1, AlongMiles: 500, Price: 3500, ArrivalGallons: 50, Gallons: 100, CostCents: 35000},
		{StationID: 2, AlongMiles: 600, Price: 3700, ArrivalGallons: 130, Gallons: 20, CostCents: 7400},
	}}
	// Arrives with 70 gallons; 60 over the 10 wanted: all 20 of the last
	// fill-up and 40 of the first.
	got := forEndState(trip, n, 10)
	if len(got.Stops) != 1 || got.Stops[0].StationID != 1 || got.Stops[0].Gallons != 60 || got.Stops[0].ArrivalGallons != 50 ||
		got.Stops[0].CostCents != 21000 || got.TotalCents != 21000 || got.TotalGallons != 60 {
		t.Fatalf("forEndState = %+v, want 60 gallons at station 1 for 21000 cents", got)
	}
	if msg := checkFeasible(trip, stations, got.Stops, 0); msg != "" {
		t.Errorf("adjusted stops infeasible: %s", msg)
	}
	if n.Stops[1].Gallons != 20 {
		t.Errorf("forEndState changed its input: %+v", n)
	}
}

// Properties over random trips: the adjusted naive stops are feasible, keep
// the naive driver's stations, arrival fuel and prices, buy no more than it
// did, arrive with the plan's fuel (or less, if the driver never had more),
// add up to their total, and cost at least the plan when they are a valid
// plan. And only the last fill-up is ever cut (the argument in doc.go).
func TestNaiveProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	adjusted, compared := 0, 0
	for i := range 3000 {
		trip, stations := randomInstance(r, 12)
		p, err := Optimize(trip, stations)
		if err != nil {
			var gap *GapError
			if !errors.As(err, &gap) {
				t.Fatalf("instance %d: unexpected error %v", i, err)
			}
			continue
		}
		raw := naive(trip, inRouteOrder(stations))
		if p.Naive.Available != raw.Available {
			t.Fatalf("instance %d: availability changed", i)
		}
		if !raw.Available || len(raw.Stops) == 0 {
			continue // nothing bought, nothing to take off
		}
		if msg := checkFeasible(trip, stations, p.Naive.Stops, 0); msg != "" {
			t.Fatalf("instance %d: adjusted naive infeasible: %s\n%+v", i, msg, p.Naive)
		}
		if len(p.Naive.Stops) > len(raw.Stops) || len(raw.Stops)-len(p.Naive.Stops) > 1 {
			t.Fatalf("instance %d: %d stops from %d", i, len(p.Naive.Stops), len(raw.Stops))
		}
		for k, s := range p.Naive.Stops {
			w := raw.Stops[k]
			if s.StationID != w.StationID || s.Price != w.Price || s.ArrivalGallons != w.ArrivalGallons || s.Gallons > w.Gallons {
				t.Fatalf("instance %d stop %d: %+v from %+v", i, k, s, w)
			}
			if k < len(raw.Stops)-1 && !sameFuel(s, w) {
				t.Fatalf("instance %d: fill-up %d of %d was cut: %+v from %+v", i, k, len(raw.Stops), s, w)
			}
			if exact := float64(s.Price) * s.Gallons / 10; math.Abs(float64(s.CostCents)-exact) >= 1 {
				t.Fatalf("instance %d stop %d: %d cents for %.6f exact", i, k, s.CostCents, exact)
			}
		}
		rawDest := naiveDestination(trip, raw.Stops)
		if got, want := naiveDestination(trip, p.Naive.Stops), math.Min(rawDest, p.DestinationGallons); math.Abs(got-want) > 1e-6 {
			t.Fatalf("instance %d: adjusted naive arrives with %.9f gallons, want %.9f", i, got, want)
		}
		if rawDest > p.DestinationGallons+1e-6 {
			adjusted++
		}
		if sumCents(p.Naive.Stops) != p.Naive.TotalCents || p.Naive.TotalCents > raw.TotalCents {
			t.Fatalf("instance %d: naive cents %d (stops %d), unadjusted %d", i, p.Naive.TotalCents, sumCents(p.Naive.Stops), raw.TotalCents)
		}
		if checkFeasible(trip, stations, p.Naive.Stops, trip.MinPurchaseGallons) != "" {
			continue // below the minimum purchase: not a valid plan to compare
		}
		compared++
		if p.TotalCents > p.Naive.TotalCents {
			t.Fatalf("instance %d: plan %d cents costs more than naive %d cents\ntrip %+v\nstations %+v", i, p.TotalCents, p.Naive.TotalCents, trip, stations)
		}
	}
	if adjusted < 100 || compared < 100 {
		t.Errorf("only %d instances adjusted and %d compared with the plan", adjusted, compared)
	}
	t.Logf("%d naive comparisons adjusted, %d compared with the plan", adjusted, compared)
}
