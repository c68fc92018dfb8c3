package routing

import (
	"context"
	"math"
	"slices"
	"sort"
	"strings"
)

// Route is one way to drive from the origin to the destination.
type Route struct {
	// Points is the route's polyline, consecutive points at most ~10 miles
	// apart (closer for remote providers that return full geometry).
	Points          []Point
	DistanceMeters  float64
	DurationSeconds float64
	// Summary names the main highways in driving order, e.g. "I-40, I-44".
	Summary string
	// Steps are the stretches on one highway each, in order. Remote
	// providers may leave them empty.
	Steps []Step
}

// Step is a stretch of a route on one highway.
type Step struct {
	Highway         string // "I-40", or LocalRoads for connectors
	Toward          string // the place the step ends at, "City, ST", or "" at the ends
	DistanceMeters  float64
	DurationSeconds float64
	// StartIndex and EndIndex are the step's first and last indexes in
	// Route.Points.
	StartIndex, EndIndex int
}

// Alternative routes are found by the penalty method: after each search the
// edges of the path found cost AlternativePenalty times more, and the search
// runs again. A candidate is kept when it shares less than MaxSharedFraction
// of its length with every route kept so far and is at most
// MaxDetourFactor times as long as the best route.
const (
	MaxRoutes          = 3
	AlternativePenalty = 1.6
	MaxSharedFraction  = 0.7
	MaxDetourFactor    = 1.4
	// alternativeSearches bounds the penalised searches per request.
	alternativeSearches = 8
)

// Route plans up to MaxRoutes routes, best first, from one point to another
// through the via points. Arbitrary points join the graph at the nearest
// point of the nearest edge, with a connector leg on local roads. With via
// points only the best route is returned. Errors: ErrInvalidPoint, ErrNoRoute
// (a point is too far from any Interstate), or the context's error.
func (g *Graph) Route(ctx context.Context, from, to Point, via []Point) ([]Route, error) {
	stops := append(append([]Point{from}, via...), to)
	anchors := make([]anchor, len(stops))
	for i, p := range stops {
		a, err := g.snap(p)
		if err != nil {
			return nil, err
		}
		anchors[i] = a
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	weight := make([]float64, len(g.edges))
	for i := range weight {
		weight[i] = 1
	}
	if len(anchors) > 2 {
		legs := make([]path, 0, len(anchors)-1)
		for i := 1; i < len(anchors); i++ {
			p, ok := g.shortest(anchors[i-1], anchors[i], weight)
			if !ok {
				return nil, ErrNoRoute
			}
			legs = append(legs, p)
		}
		return []Route{g.assemble(legs)}, nil
	}
	if d := distanceMeters(from, to); d <= anchors[0].offset+anchors[1].offset {
		// Closer to each other than to any Interstate: drive local roads.
		r := Route{Points: []Point{from, to}}
		if c := connector(from, to); c.meters > 0 {
			r.Points, r.DistanceMeters, r.DurationSeconds = c.points, c.meters, c.meters/c.mps
			r.Steps = []Step{{Highway: LocalRoads, DistanceMeters: c.meters, DurationSeconds: r.DurationSeconds, EndIndex: len(c.points) - 1}}
		}
		return []Route{r}, nil
	}
	return g.alternatives(ctx, anchors[0], anchors[1], weight)
}

func (g *Graph) alternatives(ctx context.Context, from, to anchor, weight []float64) ([]Route, error) {
	type kept struct {
		used   map[int]float64
		meters float64
		path   path
	}
	var found []kept
	for try := 0; try <= alternativeSearches && len(found) < MaxRoutes; try++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p, ok := g.shortest(from, to, weight)
		if !ok {
			break
		}
		used := g.roadMeters(p)
		meters := 0.0
		for e, m := range used {
			meters += m
			weight[e] *= AlternativePenalty
		}
		if len(found) > 0 && meters > MaxDetourFactor*found[0].meters {
			continue
		}
		distinct := true
		for _, k := range found {
			shared := 0.0
			for e, m := range used {
				shared += math.Min(m, k.used[e])
			}
			if meters > 0 && shared/meters >= MaxSharedFraction || meters == 0 {
				distinct = false
				break
			}
		}
		if distinct {
			found = append(found, kept{used: used, meters: meters, path: p})
		}
	}
	if len(found) == 0 {
		return nil, ErrNoRoute
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].meters < found[j].meters })
	routes := make([]Route, len(found))
	for i, k := range found {
		routes[i] = g.assemble([]path{k.path})
	}
	return routes, nil
}

// piece is a run of polyline on one highway.
type piece struct {
	highway string
	toward  string
	points  []Point
	meters  float64
	mps     float64 // meters per second
}

var (
	truckMPS = TruckSpeedMPH * MetersPerMile / 3600
	localMPS = LocalSpeedMPH * MetersPerMile / 3600
)

// assemble turns consecutive paths (legs) into one route.
func (g *Graph) assemble(legs []path) Route {
	var pieces []piece
	for i, p := range legs {
		if i == 0 {
			pieces = append(pieces, connector(p.from.query, p.from.snapped))
		}
		pieces = append(pieces, g.pathPieces(p)...)
		pieces = append(pieces, connector(p.to.snapped, p.to.query))
	}
	var r Route
	for _, pc := range pieces {
		if len(pc.points) < 2 || pc.meters < 1 {
			continue // zero length: a point right on a place or on the road
		}
		// Pieces meet at a shared point: keep one copy of it.
		pts, start := pc.points, len(r.Points)
		if start > 0 && pts[0] == r.Points[start-1] {
			pts, start = pts[1:], start-1
		}
		r.Points = append(r.Points, pts...)
		seconds := pc.meters / pc.mps
		r.DistanceMeters += pc.meters
		r.DurationSeconds += seconds
		if n := len(r.Steps); n > 0 && r.Steps[n-1].Highway == pc.highway {
			last := &r.Steps[n-1]
			last.DistanceMeters += pc.meters
			last.DurationSeconds += seconds
			last.EndIndex = len(r.Points) - 1
			if pc.toward != "" {
				last.Toward = pc.toward
			}
			continue
		}
		r.Steps = append(r.Steps, Step{
			Highway: pc.highway, Toward: pc.toward,
			DistanceMeters: pc.meters, DurationSeconds: seconds,
			StartIndex: start, EndIndex: len(r.Points) - 1,
		})
	}
	if len(r.Points) == 0 { // origin and destination are the same point
		r.Points = []Point{legs[0].from.query, legs[len(legs)-1].to.query}
	}
	r.Summary = Summarize(r.Steps)
	return r
}

// connector is the straight leg on local roads between an arbitrary point
// and the point where it joins the graph. Shapes and connectors are both
// densified to shapeSpacingMeters, so route polylines never need it again.
func connector(a, b Point) piece {
	d := distanceMeters(a, b)
	if d < 1 {
		return piece{highway: LocalRoads, points: []Point{a}}
	}
	return piece{highway: LocalRoads, points: densify([]Point{a, b}, shapeSpacingMeters), meters: d * LocalRoadFactor, mps: localMPS}
}

// pathPieces returns the highway pieces of a path, from the origin anchor's
// snapped point to the destination anchor's.
func (g *Graph) pathPieces(p path) []piece {
	fe, te := &g.edges[p.from.edge], &g.edges[p.to.edge]
	if p.direct {
		pts := []Point{p.from.snapped}
		if p.from.along <= p.to.along {
			pts = append(pts, fe.shape[p.from.seg+1:p.to.seg+1]...)
		} else {
			for i := p.from.seg; i > p.to.seg; i-- {
				pts = append(pts, fe.shape[i])
			}
		}
		pts = append(pts, p.to.snapped)
		return []piece{{highway: fe.highway, points: pts, meters: math.Abs(p.from.along - p.to.along), mps: truckMPS}}
	}
	var out []piece
	// Origin anchor to the first place.
	first := piece{highway: fe.highway, toward: g.places[p.start].Label(), mps: truckMPS, points: []Point{p.from.snapped}}
	if p.start == fe.to {
		first.points = append(first.points, fe.shape[p.from.seg+1:]...)
		first.meters = fe.length - p.from.along
	} else {
		for i := p.from.seg; i >= 0; i-- {
			first.points = append(first.points, fe.shape[i])
		}
		first.meters = p.from.along
	}
	out = append(out, first)
	for _, h := range p.hops {
		e := &g.edges[h.edge]
		pc := piece{highway: e.highway, meters: e.length, mps: truckMPS}
		if h.forward {
			pc.points = e.shape
			pc.toward = g.places[e.to].Label()
		} else {
			pc.points = slices.Clone(e.shape)
			slices.Reverse(pc.points)
			pc.toward = g.places[e.from].Label()
		}
		out = append(out, pc)
	}
	// Last place to the destination anchor.
	last := piece{highway: te.highway, mps: truckMPS}
	if p.end == te.from {
		last.points = append(slices.Clone(te.shape[:p.to.seg+1]), p.to.snapped)
		last.meters = p.to.along
	} else {
		for i := len(te.shape) - 1; i > p.to.seg; i-- {
			last.points = append(last.points, te.shape[i])
		}
		last.points = append(last.points, p.to.snapped)
		last.meters = te.length - p.to.along
	}
	return append(out, last)
}

// Summarize names the two highways (or streets) the steps use most, in
// driving order, skipping LocalRoads and unnamed steps: "I-40, I-44".
func Summarize(steps []Step) string {
	meters := map[string]float64{}
	var order []string
	for _, s := range steps {
		if s.Highway == LocalRoads || s.Highway == "" {
			continue
		}
		if _, seen := meters[s.Highway]; !seen {
			order = append(order, s.Highway)
		}
		meters[s.Highway] += s.DistanceMeters
	}
	top := slices.Clone(order)
	sort.SliceStable(top, func(i, j int) bool { return meters[top[i]] > meters[top[j]] })
	if len(top) > 2 {
		top = top[:2]
	}
	var names []string
	for _, h := range order {
		if slices.Contains(top, h) {
			names = append(names, h)
		}
	}
	return strings.Join(names, ", ")
}
