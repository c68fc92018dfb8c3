package bench

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/bench/cputime"
	"fuelportal/catalog"
	"fuelportal/geo"
)

// postgisSphereMeters is the sphere of PostGIS's geography functions with
// use_spheroid = false: the WGS84 mean radius (2a + b) / 3. geo's sphere
// has radius geo.EarthRadiusMiles; both measure the same angle, so a
// distance converts by the ratio of the radii.
const postgisSphereMeters = 6371008.7714

// pieceSegments is how many route segments the client puts in one piece:
// each piece is one GiST index scan. 32 measured best (8 and 16: more
// scans and more (station, piece) pairs; 64: more candidates per piece).
const pieceSegments = 32

// planarWiden is how much farther than the radius the planar filter in
// EPSG:5070 looks. Conus Albers stretches or shrinks distances by up to
// about 1.3 % within the contiguous US (scale along the parallels and its
// inverse along the meridians), and geo's sphere differs from the ellipsoid
// by up to about 0.5 %; 3 % keeps every station the sphere finds inside the
// planar filter, and the benchmark fails if one is ever missed.
const planarWiden = 1.03

// nearRouteExactSQL is the near-route query a competent PostGIS user
// writes: $1 the route pieces as WKB (EPSG:4326 line strings cut by the
// client, consecutive pieces sharing their end point), $2 the widened
// planar radius (metres of EPSG:5070), $3 the exact radius (metres of the
// PostGIS sphere).
//
// The GiST index on the projected points finds the candidates per piece
// (planar ST_DWithin), each candidate is measured exactly on the sphere
// against the piece (ST_Distance on geography, use_spheroid = false: the
// same great-circle distance as geo's, edges being great-circle arcs), the
// nearest piece wins (the earliest on ties, as in geo), and only stations
// within the exact radius remain. It answers each station with its piece
// (1-based) and coordinates; the client places it on that piece.
const nearRouteExactSQL = `
WITH pieces AS MATERIALIZED (
	SELECT k, g::geography AS geog, ST_Transform(g, 5070) AS plane
	FROM (SELECT k, ST_GeomFromWKB(w, 4326) AS g FROM unnest($1::bytea[]) WITH ORDINALITY AS u(w, k)) u),
near AS (
	SELECT DISTINCT ON (s.id) s.id, p.k, s.lat, s.lon, ST_Distance(s.geog, p.geog, false) AS off_m
	FROM pieces p JOIN stations_5070 s ON ST_DWithin(s.geom, p.plane, $2)
	ORDER BY s.id, off_m, p.k)
SELECT id, k, lat, lon FROM near WHERE off_m <= $3`

// BenchmarkNearRoutePostGISExact compares the in-memory near-route search
// with the best exact PostGIS query on the same stations and route, in the
// same run: points stored projected to EPSG:5070 with a GiST index, the
// route cut into pieces by the client and sent as WKB (a binary bytea[]
// parameter), a planar ST_DWithin widened by planarWiden as the index
// filter, then the exact sphere re-check, in SQL (postgis-exact-sql,
// nearRoutePostGIS) or in the client on the candidates
// (postgis-exact-client, nearRoutePostGISClient). Every PostGIS answer
// must hold exactly the in-memory index's stations, or the benchmark
// fails; max-off-diff-mi and max-along-diff-mi report how far the
// positions differ.
func BenchmarkNearRoutePostGISExact(b *testing.B) {
	db := postgisDatabase(b)
	route := coastToCoast(b, 5000)
	for _, tc := range []struct {
		stations int
		radius   float64
	}{{50_000, 5}, {50_000, 10}, {100_000, 5}, {100_000, 10}} {
		stations := stationsAlongRoads(tc.stations)
		if loaded, _ := countStations5070(db); loaded != len(stations) {
			load5070(b, db, stations)
		}
		c := catalog.FromStations(stations)
		want, err := c.NearRoute(context.Background(), route, tc.radius, nil)
		if err != nil {
			b.Fatal(err)
		}
		name := fmt.Sprintf("stations=%d/radius=%gmi", tc.stations, tc.radius)
		b.Run("in-memory/"+name, func(b *testing.B) {
			ctx := context.Background()
			// Wall time, and the calling thread's CPU time, which a loaded
			// machine disturbs far less (the search runs on one thread).
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			durations := make([]time.Duration, 0, b.N)
			cpu := make([]time.Duration, 0, b.N)
			var found int
			for b.Loop() {
				start, startCPU := time.Now(), cputime.Thread()
				hits, err := c.NearRoute(ctx, route, tc.radius, nil)
				durations, cpu = append(durations, time.Since(start)), append(cpu, cputime.Thread()-startCPU)
				if err != nil {
					b.Fatal(err)
				}
				found = len(hits)
			}
			b.ReportMetric(float64(found), "stations")
			reportPercentiles(b, durations)
			slices.Sort(cpu)
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			b.ReportMetric(ms(cpu[len(cpu)/2]), "cpu-p50-ms")
			b.ReportMetric(ms(cpu[len(cpu)*99/100]), "cpu-p99-ms")
		})
		for _, v := range []struct {
			name  string
			query func(*sql.DB, []geo.Point, float64, []geo.RouteHit) ([]geo.RouteHit, error)
		}{{"postgis-exact-sql", nearRoutePostGIS}, {"postgis-exact-client", nearRoutePostGISClient}} {
			b.Run(v.name+"/"+name, func(b *testing.B) {
				durations := make([]time.Duration, 0, b.N)
				var hits []geo.RouteHit
				var offDiff, alongDiff float64
				for b.Loop() {
					start := time.Now()
					var err error
					hits, err = v.query(db, route, tc.radius, hits[:0])
					durations = append(durations, time.Since(start))
					if err != nil {
						b.Fatal(err)
					}
					o, a, err := compareNearRoute(want, hits)
					if err != nil {
						b.Fatalf("%s and the in-memory index disagree at %d stations / %g mi: %v", v.name, tc.stations, tc.radius, err)
					}
					offDiff, alongDiff = max(offDiff, o), max(alongDiff, a)
				}
				b.ReportMetric(float64(len(hits)), "stations")
				b.ReportMetric(offDiff, "max-off-diff-mi")
				b.ReportMetric(alongDiff, "max-along-diff-mi")
				reportPercentiles(b, durations)
			})
		}
	}
}

// nearRoutePostGIS is the client's whole near-route query with the exact
// re-check in SQL: cut the route, run nearRouteExactSQL, place each
// station on its piece and put the answer in route order, as
// geo.Index.NearRoute does.
func nearRoutePostGIS(db *sql.DB, route []geo.Point, miles float64, dst []geo.RouteHit) ([]geo.RouteHit, error) {
	pl := newPiecePlacer(route)
	widened := miles * geo.MetersPerMile * planarWiden
	exact := (miles + 1e-9) / geo.EarthRadiusMiles * postgisSphereMeters
	rows, err := db.Query(nearRouteExactSQL, pl.pieces, widened, exact)
	if err != nil {
		return dst, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var k int
		var p geo.Point
		if err := rows.Scan(&id, &k, &p.Lat, &p.Lon); err != nil {
			return dst, err
		}
		along, off := pl.place(k-1, p) // WITH ORDINALITY counts from 1
		dst = append(dst, geo.RouteHit{ID: id, AlongMiles: along, OffMiles: min(off, miles+1e-9)})
	}
	if err := rows.Err(); err != nil {
		return dst, err
	}
	sortByRoute(dst)
	return dst, nil
}

// nearRouteCandidatesSQL is nearRouteExactSQL's index filter alone: every
// (station, piece) pair within the widened planar radius ($2).
const nearRouteCandidatesSQL = `
WITH pieces AS MATERIALIZED (
	SELECT k, ST_Transform(ST_GeomFromWKB(w, 4326), 5070) AS plane
	FROM unnest($1::bytea[]) WITH ORDINALITY AS u(w, k))
SELECT s.id, p.k, s.lat, s.lon
FROM pieces p JOIN stations_5070 s ON ST_DWithin(s.geom, p.plane, $2)`

// nearRoutePostGISClient is nearRoutePostGIS with the exact re-check in
// the client: PostgreSQL answers the candidate pairs of
// nearRouteCandidatesSQL, and geo's projection measures each station on
// each of its pieces, keeping the nearest (the earliest on ties, as in geo)
// when it is within the radius.
func nearRoutePostGISClient(db *sql.DB, route []geo.Point, miles float64, dst []geo.RouteHit) ([]geo.RouteHit, error) {
	pl := newPiecePlacer(route)
	rows, err := db.Query(nearRouteCandidatesSQL, pl.pieces, miles*geo.MetersPerMile*planarWiden)
	if err != nil {
		return dst, err
	}
	defer rows.Close()
	type best struct {
		at    int // position in dst
		piece int
	}
	seen := make(map[int64]best)
	for rows.Next() {
		var id int64
		var k int
		var p geo.Point
		if err := rows.Scan(&id, &k, &p.Lat, &p.Lon); err != nil {
			return dst, err
		}
		k-- // WITH ORDINALITY counts from 1
		along, off := pl.place(k, p)
		if !(off <= miles+1e-9) {
			continue
		}
		hit := geo.RouteHit{ID: id, AlongMiles: along, OffMiles: min(off, miles+1e-9)}
		if b, ok := seen[id]; !ok {
			seen[id] = best{at: len(dst), piece: k}
			dst = append(dst, hit)
		} else if prev := dst[b.at]; off < prev.OffMiles || off == prev.OffMiles && k < b.piece {
			dst[b.at] = hit
			seen[id] = best{at: b.at, piece: k}
		}
	}
	if err := rows.Err(); err != nil {
		return dst, err
	}
	sortByRoute(dst)
	return dst, nil
}

// piecePlacer places stations on the route pieces of one query: geo's
// exact projection onto the piece's great-circle arcs, each piece prepared
// when it first has a station.
type piecePlacer struct {
	route    []geo.Point
	cum      []float64
	pieces   [][]byte
	firsts   []int
	prepared []*geo.Polyline
}

func newPiecePlacer(route []geo.Point) *piecePlacer {
	pieces, firsts := routePieces(route, pieceSegments)
	return &piecePlacer{route: route, cum: geo.CumulativeMiles(route), pieces: pieces, firsts: firsts, prepared: make([]*geo.Polyline, len(pieces))}
}

// place returns where the route's piece k passes closest to p, from the
// route start, and p's distance from there.
func (pl *piecePlacer) place(k int, p geo.Point) (alongMiles, offMiles float64) {
	if pl.prepared[k] == nil {
		first := pl.firsts[k]
		pl.prepared[k] = geo.NewPolyline(pl.route[first : min(first+pieceSegments, len(pl.route)-1)+1])
	}
	at := pl.prepared[k].Project(p)
	return pl.cum[pl.firsts[k]] + at.AlongMiles, at.OffMiles
}

// sortByRoute puts hits in geo.Index.NearRoute's order: by AlongMiles,
// then ID.
func sortByRoute(hits []geo.RouteHit) {
	slices.SortFunc(hits, func(a, b geo.RouteHit) int {
		return cmp.Or(cmp.Compare(a.AlongMiles, b.AlongMiles), cmp.Compare(a.ID, b.ID))
	})
}

// compareNearRoute fails unless got holds exactly want's stations, and
// returns the largest differences of their off and along distances.
func compareNearRoute(want []catalog.OnRoute, got []geo.RouteHit) (offDiff, alongDiff float64, err error) {
	byID := make(map[int64]geo.RouteHit, len(got))
	for _, h := range got {
		byID[h.ID] = h
	}
	var missing []int64
	for _, w := range want {
		h, ok := byID[w.Station.ID]
		if !ok {
			missing = append(missing, w.Station.ID)
			continue
		}
		delete(byID, w.Station.ID)
		offDiff = max(offDiff, math.Abs(h.OffMiles-w.OffMiles))
		alongDiff = max(alongDiff, math.Abs(h.AlongMiles-w.AlongMiles))
	}
	if len(missing) > 0 || len(byID) > 0 || len(got) != len(want) {
		extra := make([]int64, 0, len(byID))
		for id := range byID {
			extra = append(extra, id)
		}
		slices.Sort(extra)
		return 0, 0, fmt.Errorf("%d stations in memory, %d in PostGIS; missing from PostGIS %v, only in PostGIS %v", len(want), len(got), missing, extra)
	}
	return offDiff, alongDiff, nil
}

// routePieces cuts route, in order, into pieces of n segments sharing
// their end points, each as EPSG:4326 WKB (little-endian LINESTRING, x =
// longitude), with the index of each piece's first point.
func routePieces(route []geo.Point, n int) (pieces [][]byte, firsts []int) {
	for first := 0; first < len(route)-1; first += n {
		pts := route[first : min(first+n, len(route)-1)+1]
		wkb := make([]byte, 0, 9+16*len(pts))
		wkb = append(wkb, 1) // little endian
		wkb = binary.LittleEndian.AppendUint32(wkb, 2)
		wkb = binary.LittleEndian.AppendUint32(wkb, uint32(len(pts)))
		for _, p := range pts {
			wkb = binary.LittleEndian.AppendUint64(wkb, math.Float64bits(p.Lon))
			wkb = binary.LittleEndian.AppendUint64(wkb, math.Float64bits(p.Lat))
		}
		pieces = append(pieces, wkb)
		firsts = append(firsts, first)
	}
	return pieces, firsts
}

func countStations5070(db *sql.DB) (int, error) {
	var n int
	err := db.QueryRow("SELECT count(*) FROM stations_5070").Scan(&n)
	return n, err
}

// load5070 replaces stations_5070 with stations: the coordinates, the
// point as geography (for the exact distance) and projected to EPSG:5070 (Conus Albers, equal
// area) with the GiST index.
func load5070(b *testing.B, db *sql.DB, stations []*fuelportal.Station) {
	for _, stmt := range []string{
		"DROP TABLE IF EXISTS stations_5070",
		"CREATE TABLE stations_5070 (id BIGINT PRIMARY KEY, lat float8 NOT NULL, lon float8 NOT NULL, geog geography(Point, 4326) NOT NULL, geom geometry(Point, 5070) NOT NULL)",
	} {
		if _, err := db.Exec(stmt); err != nil {
			b.Fatal(err)
		}
	}
	for start := 0; start < len(stations); start += 5000 {
		chunk := stations[start:min(start+5000, len(stations))]
		var text strings.Builder
		text.WriteString("INSERT INTO stations_5070 (id, lat, lon, geog, geom) SELECT id, lat, lon, ST_SetSRID(ST_MakePoint(lon, lat), 4326)::geography, ST_Transform(ST_SetSRID(ST_MakePoint(lon, lat), 4326), 5070) FROM (VALUES ")
		for i, s := range chunk {
			if i > 0 {
				text.WriteString(",")
			}
			// %v prints the shortest exact decimal: the same float64 as in memory.
			fmt.Fprintf(&text, "(%d, %v::float8, %v::float8)", s.ID, s.Longitude, s.Latitude)
		}
		text.WriteString(") AS v(id, lon, lat)")
		if _, err := db.Exec(text.String()); err != nil {
			b.Fatal(err)
		}
	}
	for _, stmt := range []string{"CREATE INDEX stations_5070_gist ON stations_5070 USING GIST (geom)", "ANALYZE stations_5070"} {
		if _, err := db.Exec(stmt); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCompareNearRoute keeps the benchmark's equality check honest: a
// station missing from, or added to, PostGIS's answer fails it.
func TestCompareNearRoute(t *testing.T) {
	want := []catalog.OnRoute{
		{Station: &fuelportal.Station{ID: 1}, AlongMiles: 10, OffMiles: 1},
		{Station: &fuelportal.Station{ID: 2}, AlongMiles: 20, OffMiles: 2},
	}
	for _, tc := range []struct {
		name   string
		got    []geo.RouteHit
		failed bool
	}{
		{"same stations pass", []geo.RouteHit{{ID: 1, AlongMiles: 10, OffMiles: 1.5}, {ID: 2, AlongMiles: 20.25, OffMiles: 2}}, false},
		{"a missing station fails", []geo.RouteHit{{ID: 1, AlongMiles: 10, OffMiles: 1}}, true},
		{"an extra station fails", []geo.RouteHit{{ID: 1, AlongMiles: 10, OffMiles: 1}, {ID: 2, AlongMiles: 20, OffMiles: 2}, {ID: 3}}, true},
		{"a station in place of another fails", []geo.RouteHit{{ID: 1, AlongMiles: 10, OffMiles: 1}, {ID: 3, AlongMiles: 20, OffMiles: 2}}, true},
		{"a duplicate in place of another fails", []geo.RouteHit{{ID: 1, AlongMiles: 10, OffMiles: 1}, {ID: 1, AlongMiles: 10, OffMiles: 1}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			off, along, err := compareNearRoute(want, tc.got)
			if (err != nil) != tc.failed {
				t.Fatalf("err = %v, want failure %v", err, tc.failed)
			}
			if !tc.failed && (off != 0.5 || along != 0.25) {
				t.Fatalf("differences off %g, along %g; want 0.5, 0.25", off, along)
			}
		})
	}
}
