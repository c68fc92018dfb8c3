package plan

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// A worked example small enough to check by hand (mpg 6.5, reserve 15):
// the truck must stop at station 1 to reach the cheaper station 2, buys
// there just enough to reach the cheapest station 4, and buys at 4 just
// enough to arrive with the reserve; station 3 is dearer and skipped.
func TestOptimizeWorkedExample(t *testing.T) {
	trip := NewTrip(1000, 150, 50)
	stations := []Station{
		{ID: 3, AlongMiles: 600, OffMiles: 2, NetPrice: 3600, RetailPrice: 3800},
		{ID: 1, AlongMiles: 100, OffMiles: 1, NetPrice: 3500, RetailPrice: 3900},
		{ID: 4, AlongMiles: 800, OffMiles: 0, NetPrice: 3100, RetailPrice: 3600},
		{ID: 2, AlongMiles: 300, OffMiles: 0.5, NetPrice: 3200, RetailPrice: 3700},
	}
	p, err := Optimize(trip, stations)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id      int64
		gallons float64
	}{
		{1, 15 + 200.5/6.5 + 1/6.5 - (50 - 101/6.5)}, // arrive at 2 with exactly the reserve
		{2, 15 + 500.5/6.5 - 15},                     // then at 4 with exactly the reserve
		{4, 200 / 6.5},                               // and at the destination with the reserve
	}
	if len(p.Stops) != len(want) {
		t.Fatalf("stops = %+v, want stations 1, 2, 4", p.Stops)
	}
	for i, w := range want {
		if s := p.Stops[i]; s.StationID != w.id || math.Abs(s.Gallons-w.gallons) > 1e-9 {
			t.Errorf("stop %d = station %d buying %.6f, want station %d buying %.6f", i, s.StationID, s.Gallons, w.id, w.gallons)
		}
	}
	if math.Abs(p.DestinationGallons-15) > 1e-9 {
		t.Errorf("arrives with %.6f gallons, want the 15-gallon reserve", p.DestinationGallons)
	}
	exact := 3500*want[0].gallons + 3200*want[1].gallons + 3100*want[2].gallons
	if p.TotalCents != int64(math.Floor(exact/10+0.5)) || sumCents(p.Stops) != p.TotalCents {
		t.Errorf("total %d cents, want %.3f rounded; stops sum to %d", p.TotalCents, exact/10, sumCents(p.Stops))
	}
}

func TestOptimizeNeedsNoStops(t *testing.T) {
	trip := NewTrip(100, 150, 100)
	p, err := Optimize(trip, []Station{{ID: 1, AlongMiles: 50, NetPrice: 3000, RetailPrice: 3500}})
	if err != nil || len(p.Stops) != 0 || p.TotalCents != 0 || !p.Naive.Available || p.Naive.TotalCents != 0 {
		t.Errorf("Optimize = %+v, %v; want an empty plan and an empty naive plan", p, err)
	}
}

func TestOptimizeReportsGaps(t *testing.T) {
	// Range above the reserve: (150 − 15) gallons × 6.5 mpg = 877.5 miles.
	full := NewTrip(2000, 150, 150)
	tests := []struct {
		name     string
		trip     Trip
		stations []Station
		want     GapError
	}{
		{
			name:     "first station beyond the starting fuel",
			trip:     NewTrip(2000, 150, 40),
			stations: []Station{{ID: 1, AlongMiles: 200, NetPrice: 3000, RetailPrice: 3100}},
			want:     GapError{FromMiles: 0, ToMiles: 200, GapMiles: 200, RangeMiles: 25 * 6.5},
		},
		{
			name: "gap between stations longer than a full tank",
			trip: full,
			stations: []Station{
				{ID: 1, AlongMiles: 500, NetPrice: 3000, RetailPrice: 3100},
				{ID: 2, AlongMiles: 1500, NetPrice: 3000, RetailPrice: 3100},
			},
			want: GapError{FromMiles: 500, ToMiles: 1500, GapMiles: 1000, RangeMiles: 877.5},
		},
		{
			name:     "last station too far from the destination",
			trip:     full,
			stations: []Station{{ID: 1, AlongMiles: 800, NetPrice: 3000, RetailPrice: 3100}},
			want:     GapError{FromMiles: 800, ToMiles: 2000, GapMiles: 1200, RangeMiles: 877.5},
		},
		{
			name:     "no stations and not enough fuel",
			trip:     full,
			stations: nil,
			want:     GapError{FromMiles: 0, ToMiles: 2000, GapMiles: 2000, RangeMiles: 877.5},
		},
		{
			name: "station whose detour is out of reach does not count",
			trip: NewTrip(1000, 150, 150),
			stations: []Station{
				{ID: 1, AlongMiles: 100, OffMiles: 800, NetPrice: 3000, RetailPrice: 3100}, // 123 gallons each way
			},
			want: GapError{FromMiles: 0, ToMiles: 1000, GapMiles: 1000, RangeMiles: 877.5},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Optimize(tt.trip, tt.stations)
			var gap *GapError
			if !errors.As(err, &gap) {
				t.Fatalf("error = %v, want a *GapError", err)
			}
			if math.Abs(gap.FromMiles-tt.want.FromMiles) > 1e-6 || math.Abs(gap.ToMiles-tt.want.ToMiles) > 1e-6 ||
				math.Abs(gap.GapMiles-tt.want.GapMiles) > 1e-6 || math.Abs(gap.RangeMiles-tt.want.RangeMiles) > 1e-6 {
				t.Errorf("gap = %+v, want %+v", *gap, tt.want)
			}
			if gap.Error() == "" {
				t.Error("empty message")
			}
		})
	}
}

func TestOptimizeRejectsBadInput(t *testing.T) {
	good := NewTrip(500, 150, 60)
	station := Station{ID: 1, AlongMiles: 100, NetPrice: 3000, RetailPrice: 3100}
	tests := []struct {
		name     string
		edit     func(*Trip)
		stations []Station
		field    string
	}{
		{"zero tank", func(t *Trip) { t.TankGallons = 0 }, nil, "tankGallons"},
		{"negative start", func(t *Trip) { t.StartGallons = -1 }, nil, "startGallons"},
		{"start above the tank", func(t *Trip) { t.StartGallons = 151 }, nil, "startGallons"},
		{"start below the reserve", func(t *Trip) { t.StartGallons = 10 }, nil, "startGallons"},
		{"zero mpg", func(t *Trip) { t.MPG = 0 }, nil, "mpg"},
		{"NaN route", func(t *Trip) { t.RouteMiles = math.NaN() }, nil, "routeMiles"},
		{"reserve fills the tank", func(t *Trip) { t.ReserveGallons = 150 }, nil, "reserveGallons"},
		{"minimum purchase larger than the usable tank", func(t *Trip) { t.MinPurchaseGallons = 136 }, nil, "minPurchaseGallons"},
		{"negative minimum purchase", func(t *Trip) { t.MinPurchaseGallons = -1 }, nil, "minPurchaseGallons"},
		{"station beyond the route end", nil, []Station{{ID: 1, AlongMiles: 501, NetPrice: 1, RetailPrice: 1}}, "stations[0].alongMiles"},
		{"negative detour", nil, []Station{station, {ID: 2, AlongMiles: 1, OffMiles: -1, NetPrice: 1, RetailPrice: 1}}, "stations[1].offMiles"},
		{"free fuel", nil, []Station{{ID: 1, AlongMiles: 1, NetPrice: 0, RetailPrice: 1}}, "stations[0].netPrice"},
		{"missing retail price", nil, []Station{{ID: 1, AlongMiles: 1, NetPrice: 1}}, "stations[0].retailPrice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			trip := good
			if tt.edit != nil {
				tt.edit(&trip)
			}
			_, err := Optimize(trip, tt.stations)
			var input *InputError
			if !errors.As(err, &input) {
				t.Fatalf("error = %v, want an *InputError", err)
			}
			if _, ok := input.Fields[tt.field]; !ok {
				t.Errorf("problems %v do not name %s", input.Fields, tt.field)
			}
		})
	}
}

func TestNaive(t *testing.T) {
	// 150-gallon tank, 6.5 mpg: a quarter tank is 37.5 gallons.
	trip := NewTrip(1500, 150, 150)
	tests := []struct {
		name      string
		stations  []Station
		available bool
		stops     []int64
	}{
		{
			name: "fills up at the first station past the quarter-tank point",
			stations: []Station{
				{ID: 1, AlongMiles: 400, NetPrice: 3000, RetailPrice: 3500},
				{ID: 2, AlongMiles: 760, NetPrice: 3000, RetailPrice: 3600}, // quarter tank at 731.25
				{ID: 3, AlongMiles: 800, NetPrice: 3000, RetailPrice: 3700},
			},
			available: true, stops: []int64{2},
		},
		{
			name: "falls back to the last station before the quarter-tank point",
			stations: []Station{
				{ID: 1, AlongMiles: 400, NetPrice: 3000, RetailPrice: 3500},
				{ID: 2, AlongMiles: 700, NetPrice: 3000, RetailPrice: 3600},
			},
			available: true, stops: []int64{2},
		},
		{
			name: "unavailable when every reachable station is behind",
			stations: []Station{
				{ID: 1, AlongMiles: 100, NetPrice: 3000, RetailPrice: 3500},
				{ID: 2, AlongMiles: 1000, NetPrice: 3000, RetailPrice: 3600},
			},
			available: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := naive(trip, inRouteOrder(tt.stations))
			if n.Available != tt.available {
				t.Fatalf("available = %v, want %v (%+v)", n.Available, tt.available, n)
			}
			var ids []int64
			for _, s := range n.Stops {
				ids = append(ids, s.StationID)
				if math.Abs(s.ArrivalGallons+s.Gallons-150) > 1e-9 {
					t.Errorf("stop at %d does not fill the tank: %+v", s.StationID, s)
				}
			}
			if !slices.Equal(ids, tt.stops) {
				t.Errorf("stops = %v, want %v", ids, tt.stops)
			}
			if sumCents(n.Stops) != n.TotalCents {
				t.Errorf("stop cents %d do not add up to %d", sumCents(n.Stops), n.TotalCents)
			}
		})
	}
}

func TestSplitCents(t *testing.T) {
	tests := []struct {
		name  string
		exact []float64 // tenths of a cent
		stops []int64
		total int64
	}{
		{"nothing costs nothing", nil, []int64{}, 0},
		{"whole cents stay whole", []float64{1230, 4560}, []int64{123, 456}, 579},
		{"total rounds half up", []float64{1235}, []int64{124}, 124},
		{"remainders go to the largest fractions", []float64{1004, 1004, 1004}, []int64{101, 100, 100}, 301},
		{"stops always add up to the total", []float64{16.6, 16.6, 16.6}, []int64{2, 2, 1}, 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stops, total := splitCents(tt.exact)
			var sum int64
			for _, c := range stops {
				sum += c
			}
			if total != tt.total || sum != total || !slices.Equal(stops, tt.stops) {
				t.Errorf("splitCents(%v) = %v, %d; want total %d", tt.exact, stops, total, tt.total)
			}
		})
	}
}

// Property: the plan is feasible, and it never costs more than the naive
// driver's fill-ups when those are a valid plan too (each at least the
// minimum purchase) and net prices are at most retail.
func TestPlanNeverCostsMoreThanNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	compared := 0
	for i := range 1500 {
		trip, stations := randomInstance(r, 12)
		p, err := Optimize(trip, stations)
		if err != nil {
			var gap *GapError
			if !errors.As(err, &gap) {
				t.Fatalf("instance %d: unexpected error %v", i, err)
			}
			continue
		}
		if msg := checkFeasible(trip, stations, p.Stops, trip.MinPurchaseGallons); msg != "" {
			t.Fatalf("instance %d: plan infeasible: %s\n%+v", i, msg, p)
		}
		if !p.Naive.Available {
			continue
		}
		if msg := checkFeasible(trip, stations, p.Naive.Stops, 0); msg != "" {
			t.Fatalf("instance %d: naive plan infeasible: %s\n%+v", i, msg, p.Naive)
		}
		if checkFeasible(trip, stations, p.Naive.Stops, trip.MinPurchaseGallons) != "" {
			continue // the naive driver bought below the minimum; not a valid plan to compare
		}
		compared++
		if p.TotalCents > p.Naive.TotalCents {
			t.Fatalf("instance %d: plan %d cents costs more than naive %d cents\ntrip %+v\nstations %+v", i, p.TotalCents, p.Naive.TotalCents, trip, stations)
		}
	}
	if compared < 100 {
		t.Errorf("only %d instances compared with the naive driver", compared)
	}
}

// Detour costs by hand (mpg 6.5, reserve 15, 5-gallon minimum): one stop is
// needed, at A (mile 100, 5 mi off the route, $2.800) or B (mile 100, 0.5 mi
// off, $3.100). A's gallons are cheaper even with the fuel its 10-mile
// detour burns ($78.615 against $82.746), so the fuel-only plan takes A. At
// $0.30 a mile off the route A still wins ($81.615 against $83.046); at
// $0.60 a mile A costs $6 more and B $0.60, and B wins ($83.346 against
// $84.615).
func TestOptimizeCountsTheDetour(t *testing.T) {
	trip := NewTrip(400, 150, 50)
	stations := []Station{
		{ID: 1, AlongMiles: 100, OffMiles: 5, NetPrice: 2800, RetailPrice: 3600},
		{ID: 2, AlongMiles: 100, OffMiles: 0.5, NetPrice: 3100, RetailPrice: 3600},
	}
	gallons := func(off float64) float64 { return 15 + (400+2*off)/6.5 - 50 }
	for _, c := range []struct {
		perMile      int64
		station      int64
		fuel, detour int64
	}{
		{0, 1, 7862, 0},
		{300, 1, 7862, 300},
		{600, 2, 8275, 60},
	} {
		trip.Costs = Costs{OutOfRouteTenthCentsPerMile: c.perMile}
		p, err := Optimize(trip, stations)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Stops) != 1 || p.Stops[0].StationID != c.station {
			t.Fatalf("at %d tenths of a cent a mile: stops %+v, want station %d", c.perMile, p.Stops, c.station)
		}
		s := p.Stops[0]
		if math.Abs(s.Gallons-gallons(s.OffMiles)) > 1e-9 || p.TotalCents != c.fuel || p.DetourCents != c.detour ||
			s.DetourCents != c.detour || s.DetourMiles != 2*s.OffMiles || p.DetourMiles != s.DetourMiles {
			t.Errorf("at %d tenths of a cent a mile: %+v, want %.6f gallons, %d cents of fuel and %d of detour", c.perMile, p, gallons(s.OffMiles), c.fuel, c.detour)
		}
	}
}

// A stop cost by hand: starting with 10 usable gallons, the truck must stop
// at C (mile 50, $3.200); fuel-only, it buys there just enough to reach the
// cheaper D (mile 200, $3.000) and the rest at D: $158.77 for two stops,
// $6.15 less than buying everything at C ($164.92). A $5 stop cost keeps
// the two stops ($168.77 against $169.92); $7 makes one stop cheaper
// ($171.92 against $172.77).
func TestOptimizeCountsTheStops(t *testing.T) {
	trip := NewTrip(400, 150, 25)
	stations := []Station{
		{ID: 3, AlongMiles: 50, NetPrice: 3200, RetailPrice: 3600},
		{ID: 4, AlongMiles: 200, NetPrice: 3000, RetailPrice: 3600},
	}
	for _, c := range []struct {
		stopCents    int64
		ids          []int64
		fuel, detour int64
	}{
		{0, []int64{3, 4}, 15877, 0},
		{500, []int64{3, 4}, 15877, 1000},
		{700, []int64{3}, 16492, 700},
	} {
		trip.Costs = Costs{StopCents: c.stopCents}
		p, err := Optimize(trip, stations)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, s := range p.Stops {
			ids = append(ids, s.StationID)
		}
		if !slices.Equal(ids, c.ids) || p.TotalCents != c.fuel || p.DetourCents != c.detour || sumDetourCents(p.Stops) != c.detour {
			t.Errorf("stop cost %d cents: stations %v, %d cents of fuel, %d of stops; want %v, %d, %d", c.stopCents, ids, p.TotalCents, p.DetourCents, c.ids, c.fuel, c.detour)
		}
	}
}

// The net saving by hand: at $0.60 a mile the plan and the naive driver
// both stop at B (the naive driver at a quarter tank, cut back to the
// plan's end state), buying the same 26.69 gallons, the plan at $3.100
// ($82.746: 8,275 cents) and the naive driver at $3.600 (9,609 cents),
// each paying B's 1-mile detour (60 cents): the net saving is 1,334 cents,
// for the plan and for its one stop. Without a naive comparison there is
// none.
func TestNetSavings(t *testing.T) {
	trip := NewTrip(400, 150, 50)
	trip.Costs = Costs{OutOfRouteTenthCentsPerMile: 600}
	stations := []Station{
		{ID: 1, AlongMiles: 100, OffMiles: 5, NetPrice: 2800, RetailPrice: 3600},
		{ID: 2, AlongMiles: 100, OffMiles: 0.5, NetPrice: 3100, RetailPrice: 3600},
	}
	p, err := Optimize(trip, stations)
	if err != nil {
		t.Fatal(err)
	}
	if p.Naive.TotalCents != 9609 || p.Naive.DetourCents != 60 || p.Naive.DetourMiles != 1 || len(p.Naive.Stops) != 1 || p.Naive.Stops[0].DetourCents != 60 {
		t.Fatalf("naive = %+v, want one stop at B for 9,609 cents and a 60-cent detour", p.Naive)
	}
	total, perStop, ok := p.NetSavings()
	if !ok || total != 1334 || !slices.Equal(perStop, []int64{1334}) {
		t.Errorf("NetSavings = %d, %v, %t; want 1334, [1334], true", total, perStop, ok)
	}
	p.Naive = Naive{}
	if _, _, ok := p.NetSavings(); ok {
		t.Error("a net saving without the naive comparison")
	}
}

func TestOptimizeRejectsBadCosts(t *testing.T) {
	for _, c := range []struct {
		costs Costs
		field string
	}{
		{Costs{OutOfRouteTenthCentsPerMile: -1}, "costs.outOfRouteTenthCentsPerMile"},
		{Costs{OutOfRouteTenthCentsPerMile: maxOutOfRouteTenthCentsPerMile + 1}, "costs.outOfRouteTenthCentsPerMile"},
		{Costs{StopCents: -1}, "costs.stopCents"},
		{Costs{StopCents: maxStopCents + 1}, "costs.stopCents"},
	} {
		trip := NewTrip(500, 150, 60)
		trip.Costs = c.costs
		_, err := Optimize(trip, nil)
		var input *InputError
		if !errors.As(err, &input) || input.Fields[c.field] == "" {
			t.Errorf("costs %+v: error %v, want an *InputError naming %s", c.costs, err, c.field)
		}
	}
	trip := NewTrip(500, 150, 60)
	trip.Costs = Costs{OutOfRouteTenthCentsPerMile: maxOutOfRouteTenthCentsPerMile, StopCents: maxStopCents}
	if _, err := Optimize(trip, []Station{{ID: 1, AlongMiles: 100, NetPrice: 3000, RetailPrice: 3100}}); err != nil {
		t.Errorf("the largest costs: %v", err)
	}
}

// With costs, the plan never costs more in all (fuel, detours, stops) than
// the naive driver's fill-ups when those are a valid plan, and the net
// saving is that difference.
func TestPlanWithCostsNeverCostsMoreThanNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	rc := rand.New(rand.NewPCG(33, 34))
	compared := 0
	for i := range 1500 {
		trip, stations := randomInstance(r, 12)
		trip.Costs = randomCosts(rc)
		p, err := Optimize(trip, stations)
		if err != nil || !p.Naive.Available {
			continue
		}
		if checkFeasible(trip, stations, p.Naive.Stops, trip.MinPurchaseGallons) != "" {
			continue
		}
		if sumDetourCents(p.Naive.Stops) != p.Naive.DetourCents {
			t.Fatalf("instance %d: naive detour cents do not add up: %+v", i, p.Naive)
		}
		compared++
		// Exactly, the plan is never dearer (the naive stops are a plan, at
		// retail prices no lower than net); the four roundings of the
		// parts can cost two cents at most.
		naiveExact := exactCost(Plan{Stops: p.Naive.Stops}) + exactDetour(trip.Costs, p.Naive.Stops)
		if exactTotal(trip, p) > naiveExact+1e-6*naiveExact {
			t.Fatalf("instance %d: plan costs %.3f tenths in all, naive %.3f\ntrip %+v\nstations %+v", i, exactTotal(trip, p), naiveExact, trip, stations)
		}
		total, perStop, _ := p.NetSavings()
		if total < -2 || total != p.Naive.TotalCents+p.Naive.DetourCents-p.TotalCents-p.DetourCents {
			t.Fatalf("instance %d: net saving %d cents\n%+v", i, total, p)
		}
		if len(perStop) != len(p.Stops) {
			t.Fatalf("instance %d: %d per-stop savings for %d stops", i, len(perStop), len(p.Stops))
		}
	}
	if compared < 100 {
		t.Errorf("only %d instances compared with the naive driver", compared)
	}
}
