package geo

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// chordArgminNearRoute is the definition NearPolyline implements, written as
// the plainest possible scan: a station is near the route when the smallest
// squared chord to any segment is within the radius; its closest segment is
// the one with that smallest chord (the earliest on ties), and along/off
// miles are measured exactly on that segment. NearPolyline must equal it bit
// for bit: its pruning may only skip work, never change an answer.
func chordArgminNearRoute(items []Item, pl *Polyline, miles float64) []RouteHit {
	if len(items) == 0 || len(pl.segments) == 0 || !(miles >= 0) {
		return nil
	}
	radius := miles + toleranceMiles
	angle := radius / EarthRadiusMiles
	maxSinOff := math.Sin(math.Min(angle, math.Pi/2))
	maxChord := 2 * math.Sin(math.Min(angle, math.Pi)/2)
	maxChordSq := maxChord * maxChord
	var hits []RouteHit
	for _, it := range items {
		v := unitVector(it.Point)
		bestSq, bestSeg := math.Inf(1), -1
		for s := range pl.segments {
			if sq := pl.segments[s].chordSq(v, maxSinOff, maxChordSq); sq <= maxChordSq && sq < bestSq {
				bestSq, bestSeg = sq, s
			}
		}
		if bestSeg < 0 {
			continue
		}
		along, off := closestConvertingBoth(&pl.segments[bestSeg], v)
		hits = append(hits, RouteHit{ID: it.ID, AlongMiles: along, OffMiles: math.Min(off, radius)})
	}
	slices.SortFunc(hits, func(a, b RouteHit) int {
		return cmp.Or(cmp.Compare(a.AlongMiles, b.AlongMiles), cmp.Compare(a.ID, b.ID))
	})
	return hits
}

func sameBits(t *testing.T, label string, got, want []RouteHit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d hits, the chord scan finds %d", label, len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.ID != w.ID || math.Float64bits(g.AlongMiles) != math.Float64bits(w.AlongMiles) ||
			math.Float64bits(g.OffMiles) != math.Float64bits(w.OffMiles) {
			t.Fatalf("%s: hit %d = %+v, the chord scan gives %+v", label, i, got[i], want[i])
		}
	}
}

func TestNearRouteEqualsChordScanBitForBit(t *testing.T) {
	tests := []struct {
		name      string
		points    int
		stepDeg   float64
		radius    float64
		spreadDeg float64
	}{
		{"dense wiggly route with a 5 mile corridor", 300, 0.01, 5, 0.05},
		{"dense wiggly route with a 10 mile corridor", 300, 0.01, 10, 0.1},
		{"route of long arcs", 15, 3, 25, 0.3},
		{"route with tiny steps and a zero radius", 80, 0.0005, 0, 0.001},
		{"wide corridor over long arcs", 30, 0.5, 120, 1},
		{"route doubling back on itself", 400, 0.02, 8, 0.05},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(25) {
				r := rand.New(rand.NewPCG(seed, 1234))
				route := randomRoute(r, tt.points, tt.stepDeg)
				if tt.name == "route doubling back on itself" {
					back := slices.Clone(route)
					slices.Reverse(back)
					for i := range back {
						back[i].Lat += 0.01
					}
					route = append(route, back...)
				}
				items := randomItemsNear(r, 1500, route, tt.spreadDeg)
				// Stations on vertices and exactly repeated points.
				items = append(items, Item{ID: 1, Point: route[len(route)/2]}, Item{ID: 2, Point: route[0]}, Item{ID: 3, Point: route[len(route)-1]})
				ix := NewIndex(items)
				pl := NewPolyline(route)
				sameBits(t, fmt.Sprintf("seed %d", seed), ix.NearPolyline(pl, tt.radius), chordArgminNearRoute(items, pl, tt.radius))
			}
		})
	}
}

func TestNearRouteEqualsChordScanWithNaNInput(t *testing.T) {
	for seed := range uint64(10) {
		r := rand.New(rand.NewPCG(seed, 77))
		route := randomRoute(r, 200, 0.01)
		route[60] = Point{math.NaN(), route[60].Lon} // a broken route point
		items := randomItemsNear(r, 1000, route, 0.05)
		items = append(items, Item{ID: 4, Point: Point{math.NaN(), -100}}, Item{ID: 5, Point: Point{40, math.Inf(1)}})
		pl := NewPolyline(route)
		ix := NewIndex(items)
		for _, radius := range []float64{2, 10} {
			sameBits(t, fmt.Sprintf("seed %d radius %g", seed, radius), ix.NearPolyline(pl, radius), chordArgminNearRoute(items, pl, radius))
		}
	}
}

func TestNearRouteEqualsChordScanOnBenchmarkData(t *testing.T) {
	if testing.Short() {
		t.Skip("slow scan")
	}
	route := benchRoute(3, 5000)
	pl := NewPolyline(route)
	items := benchStations(4, 50_000)
	// Keep the stations the scan can afford: those in the route's box.
	var near []Item
	for _, it := range items {
		if it.Point.Lon > -100 && it.Point.Lon < -95 {
			near = append(near, it)
		}
	}
	ix := NewIndex(near)
	for _, radius := range []float64{5, 10} {
		sameBits(t, fmt.Sprintf("radius %g", radius), ix.NearPolyline(pl, radius), chordArgminNearRoute(near, pl, radius))
	}
}

func TestNearRouteConcurrentQueriesAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	routes := make([][]Point, 8)
	for i := range routes {
		routes[i] = randomRoute(r, 150, 0.02)
	}
	var items []Item
	for _, route := range routes {
		items = append(items, randomItemsNear(r, 300, route, 0.05)...)
	}
	for i := range items {
		items[i].ID = int64(i + 1)
	}
	ix := NewIndex(items)
	want := make([][]RouteHit, len(routes))
	for i, route := range routes {
		want[i] = ix.NearRoute(route, 6)
	}
	errs := make(chan string, 4*len(routes))
	done := make(chan struct{})
	for w := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for k := range 3 * len(routes) {
				i := (k + w) % len(routes)
				if got := ix.NearRoute(routes[i], 6); !slices.Equal(got, want[i]) {
					errs <- fmt.Sprintf("worker %d route %d: %d hits, alone %d", w, i, len(got), len(want[i]))
					return
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// FuzzNearRouteEqualsChordScan checks the search against the plain chord
// scan on random routes: wiggly or straight, with repeated points (which
// make degenerate segments) and stations on and near the route.
func FuzzNearRouteEqualsChordScan(f *testing.F) {
	f.Add(uint64(1), uint16(300), 0.01, 5.0, 0.05, uint8(0))
	f.Add(uint64(2), uint16(15), 3.0, 25.0, 0.3, uint8(4))
	f.Add(uint64(3), uint16(80), 0.0005, 0.0, 0.001, uint8(2))
	f.Fuzz(func(t *testing.T, seed uint64, points uint16, stepDeg, miles, spreadDeg float64, repeatEvery uint8) {
		if !(stepDeg >= 0 && stepDeg <= 5) || !(spreadDeg >= 0 && spreadDeg <= 2) || !(miles <= 300) {
			t.Skip("outside the product's range; NaN and negative radii are tested elsewhere")
		}
		r := rand.New(rand.NewPCG(seed, 4321))
		route := randomRoute(r, 1+int(points%600), stepDeg)
		if k := int(repeatEvery % 8); k > 1 {
			var repeated []Point
			for i, p := range route {
				repeated = append(repeated, p)
				if i%k == 0 {
					repeated = append(repeated, p)
				}
			}
			route = repeated
		}
		items := randomItemsNear(r, 600, route, spreadDeg)
		items = append(items, Item{ID: 1, Point: route[len(route)/2]}, Item{ID: 2, Point: route[0]})
		// The grid takes coordinates as given: a walk past a pole or the
		// antimeridian is not a position the index is meant for.
		for _, p := range route {
			if math.Abs(p.Lat) > 90 || math.Abs(p.Lon) > 180 {
				t.Skip("route leaves the valid coordinate range")
			}
		}
		for _, it := range items {
			if math.Abs(it.Point.Lat) > 90 || math.Abs(it.Point.Lon) > 180 {
				t.Skip("station outside the valid coordinate range")
			}
		}
		pl := NewPolyline(route)
		sameBits(t, "fuzz", NewIndex(items).NearPolyline(pl, miles), chordArgminNearRoute(items, pl, miles))
	})
}
