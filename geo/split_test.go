package geo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
)

// splitEveryQuery makes every corridor query offer its work to the helper
// in tiny runs (one cell, three segments, two groups), for the duration of
// the test.
func splitEveryQuery(t *testing.T) {
	t.Helper()
	minStations, runCells, runSegments, runGroups := splitMinStations, splitRunCells, splitRunSegments, splitRunGroups
	splitMinStations, splitRunCells, splitRunSegments, splitRunGroups = 0, 1, 3, 2
	splitNeverPauses = true
	helperPausedUntil.Store(0)
	t.Cleanup(func() {
		splitMinStations, splitRunCells, splitRunSegments, splitRunGroups = minStations, runCells, runSegments, runGroups
		splitNeverPauses = false
	})
}

// nearAlone is NearPolyline with splitting turned off.
func nearAlone(t *testing.T, ix *Index, pl *Polyline, miles float64) []RouteHit {
	t.Helper()
	splitDisabled = true
	defer func() { splitDisabled = false }()
	return ix.NearPolyline(pl, miles)
}

func TestNearRouteSplitEqualsOneGoroutineBitForBit(t *testing.T) {
	splitEveryQuery(t)
	before := splitQueries.Load()
	items := benchStations(7, 30_000)
	ix := NewIndex(items)
	for seed := range uint64(4) {
		pl := NewPolyline(benchRoute(seed+40, 3000))
		for _, radius := range []float64{0, 5, 10, 40} {
			want := nearAlone(t, ix, pl, radius)
			// Several times: the helper takes a different share each time.
			for try := range 5 {
				sameBits(t, fmt.Sprintf("seed %d radius %g try %d", seed, radius, try), ix.NearPolyline(pl, radius), want)
				sameBits(t, fmt.Sprintf("seed %d radius %g try %d, route prepared too", seed, radius, try), ix.NearRoute(pl.Points(), radius), want)
			}
		}
	}
	// On a loaded machine the helper may never have got a core in time:
	// keep asking (and checking) until it has taken part at least once.
	pl := NewPolyline(benchRoute(44, 3000))
	want := nearAlone(t, ix, pl, 10)
	for deadline := time.Now().Add(20 * time.Second); splitQueries.Load() == before && time.Now().Before(deadline); {
		sameBits(t, "until split", ix.NearPolyline(pl, 10), want)
	}
	if splitQueries.Load() == before && runtime.GOMAXPROCS(0) >= 2 {
		t.Fatal("no query was searched by both goroutines: the test checked nothing")
	}
}

func TestRoutePreparedOnTwoGoroutinesEqualsNewPolyline(t *testing.T) {
	splitEveryQuery(t)
	r := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{7, 8, 9, 100, 1001} {
		route := randomRoute(r, n, 0.01)
		route[n/2] = route[n/2-1] // a repeated point: a degenerate segment
		want := NewPolyline(route)
		var rs routeScratch
		for try := range 20 {
			rs.prepareSplit(route)
			got := &rs.pl
			if !slices.Equal(got.cum, want.cum) || !slices.Equal(got.segments, want.segments) {
				t.Fatalf("%d points, try %d: the split preparation differs from NewPolyline", n, try)
			}
		}
	}
}

func TestNearRouteSplitEqualsChordScan(t *testing.T) {
	splitEveryQuery(t)
	for seed := range uint64(10) {
		r := rand.New(rand.NewPCG(seed, 99))
		route := randomRoute(r, 300, 0.01)
		if seed%3 == 0 {
			route[100] = Point{math.NaN(), route[100].Lon} // NaN input splits the same way
		}
		items := randomItemsNear(r, 3000, route, 0.1)
		// Two stations with one ID at one spot tie on (AlongMiles, ID): their
		// order is the order they were found in, which a split must keep.
		p := route[150]
		items = append(items, Item{ID: 7, Point: p}, Item{ID: 7, Point: Point{p.Lat + 1e-4, p.Lon}})
		ix := NewIndex(items)
		pl := NewPolyline(route)
		for _, radius := range []float64{3, 10} {
			want := chordArgminNearRoute(items, pl, radius)
			if seed%3 == 0 {
				want = nearAlone(t, ix, pl, radius) // the chord scan's order of NaN ties is its own
			}
			sameBits(t, fmt.Sprintf("seed %d radius %g", seed, radius), ix.NearPolyline(pl, radius), want)
		}
	}
}

func TestNearRouteSplitUnderConcurrentQueries(t *testing.T) {
	splitEveryQuery(t)
	items := benchStations(8, 20_000)
	ix := NewIndex(items)
	routes := make([]*Polyline, 6)
	want := make([][]RouteHit, len(routes))
	for i := range routes {
		routes[i] = NewPolyline(benchRoute(uint64(i+60), 2000))
		want[i] = nearAlone(t, ix, routes[i], 8)
	}
	queryConcurrently(t, 3, want, func(i int) []RouteHit { return ix.NearPolyline(routes[i], 8) })
}

func TestContentionPausesSplitting(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("splitting needs two processors")
	}
	reset := func() { contention.Store(0); helperPause.Store(0); helperPausedUntil.Store(0) }
	reset()
	t.Cleanup(reset)
	// A quiet host: now and then a part goes badly, and splitting goes on.
	for i := range 1000 {
		noteSplitPart(i%50 == 0)
		if !splitting() {
			t.Fatalf("part %d: splitting paused with 2 %% of parts going badly", i)
		}
	}
	// The other core gets busy: half the parts go badly, and splitting pauses.
	paused := -1
	for i := range 64 {
		noteSplitPart(i%2 == 0)
		if !splitting() {
			paused = i
			break
		}
	}
	if paused < 0 {
		t.Fatal("splitting never paused with half the parts going badly")
	}
	if got := time.Duration(helperPause.Load()); got != minHelperPause {
		t.Fatalf("first pause %v, want %v", got, minHelperPause)
	}
	// Each look that still finds contention doubles the pause, up to the longest.
	noteSplitPart(true)
	if got := time.Duration(helperPause.Load()); got != 2*minHelperPause {
		t.Fatalf("second pause %v, want %v", got, 2*minHelperPause)
	}
	for range 20 {
		noteSplitPart(true)
	}
	if got := time.Duration(helperPause.Load()); got != maxHelperPause {
		t.Fatalf("pause after long contention %v, want %v", got, maxHelperPause)
	}
	// The pause ends; parts that go well neither pause splitting again,
	// though the average still says contention for a while, nor leave a
	// pause behind once it no longer does.
	helperPausedUntil.Store(time.Now().UnixNano() - 1)
	for i := range 64 {
		if !splitting() {
			t.Fatalf("good part %d: splitting paused", i)
		}
		noteSplitPart(false)
	}
	if helperPause.Load() != 0 || contention.Load() > contentionOn {
		t.Fatalf("after 64 good parts: pause %v, average %d", time.Duration(helperPause.Load()), contention.Load())
	}
}
