package routing

import (
	"fmt"
	"math"

	"fuelportal/geo"
)

// Point is a WGS84 coordinate in decimal degrees.
type Point struct {
	Lat float64
	Lon float64
}

// String formats the point as "lat,lon" with six decimals.
func (p Point) String() string { return fmt.Sprintf("%.6f,%.6f", p.Lat, p.Lon) }

// Valid reports whether the point is a finite coordinate on the globe.
func (p Point) Valid() bool {
	return !math.IsNaN(p.Lat) && !math.IsNaN(p.Lon) &&
		p.Lat >= -90 && p.Lat <= 90 && p.Lon >= -180 && p.Lon <= 180
}

// MetersPerMile is the statute mile used for display and speeds.
const MetersPerMile = geo.MetersPerMile

// distanceMeters is the great-circle distance between a and b (geo's sphere).
func distanceMeters(a, b Point) float64 {
	return geo.DistanceMiles(geo.Point{Lat: a.Lat, Lon: a.Lon}, geo.Point{Lat: b.Lat, Lon: b.Lon}) * geo.MetersPerMile
}

// lerp is the point a fraction t of the way from a to b. Linear in degrees is
// close enough to the great circle over the short spans it is used for.
func lerp(a, b Point, t float64) Point {
	return Point{Lat: a.Lat + (b.Lat-a.Lat)*t, Lon: a.Lon + (b.Lon-a.Lon)*t}
}

// densify inserts evenly spaced points so that consecutive points are at most
// maxMeters apart. The input is not modified.
func densify(pts []Point, maxMeters float64) []Point {
	if len(pts) < 2 {
		return append([]Point(nil), pts...)
	}
	out := make([]Point, 0, len(pts))
	out = append(out, pts[0])
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		n := int(math.Ceil(distanceMeters(a, b) / maxMeters))
		for k := 1; k < n; k++ {
			out = append(out, lerp(a, b, float64(k)/float64(n)))
		}
		out = append(out, b)
	}
	return out
}

// projectOnSegment returns the fraction t in [0,1] of the point on segment
// a-b nearest to p, using a local equirectangular plane around p.
func projectOnSegment(p, a, b Point) float64 {
	k := math.Cos(p.Lat * math.Pi / 180)
	ax, ay := (a.Lon-p.Lon)*k, a.Lat-p.Lat
	bx, by := (b.Lon-p.Lon)*k, b.Lat-p.Lat
	dx, dy := bx-ax, by-ay
	den := dx*dx + dy*dy
	if den == 0 {
		return 0
	}
	t := -(ax*dx + ay*dy) / den
	return math.Max(0, math.Min(1, t))
}
