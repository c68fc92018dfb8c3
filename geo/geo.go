// Package geo holds the geometry the planner needs on a spherical Earth:
// great-circle distances, distances along and off a route polyline, and an
// immutable spatial index of fuel stations.
//
// The Earth is a sphere of radius EarthRadiusMiles. Every distance in the
// package (DistanceMiles, Polyline.Project, Index.Radius, Index.NearRoute) is
// computed exactly on that sphere, so they agree with each other to float64
// rounding (about 1e-9 mi). The sphere itself differs from the WGS84
// ellipsoid by up to about 0.5 %, which is far below what a fuel plan cares
// about.
//
// Longitudes are expected in [-180, 180]. Routes that cross the antimeridian
// or pass over a pole are handled correctly but searched slowly (their
// bounding boxes widen to all longitudes); the product only covers the US.
package geo

import "math"

// EarthRadiusMiles is the mean Earth radius used for all distances.
const EarthRadiusMiles = 3958.8

// MetersPerMile converts between metres (as map services report them) and
// miles. docs/product.md §9 fixes it at 1609.34.
const MetersPerMile = 1609.34

// toleranceMiles absorbs float rounding when a distance is compared with a
// radius, so that a station placed exactly at the radius counts as inside.
const toleranceMiles = 1e-9

// Point is a position in degrees.
type Point struct {
	Lat, Lon float64
}

// DistanceMiles is the great-circle (haversine) distance between a and b.
func DistanceMiles(a, b Point) float64 {
	lat1, lat2 := radians(a.Lat), radians(b.Lat)
	dLat := lat2 - lat1
	dLon := radians(b.Lon - a.Lon)
	sinLat, sinLon := math.Sin(dLat/2), math.Sin(dLon/2)
	h := sinLat*sinLat + math.Cos(lat1)*math.Cos(lat2)*sinLon*sinLon
	if h > 1 {
		h = 1
	}
	return 2 * EarthRadiusMiles * math.Asin(math.Sqrt(h))
}

func radians(deg float64) float64 { return deg * math.Pi / 180 }
func degrees(rad float64) float64 { return rad * 180 / math.Pi }

// vec3 is a point on the unit sphere; vector algebra avoids the trigonometry
// that per-candidate checks would otherwise need.
type vec3 struct{ x, y, z float64 }

func unitVector(p Point) vec3 {
	sinLat, cosLat := math.Sincos(radians(p.Lat))
	sinLon, cosLon := math.Sincos(radians(p.Lon))
	return vec3{cosLat * cosLon, cosLat * sinLon, sinLat}
}

func (a vec3) dot(b vec3) float64 { return a.x*b.x + a.y*b.y + a.z*b.z }

func (a vec3) cross(b vec3) vec3 {
	return vec3{a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x}
}

func (a vec3) sub(b vec3) vec3      { return vec3{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a vec3) add(b vec3) vec3      { return vec3{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a vec3) scale(k float64) vec3 { return vec3{a.x * k, a.y * k, a.z * k} }
func (a vec3) norm() float64        { return math.Sqrt(a.dot(a)) }

// chordToMiles converts the straight-line distance between two unit vectors
// into the great-circle distance; it is exact and well conditioned for the
// short distances that matter here.
func chordToMiles(chord float64) float64 {
	half := chord / 2
	if half > 1 {
		half = 1
	}
	return 2 * EarthRadiusMiles * asin(half)
}

// smallAngle bounds the arguments for which asin and atan2 use their
// series: 0.01 rad is about 40 miles, more than any corridor or segment
// the search converts.
const smallAngle = 0.01

// asin is math.Asin, by its Taylor series for |x| ≤ smallAngle: the first
// omitted term (35x⁹/1152) is below 3e-18 of the result there, far under
// float64's rounding, so the series is as exact as math.Asin, at a
// fraction of its cost (no square root, division or rational function).
// The corridor search converts a distance for every station it finds.
func asin(x float64) float64 {
	if math.Abs(x) <= smallAngle {
		x2 := x * x
		return x + x*x2*(1.0/6+x2*(3.0/40+x2*(5.0/112)))
	}
	return math.Asin(x)
}

// atan2 is math.Atan2, by the Taylor series of atan(y/x) when 0 ≤ y ≤
// smallAngle·x (the first omitted term, t⁹/9, is below 1.2e-17 of the
// result there), as for the angle from a segment's start to a station's
// foot on it.
func atan2(y, x float64) float64 {
	if x > 0 && y >= 0 && y <= smallAngle*x {
		t := y / x
		t2 := t * t
		return t - t*t2*(1.0/3-t2*(1.0/5-t2*(1.0/7)))
	}
	return math.Atan2(y, x)
}
