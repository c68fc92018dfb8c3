package bench

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
	fphttp "fuelportal/http"
	"fuelportal/routing"
	"fuelportal/timezone"
)

// encodeView is the map view's answer as the server writes it.
func encodeView(clusters []catalog.Cluster, stations []*fuelportal.Station) []byte {
	b, _ := json.Marshal(fphttp.MapViewAnswer(clusters, stations, fuelportal.FeedPricing(), time.Now()))
	return b
}

func gzipSize(b []byte) int {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Len()
}

// mapViews are the views of the map benchmark: the whole US as the planner
// opens it (zoom 4, a 1920 × 1080 screen is wider than the box) and a city
// view (zoom 12, 1280 × 800 pixels) around random stations.
var mapViews = []struct {
	name string
	zoom int
	box  func(*mrand.Rand, []*fuelportal.Station) geo.Box
}{
	{"us-zoom4", 4, func(*mrand.Rand, []*fuelportal.Station) geo.Box {
		return geo.Box{West: -128, South: 22, East: -64, North: 51}
	}},
	{"city-zoom12", 12, func(r *mrand.Rand, ss []*fuelportal.Station) geo.Box {
		s := ss[r.IntN(len(ss))]
		// 1280 × 800 px at zoom 12 (512-px tiles): 0.22° × ~0.14° near 35°N.
		return geo.Box{West: s.Longitude - 0.11, South: s.Latitude - 0.07, East: s.Longitude + 0.11, North: s.Latitude + 0.07}
	}},
}

// BenchmarkMapView is GET /api/locations/map in process: the clustering
// (catalog.MapView) and the JSON encoding of the answer; it reports the
// answer's plain and gzipped size.
func BenchmarkMapView(b *testing.B) {
	for _, n := range append([]int{6_000}, stationCounts...) {
		stations := stationsAlongRoads(n)
		c := catalog.FromStations(stations)
		for _, v := range mapViews {
			b.Run(fmt.Sprintf("stations=%d/%s", n, v.name), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				rnd := mrand.New(mrand.NewPCG(3, 4))
				ctx := context.Background()
				var times callTimes
				var body []byte
				var clusters, singles int
				for b.Loop() {
					box := v.box(rnd, stations)
					var err error
					times.time(func() {
						var cl []catalog.Cluster
						var st []*fuelportal.Station
						if cl, st, err = c.MapView(ctx, box, v.zoom, nil, nil); err == nil {
							body = encodeView(cl, st)
							clusters, singles = len(cl), len(st)
						}
					})
					if err != nil {
						b.Fatal(err)
					}
				}
				times.report(b)
				b.ReportMetric(float64(len(body)), "bytes")
				b.ReportMetric(float64(gzipSize(body)), "gzip-bytes")
				b.ReportMetric(float64(clusters), "clusters")
				b.ReportMetric(float64(singles), "stations")
			})
		}
	}
}

// TestMemoryAt100k reports the heap and RSS of the station catalog and the
// built-in geocoder's station entries at 100,000 stations (what the server
// holds for them). Run with BENCH=1 go test ./bench -run TestMemoryAt100k -v.
func TestMemoryAt100k(t *testing.T) {
	if os.Getenv("BENCH") == "" {
		t.Skip("set BENCH=1")
	}
	heap := func() (uint64, uint64) {
		runtime.GC()
		debug.FreeOSMemory()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		status, _ := os.ReadFile("/proc/self/status")
		var rss uint64
		for _, line := range strings.Split(string(status), "\n") {
			if strings.HasPrefix(line, "VmRSS:") {
				fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, "VmRSS:"), "kB")), &rss)
			}
		}
		return ms.HeapInuse, rss * 1024
	}
	gaz := routing.BuiltinGazetteer()
	h0, r0 := heap()
	stations := stationsAlongRoads(100_000)
	h1, r1 := heap()
	c := catalog.FromStations(stations)
	h2, r2 := heap()
	places := make([]routing.Place, len(stations))
	for i, st := range stations {
		places[i] = routing.Place{Name: st.Name, Address: st.Address, City: st.City, State: st.State, Zip: st.ZipCode,
			Lat: st.Latitude, Lon: st.Longitude, Kind: routing.KindStation}
	}
	gaz.Add(places...)
	places = nil
	h3, r3 := heap()
	mb := func(x uint64) float64 { return float64(x) / (1 << 20) }
	t.Logf("baseline: heap %.1f MB, RSS %.1f MB", mb(h0), mb(r0))
	t.Logf("100,000 stations: heap +%.1f MB (%.0f B/station), RSS %.1f MB", mb(h1-h0), float64(h1-h0)/1e5, mb(r1))
	t.Logf("catalog indexes: heap +%.1f MB (%.0f B/station), RSS %.1f MB", mb(h2-h1), float64(h2-h1)/1e5, mb(r2))
	t.Logf("geocoder station entries: heap +%.1f MB (%.0f B/station), RSS %.1f MB", mb(h3-h2), float64(h3-h2)/1e5, mb(r3))
	t.Logf("total heap in use %.1f MB, RSS %.1f MB", mb(h3), mb(r3))
	// The stations' time-zone map the server builds at start (before the catalog there).
	if err := timezone.Load(); err != nil {
		t.Fatal(err)
	}
	hz, rz := heap()
	t.Logf("time-zone map: heap +%.1f MB, RSS %.1f MB", mb(hz-h3), mb(rz))
	runtime.KeepAlive(c)

	// A reload: the store hands the catalog new records (every string its
	// own, as the database driver's are) and the first snapshot is
	// dropped; the geocoder keeps what it learned from the first.
	reloaded := make([]*fuelportal.Station, len(stations))
	for i, st := range stations {
		cp := *st
		for _, s := range []*string{&cp.Name, &cp.StationLocation, &cp.Address, &cp.City, &cp.State, &cp.ZipCode, &cp.Country, &cp.Chain, &cp.Affiliate} {
			*s = strings.Clone(*s)
		}
		reloaded[i] = &cp
	}
	stationsMu.Lock()
	delete(stationsByLen, len(stations))
	stationsMu.Unlock()
	stations = nil
	reloadedCatalog := catalog.FromStations(reloaded)
	h4, r4 := heap()
	t.Logf("after a reload (new records, the first snapshot dropped): total heap in use %.1f MB, RSS %.1f MB", mb(h4), mb(r4))
	runtime.KeepAlive(reloadedCatalog)
	runtime.KeepAlive(gaz)
}

// BenchmarkGeocode is the built-in geocoder's search (GET /api/geocode)
// over its own places and 100,000 stations: a station's name, its name
// and state, an address, a city, a one-letter prefix.
func BenchmarkGeocode(b *testing.B) {
	stations := stationsAlongRoads(100_000)
	gaz := routing.BuiltinGazetteer()
	places := make([]routing.Place, len(stations))
	for i, st := range stations {
		places[i] = routing.Place{Name: st.Name, Address: st.Address, City: st.City, State: st.State, Zip: st.ZipCode,
			Lat: st.Latitude, Lon: st.Longitude, Kind: routing.KindStation}
	}
	gaz.Add(places...)
	for _, q := range []string{"pilot travel center #102", "love's travel stop #202 ca", "2201 s ross", "amarillo, tx", "s"} {
		b.Run(q, func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				if _, err := gaz.Geocode(ctx, q, 10); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
