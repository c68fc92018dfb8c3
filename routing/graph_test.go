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

var _ = strings.Contains
