package timezone

import (
	"testing"
	"time"
)

func TestNameAtStations(t *testing.T) {
	for _, c := range []struct {
		place    string
		lat, lon float64
		want     string
	}{
		{"Dallas, TX", 32.7767, -96.7970, "America/Chicago"},
		{"El Paso, TX (Mountain time in a Central state)", 31.7619, -106.4850, "America/Denver"},
		{"Amarillo, TX", 35.2220, -101.8313, "America/Chicago"},
		{"Phoenix, AZ (no daylight saving)", 33.4484, -112.0740, "America/Phoenix"},
		{"Atlanta, GA", 33.7490, -84.3880, "America/New_York"},
		{"Louisville, KY", 38.2527, -85.7585, "America/Kentucky/Louisville"},
		{"Indianapolis, IN", 39.7684, -86.1581, "America/Indiana/Indianapolis"},
		{"Boise, ID", 43.6150, -116.2023, "America/Boise"},
		{"Portland, OR", 45.5152, -122.6784, "America/Los_Angeles"},
		{"Anchorage, AK", 61.2181, -149.9003, "America/Anchorage"},
		{"Honolulu, HI", 21.3069, -157.8583, "Pacific/Honolulu"},
		{"Galveston, TX, on the coast", 29.3013, -94.7977, "America/Chicago"},
		{"Key West, FL, on an island", 24.5551, -81.7800, "America/New_York"},
		{"Miami, FL, on the coast", 25.7617, -80.1918, "America/New_York"},
	} {
		if got := Name(c.lat, c.lon); got != c.want {
			t.Errorf("%s: %q, want %q", c.place, got, c.want)
		}
	}
}

func TestNameOutsideTheRegionIsEmpty(t *testing.T) {
	for _, p := range [][2]float64{{51.5, -0.12}, {-33.9, 151.2}, {0, 0}} {
		if got := Name(p[0], p[1]); got != "" {
			t.Errorf("%v: %q, want none", p, got)
		}
	}
}

func TestAtFallsBackOutsideTheRegion(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	if loc, ok := At(48.85, 2.35, chicago); ok || loc != chicago {
		t.Errorf("Paris: %v %v, want the fallback", loc, ok)
	}
	loc, ok := At(31.7619, -106.4850, chicago)
	if !ok || loc.String() != "America/Denver" {
		t.Errorf("El Paso: %v %v", loc, ok)
	}
}
