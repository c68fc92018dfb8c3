package routing

import (
	"context"
	"math"
	"strings"
	"testing"
)

// place returns a built-in place by label, failing the test when missing.
func place(t testing.TB, label string) Point {
	t.Helper()
	g := Builtin()
	i, ok := g.byLabel[label]
	if !ok {
		t.Fatalf("no place %q", label)
	}
	return g.places[i].Point()
}

func TestRoute_KnownCityPairsDriveRealisticDistances(t *testing.T) {
	tests := []struct {
		from, to string
		miles    float64 // real driving distance
	}{
		{"Los Angeles, CA", "New York, NY", 2790},
		{"Chicago, IL", "Dallas, TX", 925},
		{"Atlanta, GA", "Miami, FL", 662},
		{"Seattle, WA", "Portland, OR", 174},
		{"Denver, CO", "Kansas City, MO", 605},
		{"Houston, TX", "San Antonio, TX", 197},
		{"San Francisco, CA", "Salt Lake City, UT", 735},
		{"Boston, MA", "Washington, DC", 440},
		{"Nashville, TN", "Memphis, TN", 212},
		{"Phoenix, AZ", "Albuquerque, NM", 466},
		{"Minneapolis, MN", "Chicago, IL", 408},
		{"Jacksonville, FL", "Houston, TX", 860},
	}
	for _, tt := range tests {
		t.Run(tt.from+" to "+tt.to, func(t *testing.T) {
			routes, err := Builtin().Route(context.Background(), place(t, tt.from), place(t, tt.to), nil)
			if err != nil {
				t.Fatal(err)
			}
			got := routes[0].DistanceMeters / MetersPerMile
			t.Logf("%s -> %s: %.0f mi (real %.0f, %+.1f%%) %s, %s", tt.from, tt.to, got, tt.miles, (got/tt.miles-1)*100, DurationText(routes[0].DurationSeconds), routes[0].Summary)
			if math.Abs(got/tt.miles-1) > 0.08 {
				t.Errorf("distance %.0f mi, want %.0f mi ± 8%%", got, tt.miles)
			}
		})
	}
}

func TestBuiltin_GraphIsConnected(t *testing.T) {
	g := Builtin()
	seen := make([]bool, len(g.places))
	stack := []int{0}
	seen[0] = true
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, a := range g.adj[u] {
			if !seen[a.to] {
				seen[a.to] = true
				stack = append(stack, a.to)
			}
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Errorf("%s is not reachable from %s", g.places[i].Label(), g.places[0].Label())
		}
	}
}

func TestBuiltin_PlacesAreUniqueAndInsideTheContinentalUS(t *testing.T) {
	places := Builtin().Places()
	if len(places) < 250 {
		t.Errorf("%d places, want at least 250", len(places))
	}
	labels := map[string]bool{}
	states := map[string]bool{}
	for _, p := range places {
		if labels[p.Label()] {
			t.Errorf("duplicate place %s", p.Label())
		}
		labels[p.Label()] = true
		states[p.State] = true
		if p.Lat < 24.5 || p.Lat > 49.5 || p.Lon < -125 || p.Lon > -66.9 {
			t.Errorf("%s at %v is outside the continental US", p.Label(), p.Point())
		}
		if StateName(p.State) == "" {
			t.Errorf("%s has unknown state %q", p.Label(), p.State)
		}
		if p.Kind != KindCity && p.Kind != KindHub {
			t.Errorf("%s has kind %q", p.Label(), p.Kind)
		}
	}
	for code := range stateNames {
		if code != "AK" && code != "HI" && !states[code] {
			t.Errorf("no place in %s", code)
		}
	}
}

func TestBuiltin_EdgesAreLabelledPolylines(t *testing.T) {
	edges := Builtin().Edges()
	if len(edges) < len(Builtin().Places()) {
		t.Errorf("%d edges for %d places", len(edges), len(Builtin().Places()))
	}
	for _, e := range edges {
		if !strings.HasPrefix(e.Highway, "I-") && !strings.HasPrefix(e.Highway, "US-") &&
			!strings.HasPrefix(e.Highway, "CA-") && e.Highway != "Florida's Turnpike" {
			t.Errorf("%s to %s: odd highway name %q", e.From, e.To, e.Highway)
		}
		if len(e.Points) < 2 {
			t.Fatalf("%s to %s: %d points", e.From, e.To, len(e.Points))
		}
		straight := distanceMeters(e.Points[0], e.Points[len(e.Points)-1])
		if e.DistanceMeters < straight {
			t.Errorf("%s to %s: road %.0f m shorter than straight %.0f m", e.From, e.To, e.DistanceMeters, straight)
		}
		if straight > 2*shapeSpacingMeters && len(e.Points) < 3 {
			t.Errorf("%s to %s: long edge without shape points", e.From, e.To)
		}
		for i := 1; i < len(e.Points); i++ {
			if d := distanceMeters(e.Points[i-1], e.Points[i]); d > shapeSpacingMeters+1 {
				t.Errorf("%s to %s: shape points %.0f m apart", e.From, e.To, d)
				break
			}
		}
	}
}

func TestLoadGraph_RejectsBadData(t *testing.T) {
	places := "A,TX,,30,-97,city,1\nB,TX,,31,-97,city,1\n"
	tests := []struct {
		name, places, highways, want string
	}{
		{"unknown place", places, "I-1: A, TX > C, TX", "unknown place"},
		{"duplicate edge", places, "I-1: A, TX > B, TX\nI-2: B, TX > A, TX", "already joined"},
		{"duplicate place", places + "A,TX,,32,-97,city,1\n", "", "duplicate place"},
		{"bad waypoint", places, "I-1: A, TX > @x,y > B, TX", "bad waypoint"},
		{"missing colon", places, "I-1 A, TX > B, TX", "missing ':'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := LoadGraph(strings.NewReader(tt.places), strings.NewReader(tt.highways))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want it to mention %q", err, tt.want)
			}
		})
	}
}
