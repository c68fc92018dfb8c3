package geo

import (
	"cmp"
	"math"
	"slices"
	"sort"
)

// Map clustering. The map shows every station at every zoom: a view is cut
// into square cells of ClusterCellPixels on the Web Mercator map (512-pixel
// tiles, as MapLibre draws them), a cell holding two or more stations of
// the view is one cluster (count, centroid, minimum price) and a cell
// holding one shows that station. Above MaxClusterZoom every station is
// shown. This is the feel of a 100-pixel cluster radius with at least two
// points (docs/product.md §9): neighbours closer than about a cell merge.
//
// Cells are nodes of a quadtree over the stations sorted by Morton code, so
// a cell's stations are a contiguous run: its count is the run's length,
// its centroid comes from prefix sums of integer Mercator coordinates
// (exact) and its minimum price from a segment tree; only cells cut by the
// view's edge are looked into.
const (
	// MaxClusterZoom is the highest zoom that clusters (docs/product.md §9: 16).
	MaxClusterZoom = 16
	// ClusterCellPixels is a cell's side on screen: 128 px, the power of
	// two nearest a 100-pixel radius.
	ClusterCellPixels = 128
	// cellLevelOffset turns a zoom into the quadtree level of its cells:
	// a 512-pixel tile holds 4 × 4 cells of 128 pixels.
	cellLevelOffset = 2
	mercBits        = 31
	// maxMercatorLat is where Web Mercator stops (the map's square world).
	maxMercatorLat = 85.05112877980659
)

// MapPrices is how many prices a MapItem carries (the station map shows
// the lowest of one of two: retail or net).
const MapPrices = 2

// MapItem is a station for the map index, with its prices: a view's
// clusters carry the lowest of one of them.
type MapItem struct {
	ID     int64
	Point  Point
	Prices [MapPrices]int64
}

// Box is a lat/lon rectangle, edges included. West ≤ East (no crossing of
// the antimeridian).
type Box struct{ West, South, East, North float64 }

// Contains reports whether p is inside the box (edges included).
func (b Box) Contains(p Point) bool {
	return p.Lon >= b.West && p.Lon <= b.East && p.Lat >= b.South && p.Lat <= b.North
}

// Cell is a map cell's stations within a view: Count of them, the sums of
// their integer Mercator coordinates and their lowest price; ID is the
// station when Count is 1.
type Cell struct {
	Key        uint64 // the cell's Morton prefix (unique per cell and level)
	Count      int
	SumX, SumY int64
	MinPrice   int64
	ID         int64
}

// Center is the centroid of the cell's stations (in Mercator).
func (c Cell) Center() Point {
	n := float64(c.Count)
	return fromMercator(float64(c.SumX)/n, float64(c.SumY)/n)
}

// MapIndex is the clustering index; immutable, safe for concurrent readers.
// Every array holds one entry per station in Morton order (about 80
// bytes a station in all).
type MapIndex struct {
	morton []uint64
	points []Point
	ids    []int64
	// px and py are prefix sums of the stations' Mercator x and y: px[i]
	// is the sum over stations 0..i-1.
	px, py []int64
	// minSeg[p] is a segment tree of price p: leaves at len(ids)+i.
	minSeg [MapPrices][]int64
}

// NewMapIndex builds a MapIndex over items; non-finite points are left out.
func NewMapIndex(items []MapItem) *MapIndex {
	type entry struct {
		m    uint64
		x, y uint32
		it   MapItem
	}
	entries := make([]entry, 0, len(items))
	for _, it := range items {
		if !finite(it.Point.Lat) || !finite(it.Point.Lon) {
			continue
		}
		x, y := MercatorXY(it.Point)
		entries = append(entries, entry{m: interleave(x, y), x: x, y: y, it: it})
	}
	slices.SortStableFunc(entries, func(a, b entry) int { return cmp.Compare(a.m, b.m) })
	n := len(entries)
	mx := &MapIndex{
		morton: make([]uint64, n), points: make([]Point, n), ids: make([]int64, n),
		px: make([]int64, n+1), py: make([]int64, n+1),
	}
	for p := range mx.minSeg {
		mx.minSeg[p] = make([]int64, 2*n)
	}
	for i, e := range entries {
		mx.morton[i], mx.points[i], mx.ids[i] = e.m, e.it.Point, e.it.ID
		mx.px[i+1] = mx.px[i] + int64(e.x)
		mx.py[i+1] = mx.py[i] + int64(e.y)
		for p, seg := range mx.minSeg {
			seg[n+i] = e.it.Prices[p]
		}
	}
	for _, seg := range mx.minSeg {
		for i := n - 1; i > 0; i-- {
			seg[i] = min(seg[2*i], seg[2*i+1])
		}
	}
	return mx
}

// Len is the number of indexed stations.
func (mx *MapIndex) Len() int { return len(mx.ids) }

// minPrice is the lowest price p of stations lo..hi-1 (hi > lo).
func (mx *MapIndex) minPrice(p, lo, hi int) int64 {
	n, seg := len(mx.ids), mx.minSeg[p]
	best := int64(math.MaxInt64)
	for l, r := lo+n, hi+n; l < r; l, r = l/2, r/2 {
		if l&1 == 1 {
			best = min(best, seg[l])
			l++
		}
		if r&1 == 1 {
			r--
			best = min(best, seg[r])
		}
	}
	return best
}

// CellLevel is the quadtree level of a zoom's cells.
func CellLevel(zoom int) int { return zoom + cellLevelOffset }

// AppendCells appends the view's cells at zoom (0 ≤ zoom ≤ MaxClusterZoom),
// in Key order, each with only the stations inside box and the lowest of
// their prices number price (0 ≤ price < MapPrices); for a zoom above
// MaxClusterZoom it appends one single-station cell per station in box.
// Every station in the box is counted in exactly one cell.
func (mx *MapIndex) AppendCells(dst []Cell, box Box, zoom, price int) []Cell {
	if len(mx.ids) == 0 || !(box.West <= box.East && box.South <= box.North) {
		return dst
	}
	q := cellQuery{mx: mx, box: box, level: CellLevel(zoom), singles: zoom > MaxClusterZoom, price: price, out: dst}
	q.bx0, q.by0 = MercatorXY(Point{Lat: box.North, Lon: box.West})
	q.bx1, q.by1 = MercatorXY(Point{Lat: box.South, Lon: box.East})
	q.visit(0, 0, 0, 0, len(mx.ids))
	return q.out
}

type cellQuery struct {
	mx                 *MapIndex
	box                Box
	level              int
	singles            bool
	price              int
	bx0, by0, bx1, by1 uint32
	out                []Cell
}

// scanBelow is the run length under which a node cut by the view's edge is
// scanned station by station rather than split.
const scanBelow = 16

// visit handles the quadtree node at level l with cell coordinates (cx, cy)
// holding stations lo..hi-1.
func (q *cellQuery) visit(l int, cx, cy uint32, lo, hi int) {
	if lo == hi {
		return
	}
	shift := uint(mercBits - l)
	x0, y0 := uint64(cx)<<shift, uint64(cy)<<shift
	x1, y1 := x0+(1<<shift)-1, y0+(1<<shift)-1
	bx0, by0, bx1, by1 := uint64(q.bx0), uint64(q.by0), uint64(q.bx1), uint64(q.by1)
	if x1 < bx0 || x0 > bx1 || y1 < by0 || y0 > by1 {
		return // every station here is outside (X and Y are monotone)
	}
	inside := x0 > bx0 && x1 < bx1 && y0 > by0 && y1 < by1
	if l >= q.level || q.singles {
		if inside && !q.singles {
			q.add(lo, hi)
			return
		}
		if inside || hi-lo <= scanBelow || l == mercBits {
			for i := lo; i < hi; i++ {
				if inside || q.box.Contains(q.mx.points[i]) {
					q.add(i, i+1)
				}
			}
			return
		}
	}
	// Split into the four children (Morton order: y bit, then x bit).
	childShift := uint(2 * (mercBits - l - 1))
	prefix := q.mx.morton[lo] >> (childShift + 2)
	for c := uint64(0); c < 4; c++ {
		end := hi
		if c < 3 {
			next := (prefix<<2 | (c + 1)) << childShift
			end = lo + sort.Search(hi-lo, func(k int) bool { return q.mx.morton[lo+k] >= next })
		}
		q.visit(l+1, cx<<1|uint32(c&1), cy<<1|uint32(c>>1), lo, end)
		lo = end
	}
}

// add counts stations lo..hi-1 into the current cell (or as one single).
func (q *cellQuery) add(lo, hi int) {
	mx := q.mx
	key := mx.morton[lo] >> uint(2*(mercBits-q.level))
	if q.singles {
		key = mx.morton[lo]
	}
	sx, sy := mx.px[hi]-mx.px[lo], mx.py[hi]-mx.py[lo]
	price := mx.minPrice(q.price, lo, hi)
	if k := len(q.out) - 1; !q.singles && k >= 0 && q.out[k].Key == key {
		c := &q.out[k]
		c.Count += hi - lo
		c.SumX += sx
		c.SumY += sy
		c.MinPrice = min(c.MinPrice, price)
		return
	}
	q.out = append(q.out, Cell{Key: key, Count: hi - lo, SumX: sx, SumY: sy, MinPrice: price, ID: mx.ids[lo]})
}

// MergeCells combines cells with the same Key (e.g. the answers of several
// indexes over disjoint stations at the same zoom), in Key order.
func MergeCells(cells []Cell) []Cell {
	slices.SortStableFunc(cells, func(a, b Cell) int { return cmp.Compare(a.Key, b.Key) })
	out := cells[:0]
	for _, c := range cells {
		if k := len(out) - 1; k >= 0 && out[k].Key == c.Key {
			out[k].Count += c.Count
			out[k].SumX += c.SumX
			out[k].SumY += c.SumY
			out[k].MinPrice = min(out[k].MinPrice, c.MinPrice)
			continue
		}
		out = append(out, c)
	}
	return out
}

// MercatorXY is the point's Web Mercator position in integer units of
// 2^-31 of the world (x east from -180°, y south from the top). Both are
// monotone: x never decreases with longitude, y never increases with
// latitude.
func MercatorXY(p Point) (uint32, uint32) {
	x := (p.Lon + 180) / 360
	lat := max(-maxMercatorLat, min(maxMercatorLat, p.Lat))
	s := math.Sin(radians(lat))
	y := 0.5 - math.Log((1+s)/(1-s))/(4*math.Pi)
	return mercUnit(x), mercUnit(y)
}

func mercUnit(f float64) uint32 {
	const scale = 1 << mercBits
	v := math.Floor(f * scale)
	if !(v >= 0) {
		return 0
	}
	if v > scale-1 {
		return scale - 1
	}
	return uint32(v)
}

// fromMercator turns Mercator units back into degrees.
func fromMercator(x, y float64) Point {
	const scale = 1 << mercBits
	lon := x/scale*360 - 180
	lat := degrees(math.Atan(math.Sinh(math.Pi * (1 - 2*y/scale))))
	return Point{Lat: lat, Lon: lon}
}

// MercatorPixels is the size of the box on screen at zoom (512-pixel tiles).
func MercatorPixels(box Box, zoom int) (width, height float64) {
	x0, y0 := MercatorXY(Point{Lat: box.North, Lon: box.West})
	x1, y1 := MercatorXY(Point{Lat: box.South, Lon: box.East})
	world := 512 * math.Exp2(float64(zoom))
	const scale = 1 << mercBits
	return float64(x1-x0) / scale * world, float64(y1-y0) / scale * world
}

// interleave puts x's bits at even positions and y's at odd ones.
func interleave(x, y uint32) uint64 { return spread(x) | spread(y)<<1 }

func spread(v uint32) uint64 {
	x := uint64(v)
	x = (x | x<<16) & 0x0000FFFF0000FFFF
	x = (x | x<<8) & 0x00FF00FF00FF00FF
	x = (x | x<<4) & 0x0F0F0F0F0F0F0F0F
	x = (x | x<<2) & 0x3333333333333333
	x = (x | x<<1) & 0x5555555555555555
	return x
}
