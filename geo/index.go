package geo

import (
	"cmp"
	"math"
	"slices"
	"sync"

	"github.com/tidwall/rtree"
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
	tree  rtree.RTreeGN[float64, int32]
	items []Item
	vecs  []vec3
	// scratch holds per-query dedupe buffers sized to the index, so
	// concurrent queries each get their own without allocating.
	scratch sync.Pool
}

// NewIndex builds an index over items. The slice is copied.
func NewIndex(items []Item) *Index {
	ix := &Index{
		items: slices.Clone(items),
		vecs:  make([]vec3, len(items)),
	}
	for i, it := range ix.items {
		ix.vecs[i] = unitVector(it.Point)
		pt := [2]float64{it.Point.Lon, it.Point.Lat}
		ix.tree.Insert(pt, pt, int32(i))
	}
	ix.scratch.New = func() any {
		return &dedupe{seen: make([]uint32, len(ix.items)), slot: make([]int32, len(ix.items))}
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
	ix.tree.Search([2]float64{minLon, minLat}, [2]float64{maxLon, maxLat},
		func(_, _ [2]float64, i int32) bool {
			it := ix.items[i]
			if d := DistanceMiles(center, it.Point); d <= miles+toleranceMiles {
				hits = append(hits, Hit{ID: it.ID, DistanceMiles: d})
			}
			return true
		})
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
	return ix.NearPolyline(NewPolyline(route), miles)
}

// chunkMiles bounds how much route one tree search covers: longer chunks mean
// fewer searches but looser boxes. Measured best around this value for
// 0.5-mile segments and 5–10 mile radii.
const chunkMiles = 6

// chunkSegments caps segments per chunk so each candidate is tested against
// a bounded number of arcs.
const chunkSegments = 16

// NearPolyline is NearRoute for a route already prepared with NewPolyline,
// for callers that query the same route more than once.
//
// The route is cut into chunks of consecutive segments; each chunk's box,
// widened by the radius, is searched in the tree once, and every candidate
// is measured exactly against the chunk's segments. Ranking uses squared
// chords (no trigonometry); along/off miles are computed once per station at
// the end, on its closest segment.
func (ix *Index) NearPolyline(pl *Polyline, miles float64) []RouteHit {
	if len(ix.items) == 0 || len(pl.segments) == 0 || !(miles >= 0) {
		return nil
	}
	radius := miles + toleranceMiles
	angle := radius / EarthRadiusMiles
	maxSinOff := math.Sin(math.Min(angle, math.Pi/2))
	maxChord := 2 * math.Sin(math.Min(angle, math.Pi)/2)
	maxChordSq := maxChord * maxChord

	boxes := make([]latLonBox, len(pl.segments))
	for i := range pl.segments {
		pa := pl.points[i]
		pb := pa
		if i+1 < len(pl.points) {
			pb = pl.points[i+1]
		}
		b := &boxes[i]
		b.minLat, b.maxLat, b.minLon, b.maxLon = pl.segments[i].latLonBounds(pa, pb)
	}

	d := ix.scratch.Get().(*dedupe)
	defer ix.scratch.Put(d)
	d.next()
	type closest struct {
		item, segment int32
		chordSq       float64
	}
	var found []closest

	for start := 0; start < len(pl.segments); {
		// Grow a chunk of consecutive segments and search their union once.
		end := start + 1
		chunk := boxes[start]
		for end < len(pl.segments) && end-start < chunkSegments &&
			pl.segments[end].startMiles+pl.segments[end].lengthMiles-pl.segments[start].startMiles <= chunkMiles {
			chunk.union(boxes[end])
			end++
		}
		// The chunk's margins (taken at its highest latitude) are safe for
		// each of its segments, whose latitudes are lower.
		wide := chunk
		wide.minLat, wide.maxLat, wide.minLon, wide.maxLon = expandBounds(chunk.minLat, chunk.maxLat, chunk.minLon, chunk.maxLon, radius)
		dLat := chunk.minLat - wide.minLat
		if chunk.maxLat-wide.maxLat < -dLat {
			dLat = wide.maxLat - chunk.maxLat
		}
		allLon := wide.minLon <= -180 && wide.maxLon >= 180
		dLon := math.Max(chunk.minLon-wide.minLon, wide.maxLon-chunk.maxLon)
		dLat = math.Max(dLat, degrees(angle)) // clamping at the poles must not shrink it

		ix.tree.Search([2]float64{wide.minLon, wide.minLat}, [2]float64{wide.maxLon, wide.maxLat},
			func(pt, _ [2]float64, i int32) bool {
				lon, lat := pt[0], pt[1]
				v := ix.vecs[i]
				bestSq, bestSeg := math.Inf(1), int32(-1)
				for s := start; s < end; s++ {
					b := &boxes[s]
					if lat < b.minLat-dLat || lat > b.maxLat+dLat ||
						!allLon && (lon < b.minLon-dLon || lon > b.maxLon+dLon) {
						continue
					}
					// Strict < keeps the earliest segment on ties.
					if sq := pl.segments[s].chordSq(v, maxSinOff, maxChordSq); sq <= maxChordSq && sq < bestSq {
						bestSq, bestSeg = sq, int32(s)
					}
				}
				if bestSeg < 0 {
					return true
				}
				if k, ok := d.lookup(i); ok {
					if bestSq < found[k].chordSq {
						found[k].chordSq, found[k].segment = bestSq, bestSeg
					}
					return true
				}
				d.store(i, int32(len(found)))
				found = append(found, closest{item: i, segment: bestSeg, chordSq: bestSq})
				return true
			})
		start = end
	}

	hits := make([]RouteHit, len(found))
	for k, f := range found {
		along, off := pl.segments[f.segment].closest(ix.vecs[f.item])
		hits[k] = RouteHit{ID: ix.items[f.item].ID, AlongMiles: along, OffMiles: math.Min(off, radius)}
	}
	slices.SortFunc(hits, func(a, b RouteHit) int {
		return cmp.Or(cmp.Compare(a.AlongMiles, b.AlongMiles), cmp.Compare(a.ID, b.ID))
	})
	return hits
}

type latLonBox struct{ minLat, maxLat, minLon, maxLon float64 }

func (b *latLonBox) union(o latLonBox) {
	b.minLat, b.maxLat = math.Min(b.minLat, o.minLat), math.Max(b.maxLat, o.maxLat)
	b.minLon, b.maxLon = math.Min(b.minLon, o.minLon), math.Max(b.maxLon, o.maxLon)
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

// dedupe maps an item index to its position in the result slice for one
// query. A generation counter makes clearing free.
type dedupe struct {
	gen  uint32
	seen []uint32
	slot []int32
}

func (d *dedupe) next() {
	d.gen++
	if d.gen == 0 { // wrapped: old marks could collide
		clear(d.seen)
		d.gen = 1
	}
}

func (d *dedupe) lookup(i int32) (int32, bool) {
	if d.seen[i] != d.gen {
		return 0, false
	}
	return d.slot[i], true
}

func (d *dedupe) store(i, k int32) {
	d.seen[i] = d.gen
	d.slot[i] = k
}
