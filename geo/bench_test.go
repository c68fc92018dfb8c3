package geo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fuelportal/bench/cputime"
)

// Interstate-like lines across the continental US, as city waypoints. Real
// stations crowd along such roads, which is what makes corridor queries
// expensive, so the benchmark data does the same.
var interstates = [][]Point{
	{{34.05, -118.24}, {33.45, -112.07}, {32.22, -110.97}, {31.76, -106.49}, {29.42, -98.49}, {29.76, -95.37}, {29.95, -90.07}, {30.69, -88.04}, {30.33, -81.66}},                  // I-10
	{{34.90, -117.02}, {35.20, -111.65}, {35.08, -106.65}, {35.22, -101.83}, {35.47, -97.52}, {34.75, -92.29}, {35.15, -90.05}, {36.16, -86.78}, {35.96, -83.92}, {35.78, -78.64}}, // I-40
	{{37.77, -122.42}, {39.53, -119.81}, {40.76, -111.89}, {41.14, -104.82}, {41.26, -95.93}, {41.59, -93.62}, {41.88, -87.63}, {41.50, -81.69}, {40.71, -74.00}},                  // I-80
	{{47.61, -122.33}, {47.66, -117.43}, {45.78, -108.50}, {43.54, -96.73}, {43.07, -89.40}, {41.88, -87.63}, {41.50, -81.69}, {42.89, -78.88}, {42.36, -71.06}},                   // I-90
	{{25.76, -80.19}, {30.33, -81.66}, {32.08, -81.09}, {37.54, -77.44}, {38.90, -77.04}, {39.95, -75.17}, {40.71, -74.00}, {42.36, -71.06}},                                       // I-95
	{{32.72, -117.16}, {34.05, -118.24}, {38.58, -121.49}, {45.52, -122.68}, {47.61, -122.33}},                                                                                     // I-5
	{{27.53, -99.49}, {29.42, -98.49}, {32.78, -96.80}, {35.47, -97.52}, {39.10, -94.58}, {41.59, -93.62}, {44.98, -93.27}},                                                        // I-35
	{{39.74, -104.99}, {39.10, -94.58}, {38.63, -90.20}, {39.77, -86.16}, {39.96, -83.00}, {40.44, -80.00}, {40.27, -76.88}, {39.95, -75.17}},                                      // I-70
	{{35.47, -97.52}, {36.15, -95.99}, {37.21, -93.29}, {38.63, -90.20}},                                                                                                           // I-44
}

// laToNewYork follows I-40, I-44 and I-70, so the route runs through the
// station clusters.
var laToNewYork = []Point{
	{34.05, -118.24}, {34.90, -117.02}, {35.20, -111.65}, {35.08, -106.65}, {35.22, -101.83}, {35.47, -97.52},
	{36.15, -95.99}, {37.21, -93.29}, {38.63, -90.20}, {39.77, -86.16}, {39.96, -83.00}, {40.44, -80.00},
	{40.27, -76.88}, {40.71, -74.00},
}

// alongWaypoints returns the point a fraction t along a waypoint list,
// interpolating linearly in degrees (plenty for synthetic data).
func alongWaypoints(ways []Point, t float64) Point {
	lengths := make([]float64, len(ways))
	for i := 1; i < len(ways); i++ {
		lengths[i] = lengths[i-1] + DistanceMiles(ways[i-1], ways[i])
	}
	target := t * lengths[len(lengths)-1]
	i, _ := slices.BinarySearch(lengths, target)
	if i == 0 {
		return ways[0]
	}
	if i >= len(ways) {
		return ways[len(ways)-1]
	}
	f := (target - lengths[i-1]) / (lengths[i] - lengths[i-1])
	a, b := ways[i-1], ways[i]
	return Point{a.Lat + f*(b.Lat-a.Lat), a.Lon + f*(b.Lon-a.Lon)}
}

// benchRoute is a points-long route from Los Angeles to New York with
// road-like wiggle: slow bends of a few miles plus small jitter.
func benchRoute(seed uint64, points int) []Point {
	r := rand.New(rand.NewPCG(seed, 1))
	phase1, phase2 := r.Float64()*2*math.Pi, r.Float64()*2*math.Pi
	route := make([]Point, points)
	for i := range route {
		t := float64(i) / float64(points-1)
		p := alongWaypoints(laToNewYork, t)
		bend := 0.03*math.Sin(t*97+phase1) + 0.015*math.Sin(t*433+phase2)
		route[i] = Point{p.Lat + bend + r.NormFloat64()*0.001, p.Lon + bend*0.7 + r.NormFloat64()*0.001}
	}
	return route
}

// metros are city centres where stations bunch up.
var metros = []Point{
	{34.05, -118.24}, {40.71, -74.00}, {41.88, -87.63}, {29.76, -95.37}, {33.45, -112.07}, {39.95, -75.17},
	{29.42, -98.49}, {32.72, -117.16}, {32.78, -96.80}, {37.34, -121.89}, {30.27, -97.74}, {30.33, -81.66},
	{39.96, -83.00}, {35.23, -80.84}, {39.77, -86.16}, {37.77, -122.42}, {47.61, -122.33}, {39.74, -104.99},
	{38.90, -77.04}, {42.36, -71.06}, {31.76, -106.49}, {36.16, -86.78}, {35.15, -90.05}, {35.47, -97.52},
	{36.17, -115.14}, {45.52, -122.68}, {39.29, -76.61}, {43.04, -87.91}, {35.08, -106.65}, {32.22, -110.97},
	{36.74, -119.79}, {38.58, -121.49}, {39.10, -94.58}, {33.75, -84.39}, {25.76, -80.19}, {41.26, -95.93},
	{35.78, -78.64}, {44.98, -93.27}, {36.15, -95.99}, {41.50, -81.69}, {29.95, -90.07}, {38.63, -90.20},
	{40.44, -80.00}, {39.10, -84.51}, {40.76, -111.89}, {28.54, -81.38}, {42.33, -83.05}, {37.21, -93.29},
	{35.22, -101.83}, {35.20, -111.65},
}

// benchStations spreads stations the way a national network looks: 40 %
// along interstates (bunched at exits, a couple of miles either side), 40 %
// in metro areas, 20 % uniformly over the continental US.
func benchStations(seed uint64, n int) []Item {
	r := rand.New(rand.NewPCG(seed, 2))
	items := make([]Item, n)
	for i := range items {
		var p Point
		switch k := r.IntN(10); {
		case k < 4:
			road := interstates[r.IntN(len(interstates))]
			p = alongWaypoints(road, r.Float64())
			p = Point{p.Lat + r.NormFloat64()*0.03, p.Lon + r.NormFloat64()*0.03}
		case k < 8:
			c := metros[r.IntN(len(metros))]
			p = Point{c.Lat + r.NormFloat64()*0.25, c.Lon + r.NormFloat64()*0.3}
		default:
			p = randomUSPoint(r)
		}
		items[i] = Item{ID: int64(i + 1), Point: p}
	}
	return items
}

var benchSink int

func BenchmarkNearRoute(b *testing.B) {
	route := benchRoute(1, 5000)
	for _, n := range []int{50_000, 100_000} {
		ix := NewIndex(benchStations(1, n))
		for _, radius := range []float64{5, 10} {
			b.Run(fmt.Sprintf("stations=%d/radius=%g", n, radius), func(b *testing.B) {
				pl := NewPolyline(route)
				hits := 0
				cpu := cputime.Process()
				for b.Loop() {
					hits = len(ix.NearPolyline(pl, radius))
				}
				cputime.Report(b, cpu)
				b.ReportMetric(float64(hits), "hits")
			})
		}
	}
	b.Run("prepare-route/points=5000", func(b *testing.B) {
		cpu := cputime.Process()
		for b.Loop() {
			benchSink += len(NewPolyline(route).segments)
		}
		cputime.Report(b, cpu)
	})
}

func BenchmarkRadius(b *testing.B) {
	for _, n := range []int{50_000, 100_000} {
		ix := NewIndex(benchStations(1, n))
		for _, radius := range []float64{5, 50} {
			b.Run(fmt.Sprintf("stations=%d/radius=%g", n, radius), func(b *testing.B) {
				r := rand.New(rand.NewPCG(3, 3))
				hits := 0
				for b.Loop() {
					hits += len(ix.Radius(alongWaypoints(laToNewYork, r.Float64()), radius))
				}
				b.ReportMetric(float64(hits)/float64(b.N), "hits")
			})
		}
	}
}

func BenchmarkNewIndex(b *testing.B) {
	items := benchStations(1, 100_000)
	for b.Loop() {
		benchSink += NewIndex(items).Len()
	}
}

// BenchmarkNearRouteLatency reports the latency distribution of NearRoute
// (including route preparation) over varied routes: p50 and p99 of wall
// time, and the whole process's CPU per query.
//
// The querying goroutine is not locked to its thread, as the server's
// handlers are not. (Earlier passes locked it to read the thread's CPU
// time.)
//
//	go test ./geo -run '^$' -bench NearRouteLatency
func BenchmarkNearRouteLatency(b *testing.B) {
	benchNearRouteLatency(b, func(ix *Index, route []Point, radius float64) int {
		return len(ix.NearRoute(route, radius))
	})
}

// BenchmarkNearRouteReusedLatency is BenchmarkNearRouteLatency with the
// answer appended to one reused buffer (AppendNearRoute), as the catalog
// queries: the difference between the two is what allocating each answer
// (about 24 bytes a hit, with the garbage collection it brings) costs.
func BenchmarkNearRouteReusedLatency(b *testing.B) {
	var buf []RouteHit
	benchNearRouteLatency(b, func(ix *Index, route []Point, radius float64) int {
		buf = ix.AppendNearRoute(buf[:0], route, radius)
		return len(buf)
	})
}

func benchNearRouteLatency(b *testing.B, query func(ix *Index, route []Point, radius float64) int) {
	routes := make([][]Point, 20)
	for i := range routes {
		routes[i] = benchRoute(uint64(i+10), 5000)
	}
	for _, n := range []int{50_000, 100_000} {
		ix := NewIndex(benchStations(1, n))
		for _, radius := range []float64{5, 10} {
			b.Run(fmt.Sprintf("stations=%d/radius=%g", n, radius), func(b *testing.B) {
				var durations []time.Duration
				q := 0
				proc := cputime.Process()
				for b.Loop() {
					start := time.Now()
					benchSink += query(ix, routes[q%len(routes)], radius)
					durations = append(durations, time.Since(start))
					q++
				}
				procMs := float64(cputime.Process()-proc) / float64(time.Millisecond) / float64(b.N)
				slices.Sort(durations)
				ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
				b.ReportMetric(ms(durations[len(durations)/2]), "p50-ms")
				b.ReportMetric(ms(durations[len(durations)*99/100]), "p99-ms")
				// All threads' CPU (user and system) per query, the
				// garbage collector's included.
				b.ReportMetric(procMs, "proc-cpu-ms/op")
			})
		}
	}
}

// BenchmarkNearRouteCallers measures corridor queries under concurrent
// callers at 100,000 stations / 10 mi: 1, 2, 4 or 8 goroutines query back
// to back, each with its own reused answer buffer as the catalog calls it
// (AppendNearRoute, route preparation included), over the same 20 routes.
// It reports queries per second over all callers, p50 and p99 of each
// query's wall time (with more callers than cores that includes waiting
// for a core) and the whole process's CPU per query.
//
//	go test ./geo -run '^$' -bench NearRouteCallers -benchtime 4s
func BenchmarkNearRouteCallers(b *testing.B) {
	routes := make([][]Point, 20)
	for i := range routes {
		routes[i] = benchRoute(uint64(i+10), 5000)
	}
	ix := NewIndex(benchStations(1, 100_000))
	const radius = 10
	for _, callers := range []int{1, 2, 4, 8} {
		b.Run(fmt.Sprintf("stations=100000/radius=%d/callers=%d", radius, callers), func(b *testing.B) {
			durations := make([][]time.Duration, callers)
			hits := make([]int, callers)
			var next atomic.Int64
			var wg sync.WaitGroup
			b.ResetTimer()
			proc := cputime.Process()
			start := time.Now()
			for c := range callers {
				wg.Go(func() {
					d := make([]time.Duration, 0, b.N/callers+1)
					var buf []RouteHit
					for q := next.Add(1) - 1; q < int64(b.N); q = next.Add(1) - 1 {
						t0 := time.Now()
						buf = ix.AppendNearRoute(buf[:0], routes[q%int64(len(routes))], radius)
						d = append(d, time.Since(t0))
						hits[c] += len(buf)
					}
					durations[c] = d
				})
			}
			wg.Wait()
			elapsed := time.Since(start)
			procMs := float64(cputime.Process()-proc) / float64(time.Millisecond) / float64(b.N)
			b.StopTimer()
			all := slices.Concat(durations...)
			slices.Sort(all)
			for _, h := range hits {
				benchSink += h
			}
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "queries/s")
			b.ReportMetric(ms(all[len(all)/2]), "p50-ms")
			b.ReportMetric(ms(all[len(all)*99/100]), "p99-ms")
			b.ReportMetric(procMs, "proc-cpu-ms/op")
		})
	}
}
