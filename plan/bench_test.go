package plan

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"fuelportal/bench/cputime"
)

// corridorTrip is a coast-to-coast trip with n stations spread along a
// 2,800-mile route within a few miles of it, priced the way a corridor
// looks: a regional trend plus station-to-station spread.
func corridorTrip(seed uint64, n int) (Trip, []Station) {
	r := rand.New(rand.NewPCG(seed, 7))
	trip := NewTrip(2800, 150, 60)
	stations := make([]Station, n)
	for i := range stations {
		along := r.Float64() * trip.RouteMiles
		trend := 3300 + 300*math.Sin(along/400)
		net := int64(trend + r.NormFloat64()*120)
		stations[i] = Station{
			ID: int64(i + 1), AlongMiles: along, OffMiles: r.Float64() * 5,
			NetPrice: net, RetailPrice: net + 200 + r.Int64N(400),
		}
	}
	return trip, stations
}

func BenchmarkPlan(b *testing.B) { benchmarkPlan(b, Costs{}) }

// BenchmarkPlanWithCosts is BenchmarkPlan with $1.85 a mile off the route
// and $25 a stop.
func BenchmarkPlanWithCosts(b *testing.B) {
	benchmarkPlan(b, Costs{OutOfRouteTenthCentsPerMile: 1850, StopCents: 2500})
}

func benchmarkPlan(b *testing.B, costs Costs) {
	for _, n := range []int{50, 500, 2000} {
		trip, stations := corridorTrip(1, n)
		trip.Costs = costs
		b.Run(fmt.Sprintf("stations=%d", n), func(b *testing.B) {
			stops := 0
			cpu := cputime.Process()
			for b.Loop() {
				p, err := Optimize(trip, stations)
				if err != nil {
					b.Fatal(err)
				}
				stops = len(p.Stops)
			}
			cputime.Report(b, cpu)
			b.ReportMetric(float64(stops), "stops")
		})
	}
}
