package connectors_test

// Benchmark of the connector path (figure in bench/README.md, "IFTA"):
//
//	TEST_DATABASE_URL=… go test ./connectors/ -run '^$' -bench . -benchtime 50x

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store/storetest"
)

// BenchmarkPullSamsara pulls pages of Samsara's stats feed from a local
// fake (100 vehicles × 10 GPS fixes a page, 30 s and 0.005° apart) through
// the whole path: HTTP, decoding, matching, Ingest and its rollup on
// PostgreSQL, the cursor stored. positions/s is the sustained rate.
func BenchmarkPullSamsara(b *testing.B) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		b.Skip("needs PostgreSQL (TEST_DATABASE_URL)")
	}
	db := storetest.OpenPostgres(b)
	company, owner := newCompany(b, db, "bench@acme.test", 7654321)
	const vehicles, fixes = 100, 10
	for i := range vehicles {
		if _, err := db.CreateVehicle(context.Background(), company, fuelportal.Vehicle{UnitNumber: fmt.Sprintf("B-%03d", i),
			FuelType: fuelportal.FuelDiesel, TankCapacity: 150_000, Active: true}); err != nil {
			b.Fatal(err)
		}
	}
	start := time.Now().UTC().Add(-20 * 24 * time.Hour).Truncate(time.Second)
	f := newFake(b, func(_ int, c fakeCall, w http.ResponseWriter) {
		page := 0
		if i := strings.Index(c.Query, "after=p"); i >= 0 {
			page, _ = strconv.Atoi(c.Query[i+len("after=p"):])
		}
		list := make([]map[string]any, 0, vehicles)
		for v := range vehicles {
			events := make([]map[string]any, 0, fixes)
			for k := range fixes {
				n := page*fixes + k
				events = append(events, map[string]any{"time": start.Add(time.Duration(n) * 30 * time.Second).Format(time.RFC3339),
					"latitude": 31.0 + float64(v)*0.01, "longitude": -104.0 + float64(n%2000)*0.005, "speedMilesPerHour": 35.0})
			}
			list = append(list, samsaraVehicle(strconv.Itoa(v), fmt.Sprintf("B-%03d", v), "", events...))
		}
		writeJSON(w, http.StatusOK, samsaraPage(fmt.Sprintf("p%d", page+1), false, list...))
	})
	s := newService(db, f.URL, "")
	if _, err := s.Save(context.Background(), company, owner, fuelportal.VendorSamsara, fuelportal.TelematicsConnectorInput{Token: "t"}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		res, err := s.Pull(context.Background(), company, fuelportal.VendorSamsara)
		if err != nil || res.Ingested != vehicles*fixes {
			b.Fatalf("Pull = %+v, %v", res, err)
		}
	}
	b.ReportMetric(float64(b.N*vehicles*fixes)/b.Elapsed().Seconds(), "positions/s")
}
