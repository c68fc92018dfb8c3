// Package timezone tells the time zone at a station's coordinates, offline:
// the IANA zone whose boundary holds the point, from the time-zone
// boundaries that github.com/ringsaturn/tzf ships (its "lite" polygons,
// simplified to about a hundred metres), kept in memory only for the
// region stations are in (the United States and what borders it).
//
// Stations report purchases in their own wall-clock time; the store reads
// that time in the zone At returns (docs/decisions.md, "Times").
package timezone

import (
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // zones load on a host without a zoneinfo database

	"github.com/ringsaturn/tzf"
	tzfrellite "github.com/ringsaturn/tzf-rel-lite"
	pb "github.com/ringsaturn/tzf/gen/go/tzf/v1"
	"github.com/ringsaturn/tzf/reduce"
	"google.golang.org/protobuf/proto"
)

// Region is the longitude and latitude box whose zones are kept: the 50
// states (Alaska's Aleutians up to the antimeridian, Hawaii), Puerto Rico
// and the zones that border them. A point outside it has no zone.
var Region = struct{ MinLon, MinLat, MaxLon, MaxLat float64 }{-180, 15, -64, 72}

var (
	loadOnce sync.Once
	finder   tzf.F
	loadErr  error

	locations sync.Map // zone name → *time.Location
)

// load builds the finder of the zones whose boundaries reach into Region,
// decoding one zone at a time so that the world's polygons are never all
// in memory at once (about 4 MB stay; building it takes under a second).
func load() {
	all := &pb.CompressedTimezones{}
	if loadErr = proto.Unmarshal(tzfrellite.LiteCompressData, all); loadErr != nil {
		return
	}
	kept := &pb.Timezones{Version: all.Version}
	for _, zone := range all.Timezones {
		one, err := reduce.Decompress(&pb.CompressedTimezones{Method: all.Method, Version: all.Version, Timezones: []*pb.CompressedTimezone{zone}})
		if err != nil {
			loadErr = err
			return
		}
		if tz := one.Timezones[0]; reachesRegion(tz) {
			kept.Timezones = append(kept.Timezones, tz)
		}
	}
	finder, loadErr = tzf.NewFinderFromPB(kept, tzf.SetDropPBTZ)
}

// reachesRegion reports whether a polygon's bounding box of zone tz
// overlaps Region.
func reachesRegion(tz *pb.Timezone) bool {
	for _, poly := range tz.Polygons {
		if len(poly.Points) == 0 {
			continue
		}
		minLon, minLat, maxLon, maxLat := 180.0, 90.0, -180.0, -90.0
		for _, p := range poly.Points {
			lon, lat := float64(p.Lng), float64(p.Lat)
			minLon, maxLon = min(minLon, lon), max(maxLon, lon)
			minLat, maxLat = min(minLat, lat), max(maxLat, lat)
		}
		if minLon <= Region.MaxLon && maxLon >= Region.MinLon && minLat <= Region.MaxLat && maxLat >= Region.MinLat {
			return true
		}
	}
	return false
}

// Load builds the zone map now instead of at the first look-up (the server
// does it at start, so the first purchase does not wait for it).
func Load() error {
	loadOnce.Do(load)
	return loadErr
}

// landSearch are the offsets (degrees) tried around a point that falls in
// the sea: the simplified coastline puts some harbour and island stations
// a few hundred metres offshore, in a fixed-offset sea zone (Etc/GMT+5)
// that knows no daylight saving time.
var landSearch = []float64{0.02, 0.05, 0.1, 0.2}

// Name returns the IANA name of the time zone at the point ("" outside
// Region or when the map cannot load). A point at sea near the coast gets
// the nearest land zone found within about 20 km.
func Name(lat, lon float64) string {
	if Load() != nil || lat < Region.MinLat || lat > Region.MaxLat || lon < Region.MinLon || lon > Region.MaxLon {
		return ""
	}
	name := finder.GetTimezoneName(lon, lat)
	if name != "" && !strings.HasPrefix(name, "Etc/") {
		return name
	}
	for _, d := range landSearch {
		for _, off := range [][2]float64{{d, 0}, {-d, 0}, {0, d}, {0, -d}, {d, d}, {d, -d}, {-d, d}, {-d, -d}} {
			if n := finder.GetTimezoneName(lon+off[1], lat+off[0]); n != "" && !strings.HasPrefix(n, "Etc/") {
				return n
			}
		}
	}
	return name
}

// At returns the time zone at the point, and false with fallback when the
// map has none there.
func At(lat, lon float64, fallback *time.Location) (*time.Location, bool) {
	name := Name(lat, lon)
	if name == "" {
		return fallback, false
	}
	if loc, ok := locations.Load(name); ok {
		return loc.(*time.Location), true
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return fallback, false
	}
	locations.Store(name, loc)
	return loc, true
}
