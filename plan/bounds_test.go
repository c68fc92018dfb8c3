package plan

import (
	"context"
	"errors"
	"math"
	"runtime"
	"testing"
	"time"
)

// allocated runs fn and returns the bytes it allocated.
func allocated(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// workBound is what one sweep over n stations may allocate at most: the
// origins (at most 2·maxCurvePieces+2 per station, 24 bytes each), a few
// curve buffers of at most 2·maxCurvePieces+2 pieces (40 bytes each) and
// the sorted stations and stops, with room for slice growth (×2) and a
// megabyte for the rest.
func workBound(n int) uint64 {
	origins := uint64(n+1) * (2*maxCurvePieces + 2) * 24
	curves := uint64(8 * (2*maxCurvePieces + 2) * 40)
	stations := uint64(n) * 200
	return 2*(origins+curves+stations) + 1<<20
}

// TestOptimizeWorkIsBoundedByStations is the attack: a tiny
// minimum purchase against a big tank grew the curve by about one piece
// per min-purchase step of the tank at every station (minimum 0.001 took
// 2 s and 809 MB through the API; 1e-300 ran the process out of memory).
// The curve now stays under maxCurvePieces, whatever the numbers.
func TestOptimizeWorkIsBoundedByStations(t *testing.T) {
	tests := []struct {
		name                      string
		tank, minBuy, mpg, radius float64
		costs                     Costs
	}{
		{"min purchase 0.001 gallons", 150, 0.001, 6.5, 5, Costs{}},
		{"min purchase 1e-300 gallons", 150, 1e-300, 6.5, 5, Costs{}},
		{"a million-gallon tank", 1e6, 5, 6.5, 5, Costs{}},
		{"min purchase 1 gallon, 400-gallon tank", 400, 1, 6.5, 5, Costs{}},
		{"a million-gallon tank, min purchase 0.01", 1e6, 0.01, 6.5, 100, Costs{}},
		{"min purchase 0.001 gallons, with detour and stop costs", 150, 0.001, 6.5, 5, Costs{OutOfRouteTenthCentsPerMile: 1500, StopCents: 2500}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			const n = 500
			trip, stations := corridorTrip(1, n)
			trip.TankGallons, trip.MinPurchaseGallons, trip.MPG = tt.tank, tt.minBuy, tt.mpg
			trip.ReserveGallons, trip.StartGallons = 0.1*tt.tank, 0.4*tt.tank
			trip.Costs = tt.costs
			for i := range stations {
				stations[i].OffMiles *= tt.radius / 5
			}
			var stats runStats
			var err error
			start := time.Now()
			bytes := allocated(func() { _, stats, err = optimize(context.Background(), trip, stations) })
			elapsed := time.Since(start)
			var gap *GapError
			if err != nil && !errors.As(err, &gap) {
				t.Fatal(err)
			}
			t.Logf("%v, %d KB, peak %d pieces, %d thinnings, %d origins", elapsed, bytes>>10, stats.peakPieces, stats.thinnings, stats.origins)
			if stats.peakPieces > 2*maxCurvePieces+2 {
				t.Errorf("curve grew to %d pieces, bound %d", stats.peakPieces, 2*maxCurvePieces+2)
			}
			if max := uint64(n+1) * (2*maxCurvePieces + 2); uint64(stats.origins) > max {
				t.Errorf("%d origins, bound %d", stats.origins, max)
			}
			if bytes > workBound(n) {
				t.Errorf("allocated %d MB, bound %d MB", bytes>>20, workBound(n)>>20)
			}
		})
	}
}

// TestThinningKeepsThePlanExact compares the thinned sweep with the
// unthinned one on trips that do get thinned (a corridor with a 1-gallon
// minimum): the cheapest cost must not change, to the float. Detour and
// stop costs add a constant per stop to the curve; the thinned sweep must
// find the unthinned optimum with them too.
func TestThinningKeepsThePlanExact(t *testing.T) {
	cases := []struct {
		n             int
		tank, minBuy  float64
		mpg           float64
		limit         int
		wantThinnings bool
	}{
		{300, 150, 1, 6.5, 256, true},
		{200, 400, 0.5, 3, maxCurvePieces, true},
		{120, 150, 1, 6.5, 64, true},
	}
	for _, c := range cases {
		for seed := uint64(1); seed <= 3; seed++ {
			for _, costs := range []Costs{{}, {OutOfRouteTenthCentsPerMile: 1500, StopCents: 2500}} {
				trip, stations := corridorTrip(seed, c.n)
				trip.TankGallons, trip.MinPurchaseGallons, trip.MPG = c.tank, c.minBuy, c.mpg
				trip.ReserveGallons, trip.StartGallons = 0, c.tank
				trip.Costs = costs
				curveLimit = c.limit
				thinned, stats, err := optimize(context.Background(), trip, stations)
				curveLimit = math.MaxInt
				exact, _, errExact := optimize(context.Background(), trip, stations)
				curveLimit = maxCurvePieces
				if err != nil || errExact != nil {
					t.Fatalf("%+v seed %d costs %+v: %v / %v", c, seed, costs, err, errExact)
				}
				if c.wantThinnings && stats.thinnings == 0 {
					t.Errorf("%+v seed %d costs %+v: never thinned (peak %d pieces); the case no longer tests thinning", c, seed, costs, stats.peakPieces)
				}
				gotCents, wantCents := thinned.TotalCents+thinned.DetourCents, exact.TotalCents+exact.DetourCents
				if got, want := exactTotal(trip, thinned), exactTotal(trip, exact); gotCents != wantCents || math.Abs(got-want) > 1e-6*want {
					t.Errorf("%+v seed %d costs %+v: thinned plan costs %.6f tenths (%d cents), unthinned %.6f (%d cents)", c, seed, costs, got, gotCents, want, wantCents)
				}
				if msg := checkFeasible(trip, stations, thinned.Stops, trip.MinPurchaseGallons); msg != "" {
					t.Errorf("%+v seed %d costs %+v: thinned plan infeasible: %s", c, seed, costs, msg)
				}
			}
		}
	}
}

func TestOptimizeContextStops(t *testing.T) {
	trip, stations := corridorTrip(1, 2000)
	trip.MinPurchaseGallons = 1
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := OptimizeContext(ctx, trip, stations); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled context: err %v", err)
	}
	// A deadline that passes during the sweep (after the check up front) stops it there.
	if _, err := OptimizeContext(&expiresAfterChecks{Context: context.Background(), checks: 1}, trip, stations); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("deadline passed during the sweep: err %v", err)
	}
}

// expiresAfterChecks is a context whose deadline passes once Err has been asked checks
// times: the code's own checks, not the clock, decide when, so no host is too slow for it.
type expiresAfterChecks struct {
	context.Context
	checks int
}

func (c *expiresAfterChecks) Err() error {
	if c.checks > 0 {
		c.checks--
		return nil
	}
	return context.DeadlineExceeded
}

// FuzzPlanNumbers throws arbitrary numbers (any float64, NaN and infinities
// included) at a 200-station corridor: Optimize must answer with a plan or a
// typed error, never panic, and allocate within the bound set by the number
// of stations alone. Explore with `go test ./plan -fuzz FuzzPlanNumbers`.
func FuzzPlanNumbers(f *testing.F) {
	f.Add(150.0, 60.0, 6.5, 15.0, 5.0, 1.0)
	f.Add(150.0, 60.0, 6.5, 15.0, 0.001, 1.0)
	f.Add(150.0, 60.0, 6.5, 15.0, 1e-300, 1.0)
	f.Add(1e6, 4e5, 6.5, 1e5, 5.0, 1.0)
	f.Add(400.0, 400.0, 1.0, 0.0, 1.0, 3.0)
	f.Add(400.0, 200.0, 30.0, 40.0, 1.0, 0.2)
	f.Add(math.MaxFloat64, 1.0, 1e-300, 0.0, 5e-324, 1e300)
	f.Add(math.NaN(), math.Inf(1), math.Inf(-1), -1.0, -0.0, 0.0)
	trip0, stations := corridorTrip(3, 200)
	f.Fuzz(func(t *testing.T, tank, start, mpg, reserve, minBuy, scale float64) {
		trip := trip0
		trip.TankGallons, trip.StartGallons, trip.MPG = tank, start, mpg
		trip.ReserveGallons, trip.MinPurchaseGallons = reserve, minBuy
		trip.RouteMiles *= scale
		s := append([]Station(nil), stations...)
		if !math.IsNaN(scale) && !math.IsInf(scale, 0) && scale >= 0 {
			for i := range s {
				s[i].AlongMiles = min(s[i].AlongMiles*scale, trip.RouteMiles)
			}
		}
		var err error
		bytes := allocated(func() { _, _, err = optimize(context.Background(), trip, s) })
		var input *InputError
		var gap *GapError
		if err != nil && !errors.As(err, &input) && !errors.As(err, &gap) {
			t.Fatalf("untyped error %v for %+v", err, trip)
		}
		if bytes > workBound(len(s)) {
			t.Fatalf("allocated %d MB for %+v, bound %d MB", bytes>>20, trip, workBound(len(s))>>20)
		}
	})
}
