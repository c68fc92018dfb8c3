package geo

import (
	"cmp"
	"math"
	"slices"
	"sync"
)

// Item is one station to index: callers keep their own map from ID to the
// station record.
type Item struct {
	ID    int64
	Point Point
}

// Hit is a station found by Index.Radius.
type Hit struct {
	ID            int64
	DistanceMiles float64
}

// RouteHit is a station found by Index.NearRoute.
type RouteHit struct {
	ID int64
	// AlongMiles is the distance from the route start to the route point
	// closest to the station.
	AlongMiles float64
	// OffMiles is the station's distance from the route (the one-way detour).
	OffMiles float64
}

// Index answers radius and corridor queries over a fixed set of stations.
// It is immutable once built and safe for concurrent readers; to change the
// stations, build a new Index and swap it in.
type Index struct {
	// items are the stations in the grid's order: cell c's stations are
	// items[grid.start[c]:grid.start[c+1]], their unit vectors the same
	// range of grid.vecs.
	items []Item
	grid  grid
	// scratch holds per-query buffers sized to the grid, so concurrent
	// queries each get their own without allocating.
	scratch sync.Pool
}

// NewIndex builds an index over items (which it does not keep).
func NewIndex(items []Item) *Index {
	ix := &Index{}
	ix.grid, ix.items = newGrid(items)
	cells := len(ix.grid.start) - 1
	ix.scratch.New = func() any {
		return &nearScratch{cellGen: make([]uint32, cells), cellHead: make([]int32, cells)}
	}
	return ix
}

// Len is the number of indexed stations.
func (ix *Index) Len() int { return len(ix.items) }

// Radius returns the stations within miles of center (inclusive), nearest
// first, ties by ID.
func (ix *Index) Radius(center Point, miles float64) []Hit {
	if len(ix.items) == 0 || !(miles >= 0) {
		return nil
	}
	minLat, maxLat, minLon, maxLon := expandBounds(center.Lat, center.Lat, center.Lon, center.Lon, miles)
	var hits []Hit
	// The box's cells, row by row: a row's cells are one run of items.
	g := &ix.grid
	c0, c1 := g.col(minLon), g.col(maxLon)
	for r := g.row(minLat); r <= g.row(maxLat); r++ {
		for _, it := range ix.items[g.start[r*g.cols+c0]:g.start[r*g.cols+c1+1]] {
			p := it.Point
			if p.Lat < minLat || p.Lat > maxLat || p.Lon < minLon || p.Lon > maxLon {
				continue
			}
			if d := DistanceMiles(center, p); d <= miles+toleranceMiles {
				hits = append(hits, Hit{ID: it.ID, DistanceMiles: d})
			}
		}
	}
	slices.SortFunc(hits, func(a, b Hit) int {
		return cmp.Or(cmp.Compare(a.DistanceMiles, b.DistanceMiles), cmp.Compare(a.ID, b.ID))
	})
	return hits
}

// NearRoute returns each station within miles of the route (inclusive) once,
// at the route position where it is closest, ordered by AlongMiles (ties by
// ID). A one-point route behaves like Radius around that point; an empty
// route finds nothing.
func (ix *Index) NearRoute(route []Point, miles float64) []RouteHit {
	return ix.AppendNearRoute(nil, route, miles)
}

// AppendNearRoute is NearRoute appending its answer to dst, for callers
// that reuse one buffer across queries.
func (ix *Index) AppendNearRoute(dst []RouteHit, route []Point, miles float64) []RouteHit {
	// The polyline does not outlive the query, so its buffers (about
	// 150 bytes a point) are reused rather than allocated each time.
	pl, _ := polylinePool.Get().(*Polyline)
	if pl == nil {
		pl = &Polyline{}
	}
	pl.prepare(route)
	dst = ix.AppendNearPolyline(dst, pl, miles)
	pl.points = nil
	polylinePool.Put(pl)
	return dst
}

// polylinePool holds NearRoute's prepared routes between queries.
var polylinePool sync.Pool

// groupSegments and groupMiles bound a group of consecutive segments: the
// search tests a station against a group's bounding ball before it looks
// at the group's segments. Measured best around these values for 0.5-mile
// segments and 5–10 mile radii.
const (
	groupSegments = 8
	groupMiles    = 4.0
)

// padChord absorbs float rounding in the pruning bounds: 1e-9 of the Earth's
// radius (about 0.6 cm), far above the ~1e-16 error of the unit-vector
// arithmetic and far below anything a corridor search cares about.
const padChord = 1e-9

// NearPolyline is NearRoute for a route already prepared with NewPolyline,
// for callers that query the same route more than once.
//
// The result is defined by squared chords: a station is near the route when
// its smallest squared chord to any segment (segment.chordSq) is within the
// radius's chord, its closest segment is the one with the smallest squared
// chord (the earliest on ties), and along/off miles are computed exactly on
// that segment (segment.closest). The search below only decides which
// (station, segment) pairs it need not measure; it never changes a
// measurement, so its answer is the same, bit for bit, as measuring every
// station against every segment.
//
// How pairs are skipped, and why no skipped pair could have won:
//
//   - Consecutive segments form groups of a few miles. Each group has a
//     centre c (any point of space; the mean of its vertices) and a radius
//     R such that every point of its arcs is within straight-line distance
//     R of c: a point of the minor arc a→b is a point q of the chord ab
//     pushed out to the sphere, |q − c| ≤ max(|a − c|, |b − c|) by
//     convexity, and the push is 1 − |q| ≤ 1 − cos(L/2) ≤ |a − b|²/4.
//   - chordSq measures the straight-line distance from the station v to a
//     point of the arc (the foot of the perpendicular, or an endpoint), so
//     by the triangle inequality no segment of the group can measure less
//     than |v − c| − R. A group is skipped only when that bound exceeds the
//     best chord found so far (or the radius's chord) by padChord, which
//     dwarfs the rounding of either side; ties are therefore still measured
//     and resolved by segment index, as the definition requires. One
//     rounding is larger: off a very short arc (a few yards) the measured
//     chord can fall short by about 1e-16/|a×b|, so every reach also
//     includes that (shortArcSlack).
//   - Stations are bucketed in a lat/lon grid. Each group lists itself in
//     the cells overlapping its vertices' bounding box widened by the radius
//     plus half its longest segment (every arc point is within half the
//     segment of an endpoint, and expandBounds covers everything within a
//     distance of a box), so each station meets every group that could hold
//     a segment within the radius. Every station sits in one cell, so each
//     is examined once, with no deduplication.
//   - A cell-wide version of the bound (|v − c| ≥ |cc − c| − Rc for every
//     station v of a cell within Rc of cc) drops far groups for the whole
//     cell and orders the rest nearest first. Each station takes them in
//     that order, skips a group whose own bound exceeds the best chord so
//     far, and stops at the first group whose cell-wide bound does.
//   - Within a group, every segment has its own ball (the chord's midpoint,
//     with reach |a − b|/2 plus the same push); the segment with the
//     nearest ball is measured first, and the others only when their ball
//     comes within the best chord so far (plus padChord), by the same
//     triangle-inequality argument.
//   - NaN coordinates make bounds NaN; a NaN bound never skips anything.
//
// A query runs on the calling goroutine alone; concurrent queries each
// take their own scratch from the index's pool.
func (ix *Index) NearPolyline(pl *Polyline, miles float64) []RouteHit {
	return ix.AppendNearPolyline(nil, pl, miles)
}

// AppendNearPolyline is NearPolyline appending its answer to dst.
func (ix *Index) AppendNearPolyline(dst []RouteHit, pl *Polyline, miles float64) []RouteHit {
	if len(ix.items) == 0 || len(pl.segments) == 0 || !(miles >= 0) {
		return dst
	}
	radius := miles + toleranceMiles
	angle := radius / EarthRadiusMiles
	maxSinOff := math.Sin(math.Min(angle, math.Pi/2))
	maxChord := 2 * math.Sin(math.Min(angle, math.Pi)/2)
	maxChordSq := maxChord * maxChord

	sc := ix.scratch.Get().(*nearScratch)
	defer ix.scratch.Put(sc)
	sc.nextGeneration()
	g := &ix.grid
	segs := pl.segments

	// Group the segments and list each group in the cells it can reach.
	groups := sc.groups[:0]
	balls := slices.Grow(sc.balls[:0], len(segs))[:len(segs)]
	links := sc.links[:0]
	touched := sc.touched[:0]
	for first := 0; first < len(segs); {
		end := first + 1
		for end < len(segs) && end-first < groupSegments &&
			segs[end].startMiles+segs[end].lengthMiles-segs[first].startMiles <= groupMiles {
			end++
		}
		gr := newSegmentGroup(pl, first, end, balls)
		groups = append(groups, gr.group)
		gi := int32(len(groups) - 1)
		r0, r1, c0, c1 := 0, g.rows-1, 0, g.cols-1 // a non-finite vertex: every cell
		if finite(gr.minLat + gr.maxLat + gr.minLon + gr.maxLon + gr.halfMiles) {
			minLat, maxLat, minLon, maxLon := expandBounds(gr.minLat, gr.maxLat, gr.minLon, gr.maxLon, radius+gr.halfMiles)
			r0, r1 = g.row(minLat), g.row(maxLat)
			c0, c1 = g.col(minLon), g.col(maxLon)
		}
		for r := r0; r <= r1; r++ {
			for c := r*g.cols + c0; c <= r*g.cols+c1; c++ {
				if g.start[c] == g.start[c+1] {
					continue // no stations
				}
				if sc.cellGen[c] != sc.gen {
					sc.cellGen[c] = sc.gen
					sc.cellHead[c] = -1
					touched = append(touched, int32(c))
				}
				links = append(links, cellLink{group: gi, next: sc.cellHead[c]})
				sc.cellHead[c] = int32(len(links) - 1)
			}
		}
		first = end
	}

	found := sc.found[:0]
	near := sc.near[:0]
	for _, c := range touched {
		lo, hi := g.start[c], g.start[c+1]
		vecs, items := g.vecs[lo:hi], ix.items[lo:hi]
		// A ball holding the cell's stations (made with the grid).
		cc, cellR := g.bounds[g.boundAt[c]].center, g.bounds[g.boundAt[c]].reach
		// The groups that can come within the radius of some station here,
		// nearest first.
		near = near[:0]
		for l := sc.cellHead[c]; l >= 0; l = links[l].next {
			gr := &groups[links[l].group]
			bound := cc.sub(gr.center).norm() - cellR - gr.reach
			if bound > maxChord+padChord {
				continue
			}
			if bound != bound {
				bound = math.Inf(-1) // NaN from NaN input: never skip on it
			}
			near = append(near, nearGroup{bound: bound, group: links[l].group})
			for k := len(near) - 1; k > 0 && near[k].bound < near[k-1].bound; k-- {
				near[k], near[k-1] = near[k-1], near[k]
			}
		}
		if len(near) == 0 {
			continue
		}
		for k, v := range vecs {
			bestSq, bestSeg := math.Inf(1), int32(-1)
			// limitPad is the chord beyond which no segment can matter (the
			// radius's, then the best so far) plus padChord.
			limitPad := maxChord + padChord
			for i := range near {
				if near[i].bound > limitPad {
					break // this and every later group is too far for all of the cell
				}
				cg := &groups[near[i].group]
				if d, reach := v.sub(cg.center), limitPad+cg.reach; d.dot(d) > reach*reach {
					continue // too far for this station
				}
				// Measure the segment with the nearest ball first, then
				// only the segments whose balls come within the best chord.
				// other is the smallest ball distance but the nearest's;
				// sum is NaN if any distance is, so that NaN never skips.
				first := cg.first
				gballs := balls[first:cg.end]
				gsegs := segs[first:cg.end]
				if len(gballs) > groupSegments || len(gsegs) != len(gballs) {
					// Never: a group has 1 to groupSegments segments. Saying
					// so lets the compiler drop the bounds checks on dist2.
					panic("geo: malformed segment group")
				}
				var dist2 [groupSegments]float64
				d := v.sub(gballs[0].center)
				nearestSq := d.dot(d)
				dist2[0] = nearestSq
				nearest, other, sum := 0, math.Inf(1), nearestSq
				for j := 1; j < len(gballs); j++ {
					d := v.sub(gballs[j].center)
					d2 := d.dot(d)
					dist2[j] = d2
					sum += d2
					if d2 < nearestSq {
						other, nearestSq, nearest = nearestSq, d2, j
					} else if d2 < other {
						other = d2
					}
				}
				// j walks the group for the segments after the nearest.
				for s, j := nearest, 0; ; {
					// segs[s].chordSq(v, maxSinOff, maxChordSq), written
					// out: too large for the compiler to inline, and
					// called about 4 times per station.
					seg := &gsegs[s]
					var sq float64
					if !seg.degenerate && v.dot(seg.towardB) >= 0 && v.dot(seg.towardA) >= 0 {
						sinOff := math.Abs(v.dot(seg.normal))
						if sinOff > maxSinOff {
							sq = math.Inf(1)
						} else {
							sinSq := sinOff * sinOff
							sq = 2 * sinSq / (1 + math.Sqrt(1-sinSq))
						}
					} else {
						d := v.sub(seg.a)
						sq = d.dot(d)
						if !seg.degenerate {
							d = v.sub(seg.b)
							sq = min(sq, d.dot(d))
						}
					}
					if sg := first + int32(s); sq <= maxChordSq && (sq < bestSq || sq == bestSq && sg < bestSeg) {
						bestSq, bestSeg = sq, sg
						limitPad = math.Sqrt(sq) + padChord
					}
					if s == nearest {
						// No other ball within reach of the best chord: the
						// walk below would skip every segment.
						if reach := limitPad + cg.maxBallReach; other > reach*reach && sum == sum {
							break
						}
					}
					for j < len(gballs) {
						if reach := limitPad + gballs[j].reach; j == nearest || dist2[j] > reach*reach {
							j++
							continue
						}
						break
					}
					if j >= len(gballs) {
						break
					}
					s, j = j, j+1
				}
			}
			if bestSeg >= 0 {
				// Measure now, while the station is in cache.
				along, off := segs[bestSeg].closest(v)
				found = append(found, foundHit{
					hit:     RouteHit{ID: items[k].ID, AlongMiles: along, OffMiles: min(off, radius)},
					segment: bestSeg,
				})
			}
		}
	}
	sc.groups, sc.links, sc.touched, sc.found, sc.near, sc.balls = groups, links, touched, found, near, balls

	// Put the stations in segment order: along-route distances never
	// decrease from one segment to the next, so only stations sharing a
	// segment (and exact ties at a shared vertex) need sorting.
	counts := slices.Grow(sc.counts[:0], len(segs)+1)[:len(segs)+1]
	clear(counts)
	for _, f := range found {
		counts[f.segment+1]++
	}
	for s := range segs {
		counts[s+1] += counts[s]
	}
	sc.counts = counts
	dst = slices.Grow(dst, len(found))
	hits := dst[len(dst) : len(dst)+len(found)]
	for _, f := range found {
		hits[counts[f.segment]] = f.hit
		counts[f.segment]++
	}
	// counts[s] is now the end of segment s's stations.
	for s, k := 0, 0; k < len(hits); s++ {
		end := int(counts[s])
		if end-k > 1 {
			sortRouteHits(hits[k:end])
		}
		k = end
	}
	for k := 1; k < len(hits); k++ {
		if !lessOrEqualRouteHit(hits[k-1], hits[k]) {
			// A tie at a shared vertex, or NaN from NaN input.
			slices.SortFunc(hits, compareRouteHits)
			break
		}
	}
	return dst[:len(dst)+len(hits)]
}

// compareRouteHits is NearRoute's order: by AlongMiles, then ID.
func compareRouteHits(a, b RouteHit) int {
	// The common case first: two float comparisons instead of
	// cmp.Compare's NaN checks (the same answer).
	if a.AlongMiles < b.AlongMiles {
		return -1
	}
	if a.AlongMiles > b.AlongMiles {
		return 1
	}
	return cmp.Or(cmp.Compare(a.AlongMiles, b.AlongMiles), cmp.Compare(a.ID, b.ID))
}

// lessOrEqualRouteHit is compareRouteHits(a, b) <= 0 for hits without NaN
// (where cmp.Compare and the float operators agree), and false when
// either AlongMiles is NaN.
func lessOrEqualRouteHit(a, b RouteHit) bool {
	return a.AlongMiles < b.AlongMiles || a.AlongMiles == b.AlongMiles && a.ID <= b.ID
}

// lessRouteHit is compareRouteHits(a, b) < 0, with the common case (no
// NaN) decided by two float comparisons. cmp.Compare orders NaN before
// every number and equal to NaN.
func lessRouteHit(a, b RouteHit) bool {
	if a.AlongMiles < b.AlongMiles {
		return true
	}
	if a.AlongMiles > b.AlongMiles {
		return false
	}
	aNaN, bNaN := a.AlongMiles != a.AlongMiles, b.AlongMiles != b.AlongMiles
	if aNaN != bNaN {
		return aNaN
	}
	return a.ID < b.ID // equal, or both NaN
}

// sortRouteHits sorts a few hits by insertion, more with slices.SortFunc,
// both by compareRouteHits.
func sortRouteHits(hits []RouteHit) {
	if len(hits) > 12 {
		slices.SortFunc(hits, compareRouteHits)
		return
	}
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && lessRouteHit(hits[j], hits[j-1]); j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
}

// group is a run of consecutive segments inside a ball: every point of
// their arcs is within straight-line distance reach of center.
type group struct {
	center     vec3
	reach      float64
	first, end int32
	// maxBallReach is the largest reach of the group's segment balls.
	maxBallReach float64
}

// segmentGroup is a group with the lat/lon box of its vertices and half its
// longest segment, from which the cells it can reach are found.
type segmentGroup struct {
	group
	minLat, maxLat, minLon, maxLon float64
	halfMiles                      float64
}

func newSegmentGroup(pl *Polyline, first, end int, balls []ball) segmentGroup {
	segs := pl.segments
	gr := segmentGroup{group: group{first: int32(first), end: int32(end)}}
	p := pl.points[first]
	gr.minLat, gr.maxLat, gr.minLon, gr.maxLon = p.Lat, p.Lat, p.Lon, p.Lon
	sum := segs[first].a
	for s := first; s < end; s++ {
		if s+1 < len(pl.points) {
			p := pl.points[s+1]
			gr.minLat, gr.maxLat = min(gr.minLat, p.Lat), max(gr.maxLat, p.Lat)
			gr.minLon, gr.maxLon = min(gr.minLon, p.Lon), max(gr.maxLon, p.Lon)
		}
		b := segs[s].b
		sum = vec3{sum.x + b.x, sum.y + b.y, sum.z + b.z}
		gr.halfMiles = max(gr.halfMiles, segs[s].lengthMiles/2)
	}
	gr.center = sum.scale(1 / float64(end-first+1))
	// The reach is the farthest vertex plus the largest bulge (a bound at
	// least as large as each segment's own, with one square root).
	farthestSq, maxBulge := 0.0, 0.0
	for s := first; s < end; s++ {
		seg := &segs[s]
		d := seg.a.sub(gr.center)
		farthestSq = max(farthestSq, d.dot(d))
		balls[s] = ball{center: seg.a}
		if !seg.degenerate {
			ab := seg.a.sub(seg.b)
			bulge := ab.dot(ab) / 4
			d = seg.b.sub(gr.center)
			farthestSq = max(farthestSq, d.dot(d))
			// A measured chord can fall short of the true one by the
			// rounding of the arc's plane (see shortArcSlack), so the
			// bounds widen by that much.
			bulge += shortArcSlack(seg)
			maxBulge = max(maxBulge, bulge)
			// The chord's midpoint is within |ab|/2 of the chord.
			balls[s] = ball{center: seg.a.add(seg.b).scale(0.5), reach: ab.norm()/2 + bulge}
		}
		gr.maxBallReach = max(gr.maxBallReach, balls[s].reach)
	}
	gr.reach = math.Sqrt(farthestSq) + maxBulge
	// Segment lengths come from the same vectors; pad them like the chords.
	gr.halfMiles += padChord * EarthRadiusMiles
	return gr
}

// shortArcSlack bounds how far chordSq's chord, measured off a segment's
// plane, can fall below the true distance to its arc. The plane's normal
// is a×b normalised: for a short arc the cross product is a small
// difference of products, each rounded to about 1e-16, so the normal's
// direction (and any point's measured distance from the plane) is off by
// about 1e-16/|a×b|. For segments of a few yards that outgrows padChord.
// The bound is taken ten times over.
func shortArcSlack(seg *segment) float64 {
	return 1e-14 / seg.a.cross(seg.b).norm()
}

// ball holds one segment's arc: every point of it is within straight-line
// distance reach of center.
type ball struct {
	center vec3
	reach  float64
}

type cellLink struct{ group, next int32 }

// nearGroup is a group near a cell, with the cell-wide lower bound of
// its stations' chords to it.
type nearGroup struct {
	bound float64
	group int32
}

// foundHit is a station near the route, measured on its closest segment.
type foundHit struct {
	hit     RouteHit
	segment int32
}

// nearScratch is one query's working memory, pooled so that a query
// allocates only its result. cellGen marks the cells this query has
// touched (a generation counter makes clearing free) and cellHead starts
// each touched cell's list of groups in links.
type nearScratch struct {
	gen      uint32
	cellGen  []uint32
	cellHead []int32
	links    []cellLink
	touched  []int32
	groups   []group
	near     []nearGroup
	balls    []ball
	found    []foundHit
	counts   []int32
}

func (sc *nearScratch) nextGeneration() {
	sc.gen++
	if sc.gen == 0 { // wrapped: old marks could collide
		clear(sc.cellGen)
		sc.gen = 1
	}
}

// expandBounds widens a lat/lon box by miles in every direction. The
// longitude margin uses the box's highest latitude, where a mile spans the
// most degrees: asin(sin δ / cos φ) is the exact largest longitude offset of
// a point within angle δ of a point at latitude φ.
func expandBounds(minLat, maxLat, minLon, maxLon, miles float64) (float64, float64, float64, float64) {
	const padDegrees = 1e-9
	angle := miles / EarthRadiusMiles
	dLat := degrees(angle) + padDegrees
	phi := radians(math.Max(math.Abs(minLat), math.Abs(maxLat)))
	minLat, maxLat = math.Max(-90, minLat-dLat), math.Min(90, maxLat+dLat)
	s := math.Sin(math.Min(angle, math.Pi/2))
	if s >= math.Cos(phi) {
		return minLat, maxLat, -180, 180
	}
	dLon := degrees(math.Asin(s/math.Cos(phi))) + padDegrees
	if minLon-dLon < -180 || maxLon+dLon > 180 {
		// Across the antimeridian: searching all longitudes is slow but right.
		return minLat, maxLat, -180, 180
	}
	return minLat, maxLat, minLon - dLon, maxLon + dLon
}
