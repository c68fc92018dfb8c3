// Package bench holds the benchmarks whose figures are kept in README.md.
// They are not part of the normal test run: run them with
//
//	go test ./bench -run '^$' -bench . -benchtime 2s
//
// The PostGIS comparison needs a PostgreSQL server with the postgis
// extension available (BENCH_POSTGIS_URL, default
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable); it creates
// and drops a throwaway database and skips when that is not possible.
package bench

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"math"
	mrand "math/rand/v2"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"

	"fuelportal"
	"fuelportal/bench/cputime"
	"fuelportal/catalog"
	"fuelportal/demo"
	"fuelportal/geo"
	"fuelportal/plan"
	"fuelportal/routing"
)

var stationCounts = []int{50_000, 100_000}

var (
	stationsMu    sync.Mutex
	stationsByLen = map[int][]*fuelportal.Station{}
)

// stationsAlongRoads returns n demo stations spread along the built-in
// road network (the density of real truck stops, times n/6000).
func stationsAlongRoads(n int) []*fuelportal.Station {
	stationsMu.Lock()
	defer stationsMu.Unlock()
	if s, ok := stationsByLen[n]; ok {
		return s
	}
	s, _ := demo.GenerateStations(n, time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	stationsByLen[n] = s
	return s
}

// coastToCoast is the built-in route from Los Angeles to New York
// resampled to exactly n points.
func coastToCoast(tb testing.TB, n int) []geo.Point {
	routes, err := routing.Builtin().Route(context.Background(), routing.Point{Lat: 34.05, Lon: -118.24}, routing.Point{Lat: 40.71, Lon: -74.01}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	src := make([]geo.Point, len(routes[0].Points))
	for i, p := range routes[0].Points {
		src[i] = geo.Point{Lat: p.Lat, Lon: p.Lon}
	}
	cum := geo.CumulativeMiles(src)
	total := cum[len(cum)-1]
	out := make([]geo.Point, n)
	j := 1
	for i := range n {
		target := total * float64(i) / float64(n-1)
		for j < len(src)-1 && cum[j] < target {
			j++
		}
		t := 0.0
		if seg := cum[j] - cum[j-1]; seg > 0 {
			t = min(max((target-cum[j-1])/seg, 0), 1)
		}
		out[i] = geo.Point{Lat: src[j-1].Lat + t*(src[j].Lat-src[j-1].Lat), Lon: src[j-1].Lon + t*(src[j].Lon-src[j-1].Lon)}
	}
	return out
}

// reportPercentiles adds p50 and p99 of the per-operation durations.
func reportPercentiles(b *testing.B, durations []time.Duration) {
	if len(durations) == 0 {
		return
	}
	slices.Sort(durations)
	at := func(q float64) float64 {
		return float64(durations[min(len(durations)-1, int(q*float64(len(durations))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
}

// callTimes collects each call's wall-clock and thread CPU time: on a
// shared machine the wall-clock tail is the scheduler's, the CPU time the
// code's. Lock the goroutine to its thread (runtime.LockOSThread) first.
type callTimes struct{ wall, cpu []time.Duration }

func (c *callTimes) time(call func()) {
	start, startCPU := time.Now(), cputime.Thread()
	call()
	c.cpu = append(c.cpu, cputime.Thread()-startCPU)
	c.wall = append(c.wall, time.Since(start))
}

// report adds p50-ms and p99-ms (wall) and cpu-p50-ms and cpu-p99-ms.
func (c *callTimes) report(b *testing.B) {
	reportPercentiles(b, c.wall)
	if len(c.cpu) == 0 {
		return
	}
	slices.Sort(c.cpu)
	at := func(q float64) float64 {
		return float64(c.cpu[min(len(c.cpu)-1, int(q*float64(len(c.cpu))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "cpu-p50-ms")
	b.ReportMetric(at(0.99), "cpu-p99-ms")
}

// BenchmarkNearRoute is the near-route search of POST
// /api/locations/near-route on the in-memory index: polyline preparation,
// corridor query and the station lookup, for a 5,000-point coast-to-coast
// route.
func BenchmarkNearRoute(b *testing.B) {
	route := coastToCoast(b, 5000)
	for _, n := range stationCounts {
		c := catalog.FromStations(stationsAlongRoads(n))
		for _, radius := range []float64{5, 10} {
			b.Run(fmt.Sprintf("stations=%d/radius=%gmi", n, radius), func(b *testing.B) {
				ctx := context.Background()
				var found int
				durations := make([]time.Duration, 0, b.N)
				for b.Loop() {
					start := time.Now()
					hits, err := c.NearRoute(ctx, route, radius, nil)
					durations = append(durations, time.Since(start))
					if err != nil {
						b.Fatal(err)
					}
					found = len(hits)
				}
				b.ReportMetric(float64(found), "stations")
				reportPercentiles(b, durations)
			})
		}
	}
}

// BenchmarkNearRoutePostGIS runs the same query in PostgreSQL + PostGIS:
// ST_DWithin on geography with a GiST index, plus the distance off and the
// position along the route for each hit.
func BenchmarkNearRoutePostGIS(b *testing.B) {
	db := postgisDatabase(b)
	route := coastToCoast(b, 5000)
	var wkt strings.Builder
	wkt.WriteString("SRID=4326;LINESTRING(")
	for i, p := range route {
		if i > 0 {
			wkt.WriteString(",")
		}
		fmt.Fprintf(&wkt, "%f %f", p.Lon, p.Lat)
	}
	wkt.WriteString(")")
	// "whole-route" is the plain query: the GiST index only sees the route's
	// bounding box (most of the country), so almost every station is
	// measured exactly against the 5,000-point line (seconds per query).
	// "pieces" cuts the route, in order, into 32-segment pieces sharing
	// their end points, so the index prunes per piece; each station is then
	// measured on its nearest piece, and its position along the route is
	// the piece's start plus the located fraction of the piece — what the
	// in-memory index does with its segment groups.
	queries := []struct{ name, sql string }{
		{"whole-route", `
		WITH r AS (SELECT ST_GeogFromText($1) AS g)
		SELECT s.id, ST_Distance(s.geog, r.g) AS off_m,
			ST_LineLocatePoint(r.g::geometry, s.geog::geometry) AS along_fraction
		FROM stations_geo s, r
		WHERE ST_DWithin(s.geog, r.g, $2)
		ORDER BY along_fraction`},
		{"pieces", `
		WITH pts AS MATERIALIZED (
			SELECT (d).path[1] AS i, (d).geom AS pt FROM ST_DumpPoints(ST_GeomFromEWKT($1)) AS d),
		pieces AS MATERIALIZED (
			SELECT k, geom, geom::geography AS geog, ST_Length(geom::geography) AS len_m
			FROM (SELECT k, ST_MakeLine(pt ORDER BY i) AS geom
				FROM (SELECT (i - 1) / 32 AS k, i, pt FROM pts
					UNION ALL
					SELECT (i - 1) / 32 - 1, i, pt FROM pts WHERE i > 1 AND (i - 1) % 32 = 0) v
				GROUP BY k HAVING count(*) > 1) p),
		placed AS MATERIALIZED (
			SELECT k, geom, geog, len_m,
				coalesce(sum(len_m) OVER (ORDER BY k ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS start_m
			FROM pieces),
		near AS (
			SELECT DISTINCT ON (s.id) s.id, ST_Distance(s.geog, p.geog) AS off_m,
				p.start_m + ST_LineLocatePoint(p.geom, s.geog::geometry) * p.len_m AS along_m
			FROM placed p JOIN stations_geo s ON ST_DWithin(s.geog, p.geog, $2)
			ORDER BY s.id, ST_Distance(s.geog, p.geog), p.k)
		SELECT id, off_m, along_m FROM near ORDER BY along_m`},
	}
	for _, n := range stationCounts {
		loadPostGIS(b, db, stationsAlongRoads(n))
		for _, q := range queries {
			if q.name == "whole-route" && os.Getenv("BENCH_POSTGIS_WHOLE_ROUTE") == "" {
				continue // seconds to minutes per query: opt in (see README.md)
			}
			for _, radius := range []float64{5, 10} {
				b.Run(fmt.Sprintf("%s/stations=%d/radius=%gmi", q.name, n, radius), func(b *testing.B) {
					var found int
					durations := make([]time.Duration, 0, b.N)
					for b.Loop() {
						start := time.Now()
						rows, err := db.Query(q.sql, wkt.String(), radius*geo.MetersPerMile)
						if err != nil {
							b.Fatal(err)
						}
						found = 0
						for rows.Next() {
							var id int64
							var off, along float64
							if err := rows.Scan(&id, &off, &along); err != nil {
								b.Fatal(err)
							}
							found++
						}
						rows.Close()
						durations = append(durations, time.Since(start))
					}
					b.ReportMetric(float64(found), "stations")
					reportPercentiles(b, durations)
				})
			}
		}
	}
}

// postgisDatabase creates a throwaway database with PostGIS, dropped when
// the benchmark ends; it skips without a server or the extension.
func postgisDatabase(b *testing.B) *sql.DB {
	base := os.Getenv("BENCH_POSTGIS_URL")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"
	}
	admin, err := sql.Open("pgx", base)
	if err == nil {
		err = admin.Ping()
	}
	if err != nil {
		b.Skipf("no PostgreSQL at %s: %v", base, err)
	}
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	name := "bench_postgis_" + hex.EncodeToString(suffix)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		b.Skipf("create database: %v", err)
	}
	// The planner's row estimates for set-returning PostGIS functions are
	// huge, which switches JIT compilation on: 250 ms and more of compiling
	// for a query that runs in 100 ms. OLTP-style servers turn it off.
	if _, err := admin.Exec("ALTER DATABASE " + name + " SET jit = off"); err != nil {
		b.Fatal(err)
	}
	u, _ := url.Parse(base)
	u.Path = "/" + name
	db, err := sql.Open("pgx", u.String())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		db.Close()
		_, _ = admin.Exec("DROP DATABASE " + name + " WITH (FORCE)")
		admin.Close()
	})
	if _, err := db.Exec("CREATE EXTENSION postgis"); err != nil {
		b.Skipf("PostGIS not available: %v", err)
	}
	return db
}

// loadPostGIS replaces the table's stations with stations and indexes them.
func loadPostGIS(b *testing.B, db *sql.DB, stations []*fuelportal.Station) {
	for _, stmt := range []string{
		"DROP TABLE IF EXISTS stations_geo",
		"CREATE TABLE stations_geo (id BIGINT PRIMARY KEY, geog geography(Point, 4326) NOT NULL)",
	} {
		if _, err := db.Exec(stmt); err != nil {
			b.Fatal(err)
		}
	}
	for start := 0; start < len(stations); start += 5000 {
		chunk := stations[start:min(start+5000, len(stations))]
		var sqlText strings.Builder
		sqlText.WriteString("INSERT INTO stations_geo (id, geog) VALUES ")
		for i, s := range chunk {
			if i > 0 {
				sqlText.WriteString(",")
			}
			fmt.Fprintf(&sqlText, "(%d, ST_GeogFromText('SRID=4326;POINT(%f %f)'))", s.ID, s.Longitude, s.Latitude)
		}
		if _, err := db.Exec(sqlText.String()); err != nil {
			b.Fatal(err)
		}
	}
	for _, stmt := range []string{"CREATE INDEX stations_geo_gist ON stations_geo USING GIST (geog)", "ANALYZE stations_geo"} {
		if _, err := db.Exec(stmt); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRadius is the station search of GET /api/locations: the 500
// cheapest (or largest-discount) stations within the radius of random
// points of the road network (catalog.Best on the ranking index).
func BenchmarkRadius(b *testing.B) {
	for _, n := range append([]int{6_000}, stationCounts...) {
		stations := stationsAlongRoads(n)
		c := catalog.FromStations(stations)
		for _, tc := range []struct {
			name   string
			radius float64
			rank   catalog.Ranking
			center bool // docs/product.md's opening search: centre of the continental US
		}{
			{"radius=50mi/price", 50, catalog.Ranking{}, false},
			{"radius=5000mi/price/us-centre", 5000, catalog.Ranking{}, true},
			{"radius=5000mi/discount-desc/us-centre", 5000, catalog.Ranking{BySavings: true, Desc: true}, true},
			{"radius=5000mi/price/random", 5000, catalog.Ranking{}, false},
		} {
			b.Run(fmt.Sprintf("stations=%d/%s", n, tc.name), func(b *testing.B) {
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				rnd := mrand.New(mrand.NewPCG(1, 2))
				ctx := context.Background()
				var times callTimes
				for b.Loop() {
					p := geo.Point{Lat: 39.8283, Lon: -98.5795}
					if !tc.center {
						s := stations[rnd.IntN(len(stations))]
						p = geo.Point{Lat: s.Latitude, Lon: s.Longitude}
					}
					var err error
					times.time(func() { _, err = c.Best(ctx, p, tc.radius, nil, tc.rank, 500) })
					if err != nil {
						b.Fatal(err)
					}
				}
				times.report(b)
			})
		}
	}
}

// BenchmarkRadiusMeasureAll is what GET /api/locations did before the
// ranking index, for comparison: measure and sort every station in the
// radius (here: then sort all by price and keep 500), on the radius
// index the catalog keeps.
func BenchmarkRadiusMeasureAll(b *testing.B) {
	for _, n := range stationCounts {
		stations := stationsAlongRoads(n)
		items := make([]geo.Item, len(stations))
		for i, s := range stations {
			items[i] = geo.Item{ID: int64(i), Point: geo.Point{Lat: s.Latitude, Lon: s.Longitude}}
		}
		ix := geo.NewIndex(items)
		b.Run(fmt.Sprintf("stations=%d/radius=5000mi/us-centre", n), func(b *testing.B) {
			durations := make([]time.Duration, 0, b.N)
			for b.Loop() {
				start := time.Now()
				hits := ix.Radius(geo.Point{Lat: 39.8283, Lon: -98.5795}, 5000)
				found := make([]catalog.Nearby, len(hits))
				for i, h := range hits {
					found[i] = catalog.Nearby{Station: stations[h.ID], DistanceMiles: h.DistanceMiles}
				}
				slices.SortStableFunc(found, func(x, y catalog.Nearby) int { return int(x.Station.NetPrice - y.Station.NetPrice) })
				_ = found[:min(500, len(found))]
				durations = append(durations, time.Since(start))
			}
			reportPercentiles(b, durations)
		})
	}
}

// BenchmarkPlan is plan.Optimize for 500 candidate stations along a
// 2,800-mile route with a 200-gallon tank.
func BenchmarkPlan(b *testing.B) { benchmarkPlan(b, plan.Costs{}) }

// BenchmarkPlanDetour is BenchmarkPlan with the contract's detour and stop
// costs: $1.85 a mile off the route and $25 a stop.
func BenchmarkPlanDetour(b *testing.B) {
	benchmarkPlan(b, plan.Costs{OutOfRouteTenthCentsPerMile: 1850, StopCents: 2500})
}

func benchmarkPlan(b *testing.B, costs plan.Costs) {
	rnd := mrand.New(mrand.NewPCG(3, 4))
	const routeMiles = 2800.0
	candidates := make([]plan.Station, 500)
	for i := range candidates {
		retail := int64(3300 + rnd.IntN(1200))
		candidates[i] = plan.Station{
			ID: int64(i + 1), AlongMiles: rnd.Float64() * routeMiles, OffMiles: rnd.Float64() * 5,
			RetailPrice: retail, NetPrice: retail - int64(rnd.IntN(450)),
		}
	}
	trip := plan.NewTrip(routeMiles, 200, 60)
	trip.Costs = costs
	// Wall time per call, and the calling thread's CPU time, which a
	// loaded machine disturbs far less (the optimizer runs on one thread).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var times callTimes
	for b.Loop() {
		var err error
		times.time(func() { _, err = plan.Optimize(trip, candidates) })
		if err != nil {
			b.Fatal(err)
		}
	}
	times.report(b)
}

// BenchmarkBuiltinRoute is routing.Builtin().Route with alternatives.
func BenchmarkBuiltinRoute(b *testing.B) {
	pairs := []struct {
		name     string
		from, to routing.Point
	}{
		{"Dallas-Amarillo", routing.Point{Lat: 32.78, Lon: -96.80}, routing.Point{Lat: 35.22, Lon: -101.83}},
		{"LosAngeles-NewYork", routing.Point{Lat: 34.05, Lon: -118.24}, routing.Point{Lat: 40.71, Lon: -74.01}},
	}
	g := routing.Builtin()
	for _, p := range pairs {
		b.Run(p.name, func(b *testing.B) {
			var routes int
			for b.Loop() {
				rs, err := g.Route(context.Background(), p.from, p.to, nil)
				if err != nil {
					b.Fatal(err)
				}
				routes = len(rs)
			}
			b.ReportMetric(float64(routes), "routes")
		})
	}
}

// TestCoastToCoastRoute keeps the benchmark's route honest.
func TestCoastToCoastRoute(t *testing.T) {
	route := coastToCoast(t, 5000)
	miles := geo.CumulativeMiles(route)
	if len(route) != 5000 || math.Abs(miles[len(miles)-1]-2600) > 300 {
		t.Fatalf("%d points, %.0f miles", len(route), miles[len(miles)-1])
	}
}
