package routing

import (
	"fmt"
	"math"

	"fuelportal/geo"
)

// gridCellDegrees is the size of a cell of the segment grid.
const gridCellDegrees = 0.5

// segmentGrid buckets every shape segment of the graph by the grid cells its
// bounding box touches, so the nearest road to a point is found by looking
// at a few nearby cells instead of every segment.
type segmentGrid struct {
	cells map[cellKey][]segmentRef
}

type cellKey struct{ row, col int32 }

type segmentRef struct{ edge, seg int32 }

func cellOf(lat, lon float64) cellKey {
	return cellKey{int32(math.Floor(lat / gridCellDegrees)), int32(math.Floor(lon / gridCellDegrees))}
}

func newSegmentGrid(edges []edge) segmentGrid {
	grid := segmentGrid{cells: map[cellKey][]segmentRef{}}
	for ei, e := range edges {
		for si := 0; si+1 < len(e.shape); si++ {
			a, b := e.shape[si], e.shape[si+1]
			lo := cellOf(math.Min(a.Lat, b.Lat), math.Min(a.Lon, b.Lon))
			hi := cellOf(math.Max(a.Lat, b.Lat), math.Max(a.Lon, b.Lon))
			for r := lo.row; r <= hi.row; r++ {
				for c := lo.col; c <= hi.col; c++ {
					k := cellKey{r, c}
					grid.cells[k] = append(grid.cells[k], segmentRef{int32(ei), int32(si)})
				}
			}
		}
	}
	return grid
}

// anchor is where an arbitrary point joins the road graph.
type anchor struct {
	query   Point   // the point asked for
	snapped Point   // nearest point on an edge
	edge    int     // that edge
	seg     int     // shape segment holding snapped: shape[seg]..shape[seg+1]
	along   float64 // road meters from the edge's first shape point to snapped
	offset  float64 // great-circle meters from query to snapped
}

// snap finds the nearest point on any edge. Points farther than
// maxSnapMeters from every edge are outside the built-in graph's coverage.
func (g *Graph) snap(p Point) (anchor, error) {
	if !p.Valid() {
		return anchor{}, fmt.Errorf("%w: %v", ErrInvalidPoint, p)
	}
	// A ring r cells out is at least r cells away; a cell is narrowest in
	// longitude, bounded here at 60° latitude.
	minCellMeters := gridCellDegrees * math.Pi / 180 * geo.EarthRadiusMiles * geo.MetersPerMile * math.Cos(60*math.Pi/180)
	maxRing := int32(math.Ceil(maxSnapMeters/minCellMeters)) + 1
	best := anchor{edge: -1, offset: math.Inf(1)}
	center := cellOf(p.Lat, p.Lon)
	for r := int32(0); r <= maxRing; r++ {
		if best.edge >= 0 && best.offset <= float64(r-1)*minCellMeters {
			break
		}
		for dr := -r; dr <= r; dr++ {
			for dc := -r; dc <= r; dc++ {
				if max(abs32(dr), abs32(dc)) != r {
					continue // inner rings were done already
				}
				for _, ref := range g.grid.cells[cellKey{center.row + dr, center.col + dc}] {
					e := &g.edges[ref.edge]
					a, b := e.shape[ref.seg], e.shape[ref.seg+1]
					t := projectOnSegment(p, a, b)
					q := lerp(a, b, t)
					if d := distanceMeters(p, q); d < best.offset {
						along := e.cum[ref.seg] + t*(e.cum[ref.seg+1]-e.cum[ref.seg])
						best = anchor{query: p, snapped: q, edge: int(ref.edge), seg: int(ref.seg), along: along, offset: d}
					}
				}
			}
		}
	}
	if best.edge < 0 || best.offset > maxSnapMeters {
		return anchor{}, fmt.Errorf("%w: %v is more than %.0f miles from the nearest Interstate in the built-in graph",
			ErrNoRoute, p, maxSnapMeters/MetersPerMile)
	}
	return best, nil
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}
