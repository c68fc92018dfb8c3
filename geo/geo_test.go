package geo

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

var (
	losAngeles = Point{34.0522, -118.2437}
	newYork    = Point{40.7128, -74.0060}
)

func TestDistanceMiles(t *testing.T) {
	tests := []struct {
		name string
		a, b Point
		want float64
		tol  float64
	}{
		{"same point is zero", losAngeles, losAngeles, 0, 1e-12},
		{"one degree of latitude is 69.09 miles", Point{0, 0}, Point{1, 0}, EarthRadiusMiles * math.Pi / 180, 1e-9},
		{"one degree of longitude at 60N is half of that at the equator", Point{60, 0}, Point{60, 1}, 34.54, 0.01},
		{"Los Angeles to New York is about 2445 miles", losAngeles, newYork, 2445.6, 1},
		{"antipodes are half the circumference", Point{0, 0}, Point{0, 180}, EarthRadiusMiles * math.Pi, 1e-9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := DistanceMiles(tt.a, tt.b)
			if math.Abs(got-tt.want) > tt.tol {
				t.Errorf("DistanceMiles = %.6f, want %.6f ± %g", got, tt.want, tt.tol)
			}
			if back := DistanceMiles(tt.b, tt.a); math.Abs(back-got) > 1e-9 {
				t.Errorf("not symmetric: %.12f vs %.12f", got, back)
			}
		})
	}
}

func TestCumulativeMiles(t *testing.T) {
	route := []Point{{0, 0}, {0, 1}, {1, 1}}
	cum := CumulativeMiles(route)
	deg := EarthRadiusMiles * math.Pi / 180
	if len(cum) != 3 || cum[0] != 0 || math.Abs(cum[1]-deg) > 1e-9 || math.Abs(cum[2]-2*deg) > 1e-6 {
		t.Errorf("CumulativeMiles = %v, want [0 %.4f %.4f]", cum, deg, 2*deg)
	}
	if got := CumulativeMiles(nil); len(got) != 0 {
		t.Errorf("empty route gives %v, want empty", got)
	}
	pl := NewPolyline(route)
	if math.Abs(pl.LengthMiles()-cum[2]) > 1e-12 {
		t.Errorf("Polyline length %.9f differs from cumulative %.9f", pl.LengthMiles(), cum[2])
	}
}

// slerp is the point a fraction t along the great-circle arc a→b.
func slerp(a, b Point, t float64) Point {
	va, vb := unitVector(a), unitVector(b)
	theta := math.Acos(math.Max(-1, math.Min(1, va.dot(vb))))
	if theta < 1e-15 {
		return a
	}
	wa, wb := math.Sin((1-t)*theta)/math.Sin(theta), math.Sin(t*theta)/math.Sin(theta)
	v := vec3{wa*va.x + wb*vb.x, wa*va.y + wb*vb.y, wa*va.z + wb*vb.z}
	return Point{Lat: degrees(math.Atan2(v.z, math.Hypot(v.x, v.y))), Lon: degrees(math.Atan2(v.y, v.x))}
}

// sampledProjection finds the closest point of one arc by dense sampling and
// ternary refinement using only haversine distances: an oracle independent
// of the vector algebra in Polyline.
func sampledProjection(a, b, p Point) (alongMiles, offMiles float64) {
	const samples = 400
	dist := func(t float64) float64 { return DistanceMiles(slerp(a, b, t), p) }
	bestT, bestD := 0.0, dist(0)
	for i := 1; i <= samples; i++ {
		t := float64(i) / samples
		if d := dist(t); d < bestD {
			bestT, bestD = t, d
		}
	}
	lo, hi := math.Max(0, bestT-1.0/samples), math.Min(1, bestT+1.0/samples)
	for range 100 {
		m1, m2 := lo+(hi-lo)/3, hi-(hi-lo)/3
		if dist(m1) < dist(m2) {
			hi = m2
		} else {
			lo = m1
		}
	}
	t := (lo + hi) / 2
	if d := dist(t); d < bestD {
		bestT, bestD = t, d
	}
	return bestT * DistanceMiles(a, b), bestD
}

func randomUSPoint(r *rand.Rand) Point {
	return Point{Lat: 25 + r.Float64()*24, Lon: -124 + r.Float64()*57}
}

func TestProjectMatchesSampledArc(t *testing.T) {
	tests := []struct {
		name       string
		maxSegment float64 // degrees between segment endpoints
		maxOff     float64 // degrees between point and segment start
	}{
		{"short segments near the route", 0.02, 0.2},
		{"long segments near the route", 20, 0.5},
		{"long segments far from the route", 20, 15},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(len(tt.name))))
			for range 300 {
				a := randomUSPoint(r)
				b := Point{a.Lat + (r.Float64()*2-1)*tt.maxSegment, a.Lon + (r.Float64()*2-1)*tt.maxSegment}
				// Place p near a random point of the arc so that interior,
				// endpoint and beyond-the-end cases all occur.
				base := slerp(a, b, r.Float64()*1.4-0.2)
				p := Point{base.Lat + (r.Float64()*2-1)*tt.maxOff, base.Lon + (r.Float64()*2-1)*tt.maxOff}
				got := NewPolyline([]Point{a, b}).Project(p)
				wantAlong, wantOff := sampledProjection(a, b, p)
				if math.Abs(got.OffMiles-wantOff) > 1e-6 {
					t.Fatalf("a=%v b=%v p=%v: OffMiles %.9f, sampled %.9f", a, b, p, got.OffMiles, wantOff)
				}
				// Along is ill-defined when p is far and nearly equidistant,
				// so only check it where the distance is sharply minimal.
				if wantOff < 50 && math.Abs(got.AlongMiles-wantAlong) > 1e-3 {
					t.Fatalf("a=%v b=%v p=%v: AlongMiles %.6f, sampled %.6f", a, b, p, got.AlongMiles, wantAlong)
				}
			}
		})
	}
}

func TestProjectEdgeCases(t *testing.T) {
	a, b, c := Point{35, -100}, Point{35, -99}, Point{36, -99}
	route := []Point{a, b, c}
	cum := CumulativeMiles(route)
	tests := []struct {
		name    string
		route   []Point
		p       Point
		along   float64
		off     float64
		segment int
	}{
		{"empty route gives no segment", nil, a, 0, math.Inf(1), -1},
		{"one-point route measures to that point", []Point{a}, b, 0, DistanceMiles(a, b), 0},
		{"point before the start snaps to the start", route, Point{35, -100.5}, 0, DistanceMiles(a, Point{35, -100.5}), 0},
		{"point past the end snaps to the end", route, Point{36.5, -99}, cum[2], DistanceMiles(c, Point{36.5, -99}), 1},
		{"route vertex lies on the route", route, b, cum[1], 0, 0},
		{"repeated points do not break projection", []Point{a, a, b}, b, DistanceMiles(a, b), 0, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := NewPolyline(tt.route).Project(tt.p)
			if got.Segment != tt.segment || math.Abs(got.AlongMiles-tt.along) > 1e-6 ||
				!(got.OffMiles == tt.off || math.Abs(got.OffMiles-tt.off) < 1e-6) {
				t.Errorf("Project = %+v, want along %.6f off %.6f segment %d", got, tt.along, tt.off, tt.segment)
			}
		})
	}
}

// closestConvertingBoth is segment.closest as it was written before the
// shortcut: for a point outside the arc, both endpoints converted to
// miles, the nearer kept (a on ties). The identity tests measure with it,
// so that they compare NearPolyline with the answers of before.
func closestConvertingBoth(s *segment, v vec3) (alongMiles, offMiles float64) {
	if !s.degenerate {
		ub, ua := v.dot(s.towardB), v.dot(s.towardA)
		if ub >= 0 && ua >= 0 {
			sinOff := math.Abs(v.dot(s.normal))
			if sinOff > 1 {
				sinOff = 1
			}
			along := EarthRadiusMiles * atan2(ub, v.dot(s.a))
			if along > s.lengthMiles {
				along = s.lengthMiles
			}
			return s.startMiles + along, EarthRadiusMiles * asin(sinOff)
		}
	}
	da := chordToMiles(v.sub(s.a).norm())
	if s.degenerate {
		return s.startMiles, da
	}
	db := chordToMiles(v.sub(s.b).norm())
	if db < da {
		return s.startMiles + s.lengthMiles, db
	}
	return s.startMiles, da
}

func TestClosestEqualsConvertingBoth(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	checked := 0
	check := func(s *segment, v vec3) {
		t.Helper()
		if s.degenerate || !(v.dot(s.towardB) >= 0 && v.dot(s.towardA) >= 0) {
			checked++ // the endpoint path
		}
		along, off := s.closest(v)
		wantAlong, wantOff := closestConvertingBoth(s, v)
		if math.Float64bits(along) != math.Float64bits(wantAlong) || math.Float64bits(off) != math.Float64bits(wantOff) {
			t.Fatalf("segment %v→%v, point %v: closest = (%v, %v), converting both gives (%v, %v)",
				s.a, s.b, v, along, off, wantAlong, wantOff)
		}
	}
	for range 20000 {
		a := randomUSPoint(r)
		step := math.Pow(10, -4+4*r.Float64()) // 1e-4 to 1 degree
		b := Point{a.Lat + (r.Float64()*2-1)*step, a.Lon + (r.Float64()*2-1)*step}
		s := newSegment(unitVector(a), unitVector(b))
		s.startMiles, s.lengthMiles = 100, chordToMiles(s.b.sub(s.a).norm())
		// Beyond either end, near and far.
		p := slerp(a, b, r.Float64()*6-2.5)
		check(&s, unitVector(Point{p.Lat + (r.Float64()*2-1)*step, p.Lon + (r.Float64()*2-1)*step}))
		// Equidistant from both ends: on the bisecting plane, on the far
		// side of the sphere, and exactly on the endpoints.
		check(&s, s.a.add(s.b).scale(-1/s.a.add(s.b).norm()))
		check(&s, s.a)
		check(&s, s.b)
		// A repeated point: the degenerate path.
		d := newSegment(s.a, s.a)
		check(&d, unitVector(p))
	}
	if checked < 40000 {
		t.Fatalf("only %d endpoint cases checked", checked)
	}
}

// ulps is how many float64 steps apart a and b are (both finite, same sign).
func ulps(a, b float64) uint64 {
	x, y := math.Float64bits(math.Abs(a)), math.Float64bits(math.Abs(b))
	if x > y {
		return x - y
	}
	return y - x
}

// TestSmallAngleSeries checks asin and atan2's series against math.Asin and
// math.Atan2 (themselves good to about an ulp) where the series is used,
// at its edge and beyond it, where they are math's.
func TestSmallAngleSeries(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	worstAsin, worstAtan := uint64(0), uint64(0)
	for range 200_000 {
		// Log-uniform from 1e-12 to the edge, both signs, and uniform.
		x := smallAngle * math.Pow(10, -10*r.Float64())
		if r.IntN(2) == 0 {
			x = smallAngle * r.Float64()
		}
		if r.IntN(2) == 0 {
			x = -x
		}
		worstAsin = max(worstAsin, ulps(asin(x), math.Asin(x)))
		if got := asin(x); math.Signbit(got) != math.Signbit(x) {
			t.Fatalf("asin(%g) = %g: wrong sign", x, got)
		}
		y, across := math.Abs(x), 0.2+r.Float64()
		worstAtan = max(worstAtan, ulps(atan2(y*across, across), math.Atan2(y*across, across)))
	}
	// math.Asin is itself an ulp off for about a third of these arguments
	// (see the exact check below), so the two may be two apart.
	if worstAsin > 2 || worstAtan > 1 {
		t.Errorf("series against math: asin %d ulps, atan2 %d ulps apart at worst; want at most 2 and 1", worstAsin, worstAtan)
	}
	// Against the exact value (the series to 300 bits), asin's series is
	// within an ulp.
	for range 2_000 {
		x := smallAngle * r.Float64()
		if d := ulps(asin(x), exactAsin(x)); d > 1 {
			t.Fatalf("asin(%g) = %g, %d ulps from the exact %g", x, asin(x), d, exactAsin(x))
		}
	}
	for _, x := range []float64{0, smallAngle, math.Nextafter(smallAngle, 1), 0.5, 1, -1, 1.5, math.NaN()} {
		if got, want := asin(x), math.Asin(x); ulps(got, want) > 1 && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("asin(%g) = %g, math.Asin %g", x, got, want)
		}
	}
	for _, yx := range [][2]float64{{0, 1}, {0.01, 1}, {0.0100001, 1}, {1, 1}, {1, -1}, {-1e-3, 1}, {1e-3, 0}, {math.NaN(), 1}, {1e-3, math.Inf(1)}} {
		if got, want := atan2(yx[0], yx[1]), math.Atan2(yx[0], yx[1]); ulps(got, want) > 1 && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("atan2(%g, %g) = %g, math.Atan2 %g", yx[0], yx[1], got, want)
		}
	}
}

// exactAsin is arcsin x for |x| ≤ 0.01, from its series in 300-bit floats
// (40 terms: the rest is below 1e-150), rounded to float64 once.
func exactAsin(x float64) float64 {
	const prec = 300
	num := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	x2 := num(x)
	x2.Mul(x2, x2)
	sum, power, coef := num(x), num(x), num(1)
	for n := 1; n < 40; n++ {
		// The nth term is (2n)!/(4ⁿ(n!)²) · x^(2n+1)/(2n+1).
		coef.Mul(coef, num(float64(2*n-1)))
		coef.Quo(coef, num(float64(2*n)))
		power.Mul(power, x2)
		term := new(big.Float).SetPrec(prec).Mul(power, coef)
		sum.Add(sum, term.Quo(term, num(float64(2*n+1))))
	}
	f, _ := sum.Float64()
	return f
}
