package jurisdiction

import (
	"math"
	"math/rand/v2"
	"testing"

	"fuelportal/bench/cputime"
	"fuelportal/geo"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/planar"
)

func TestOf(t *testing.T) {
	tests := []struct {
		name     string
		lat, lon float64
		want     string
	}{
		{"Dallas is in Texas", 32.7767, -96.7970, "TX"},
		{"Denver is in Colorado", 39.7392, -104.9903, "CO"},
		{"Toronto is in Ontario", 43.6532, -79.3832, "ON"},
		{"Montreal is in Quebec", 45.5017, -73.5673, "QC"},
		{"the White House is in the District of Columbia", 38.8977, -77.0365, "DC"},
		{"St. Louis is in Missouri across the river from Illinois", 38.6270, -90.1994, "MO"},
		{"East St. Louis is in Illinois", 38.6245, -90.1506, "IL"},
		{"Kansas City, Kansas is in Kansas", 39.1141, -94.6275, "KS"},
		{"Covington is in Kentucky across the river from Cincinnati", 39.0837, -84.5086, "KY"},
		{"Miami on the coast is in Florida", 25.7617, -80.1918, "FL"},
		{"Detroit is in Michigan", 42.3314, -83.0458, "MI"},
		{"Windsor, just outside the coarse Ontario border, snaps to Ontario", 42.3149, -83.0364, "ON"},
		{"Halifax, just outside the coarse Nova Scotia coast, snaps to Nova Scotia", 44.6488, -63.5752, "NS"},
		{"Blaine on the border is in Washington", 48.9937, -122.7471, "WA"},
		{"Anchorage is in Alaska", 61.2181, -149.9003, "AK"},
		{"Whitehorse is in Yukon", 60.7212, -135.0568, "YT"},
		{"the Atlantic is in none", 35, -50, ""},
		{"the Gulf of Mexico is in none", 26, -90, ""},
		{"Tijuana in Mexico is in none", 32.5149, -117.0382, ""},
		{"Ciudad Juarez in Mexico is in none", 31.6904, -106.4245, ""},
		{"London is in none", 51.5, -0.12, ""},
		{"a latitude past the pole is in none", 95, -100, ""},
		{"NaN is in none", math.NaN(), -100, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Of(tt.lat, tt.lon)
			if got != tt.want || ok != (tt.want != "") {
				t.Errorf("Of(%v, %v) = %q, %v; want %q", tt.lat, tt.lon, got, ok, tt.want)
			}
		})
	}
}

func TestEveryMemberHasABoundaryAndOnlyTheRegionsOfTheSourcesAreThere(t *testing.T) {
	idx := load()
	have := map[string]bool{}
	for _, r := range idx.regions {
		if have[r.code] {
			t.Errorf("%s twice", r.code)
		}
		have[r.code] = true
	}
	for _, code := range Members() {
		if !have[code] {
			t.Errorf("member %s has no boundary", code)
		}
	}
	if n := len(Members()); n != 58 {
		t.Errorf("%d members, want 58", n)
	}
	for _, code := range []string{"DC", "AK", "HI", "YT", "NT", "NU"} {
		if !have[code] || IsMember(code) {
			t.Errorf("%s: boundary %v, member %v; want a boundary and no membership", code, have[code], IsMember(code))
		}
	}
	if len(idx.regions) != 64 {
		t.Errorf("%d regions, want 64 (50 states, DC, 13 provinces and territories)", len(idx.regions))
	}
}

// bruteRegion classifies p by testing every polygon in file order, then
// every Canadian edge in snapEdges for the snap: the rules of regionAt
// without the grid.
func bruteRegion(idx *index, snapEdges []int, p orb.Point) int {
	if _, _, ok := cellOf(p); !ok {
		return -1 // outside the box the package covers
	}
	for r, reg := range idx.regions {
		if polygonsContain(reg, p) {
			return r
		}
	}
	const milesPerDegLat = geo.EarthRadiusMiles * math.Pi / 180
	kx, ky := milesPerDegLat*math.Cos(p[1]*math.Pi/180), milesPerDegLat
	best, bestD := -1, math.Inf(1)
	for _, e := range snapEdges {
		ed := idx.edges[e]
		ax, ay := (ed.a[0]-p[0])*kx, (ed.a[1]-p[1])*ky
		bx, by := (ed.b[0]-p[0])*kx, (ed.b[1]-p[1])*ky
		dx, dy := bx-ax, by-ay
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, -(ax*dx+ay*dy)/l))
		}
		if d := math.Hypot(ax+t*dx, ay+t*dy); d < bestD {
			best, bestD = int(idx.owners[e]), d
		}
	}
	if bestD > SnapMiles {
		return -1
	}
	return best
}

// polygonsContain is planar.MultiPolygonContains with each polygon's
// bounding box (computed once) tested first, so that the reference runs in
// seconds.
func polygonsContain(reg region, p orb.Point) bool {
	for i, poly := range reg.shape {
		if reg.bounds[i].Contains(p) && planar.PolygonContains(poly, p) {
			return true
		}
	}
	return false
}

// The cells the index answers without a polygon test agree with testing
// every polygon at their centres (a sample of them: all would take long
// under -race).
func TestWholeCellsAgreeWithThePolygons(t *testing.T) {
	idx := load()
	checked := 0
	for c := 0; c < rows*cols; c += 29 {
		in := idx.inside[c]
		if in == cellMixed {
			continue
		}
		p := orb.Point{gridLon + (float64(c%cols)+0.5)*cellDeg, gridLat + (float64(c/cols)+0.5)*cellDeg}
		want := -1
		for r, reg := range idx.regions {
			if polygonsContain(reg, p) {
				want = r
				break
			}
		}
		if int(in) != want {
			t.Errorf("cell at %v: index says %d, polygons say %d", p, in, want)
		}
		checked++
	}
	if checked < 2500 {
		t.Errorf("only %d cells checked", checked)
	}
}

// Of agrees with testing every polygon (and the snap) at random points over
// North America, the cells crossed by boundaries included.
func TestOfAgreesWithBruteForceAtRandomPoints(t *testing.T) {
	idx := load()
	rng := rand.New(rand.NewPCG(3, 4))
	all := make([]int, 0, len(idx.edges))
	for e := range idx.edges {
		if idx.owners[e] >= idx.firstCanadian {
			all = append(all, e)
		}
	}
	mixed := 0
	for i := 0; i < 6000; i++ {
		p := orb.Point{-130 + rng.Float64()*75, 24 + rng.Float64()*32}
		if i%2 == 1 {
			// Near a boundary: a point on a random edge, nudged up to 0.01°.
			ed := idx.edges[rng.IntN(len(idx.edges))]
			f := rng.Float64()
			p = orb.Point{ed.a[0] + f*(ed.b[0]-ed.a[0]) + (rng.Float64()-0.5)*0.02, ed.a[1] + f*(ed.b[1]-ed.a[1]) + (rng.Float64()-0.5)*0.02}
		}
		col, row, _ := cellOf(p)
		if idx.inside[row*cols+col] == cellMixed {
			mixed++
		}
		got, _ := Of(p[1], p[0])
		if want := idx.code(bruteRegion(idx, all, p)); got != want {
			t.Errorf("Of(%v, %v) = %q, testing every polygon %q", p[1], p[0], got, want)
		}
	}
	if mixed < 2500 {
		t.Errorf("only %d points in cells crossed by boundaries", mixed)
	}
}

// densify returns the route through waypoints with a point every step
// miles or so.
func densify(waypoints []Point, step float64) []Point {
	out := []Point{waypoints[0]}
	for i := 1; i < len(waypoints); i++ {
		a, b := waypoints[i-1], waypoints[i]
		n := max(1, int(math.Ceil(geo.DistanceMiles(a, b)/step)))
		for k := 1; k <= n; k++ {
			f := float64(k) / float64(n)
			out = append(out, Point{Lat: a.Lat + f*(b.Lat-a.Lat), Lon: a.Lon + f*(b.Lon-a.Lon)})
		}
	}
	return out
}

// bruteMiles is the reference for Miles: every segment cut into steps of at
// most step miles, each step assigned by testing every polygon at its
// midpoint. It also counts the boundary crossings Miles finds and the
// changes of answer from one step to the next.
func bruteMiles(points []Point, step float64) (map[string]float64, int, int) {
	idx := load()
	out := map[string]float64{}
	crossings, changes, last := 0, 0, -2
	// The Canadian edges near enough to the route to snap to (0.1° is more
	// than SnapMiles), found once so that the reference runs in seconds.
	var bound orb.Bound = orb.Bound{Min: orb.Point{points[0].Lon, points[0].Lat}, Max: orb.Point{points[0].Lon, points[0].Lat}}
	for _, p := range points {
		bound = bound.Extend(orb.Point{p.Lon, p.Lat})
	}
	bound = bound.Pad(0.1)
	var snapEdges []int
	for e, ed := range idx.edges {
		if idx.owners[e] >= idx.firstCanadian && bound.Intersects(orb.Bound{Min: ed.a, Max: ed.a}.Extend(ed.b)) {
			snapEdges = append(snapEdges, e)
		}
	}
	for i := 1; i < len(points); i++ {
		a, b := points[i-1], points[i]
		pa, pb := orb.Point{a.Lon, a.Lat}, orb.Point{b.Lon, b.Lat}
		crossings += len(idx.crossings(pa, pb, nil))
		n := max(1, int(math.Ceil(geo.DistanceMiles(a, b)/step)))
		at := func(f float64) Point { return Point{Lat: a.Lat + f*(b.Lat-a.Lat), Lon: a.Lon + f*(b.Lon-a.Lon)} }
		for k := 0; k < n; k++ {
			f0, f1 := float64(k)/float64(n), float64(k+1)/float64(n)
			mid := at((f0 + f1) / 2)
			r := bruteRegion(idx, snapEdges, orb.Point{mid.Lon, mid.Lat})
			if last != -2 && r != last {
				changes++
			}
			last = r
			out[idx.code(r)] += geo.DistanceMiles(at(f0), at(f1))
		}
	}
	return out, crossings, changes
}

var routes = map[string][]Point{
	// Interstates 25, 35 and 40 roughly: Wyoming, Colorado, Kansas, Oklahoma, Texas.
	"Cheyenne to Dallas": {{Lat: 41.14, Lon: -104.82}, {Lat: 39.7392, Lon: -104.9903}, {Lat: 38.2544, Lon: -104.6091}, {Lat: 37.6872, Lon: -97.3301}, {Lat: 35.4676, Lon: -97.5164}, {Lat: 32.7767, Lon: -96.7970}},
	// Around Lake Michigan's tip, across the Detroit River, on to Montreal.
	"Chicago to Montreal through Windsor": {{Lat: 41.8781, Lon: -87.6298}, {Lat: 41.5934, Lon: -87.3464}, {Lat: 41.6639, Lon: -83.5552}, {Lat: 42.3314, Lon: -83.0458}, {Lat: 42.3149, Lon: -83.0364}, {Lat: 42.9849, Lon: -81.2453}, {Lat: 43.6532, Lon: -79.3832}, {Lat: 44.2312, Lon: -76.4860}, {Lat: 45.5017, Lon: -73.5673}},
	// The Ohio river towns: Ohio, Kentucky, Indiana, Illinois, Missouri.
	"Cincinnati to St. Louis": {{Lat: 39.1031, Lon: -84.5120}, {Lat: 39.0837, Lon: -84.5086}, {Lat: 38.2527, Lon: -85.7585}, {Lat: 38.2856, Lon: -85.7400}, {Lat: 38.6245, Lon: -90.1506}, {Lat: 38.6270, Lon: -90.1994}},
}

// Miles agrees with the brute-force reference on the same polygons. Each
// boundary crossing the reference can misplace by at most one step (the
// step that straddles it is given wholly to one side); where a piece lies
// outside every boundary, Miles itself works in steps of snapStepMiles, so
// each change of answer there may be misplaced by both steps. A
// jurisdiction's miles may therefore differ by at most step × crossings +
// (step + snapStepMiles) × changes; both cut the same straight lines, so
// the totals agree to rounding.
func TestMilesAgreesWithBruteForce(t *testing.T) {
	const step = 0.02
	for name, waypoints := range routes {
		t.Run(name, func(t *testing.T) {
			route := densify(waypoints, 5)
			got := Miles(route)
			want, crossings, changes := bruteMiles(route, step)
			tol := step*float64(crossings) + (step+snapStepMiles)*float64(changes) + 1e-6
			var gotTotal, wantTotal, worst float64
			for code := range union(got, want) {
				d := math.Abs(got[code] - want[code])
				worst = max(worst, d)
				if d > tol {
					t.Errorf("%s: %.4f mi, brute force %.4f (tolerance %.3f for %d crossings)", code, got[code], want[code], tol, crossings)
				}
				gotTotal += got[code]
				wantTotal += want[code]
			}
			if math.Abs(gotTotal-wantTotal) > 1e-6*wantTotal {
				t.Errorf("total %.6f mi, brute force %.6f", gotTotal, wantTotal)
			}
			t.Logf("%d crossings, %d changes, largest difference %.4f mi (tolerance %.2f): %v", crossings, changes, worst, tol, rounded(got))
		})
	}
}

func union(a, b map[string]float64) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func rounded(m map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range m {
		out[k] = math.Round(v*10) / 10
	}
	return out
}

func TestMilesOfARouteThroughSeveralStates(t *testing.T) {
	got := Miles(densify(routes["Cheyenne to Dallas"], 2))
	// By hand, at 69 miles a degree of latitude and 69·cos(lat) a degree of
	// longitude: Cheyenne (41.14°N) to the Colorado line at 41°N is 9.7 mi
	// of Wyoming. Colorado: 41°N to Denver 87 mi, Denver to Pueblo 103 mi,
	// Pueblo (104.61°W) to the Kansas line at 102.05°W about 140 mi: 330.
	// Kansas: 102.05°W to Wichita (97.33°W) about 259 mi, Wichita (37.69°N)
	// to the Oklahoma line at 37°N about 48 mi: 307. Oklahoma: 37°N to
	// Oklahoma City 106 mi, on to the Red River near 33.73°N 120 mi: 226.
	// Texas: the Red River to Dallas about 70 mi.
	want := map[string][2]float64{"WY": {9, 10.5}, "CO": {320, 345}, "KS": {295, 320}, "OK": {215, 235}, "TX": {65, 80}}
	for code, r := range want {
		if got[code] < r[0] || got[code] > r[1] {
			t.Errorf("%s: %.1f mi, want %v", code, got[code], r)
		}
	}
	if len(got) != len(want) {
		t.Errorf("jurisdictions %v, want %v", rounded(got), want)
	}
}

func TestMilesOfTooFewOrInvalidPointsIsEmpty(t *testing.T) {
	tests := []struct {
		name   string
		points []Point
	}{
		{"no points", nil},
		{"one point", []Point{{Lat: 32.7767, Lon: -96.7970}}},
		{"a NaN end", []Point{{Lat: 32.7767, Lon: -96.7970}, {Lat: math.NaN(), Lon: -97}}},
		{"a latitude past the pole", []Point{{Lat: 32.7767, Lon: -96.7970}, {Lat: 91, Lon: -97}}},
		{"the same point twice", []Point{{Lat: 32.7767, Lon: -96.7970}, {Lat: 32.7767, Lon: -96.7970}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for code, miles := range Miles(tt.points) {
				if miles != 0 {
					t.Errorf("%q: %v mi, want none", code, miles)
				}
			}
		})
	}
}

// Properties of Miles on random routes over North America: the pieces add
// up to the great-circle length of each segment's pieces, a route read
// backwards has the same miles, and cutting a segment at a point on it
// changes nothing.
func TestMilesProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		a := Point{Lat: 25 + rng.Float64()*30, Lon: -125 + rng.Float64()*65}
		b := Point{Lat: a.Lat + rng.NormFloat64(), Lon: a.Lon + rng.NormFloat64()}
		checkSegment(t, a, b)
	}
}

func FuzzMiles(f *testing.F) {
	f.Add(41.14, -104.82, 32.7767, -96.7970)
	f.Add(42.3314, -83.0458, 42.3149, -83.0364)
	f.Add(38.6270, -90.1994, 38.6245, -90.1506)
	f.Add(35.0, -50.0, 60.0, -170.0)
	f.Fuzz(func(t *testing.T, lat1, lon1, lat2, lon2 float64) {
		a, b := Point{Lat: lat1, Lon: lon1}, Point{Lat: lat2, Lon: lon2}
		if !valid(a) || !valid(b) {
			if m := Miles([]Point{a, b}); len(m) != 0 {
				t.Fatalf("invalid segment counted: %v", m)
			}
			return
		}
		checkSegment(t, a, b)
	})
}

func checkSegment(t *testing.T, a, b Point) {
	t.Helper()
	fwd := Miles([]Point{a, b})
	back := Miles([]Point{b, a})
	mid := Point{Lat: (a.Lat + b.Lat) / 2, Lon: (a.Lon + b.Lon) / 2}
	cut := Miles([]Point{a, mid, b})
	d := geo.DistanceMiles(a, b)
	total := 0.0
	for code, miles := range fwd {
		if miles < 0 || math.IsNaN(miles) {
			t.Fatalf("%v→%v: %q has %v mi", a, b, code, miles)
		}
		total += miles
	}
	// The pieces are chords of the straight line in degrees, which is at
	// least the great circle and, on segments under 300 miles, no more than
	// 2 % longer.
	if total < d-1e-6 || (d < 300 && total > d*1.02+1e-6) {
		t.Fatalf("%v→%v: pieces add to %v mi, great circle %v", a, b, total, d)
	}
	// Cutting replaces one chord with two (the line in degrees is no great
	// circle: a relative 1e-4 on short segments, more on long ones), and
	// moves the steps of a piece outside every boundary (snapStepMiles).
	tol := 1e-4*d*(1+d/100) + 2*snapStepMiles
	for code := range union(fwd, union2(back, cut)) {
		if math.Abs(fwd[code]-back[code]) > 1e-6*(1+d) {
			t.Fatalf("%v→%v: %q forwards %v, backwards %v", a, b, code, fwd[code], back[code])
		}
		// On a segment across half a continent the chords of the straight
		// line in degrees stray far from the great circle; routes are cut
		// much finer than that.
		if d < 300 && math.Abs(fwd[code]-cut[code]) > tol {
			t.Fatalf("%v→%v: %q whole %v, cut at the middle %v", a, b, code, fwd[code], cut[code])
		}
	}
}

func union2(a, b map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for k, v := range a {
		out[k] += v
	}
	for k := range b {
		out[k] += 0
	}
	return out
}

// benchRoute is a 5,000-point route from Seattle to Montreal through 13
// states, Ontario and Quebec (and 56 miles over Lake Ontario).
func benchRoute() []Point {
	waypoints := []Point{
		{Lat: 47.6062, Lon: -122.3321}, {Lat: 43.6150, Lon: -116.2023}, {Lat: 40.7608, Lon: -111.8910},
		{Lat: 39.7392, Lon: -104.9903}, {Lat: 39.0997, Lon: -94.5786}, {Lat: 38.6270, Lon: -90.1994},
		{Lat: 39.7684, Lon: -86.1581}, {Lat: 39.9612, Lon: -82.9988}, {Lat: 40.4406, Lon: -79.9959},
		{Lat: 42.8864, Lon: -78.8784}, {Lat: 43.6532, Lon: -79.3832}, {Lat: 45.5017, Lon: -73.5673},
	}
	total := 0.0
	for i := 1; i < len(waypoints); i++ {
		total += geo.DistanceMiles(waypoints[i-1], waypoints[i])
	}
	route := densify(waypoints, total/4990)
	return route[:min(len(route), 5000)]
}

// The benchmarks also report CPU time per operation (cpu-ns/op), steadier
// than the wall clock on a shared host.

func BenchmarkMiles5000Points(b *testing.B) {
	route := benchRoute()
	load()
	b.ReportAllocs()
	cpu := cputime.Process()
	for b.Loop() {
		Miles(route)
	}
	cputime.Report(b, cpu)
}

func BenchmarkOf(b *testing.B) {
	route := benchRoute()
	load()
	b.ReportAllocs()
	i := 0
	cpu := cputime.Process()
	for b.Loop() {
		p := route[i%len(route)]
		Of(p.Lat, p.Lon)
		i++
	}
	cputime.Report(b, cpu)
}

func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	cpu := cputime.Process()
	for b.Loop() {
		if _, err := build(boundariesBin); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, cpu)
}
