package routing

import (
	"context"
	"errors"
	"math"
	"testing"
)

func TestRoute_CoastToCoastOffersMateriallyDifferentAlternatives(t *testing.T) {
	routes, err := Builtin().Route(context.Background(), place(t, "Los Angeles, CA"), place(t, "New York, NY"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(routes) < 2 || len(routes) > MaxRoutes {
		t.Fatalf("%d routes, want 2 to %d", len(routes), MaxRoutes)
	}
	best := routes[0].DistanceMeters
	for i, r := range routes {
		t.Logf("route %d: %s, %s via %s", i, DistanceText(r.DistanceMeters), DurationText(r.DurationSeconds), r.Summary)
		if r.DistanceMeters < best {
			t.Errorf("route %d (%.0f m) is shorter than the first (%.0f m)", i, r.DistanceMeters, best)
		}
		if r.DistanceMeters > MaxDetourFactor*best {
			t.Errorf("route %d is %.0f%% longer than the best", i, (r.DistanceMeters/best-1)*100)
		}
	}
	for i := 1; i < len(routes); i++ {
		if routes[i].Summary == routes[0].Summary && math.Abs(routes[i].DistanceMeters-best) < 1 {
			t.Errorf("route %d repeats the best route", i)
		}
	}
}

func TestRoute_PolylineIsDenseAndStepsCoverIt(t *testing.T) {
	routes, err := Builtin().Route(context.Background(), place(t, "Seattle, WA"), place(t, "Miami, FL"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range routes {
		for i := 1; i < len(r.Points); i++ {
			if d := distanceMeters(r.Points[i-1], r.Points[i]); d > 10*MetersPerMile {
				t.Fatalf("points %d and %d are %.1f mi apart", i-1, i, d/MetersPerMile)
			}
		}
		sum, last := 0.0, 0
		for i, s := range r.Steps {
			if s.StartIndex != last || s.EndIndex < s.StartIndex {
				t.Errorf("step %d (%s) spans %d..%d after one ending at %d", i, s.Highway, s.StartIndex, s.EndIndex, last)
			}
			if i > 0 && s.Highway == r.Steps[i-1].Highway {
				t.Errorf("steps %d and %d are both on %s", i-1, i, s.Highway)
			}
			last = s.EndIndex
			sum += s.DistanceMeters
		}
		if last != len(r.Points)-1 {
			t.Errorf("steps end at point %d of %d", last, len(r.Points))
		}
		if math.Abs(sum-r.DistanceMeters) > 1 {
			t.Errorf("steps add to %.0f m, route is %.0f m", sum, r.DistanceMeters)
		}
	}
}

func TestRoute_ArbitraryPointsJoinTheNearestRoadWithConnectors(t *testing.T) {
	// A farm north of Amarillo and a point just off I-10 east of Tucson.
	from, to := Point{Lat: 35.60, Lon: -101.90}, Point{Lat: 32.10, Lon: -110.70}
	routes, err := Builtin().Route(context.Background(), from, to, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := routes[0]
	if r.Points[0] != from || r.Points[len(r.Points)-1] != to {
		t.Errorf("route runs %v..%v, want %v..%v", r.Points[0], r.Points[len(r.Points)-1], from, to)
	}
	if first := r.Steps[0]; first.Highway != LocalRoads {
		t.Errorf("first step on %s, want a %s connector", first.Highway, LocalRoads)
	}
	if miles := r.DistanceMeters / MetersPerMile; miles < 700 || miles > 850 {
		t.Errorf("distance %.0f mi, want 700..850", miles)
	}
}

func TestRoute_PointsOnOneEdgeDriveAlongIt(t *testing.T) {
	// Both between Tacoma and Olympia on I-5, heading south.
	g := Builtin()
	e := g.edges[g.edgeBetween(t, "Olympia, WA", "Tacoma, WA")]
	from, to := e.shape[len(e.shape)*3/4], e.shape[len(e.shape)/4]
	routes, err := g.Route(context.Background(), from, to, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := math.Abs(e.cum[len(e.shape)*3/4] - e.cum[len(e.shape)/4])
	if got := routes[0].DistanceMeters; math.Abs(got-want) > 1 {
		t.Errorf("distance %.0f m, want %.0f m along the edge", got, want)
	}
	if routes[0].Summary != "I-5" {
		t.Errorf("summary %q, want I-5", routes[0].Summary)
	}
}

func (g *Graph) edgeBetween(t *testing.T, a, b string) int {
	t.Helper()
	ia, ib := g.byLabel[a], g.byLabel[b]
	for _, arc := range g.adj[ia] {
		if arc.to == ib {
			return arc.edge
		}
	}
	t.Fatalf("no edge %s to %s", a, b)
	return -1
}

func TestRoute_ViaPointsAreVisitedInOrder(t *testing.T) {
	g := Builtin()
	direct, err := g.Route(context.Background(), place(t, "Dallas, TX"), place(t, "Atlanta, GA"), nil)
	if err != nil {
		t.Fatal(err)
	}
	via, err := g.Route(context.Background(), place(t, "Dallas, TX"), place(t, "Atlanta, GA"), []Point{place(t, "Memphis, TN"), place(t, "Nashville, TN")})
	if err != nil {
		t.Fatal(err)
	}
	if len(via) != 1 {
		t.Fatalf("%d routes with via points, want 1", len(via))
	}
	if via[0].DistanceMeters <= direct[0].DistanceMeters {
		t.Errorf("via Memphis and Nashville (%.0f m) is not longer than direct (%.0f m)", via[0].DistanceMeters, direct[0].DistanceMeters)
	}
	passes := func(p Point) bool {
		for _, q := range via[0].Points {
			if distanceMeters(p, q) < 1000 {
				return true
			}
		}
		return false
	}
	for _, city := range []string{"Memphis, TN", "Nashville, TN"} {
		if !passes(place(t, city)) {
			t.Errorf("route does not pass %s", city)
		}
	}
}

func TestRoute_NearbyPointsOffTheInterstatesDriveLocalRoads(t *testing.T) {
	tests := []struct {
		name     string
		from, to Point
		miles    float64
	}{
		{"same point is an empty route", Point{Lat: 36.0, Lon: -100.0}, Point{Lat: 36.0, Lon: -100.0}, 0},
		{"same place on the graph is an empty route", place(t, "Dallas, TX"), place(t, "Dallas, TX"), 0},
		{"two ranches far from I-40", Point{Lat: 36.0, Lon: -100.0}, Point{Lat: 36.1, Lon: -100.0}, 6.9 * LocalRoadFactor},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			routes, err := Builtin().Route(context.Background(), tt.from, tt.to, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := routes[0]
			if len(routes) != 1 || len(r.Points) < 2 || math.Abs(r.DistanceMeters/MetersPerMile-tt.miles) > 0.1 {
				t.Errorf("%d routes, first %.1f mi with %d points; want one of %.1f mi", len(routes), r.DistanceMeters/MetersPerMile, len(r.Points), tt.miles)
			}
		})
	}
}

func TestRoute_Errors(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	dallas := place(t, "Dallas, TX")
	tests := []struct {
		name     string
		ctx      context.Context
		from, to Point
		want     error
	}{
		{"invalid latitude is rejected", context.Background(), Point{Lat: 91, Lon: -97}, dallas, ErrInvalidPoint},
		{"NaN is rejected", context.Background(), dallas, Point{Lat: math.NaN(), Lon: 0}, ErrInvalidPoint},
		{"Honolulu has no road to Dallas", context.Background(), Point{Lat: 21.31, Lon: -157.86}, dallas, ErrNoRoute},
		{"canceled context stops the search", canceled, place(t, "Boston, MA"), dallas, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Builtin().Route(tt.ctx, tt.from, tt.to, nil)
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

func BenchmarkRouteBuiltin(b *testing.B) {
	g := Builtin()
	cases := []struct {
		name     string
		from, to string
	}{
		{"coast to coast with alternatives", "Los Angeles, CA", "New York, NY"},
		{"regional", "Dallas, TX", "Houston, TX"},
	}
	for _, c := range cases {
		from, to := place(b, c.from), place(b, c.to)
		// Start a little off the graph so snapping is measured too.
		from.Lat += 0.05
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := g.Route(context.Background(), from, to, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
