package geo

import (
	"math"
	"slices"
)

// CumulativeMiles returns, for each point of route, the distance in miles
// from route[0] to that point along the route. It is empty for an empty route.
func CumulativeMiles(route []Point) []float64 {
	cum := make([]float64, len(route))
	for i := 1; i < len(route); i++ {
		cum[i] = cum[i-1] + DistanceMiles(route[i-1], route[i])
	}
	return cum
}

// Projection says where a point lies relative to a route.
type Projection struct {
	// AlongMiles is the distance from the route start to the closest point
	// of the route.
	AlongMiles float64
	// OffMiles is the great-circle distance from the point to that closest
	// point.
	OffMiles float64
	// Segment is the index i of the segment route[i]→route[i+1] holding the
	// closest point (0 for a one-point route, -1 for an empty one).
	Segment int
}

// Polyline is a route prepared for projections: each segment is a
// great-circle arc between consecutive points. It is immutable and safe for
// concurrent use.
type Polyline struct {
	points   []Point
	cum      []float64
	segments []segment
}

// segment is one great-circle arc with the vectors that make the
// point-to-arc test a handful of dot products.
type segment struct {
	a, b vec3
	// normal is the unit normal of the arc's plane (a×b normalised).
	normal vec3
	// towardB (normal×a) and towardA (b×normal) are tangent directions: a
	// point P projects inside the arc iff P·towardB ≥ 0 and P·towardA ≥ 0.
	towardB, towardA vec3
	// degenerate arcs (repeated or antipodal points) are treated as the
	// single point a, since they have no well-defined plane.
	degenerate  bool
	startMiles  float64
	lengthMiles float64
}

// NewPolyline prepares route for projections. The route is not copied and
// must not be modified afterwards.
func NewPolyline(route []Point) *Polyline {
	pl := &Polyline{}
	pl.prepare(route)
	return pl
}

// prepare fills pl for route, reusing pl's buffers when they are large
// enough (every element is overwritten).
func (pl *Polyline) prepare(route []Point) {
	pl.points = route
	pl.cum = slices.Grow(pl.cum[:0], len(route))[:len(route)]
	pl.segments = pl.segments[:0]
	if len(route) == 0 {
		return
	}
	pl.cum[0] = 0
	first := unitVector(route[0])
	if len(route) == 1 {
		pl.segments = append(pl.segments, segment{a: first, b: first, degenerate: true})
		return
	}
	pl.segments = slices.Grow(pl.segments, len(route)-1)[:len(route)-1]
	a := first
	for i := range pl.segments {
		b := unitVector(route[i+1])
		s := newSegment(a, b)
		s.startMiles = pl.cum[i]
		// Same great-circle distance as DistanceMiles, from the vectors at
		// hand (agrees to ~1e-12 mi) and without more trigonometry.
		s.lengthMiles = chordToMiles(b.sub(a).norm())
		pl.cum[i+1] = pl.cum[i] + s.lengthMiles
		pl.segments[i] = s
		a = b
	}
}

func newSegment(a, b vec3) segment {
	s := segment{a: a, b: b}
	n := a.cross(b)
	length := n.norm()
	// Below ~1e-12 (a few micro-miles, or nearly antipodal points) the plane
	// is numerically meaningless.
	if length < 1e-12 || a.dot(b) < -0.999999 {
		s.degenerate = true
		return s
	}
	s.normal = n.scale(1 / length)
	s.towardB = s.normal.cross(a)
	s.towardA = b.cross(s.normal)
	return s
}

// LengthMiles is the total route length.
func (pl *Polyline) LengthMiles() float64 {
	if len(pl.cum) == 0 {
		return 0
	}
	return pl.cum[len(pl.cum)-1]
}

// CumulativeMiles returns the distance from the start to each route point.
// The slice is shared: do not modify it.
func (pl *Polyline) CumulativeMiles() []float64 { return pl.cum }

// Points returns the route points. The slice is shared: do not modify it.
func (pl *Polyline) Points() []Point { return pl.points }

// Project finds the point of the route closest to p. Ties go to the earliest
// segment. An empty route yields Segment -1 and infinite OffMiles.
func (pl *Polyline) Project(p Point) Projection {
	best := Projection{Segment: -1, OffMiles: math.Inf(1)}
	v := unitVector(p)
	for i := range pl.segments {
		along, off := pl.segments[i].closest(v)
		if off < best.OffMiles {
			best = Projection{AlongMiles: along, OffMiles: off, Segment: i}
		}
	}
	return best
}

// closest returns the distance along the route and the distance off the
// arc for the point v, both exact on the sphere.
func (s *segment) closest(v vec3) (alongMiles, offMiles float64) {
	if !s.degenerate {
		ub, ua := v.dot(s.towardB), v.dot(s.towardA)
		if ub >= 0 && ua >= 0 {
			// The foot of the perpendicular lies on the arc: the cross-track
			// distance is the angle between v and the arc's plane.
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
	d := v.sub(s.a)
	qa := d.dot(d)
	if s.degenerate {
		return s.startMiles, chordToMiles(math.Sqrt(qa))
	}
	d = v.sub(s.b)
	qb := d.dot(d)
	// The nearer endpoint, in miles (a on ties). Converting a chord costs
	// an arcsine, so when the squared chords differ by more than the
	// conversion's rounding could ever reverse (it is good to a few parts
	// in 1e16, and asin's slope is at least 1), only the nearer is
	// converted: the answer is the same as converting both.
	const margin = 1 - 1e-6
	switch {
	case qb < qa*margin:
		return s.startMiles + s.lengthMiles, chordToMiles(math.Sqrt(qb))
	case qa < qb*margin:
		return s.startMiles, chordToMiles(math.Sqrt(qa))
	}
	da, db := chordToMiles(math.Sqrt(qa)), chordToMiles(math.Sqrt(qb))
	if db < da {
		return s.startMiles + s.lengthMiles, db
	}
	return s.startMiles, da
}

// chordSq returns the squared chord from v to the closest point of the arc
// if that is at most maxChordSq, else a value above it. The chord is
// monotone in the great-circle distance, so it ranks candidates without
// trigonometry; maxSinOff = sin(maxAngle) gives a cheap early rejection.
// Index.AppendNearPolyline writes the same arithmetic out in its search
// loop; the identity tests compare it with a scan that calls chordSq.
func (s *segment) chordSq(v vec3, maxSinOff, maxChordSq float64) float64 {
	if !s.degenerate && v.dot(s.towardB) >= 0 && v.dot(s.towardA) >= 0 {
		sinOff := math.Abs(v.dot(s.normal))
		if sinOff > maxSinOff {
			return math.Inf(1)
		}
		// Angle θ off the plane has chord² = 2 − 2·cos θ, written without
		// the cancellation that would swamp tiny distances.
		sinSq := sinOff * sinOff
		return 2 * sinSq / (1 + math.Sqrt(1-sinSq))
	}
	d := v.sub(s.a)
	best := d.dot(d)
	if !s.degenerate {
		d = v.sub(s.b)
		best = min(best, d.dot(d)) // builtin min: same result as math.Min, inlined
	}
	return best
}
