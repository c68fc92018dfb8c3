package geo

import "math"

// cellDegrees is the preferred side of a grid cell, in degrees (about 7 by
// 5.5 miles over the US): small enough that a corridor query touches few
// stations outside the corridor, large enough that a cell holds a useful
// batch of stations.
const cellDegrees = 0.1

// grid buckets the stations into lat/lon cells, stored cell by cell so that
// a query streams through each cell's unit vectors contiguously.
type grid struct {
	lat0, lon0 float64
	perDegree  float64 // cells per degree
	rows, cols int
	// start[c]..start[c+1] are cell c's stations in vecs (and in the
	// items newGrid returns).
	start []int32
	vecs  []vec3
	// bounds[boundAt[c]] is a ball holding non-empty cell c's stations
	// (the corridor search's cell-wide bound); boundAt of an empty cell
	// is unused.
	bounds  []ball
	boundAt []int32
}

// newGrid buckets items and returns them in the grid's order.
func newGrid(items []Item) (grid, []Item) {
	g := grid{perDegree: 1 / cellDegrees}
	minLat, maxLat, minLon, maxLon := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, it := range items {
		p := it.Point
		if finite(p.Lat) && finite(p.Lon) {
			minLat, maxLat = min(minLat, p.Lat), max(maxLat, p.Lat)
			minLon, maxLon = min(minLon, p.Lon), max(maxLon, p.Lon)
		}
	}
	if minLat > maxLat { // no usable point
		minLat, maxLat, minLon, maxLon = 0, 0, 0, 0
	}
	g.lat0, g.lon0 = minLat, minLon
	// Keep the cell count near the station count at most: stations spread
	// over the globe get coarser cells.
	budget := float64(max(4*len(items), 1<<12))
	for {
		g.rows = int((maxLat-minLat)*g.perDegree) + 1
		g.cols = int((maxLon-minLon)*g.perDegree) + 1
		if float64(g.rows)*float64(g.cols) <= budget {
			break
		}
		g.perDegree /= 2
	}
	cells := g.rows * g.cols
	g.start = make([]int32, cells+1)
	cellOf := make([]int32, len(items))
	for i, it := range items {
		c := int32(g.row(it.Point.Lat)*g.cols + g.col(it.Point.Lon))
		cellOf[i] = c
		g.start[c+1]++
	}
	for c := range cells {
		g.start[c+1] += g.start[c]
	}
	g.vecs = make([]vec3, len(items))
	ordered := make([]Item, len(items))
	fill := make([]int32, cells)
	for i, c := range cellOf {
		k := g.start[c] + fill[c]
		fill[c]++
		g.vecs[k] = unitVector(items[i].Point)
		ordered[k] = items[i]
	}
	nonEmpty := 0
	for c := range cells {
		if g.start[c] < g.start[c+1] {
			nonEmpty++
		}
	}
	g.bounds = make([]ball, 0, nonEmpty)
	g.boundAt = make([]int32, cells)
	for c := range cells {
		if lo, hi := g.start[c], g.start[c+1]; lo < hi {
			g.boundAt[c] = int32(len(g.bounds))
			g.bounds = append(g.bounds, enclosingBall(g.vecs[lo:hi]))
		}
	}

	return g, ordered
}

// enclosingBall is a ball holding every one of vecs (not the smallest:
// centred on their mean).
func enclosingBall(vecs []vec3) ball {
	var c vec3
	for _, v := range vecs {
		c = vec3{c.x + v.x, c.y + v.y, c.z + v.z}
	}
	c = c.scale(1 / float64(len(vecs)))
	reachSq := 0.0
	for _, v := range vecs {
		d := v.sub(c)
		reachSq = max(reachSq, d.dot(d))
	}
	return ball{center: c, reach: math.Sqrt(reachSq)}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// row and col are monotone in their argument (a subtraction and a
// multiplication by a positive constant, then floor and clamping), so a
// station whose latitude lies in [lo, hi] has a row in [row(lo), row(hi)].
// That is all the corridor search relies on; non-finite coordinates land in
// row or column 0, where no distance test ever accepts them.
func (g *grid) row(lat float64) int { return clampIndex((lat-g.lat0)*g.perDegree, g.rows) }
func (g *grid) col(lon float64) int { return clampIndex((lon-g.lon0)*g.perDegree, g.cols) }

func clampIndex(x float64, n int) int {
	if !(x >= 0) {
		return 0
	}
	if x >= float64(n-1) {
		return n - 1
	}
	return int(x)
}
