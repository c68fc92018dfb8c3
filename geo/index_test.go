package geo

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteRadius is the obvious scan that Index.Radius must equal.
func bruteRadius(items []Item, center Point, miles float64) []Hit {
	var hits []Hit
	for _, it := range items {
		if d := DistanceMiles(center, it.Point); d <= miles+toleranceMiles {
			hits = append(hits, Hit{ID: it.ID, DistanceMiles: d})
		}
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.ID, b.ID))
	})
	return hits
}

// bruteNearRoute projects every station onto the whole route.
func bruteNearRoute(items []Item, route []Point, miles float64) []RouteHit {
	pl := NewPolyline(route)
	var hits []RouteHit
	for _, it := range items {
		if p := pl.Project(it.Point); p.OffMiles <= miles+toleranceMiles {
			hits = append(hits, RouteHit{ID: it.ID, AlongMiles: p.AlongMiles, OffMiles: p.OffMiles})
		}
	}
	slices.SortFunc(hits, func(a, b RouteHit) int {
		return cmp.Or(cmp.Compare(a.AlongMiles, b.AlongMiles), cmp.Compare(a.ID, b.ID))
	})
	return hits
}

// randomRoute wanders from a random US point with steps of up to stepDeg.
func randomRoute(r *rand.Rand, points int, stepDeg float64) []Point {
	route := make([]Point, points)
	route[0] = randomUSPoint(r)
	heading := r.Float64() * 2 * math.Pi
	for i := 1; i < points; i++ {
		heading += (r.Float64()*2 - 1) * 0.8
		step := r.Float64() * stepDeg
		route[i] = Point{route[i-1].Lat + step*math.Sin(heading), route[i-1].Lon + step*math.Cos(heading)}
	}
	return route
}

// randomItemsNear scatters n stations, half of them close to the route.
func randomItemsNear(r *rand.Rand, n int, route []Point, spreadDeg float64) []Item {
	items := make([]Item, n)
	for i := range items {
		var p Point
		if r.IntN(2) == 0 && len(route) > 0 {
			base := route[r.IntN(len(route))]
			p = Point{base.Lat + r.NormFloat64()*spreadDeg, base.Lon + r.NormFloat64()*spreadDeg}
		} else {
			p = randomUSPoint(r)
		}
		items[i] = Item{ID: int64(1000 + i), Point: p}
	}
	return items
}

// sameRouteHits compares by station (the order of stations at the same
// along-distance may differ by float rounding) and checks route order.
func sameRouteHits(t *testing.T, got, want []RouteHit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d hits, brute force finds %d\ngot  %v\nwant %v", len(got), len(want), got, want)
	}
	byID := make(map[int64]RouteHit, len(want))
	for _, w := range want {
		byID[w.ID] = w
	}
	for i, g := range got {
		w, ok := byID[g.ID]
		if !ok || math.Abs(g.OffMiles-w.OffMiles) > 1e-9 || math.Abs(g.AlongMiles-w.AlongMiles) > 1e-6 {
			t.Fatalf("hit %d = %+v, brute force %+v (found %v)", i, g, w, ok)
		}
		if i > 0 && g.AlongMiles < got[i-1].AlongMiles {
			t.Fatalf("hits out of route order at %d: %v after %v", i, g, got[i-1])
		}
	}
}

func TestNearRouteEqualsBruteForce(t *testing.T) {
	tests := []struct {
		name      string
		points    int
		stepDeg   float64
		radius    float64
		spreadDeg float64
	}{
		{"dense route with a 5 mile corridor finds the same stations", 200, 0.01, 5, 0.05},
		{"dense route with a 10 mile corridor finds the same stations", 200, 0.01, 10, 0.1},
		{"sparse long segments find the same stations", 12, 3, 25, 0.3},
		{"zero radius finds only stations on the route", 50, 0.05, 0, 0.01},
		{"a wide corridor finds the same stations", 30, 0.5, 120, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(40) {
				r := rand.New(rand.NewPCG(seed, 99))
				route := randomRoute(r, tt.points, tt.stepDeg)
				items := randomItemsNear(r, 400, route, tt.spreadDeg)
				// Stations exactly on route vertices exercise the zero case.
				items = append(items, Item{ID: 1, Point: route[len(route)/2]})
				ix := NewIndex(items)
				sameRouteHits(t, ix.NearRoute(route, tt.radius), bruteNearRoute(items, route, tt.radius))
			}
		})
	}
}

func TestRadiusEqualsBruteForce(t *testing.T) {
	for seed := range uint64(50) {
		r := rand.New(rand.NewPCG(seed, 5))
		items := randomItemsNear(r, 2000, nil, 0)
		ix := NewIndex(items)
		for range 20 {
			center := randomUSPoint(r)
			miles := r.Float64() * 200
			got, want := ix.Radius(center, miles), bruteRadius(items, center, miles)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d: Radius(%v, %.3f) = %d hits, brute force %d", seed, center, miles, len(got), len(want))
			}
		}
	}
}

func TestIndexEdgeCases(t *testing.T) {
	center := Point{40, -100}
	// Due north by exactly 5 miles along the meridian.
	atFive := Point{40 + degrees(5/EarthRadiusMiles), -100}
	justOut := Point{40 + degrees(5.001/EarthRadiusMiles), -100}
	items := []Item{{ID: 1, Point: center}, {ID: 2, Point: atFive}, {ID: 3, Point: justOut}}
	ix := NewIndex(items)

	t.Run("station exactly at the radius is included and one just beyond is not", func(t *testing.T) {
		got := ix.Radius(center, 5)
		if len(got) != 2 || got[0].ID != 1 || got[1].ID != 2 {
			t.Errorf("Radius = %+v, want IDs 1 and 2", got)
		}
	})
	t.Run("station exactly at the corridor edge is included", func(t *testing.T) {
		route := []Point{{40, -101}, {40, -100}, {40, -99}}
		// Along the equator-parallel route the arc bulges north, so measure
		// the corridor edge with Project rather than assuming 5 miles.
		edge := NewPolyline(route).Project(atFive).OffMiles
		got := ix.NearRoute(route, edge)
		if ids := []int64{got[0].ID, got[len(got)-1].ID}; len(got) != 2 || !slices.Contains(ids, 1) || !slices.Contains(ids, 2) {
			t.Errorf("NearRoute = %+v, want IDs 1 and 2", got)
		}
	})
	t.Run("empty route finds nothing", func(t *testing.T) {
		if got := ix.NearRoute(nil, 10); got != nil {
			t.Errorf("NearRoute(nil) = %v", got)
		}
	})
	t.Run("one-point route behaves like a radius search", func(t *testing.T) {
		got := ix.NearRoute([]Point{center}, 5)
		if len(got) != 2 || got[0].AlongMiles != 0 || got[1].OffMiles > 5+1e-9 {
			t.Errorf("NearRoute(one point) = %+v", got)
		}
	})
	t.Run("empty index finds nothing", func(t *testing.T) {
		empty := NewIndex(nil)
		if empty.Radius(center, 10) != nil || empty.NearRoute([]Point{center}, 10) != nil {
			t.Error("empty index returned hits")
		}
	})
	t.Run("negative or NaN radius finds nothing", func(t *testing.T) {
		if ix.Radius(center, -1) != nil || ix.NearRoute([]Point{center}, math.NaN()) != nil {
			t.Error("invalid radius returned hits")
		}
	})
	t.Run("route across the antimeridian finds stations on both sides", func(t *testing.T) {
		pacific := NewIndex([]Item{{ID: 7, Point: Point{0, 179.99}}, {ID: 8, Point: Point{0, -179.99}}})
		route := []Point{{0.01, 179.9}, {0.01, -179.9}}
		got := pacific.NearRoute(route, 5)
		if len(got) != 2 {
			t.Errorf("NearRoute across the antimeridian = %+v, want both stations", got)
		}
		if got := pacific.Radius(Point{0, 180}, 5); len(got) != 2 {
			t.Errorf("Radius at the antimeridian = %+v, want both stations", got)
		}
	})
	t.Run("a station near a route that doubles back is reported once at its closest approach", func(t *testing.T) {
		route := []Point{{40, -101}, {40, -99}, {40.01, -99}, {40.01, -101}}
		near := NewIndex([]Item{{ID: 9, Point: Point{40.012, -100}}})
		got := near.NearRoute(route, 5)
		want := bruteNearRoute([]Item{{ID: 9, Point: Point{40.012, -100}}}, route, 5)
		sameRouteHits(t, got, want)
		if got[0].AlongMiles < NewPolyline(route).CumulativeMiles()[2] {
			t.Errorf("closest approach is on the way back, got along %.3f", got[0].AlongMiles)
		}
	})
}

func TestLessRouteHitAgreesWithCompareRouteHits(t *testing.T) {
	nan := math.NaN()
	values := []float64{nan, math.Inf(-1), -1, math.Copysign(0, -1), 0, 1e-300, 1, math.Inf(1)}
	for _, a := range values {
		for _, b := range values {
			for _, ids := range [][2]int64{{1, 2}, {2, 1}, {3, 3}} {
				x, y := RouteHit{ID: ids[0], AlongMiles: a}, RouteHit{ID: ids[1], AlongMiles: b}
				if got, want := lessRouteHit(x, y), compareRouteHits(x, y) < 0; got != want {
					t.Errorf("lessRouteHit(%v, %v) = %v, want %v", x, y, got, want)
				}
			}
		}
	}
}
