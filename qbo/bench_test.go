package qbo

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"fuelportal/store"
	"fuelportal/store/storetest"
)

// BenchmarkPush_OneDayOfA5000TruckFleet sends one day of a 5,000-truck
// fleet (about 4,000 approved purchases) to the fake QuickBooks with
// Intuit's limits enforced (500 requests a minute and 10 at once per
// company, 30 operations a batch), by one process and by two at once on
// one database; it reports the minutes, the requests, the 429s and the
// duplicates (always 0). On PostgreSQL when TEST_DATABASE_URL is set.
//
//	go test ./qbo -run '^$' -bench Push_OneDay -benchtime 1x
func BenchmarkPush_OneDayOfA5000TruckFleet(b *testing.B) {
	engine := store.SQLite
	if os.Getenv(storetest.PostgresEnv) != "" {
		engine = store.Postgres
	}
	for _, processes := range []int{1, 2} {
		name := map[int]string{1: "one-process", 2: "two-processes"}[processes]
		b.Run(name, func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				db := storetest.Open(b, engine)
				w := &world{db: db, clock: storetest.NewClock(db)}
				w.fake = startFake(b)
				end := time.Date(2025, 3, 10, 20, 0, 0, 0, time.UTC)
				data := storetest.FillTransactions(b, db, storetest.FleetVolume{Rows: 4100, Companies: 1, FirstShare: 1, CardsPerCompany: 5000, Days: 1, End: end})
				w.company = data.CompanyIDs[0]
				w.user = benchUser(b, db)
				w.from, w.day = "2025-03-09", "2025-03-10"
				services := make([]*Service, processes)
				for i := range services {
					services[i] = w.service()
				}
				w.ready(b, services[0])
				before, limitedBefore, _ := w.fake.Stats()
				b.StartTimer()
				start := time.Now()
				var wg sync.WaitGroup
				created := make([]int, processes)
				for i, s := range services {
					wg.Add(1)
					go func() {
						defer wg.Done()
						run, err := s.Push(context.Background(), w.company, w.from, w.day)
						if err != nil {
							b.Error(err)
							return
						}
						created[i] = run.Created
					}()
				}
				wg.Wait()
				took := time.Since(start)
				b.StopTimer()
				requests, limited, most := w.fake.Stats()
				total := 0
				for _, n := range created {
					total += n
				}
				if dupes := w.fake.Duplicates(); dupes != 0 || total != len(w.fake.Purchases()) {
					b.Fatalf("%d duplicates, %d created, QuickBooks holds %d", dupes, total, len(w.fake.Purchases()))
				}
				b.ReportMetric(float64(total), "purchases")
				b.ReportMetric(took.Minutes(), "minutes")
				b.ReportMetric(float64(requests-before), "requests")
				b.ReportMetric(float64(limited-limitedBefore), "429s")
				b.ReportMetric(float64(most), "most-at-once")
				b.ReportMetric(0, "duplicates")
			}
		})
	}
}
