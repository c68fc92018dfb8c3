package routing

import (
	"bufio"
	"embed"
	"encoding/csv"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
)

// Assumptions of the built-in graph (see the package documentation).
const (
	// RoadFactor turns the great-circle length of an edge's shape into road
	// length. Calibrated so that known city pairs land within a few percent
	// of their real driving mileage (see graph_test.go).
	RoadFactor = 1.08
	// TruckSpeedMPH is the average truck speed on the Interstates, stops
	// for traffic and grades included.
	TruckSpeedMPH = 62.0
	// LocalSpeedMPH is the average speed on the connector from an arbitrary
	// point to the nearest Interstate.
	LocalSpeedMPH = 35.0
	// LocalRoadFactor turns the straight connector into local-road length.
	LocalRoadFactor = 1.3
	// LocalRoads is the highway name of connector steps.
	LocalRoads = "local roads"

	// shapeSpacingMeters is the largest gap between shape points of an edge
	// (about 5 miles), so routes and edge polylines are smooth enough for
	// the map and for placing stations along them.
	shapeSpacingMeters = 8000
	// maxSnapMeters is how far from the nearest Interstate a point may be
	// and still be routed by the built-in graph.
	maxSnapMeters = 300_000
)

//go:embed data/places.csv data/highways.txt
var dataFiles embed.FS

var (
	builtinOnce  sync.Once
	builtinGraph *Graph
)

// Builtin returns the road graph shipped in the binary, loaded on first use.
// It panics if the embedded data is malformed, which the package tests rule
// out.
func Builtin() *Graph {
	builtinOnce.Do(func() {
		places, err := dataFiles.Open("data/places.csv")
		if err != nil {
			panic(err)
		}
		defer places.Close()
		highways, err := dataFiles.Open("data/highways.txt")
		if err != nil {
			panic(err)
		}
		defer highways.Close()
		g, err := LoadGraph(places, highways)
		if err != nil {
			panic(fmt.Sprintf("routing: embedded road graph: %v", err))
		}
		builtinGraph = g
	})
	return builtinGraph
}

// Graph is an undirected road graph of places joined by highway edges. It is
// safe for concurrent use once loaded.
type Graph struct {
	places  []Place
	byLabel map[string]int
	edges   []edge
	adj     [][]arc
	grid    segmentGrid
}

type edge struct {
	from, to int
	highway  string
	shape    []Point   // from the from-place to the to-place
	cum      []float64 // road meters from shape[0] to shape[i]
	length   float64   // road meters
}

type arc struct{ edge, to int }

// Edge is one stretch of highway between two neighbouring places.
type Edge struct {
	Highway        string  // "I-40", or "I-20/I-59" where two share the road
	From, To       string  // place labels, "City, ST"
	Points         []Point // shape from From to To, points at most ~5 miles apart
	DistanceMeters float64 // road length
}

// Places returns a copy of the graph's places in data-file order.
func (g *Graph) Places() []Place { return append([]Place(nil), g.places...) }

// Edges returns a copy of every edge with its polyline and highway name.
func (g *Graph) Edges() []Edge {
	out := make([]Edge, len(g.edges))
	for i, e := range g.edges {
		out[i] = Edge{
			Highway:        e.highway,
			From:           g.places[e.from].Label(),
			To:             g.places[e.to].Label(),
			Points:         append([]Point(nil), e.shape...),
			DistanceMeters: e.length,
		}
	}
	return out
}

// LoadGraph reads places (CSV: name,state,zip,lat,lon,kind,population in
// thousands; '#' starts a comment) and highway stretches (see
// data/highways.txt) and builds the graph. It fails on unknown places,
// duplicate places or duplicate edges.
func LoadGraph(places, highways io.Reader) (*Graph, error) {
	g := &Graph{byLabel: map[string]int{}}
	if err := g.readPlaces(places); err != nil {
		return nil, err
	}
	if err := g.readHighways(highways); err != nil {
		return nil, err
	}
	g.adj = make([][]arc, len(g.places))
	for i, e := range g.edges {
		g.adj[e.from] = append(g.adj[e.from], arc{edge: i, to: e.to})
		g.adj[e.to] = append(g.adj[e.to], arc{edge: i, to: e.from})
	}
	g.grid = newSegmentGrid(g.edges)
	return g, nil
}

func (g *Graph) readPlaces(r io.Reader) error {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = 7
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("places: %w", err)
		}
		lat, err1 := strconv.ParseFloat(rec[3], 64)
		lon, err2 := strconv.ParseFloat(rec[4], 64)
		pop, err3 := strconv.Atoi(rec[6])
		if err := errors.Join(err1, err2, err3); err != nil {
			return fmt.Errorf("places: %s: %w", rec[0], err)
		}
		p := Place{Name: rec[0], City: rec[0], State: rec[1], Zip: rec[2], Lat: lat, Lon: lon, Kind: rec[5], Population: pop}
		label := p.Label()
		if _, dup := g.byLabel[label]; dup {
			return fmt.Errorf("places: duplicate place %q", label)
		}
		g.byLabel[label] = len(g.places)
		g.places = append(g.places, p)
	}
}

func (g *Graph) readHighways(r io.Reader) error {
	type pair struct{ a, b int }
	seen := map[pair]string{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		highway, stops, ok := strings.Cut(text, ":")
		if !ok {
			return fmt.Errorf("highways line %d: missing ':'", line)
		}
		highway = strings.TrimSpace(highway)
		prev := -1
		var waypoints []Point
		for _, tok := range strings.Split(stops, ">") {
			tok = strings.TrimSpace(tok)
			if strings.HasPrefix(tok, "@") {
				p, err := parseLatLon(tok[1:])
				if err != nil {
					return fmt.Errorf("highways line %d: %w", line, err)
				}
				waypoints = append(waypoints, p)
				continue
			}
			id, known := g.byLabel[tok]
			if !known {
				return fmt.Errorf("highways line %d: unknown place %q", line, tok)
			}
			if prev >= 0 {
				key := pair{min(prev, id), max(prev, id)}
				if other, dup := seen[key]; dup {
					return fmt.Errorf("highways line %d: %s to %s already joined by %s", line, g.places[prev].Label(), tok, other)
				}
				seen[key] = highway
				g.edges = append(g.edges, g.newEdge(prev, id, highway, waypoints))
			} else if len(waypoints) > 0 {
				return fmt.Errorf("highways line %d: waypoint before the first place", line)
			}
			prev, waypoints = id, nil
		}
		if len(waypoints) > 0 {
			return fmt.Errorf("highways line %d: waypoint after the last place", line)
		}
	}
	return sc.Err()
}

func parseLatLon(s string) (Point, error) {
	a, b, ok := strings.Cut(s, ",")
	lat, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	lon, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err1 != nil || err2 != nil {
		return Point{}, fmt.Errorf("bad waypoint %q", s)
	}
	return Point{Lat: lat, Lon: lon}, nil
}

func (g *Graph) newEdge(from, to int, highway string, waypoints []Point) edge {
	a, b := g.places[from].Point(), g.places[to].Point()
	var shape []Point
	if len(waypoints) > 0 {
		// Real waypoints carry the shape: join them with straight spans.
		ctrl := append(append([]Point{a}, waypoints...), b)
		shape = densify(ctrl, shapeSpacingMeters)
	} else {
		shape = gentleCurve(a, b, highway+g.places[from].Label()+g.places[to].Label())
	}
	e := edge{from: from, to: to, highway: highway, shape: shape, cum: make([]float64, len(shape))}
	for i := 1; i < len(shape); i++ {
		e.cum[i] = e.cum[i-1] + distanceMeters(shape[i-1], shape[i])*RoadFactor
	}
	e.length = e.cum[len(e.cum)-1]
	return e
}

// gentleCurve bends the straight line a-b by a small, deterministic amount
// (a half sine of 1.5% of the length plus a 0.7% S-bend, sides chosen by a
// hash of seed) so that an edge without known waypoints still reads as a
// road on the map rather than a ruler line.
func gentleCurve(a, b Point, seed string) []Point {
	// The bend lengthens segments by up to ~5%: space points a bit closer.
	n := int(math.Ceil(distanceMeters(a, b) / (0.9 * shapeSpacingMeters)))
	if n < 2 {
		return []Point{a, b}
	}
	h := fnv.New32a()
	h.Write([]byte(seed))
	sum := h.Sum32()
	side1, side2 := 1.0, 1.0
	if sum&1 == 1 {
		side1 = -1
	}
	if sum&2 == 2 {
		side2 = -1
	}
	k := math.Cos((a.Lat + b.Lat) / 2 * math.Pi / 180)
	dx, dy := (b.Lon-a.Lon)*k, b.Lat-a.Lat
	length := math.Hypot(dx, dy)
	px, py := -dy/length, dx/length // unit normal in the local plane
	pts := make([]Point, 0, n+1)
	pts = append(pts, a)
	for i := 1; i < n; i++ {
		t := float64(i) / float64(n)
		off := length * (0.015*side1*math.Sin(math.Pi*t) + 0.007*side2*math.Sin(2*math.Pi*t))
		p := lerp(a, b, t)
		pts = append(pts, Point{Lat: p.Lat + py*off, Lon: p.Lon + px*off/k})
	}
	return append(pts, b)
}
