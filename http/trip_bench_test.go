package http_test

// Re-plan benchmark (figures in bench/README.md, "Trips"):
//
//	go test ./http/ -run '^$' -bench TripReplan -benchtime 200x
//	TEST_DATABASE_URL=… go test ./http/ -run '^$' -bench TripReplan -benchtime 200x

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal/demo"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// BenchmarkTripReplan measures POST /api/trips/{id}/replan end to end
// through the server's handler: sign-in check, the trip read, the station
// search along the rest of the route, the optimizer, the new version's
// write and the JSON answer. The truck moves along the Dallas → Amarillo
// route (the demo stations), a different cut point each time.
func BenchmarkTripReplan(b *testing.B) {
	engines := map[string]func(*testing.B) *fixture{"sqlite": func(b *testing.B) *fixture { return newFixtureFor(b, store.SQLite) }}
	if os.Getenv(storetest.PostgresEnv) != "" {
		engines["postgres"] = func(b *testing.B) *fixture { return newFixtureFor(b, store.Postgres) }
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := engines[name]
		if !ok {
			continue
		}
		b.Run(name, func(b *testing.B) {
			f := open(b)
			owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
			route := routePoints(builtinRoute(b, dallas, amarillo))
			card := demo.CardPlans[demo.DemoFreight.Name][3].CardNumber
			var trip struct{ ID int64 }
			f.api.Post("/api/trips", tripForm(card, route, true), owner).ExpectStatus(b, 201).Decode(b, &trip)
			handler := f.srv.Handler()
			path := fmt.Sprintf("/api/trips/%d/replan", trip.ID)
			// Cut points over the first two thirds of the route: something is always left to plan.
			var latencies []time.Duration
			i := 0
			b.ReportAllocs()
			for b.Loop() {
				p := route[(i*7)%(len(route)*2/3)]
				i++
				body := fmt.Sprintf(`{"latitude":%f,"longitude":%f,"currentFuel":%d}`, p["latitude"], p["longitude"], 30+i%50)
				req := httptest.NewRequest("POST", path, strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+owner)
				req.Header.Set("Content-Type", "application/json")
				w := &countingResponse{header: http.Header{}}
				start := time.Now()
				handler.ServeHTTP(w, req)
				latencies = append(latencies, time.Since(start))
				if w.status != http.StatusOK {
					b.Fatalf("replan: status %d", w.status)
				}
			}
			slices.Sort(latencies)
			b.ReportMetric(float64(latencies[len(latencies)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(latencies[len(latencies)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
