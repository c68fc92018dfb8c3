package provider

import (
	"errors"
	"strconv"

	"fuelportal/routing"
)

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }

// lonLatPoints converts GeoJSON positions ([lon, lat] or [lon, lat, ele]).
func lonLatPoints(coords [][]float64) []routing.Point {
	pts := make([]routing.Point, 0, len(coords))
	for _, c := range coords {
		if len(c) >= 2 {
			pts = append(pts, routing.Point{Lat: c[1], Lon: c[0]})
		}
	}
	return pts
}

var errPolyline = errors.New("malformed encoded polyline")

// decodePolyline decodes Google's encoded polyline format with the given
// precision: 1e6 for Valhalla's polyline6, 1e5 for the classic format.
func decodePolyline(s string, precision float64) ([]routing.Point, error) {
	var pts []routing.Point
	var lat, lon int64
	i := 0
	next := func() (int64, error) {
		var result int64
		shift := uint(0)
		for {
			if i >= len(s) {
				return 0, errPolyline
			}
			b := int64(s[i]) - 63
			i++
			if b < 0 || b > 63 || shift > 60 {
				return 0, errPolyline
			}
			result |= (b & 0x1f) << shift
			shift += 5
			if b < 0x20 {
				break
			}
		}
		if result&1 != 0 {
			return ^(result >> 1), nil
		}
		return result >> 1, nil
	}
	for i < len(s) {
		dlat, err := next()
		if err != nil {
			return nil, err
		}
		dlon, err := next()
		if err != nil {
			return nil, err
		}
		lat += dlat
		lon += dlon
		pts = append(pts, routing.Point{Lat: float64(lat) / precision, Lon: float64(lon) / precision})
	}
	return pts, nil
}

// encodePolyline is decodePolyline's inverse, for tests and fixtures.
func encodePolyline(pts []routing.Point, precision float64) string {
	var out []byte
	var plat, plon int64
	put := func(v int64) {
		u := v << 1
		if v < 0 {
			u = ^u
		}
		for u >= 0x20 {
			out = append(out, byte((0x20|(u&0x1f))+63))
			u >>= 5
		}
		out = append(out, byte(u+63))
	}
	for _, p := range pts {
		lat, lon := round(p.Lat*precision), round(p.Lon*precision)
		put(lat - plat)
		put(lon - plon)
		plat, plon = lat, lon
	}
	return string(out)
}

func round(v float64) int64 {
	if v < 0 {
		return int64(v - 0.5)
	}
	return int64(v + 0.5)
}
